/**
 * The text models the product knows (issue 46 item 6): the cheap one that judges a refine instruction's meaning
 * (worker/headshots/instruction-judge.ts; decision 310). The worker's configuration refuses an unknown or shut-down
 * id, and the local stand-in (dev/genai-text-standin.ts) answers 404 for any id this table does not hold as live.
 *
 * Sources (read 5 Dec 2026; the changelog first, as the pages lag):
 * - https://ai.google.dev/gemini-api/docs/changelog (copy of 8 Oct 2026): 21 Jul 2026 "Gemini 3.6 Flash and Gemini
 *   3.5 Flash-Lite GA … gemini-3.5-flash-lite: a low-latency, highly cost-efficient option designed for high-volume
 *   automation"; 7 May 2026 gemini-3.1-flash-lite GA; 25 May 2026 gemini-3.1-flash-lite-preview shut down. No
 *   deprecation of either Flash-Lite is announced there.
 * - The 3.5 Flash-Lite model page: thinking defaults to "minimal", "ideal for classification, routing or JSON
 *   extraction"; custom temperature, top-K and top-P are ignored (so none is sent). Price $0.30 per 1M input tokens
 *   (the 3.6 guide's table): a verdict of ~400 tokens costs about $0.0002.
 */
import { splitModelId } from "./models";

export interface TextModel {
  id: string;
  /** The announced shutdown day (UTC, YYYY-MM-DD), or null when none is announced. */
  shutdown: string | null;
  replacement: string | null;
}

export const TEXT_MODELS = [
  { id: "gemini-3.5-flash-lite", shutdown: null, replacement: null },
  { id: "gemini-3.1-flash-lite", shutdown: null, replacement: null },
  { id: "gemini-3.1-flash-lite-preview", shutdown: "2026-05-25", replacement: "gemini-3.5-flash-lite" },
] as const satisfies readonly TextModel[];

export const DEFAULT_TEXT_MODEL: (typeof TEXT_MODELS)[number]["id"] = "gemini-3.5-flash-lite";

export function textModel(configured: string): TextModel | undefined {
  const { base } = splitModelId(configured);
  return (TEXT_MODELS as readonly TextModel[]).find((m) => m.id === base);
}

/** Whether the model is turned off at `now` (from the first instant of its shutdown day, UTC). */
export const isTextModelShutDown = (m: TextModel, now: Date): boolean =>
  m.shutdown !== null && now.getTime() >= Date.parse(`${m.shutdown}T00:00:00Z`);
