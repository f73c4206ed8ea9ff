/** The 10 styles (SPEC §3). Generator ids are the display names; the gallery uses the slugs. */
export const STYLES = [
  { id: "LinkedIn", slug: "linkedin", name: "LinkedIn", description: "Approachable and polished, made for your profile." },
  { id: "Corporate", slug: "corporate", name: "Corporate", description: "Classic business portrait with a clean studio finish." },
  { id: "Blazer", slug: "blazer", name: "Blazer", description: "Smart-casual blazer look, relaxed but professional." },
  { id: "Suit", slug: "suit", name: "Suit", description: "Tailored suit, formal and confident." },
  { id: "Business", slug: "business", name: "Business", description: "Modern business attire for teams and websites." },
  {
    id: "White Background",
    slug: "white-background",
    name: "White Background",
    description: "Crisp pure-white backdrop, ready for any layout.",
  },
  {
    id: "Black Background",
    slug: "black-background",
    name: "Black Background",
    description: "Dramatic dark backdrop with sculpted light.",
  },
  { id: "Speaker", slug: "speaker", name: "Speaker", description: "Conference-ready portrait with stage presence." },
  { id: "Casual Selfie", slug: "casual-selfie", name: "Casual Selfie", description: "Natural and friendly, like your best selfie." },
  { id: "Office", slug: "office", name: "Office", description: "Soft-focus office background, in your element." },
] as const;

export type Style = (typeof STYLES)[number];
export type StyleId = Style["id"];
export type StyleSlug = Style["slug"];
export const STYLE_IDS = STYLES.map((s) => s.id) as unknown as readonly [StyleId, ...StyleId[]];

export function styleById(id: string): Style | undefined {
  return STYLES.find((s) => s.id === id);
}

export const GENDERS = [
  { id: "man", name: "Man", description: "Masculine styling and attire" },
  { id: "woman", name: "Woman", description: "Feminine styling and attire" },
] as const;
export type Gender = (typeof GENDERS)[number]["id"];
export const GENDER_IDS = ["man", "woman"] as const;

/** The style's lower-case hyphenated id (SPEC §3), or a slug made from whatever is stored. */
export function styleSlug(style: string): string {
  return (
    styleById(style)?.slug ??
    (style
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") ||
      "headshot")
  );
}
