/**
 * Refining a headshot (issue 36; docs/decisions/200-versions-are-headshot-rows.md, 201-refine-instructions.md,
 * 202-free-redo.md): the rules the web app checks as the person types and the worker enforces before anything
 * is spent.
 *
 * An instruction is a short description of a visual change ("a dark red tie"). It is refused, with a sentence
 * that says why, when it would change who the person is (age, ethnicity, skin tone, face shape, body, gender,
 * another person's face), when the content policy forbids it, or when it reads as instructions to the model
 * rather than a change to the picture. What passes is normalised to one line of letters, digits and simple
 * punctuation, and reaches the prompt only as a JSON-quoted string (worker/generation/prompts.ts buildEditPrompt).
 */
import { count } from "./words";

export const INSTRUCTION_MIN_LENGTH = 3;
export const INSTRUCTION_MAX_LENGTH = 200;
/** A free redo ("Doesn't look like me") is offered within this many days of the picture's first version. */
export const FREE_REDO_DAYS = 7;
/** Free redos per person in any 24 hours (abuse limit); past it a redo costs a generation like any other. */
export const FREE_REDOS_PER_DAY = 3;
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

/**
 * Patterns on the normalised, lower-cased instruction. Colours of things ("a black background", "a white shirt",
 * "a tan jacket", "the background a little lighter") pass: skin words need "skin" or "complexion" near them.
 */
const IDENTITY_PATTERNS: [IdentityReason, RegExp][] = [
  [
    "age",
    /\b(older|younger|age[ds]?|ageing|aging|de-?age|years? old|yo\b|youthful|elderly|teen(ager)?|child(like)?|kid|baby|wrinkles?|grey hair|gray hair)\b/,
  ],
  [
    "ethnicity",
    /\b(ethnicit(y|ies)|ethnic|race|racial|asian|african|caucasian|european|latin[oax]|hispanic|arab(ic)?|indian|middle eastern|nordic|scandinavian)\b|\b(more|less|look) (white|black|brown)\b|\b(white|black|brown)(er)? (person|man|woman|people)\b/,
  ],
  [
    "skin",
    /\b(skin|complexion)\b.{0,30}\b(tone|colou?r|light(er|en)?|dark(er|en)?|fair(er)?|pale(r)?|tan(ned)?|white(r|n)?|black(er)?|brown(er)?)\b|\b(light(er|en)?|dark(er|en)?|fair(er)?|pale(r)?|tan(ned)?|white(r|n)?|bleach(ed)?) (my |the |his |her )?(skin|complexion)\b|\b(suntan|tanned|tanning|skin tone|skin colou?r)\b/,
  ],
  [
    "face",
    /\b(face shape|(slimm?|thinn|narrow|wid|round|fatt|sharp)er (face|jaw|chin|nose|cheeks?)|jaw(line)?|chin|cheek ?bones?|nose|lips|eye colou?r|eyes? (bigger|smaller|larger|wider|blue|green|brown)|(bigger|smaller|larger|wider|blue|green|brown) eyes|double chin|facial features?|plastic surgery|face ?lift|botox)\b/,
  ],
  [
    "body",
    /\b(body|thinn?er|slimm?er|skinni(er)?|fatt?er|weight|muscular|muscles?|taller|breasts?|bust|boobs?|abs|waist|hips|belly|stomach|physique|figure)\b/,
  ],
  ["gender", /\b(gender|sex change|transgender|as a (man|woman|boy|girl)|into a (man|woman|boy|girl)|more (masculine|feminine))\b/],
  [
    "person",
    /\b(look(s|ing)? like|someone else|somebody else|another (person|man|woman|face)|different (person|face)|celebrit(y|ies)|famous|face ?swap|swap (my |the )?face|replace (my |the )?face|(his|her|their) face|face of)\b/,
  ],
  [
    "policy",
    /\b(nude|naked|nudity|topless|shirtless|undress(ed)?|lingerie|bikini|underwear|bra|sexy|seductive|cleavage|see-?through|explicit|porn\w*|erotic|blood(y)?|gore|wound(s|ed)?|weapons?|guns?|knife|knives|rifle|nazi|swastika|kkk|drugs?|cigarettes?|smoking|vape)\b/,
  ],
];

/** The usual prompt-injection phrasings: the instruction must describe a picture, not talk to the model. */
const INJECTION_PATTERNS: RegExp[] = [
  /\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|prompts?|rules?|above|previous|prior|earlier|system|guidelines?|everything)\b/,
  /\b(system|developer|assistant|user|model) ?(prompt|message|:)/,
  /\b(you are now|act as|pretend (to be|you)|roleplay|jailbreak|new instructions?|from now on|instead of the above|do anything now|dan mode)\b/,
  /\b(reveal|print|repeat|show)\b.{0,30}\b(prompt|instructions?|system)\b/,
];

/** Letters (any script), marks, digits, spaces and simple punctuation; anything else is refused. */
const ALLOWED = /^[\p{L}\p{M}\p{N} .,'’\-!?()&%#:;/+]*$/u;

export type InstructionCheck = { ok: true; instruction: string } | { ok: false; message: string; reason?: IdentityReason };

/**
 * Normalises an instruction (NFKC, control characters and line breaks to spaces, runs of spaces to one,
 * trimmed) and checks it: the length, the characters, the injection phrasings, then what it would change.
 * The normalised text is what is stored and (quoted) sent.
 */
export function checkInstruction(raw: string): InstructionCheck {
  const instruction = raw
    .normalize("NFKC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (instruction.length < INSTRUCTION_MIN_LENGTH) return { ok: false, message: REFINE_MESSAGES.tooShort };
  if (instruction.length > INSTRUCTION_MAX_LENGTH) return { ok: false, message: REFINE_MESSAGES.tooLong };
  if (!ALLOWED.test(instruction)) return { ok: false, message: REFINE_MESSAGES.characters };
  const lower = instruction.toLowerCase();
  if (INJECTION_PATTERNS.some((p) => p.test(lower))) return { ok: false, message: REFINE_MESSAGES.instructions };
  for (const [reason, pattern] of IDENTITY_PATTERNS) {
    if (pattern.test(lower)) return { ok: false, message: IDENTITY_MESSAGES[reason], reason };
  }
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
