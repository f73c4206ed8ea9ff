import { useReducer } from "react";
import type { Gender, StyleId } from "@/lib/domain";
import type { UploadedHeadshot } from "./api/upload-photo";

/** The wizard's own steps; 4 (processing) and 5 (result) of a started generation have their own URL (headshot-view.tsx). */
export type WizardStep = 1 | 2 | 3 | 4;

export interface WizardState {
  step: WizardStep;
  gender: Gender | null;
  style: StyleId | null;
  file: File | null;
  /** The last upload, reused if Generate is retried with the same photo, style and gender. */
  uploaded: { file: File; style: StyleId; gender: Gender | null; headshot: UploadedHeadshot } | null;
  statusText: string;
  /** The photo of the generation started last, for its "Try again" (only that headshot's). */
  lastStarted: { id: string; file: File } | null;
  /** Step 2 in "several styles" mode (issue 24): the styles of the set, in the order chosen. */
  setMode: boolean;
  styles: StyleId[];
  /** Further photos of the same person (up to SHOOT_MAX_PHOTOS with `file`). */
  moreFiles: File[];
}

export type WizardAction =
  | { type: "gender"; gender: Gender | null }
  | { type: "style"; style: StyleId }
  | { type: "file"; file: File | null }
  | { type: "goto"; step: 1 | 2 | 3 }
  | { type: "processing"; statusText: string }
  | { type: "uploaded"; headshot: UploadedHeadshot }
  /** The generation started and has its own URL now: the wizard starts over. */
  | { type: "started"; id: string }
  | { type: "failed" }
  /** "Try again" after a failure: the same choices, on the photo step (the same photo, if it was started last). */
  | { type: "retry"; id: string; style: StyleId; gender: Gender | null }
  /** A style chosen before signing in (an audience page's call to action): preselected, from step 1. */
  | { type: "preselect"; style: StyleId }
  /** Several styles at once (a shoot, issue 24): switch the mode, tick a style, continue with the set. */
  | { type: "setMode"; on: boolean }
  | { type: "toggleStyle"; style: StyleId; max: number }
  | { type: "continueSet" }
  | { type: "moreFiles"; files: File[] }
  | { type: "reset" };

export const initialWizard: WizardState = {
  step: 1,
  gender: null,
  style: null,
  file: null,
  uploaded: null,
  statusText: "",
  lastStarted: null,
  setMode: false,
  styles: [],
  moreFiles: [],
};

/** The styles Generate will make: the set in "several styles" mode, else the one style. */
export function chosenStyles(state: Pick<WizardState, "setMode" | "styles" | "style">): StyleId[] {
  if (state.setMode) return state.styles;
  return state.style ? [state.style] : [];
}

/** A set (POST /api/shoots) rather than one headshot: several styles, or more than one photo. */
export function isShoot(state: Pick<WizardState, "setMode" | "styles" | "style" | "moreFiles">): boolean {
  return chosenStyles(state).length > 1 || state.moreFiles.length > 0 || state.setMode;
}

/** SPEC §4 Wizard: gender → 2, style → 3, Generate → 4; Generate Another resets. */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "gender":
      return { ...state, gender: action.gender, step: 2 };
    case "style":
      return { ...state, style: action.style, setMode: false, step: 3 };
    case "setMode":
      return { ...state, setMode: action.on, styles: action.on ? (state.style ? [state.style] : []) : [] };
    case "toggleStyle": {
      const has = state.styles.includes(action.style);
      if (!has && state.styles.length >= action.max) return state;
      const styles = has ? state.styles.filter((s) => s !== action.style) : [...state.styles, action.style];
      return { ...state, styles, style: styles[0] ?? null };
    }
    case "continueSet":
      return state.styles.length > 0 ? { ...state, step: 3 } : state;
    case "moreFiles":
      return { ...state, moreFiles: action.files };
    case "file":
      return { ...state, file: action.file, moreFiles: action.file ? state.moreFiles : [] };
    case "goto":
      return { ...state, step: action.step };
    case "processing":
      return { ...state, step: 4, statusText: action.statusText };
    case "uploaded":
      return {
        ...state,
        uploaded:
          state.file && state.style ? { file: state.file, style: state.style, gender: state.gender, headshot: action.headshot } : null,
      };
    case "started":
      return { ...initialWizard, lastStarted: state.file ? { id: action.id, file: state.file } : null };
    case "failed":
      return { ...state, step: 3, statusText: "" };
    case "retry": {
      const file = state.lastStarted?.id === action.id ? state.lastStarted.file : null;
      return { ...initialWizard, step: 3, style: action.style, gender: action.gender, file, lastStarted: state.lastStarted };
    }
    case "preselect":
      return { ...initialWizard, style: action.style };
    case "reset":
      return initialWizard;
  }
}

export function useWizard() {
  const [state, dispatch] = useReducer(wizardReducer, initialWizard);
  return { state, dispatch };
}
