import { useCallback, useReducer } from "react";
import type { Gender, StyleId } from "@/lib/domain";
import type { CompletedHeadshot } from "@/shared/api/get-headshots";
import type { UploadedHeadshot } from "./api/upload-photo";

export type Step = 1 | 2 | 3 | 4 | 5;

export interface WizardState {
  step: Step;
  gender: Gender | null;
  style: StyleId | null;
  file: File | null;
  /** The last upload, reused if Generate is retried with the same photo, style and gender. */
  uploaded: { file: File; style: StyleId; gender: Gender | null; headshot: UploadedHeadshot } | null;
  processingId: string | null;
  statusText: string;
  result: CompletedHeadshot | null;
}

export type WizardAction =
  | { type: "gender"; gender: Gender | null }
  | { type: "style"; style: StyleId }
  | { type: "file"; file: File | null }
  | { type: "goto"; step: 1 | 2 | 3 }
  | { type: "processing"; statusText: string }
  | { type: "uploaded"; headshot: UploadedHeadshot }
  | { type: "started"; id: string; statusText: string }
  | { type: "failed" }
  | { type: "completed"; result: CompletedHeadshot }
  | { type: "reset" };

export const initialWizard: WizardState = {
  step: 1,
  gender: null,
  style: null,
  file: null,
  uploaded: null,
  processingId: null,
  statusText: "",
  result: null,
};

/** SPEC §4 Wizard: gender → 2, style → 3, Generate → 4, completed → 5; Generate Another resets. */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "gender":
      return { ...state, gender: action.gender, step: 2 };
    case "style":
      return { ...state, style: action.style, step: 3 };
    case "file":
      return { ...state, file: action.file };
    case "goto":
      return { ...state, step: action.step };
    case "processing":
      return { ...state, step: 4, statusText: action.statusText, processingId: null };
    case "uploaded":
      return {
        ...state,
        uploaded: state.file && state.style ? { file: state.file, style: state.style, gender: state.gender, headshot: action.headshot } : null,
      };
    case "started":
      return { ...state, step: 4, processingId: action.id, statusText: action.statusText };
    case "failed":
      return { ...state, step: 3, processingId: null, statusText: "" };
    case "completed":
      return { ...state, step: 5, processingId: null, uploaded: null, result: action.result };
    case "reset":
      return initialWizard;
  }
}

export function useWizard() {
  const [state, dispatch] = useReducer(wizardReducer, initialWizard);
  /** Opening a gallery item jumps to step 5 with that headshot. */
  const openResult = useCallback((h: CompletedHeadshot) => dispatch({ type: "completed", result: h }), []);
  return { state, dispatch, openResult };
}
