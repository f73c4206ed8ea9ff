/**
 * Refining a headshot (issue 36; docs/decisions/200-versions-are-headshot-rows.md, 201-refine-instructions.md,
 * 202-free-redo.md): the rules the web app checks as the person types and the worker enforces before anything
 * is spent.
 *
 * An instruction is a short description of a visual change ("a dark red tie"). It is refused, with a sentence
 * that says why, when it would change who the person is (age, ethnicity, skin tone, face shape, body, gender,
 * another person's face), when the content policy forbids it, or when it reads as instructions to the model
 * rather than a change to the picture: judged by its meaning, in any of the product's languages, by a first filter
 * of word lists (./refine-filter.ts) and then a text model's verdict (worker/headshots/instruction-judge.ts;
 * decision 310), before anything is spent. What passes is normalised to one line of letters, digits and simple
 * punctuation, and reaches the prompt only as a JSON-quoted string (worker/generation/prompts.ts buildEditPrompt).
 */
import { count } from "./words";

export const INSTRUCTION_MIN_LENGTH = 3;
export const INSTRUCTION_MAX_LENGTH = 200;
/** A free redo ("Doesn't look like me") is offered within this many days of the picture's first version. */
export const FREE_REDO_DAYS = 7;
/** Free redos per person in any 24 hours (abuse limit); past it a redo costs a generation like any other. */
export const FREE_REDOS_PER_DAY = 3;
/** Instructions the text model judges per person an hour (decision 310): refusals are free, so this bounds what they cost. */
export const JUDGED_INSTRUCTIONS_PER_HOUR = 60;
/** The versions one headshot may have (the first generation, then edits and redos). */
export const MAX_VERSIONS = 20;

export const VERSION_KINDS = ["generate", "edit", "redo"] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];

export const REFINE_MESSAGES = {
  tooShort: `Please describe the change in at least ${INSTRUCTION_MIN_LENGTH} characters, for example "a dark red tie".`,
  tooLong: `Please keep the change to ${INSTRUCTION_MAX_LENGTH} characters or fewer.`,
  characters: "Please describe the change in words: letters, numbers and simple punctuation (. , ' - ! ? ( ) & % # : ; / +).",
  instructions: 'Please describe only the change you want to see in the picture, for example "a dark red tie".',
  notFinished: "Only a finished headshot can be refined.",
  tooManyVersions: `A headshot can have up to ${count(MAX_VERSIONS, "version")}. Generate a new headshot to start afresh.`,
  redoExpired: `A free redo is offered within ${FREE_REDO_DAYS} days of the picture.`,
  /**
   * The image model declined an edit (its safety filter, or no picture back): the change, not the photo that made the
   * first version, is what it declined (issue 46 item 17; decision 312).
   */
  editDeclined:
    "The image service declined this change, so this version wasn't made. Your other versions are unchanged: try describing the change in other words.",
  /** The text model that judges an instruction could not answer: nothing was spent (decision 310). */
  tooManyChecks: "You've asked for many changes in the last hour. Please wait a little and try again.",
  judgeUnavailable: "We couldn't check your change just now, so nothing was made and nothing was charged. Please try again in a minute.",
} as const;

/** Why an instruction is refused, by what it would change: each says what we keep and what to try instead. */
const KEEP = "Your headshot keeps you as you are. Try a change to clothing, background, light or expression.";
export const IDENTITY_MESSAGES = {
  age: `We can't change your age. ${KEEP}`,
  ethnicity: `We can't change your ethnicity. ${KEEP}`,
  skin: `We can't change your skin tone. ${KEEP}`,
  face: `We can't change the shape of your face or its features. ${KEEP}`,
  body: `We can't change your body. ${KEEP}`,
  gender: `We can't change your gender. ${KEEP}`,
  person: `We can't put someone else's face or likeness in your headshot. ${KEEP}`,
  policy: "We can't make that change: it is against our content policy. Try a change to clothing, background, light or expression.",
} as const;
export type IdentityReason = keyof typeof IDENTITY_MESSAGES;

/** Letters (any script), marks, digits, spaces and simple punctuation; anything else is refused. */
const ALLOWED = /^[\p{L}\p{M}\p{N} .,'’\-!?()&%#:;/+]*$/u;

export type InstructionCheck = { ok: true; instruction: string } | { ok: false; message: string; reason?: IdentityReason };

/**
 * The form of an instruction, the part the web app checks as the person types: normalised (NFKC, control characters and
 * line breaks to spaces, runs of spaces to one, trimmed), then its length and characters. The normalised text is what is
 * stored and (quoted) sent. Its meaning is the server's to judge: the word lists of domain/refine-filter.ts, then the
 * text model (worker/headshots/instruction-judge.ts; decision 310).
 */
export function checkInstructionForm(raw: string): InstructionCheck {
  const instruction = raw
    .normalize("NFKC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (instruction.length < INSTRUCTION_MIN_LENGTH) return { ok: false, message: REFINE_MESSAGES.tooShort };
  if (instruction.length > INSTRUCTION_MAX_LENGTH) return { ok: false, message: REFINE_MESSAGES.tooLong };
  if (!ALLOWED.test(instruction)) return { ok: false, message: REFINE_MESSAGES.characters };
  return { ok: true, instruction };
}

/** What a redo of this headshot would cost now (GET /api/headshots/:id/versions). */
export interface ApiRedoOffer {
  /** The next redo is free (once per headshot, within FREE_REDO_DAYS, FREE_REDOS_PER_DAY a day). */
  free: boolean;
  /** Until when the free redo is offered (ISO), null when it is not (any more). */
  freeUntil: string | null;
  /** Why the next redo is not free, in plain words; null when it is. */
  why: string | null;
}

export const REDO_WHY = {
  used: "You've had this picture's free redo. Another redo uses a generation, like a new picture.",
  expired: `The free redo is offered within ${FREE_REDO_DAYS} days of the picture. A redo now uses a generation, like a new picture.`,
  daily: `You've had ${count(FREE_REDOS_PER_DAY, "free redo")} in the last 24 hours, the most a day. A redo now uses a generation, like a new picture.`,
} as const;
