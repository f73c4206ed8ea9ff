/**
 * Ratings and testimonials (issue 26, "claim only what is true"): a person rates one of their results
 * 1–5 stars with an optional comment, and may consent to its publication with a first name and a role
 * they type. The operator approves what is published. docs/decisions/113-ratings-and-testimonials.md.
 */
import { GENDER_IDS, STYLES, styleById, type Gender, type StyleId } from "./styles";

export const STARS_MIN = 1;
export const STARS_MAX = 5;
export const RATING_COMMENT_MAX = 500;
export const RATING_FIRST_NAME_MAX = 40;
export const RATING_ROLE_MAX = 80;

/** Below this many ratings the landing shows no rating at all, rather than an average of a few. */
export const MIN_RATINGS_SHOWN = 20;
/**
 * Below this many headshots the landing shows no count (issue 35, decision 182): "8 headshots generated"
 * tells a visitor the site is new, not that it is trusted. From here it reads as "1,000+".
 */
export const MIN_HEADSHOTS_SHOWN = 1000;
/** Approved testimonials the landing shows (its section has three columns). */
export const LANDING_TESTIMONIALS = 3;

/** A published comment's life: waiting for the operator, approved (on the landing), or unpublished. */
export const TESTIMONIAL_STATUSES = ["pending", "approved", "unpublished"] as const;
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];

/** GET/PUT /api/headshots/:id/rating */
export interface ApiRating {
  headshotId: string;
  stars: number;
  comment: string | null;
  publishConsent: boolean;
  firstName: string | null;
  role: string | null;
  /** null when there is nothing to publish (no comment, or no consent). */
  testimonialStatus: TestimonialStatus | null;
  /** The headshot and its original photo may be shown on the website, if the operator picks it (decision 183). */
  pictureConsent: boolean;
}

/** Real results the landing shows side by side with their originals (decision 183). */
export const LANDING_PICTURES = 3;

/**
 * The landing's places for one chosen real result (decision 252): a style's example for a gender
 * (`<style slug>-<gender>`, where the illustration is otherwise) and the one before/after pair.
 */
export const BEFORE_AFTER_SLOT = "before-after";
export const exampleSlot = (styleId: StyleId, gender: Gender) => `${styleById(styleId)!.slug}-${gender}`;
export const EXAMPLE_SLOTS: readonly string[] = [BEFORE_AFTER_SLOT, ...STYLES.flatMap((s) => GENDER_IDS.map((g) => exampleSlot(s.id, g)))];
/** A place's name for the operator: "Before and after", or "LinkedIn example (woman)". */
export function slotLabel(slot: string): string {
  if (slot === BEFORE_AFTER_SLOT) return "Before and after";
  for (const st of STYLES) for (const g of GENDER_IDS) if (exampleSlot(st.id, g) === slot) return `${st.name} example (${g})`;
  return slot;
}
/** The places a result of `style` (and `gender`, when known) may take: its style's example, and the before/after. */
export function slotsFor(style: string, gender: string | null): string[] {
  const s = styleById(style);
  const genders = GENDER_IDS.filter((g) => gender === null || gender === g);
  return [BEFORE_AFTER_SLOT, ...(s ? genders.map((g) => exampleSlot(s.id, g)) : [])];
}

/** One entry of the operator's pictures list (GET /api/admin/pictures): a result its owner agreed to show. */
export interface AdminPicture {
  headshotId: string;
  style: string;
  email: string;
  stars: number;
  /** Signed, short-lived: the operator sees what would be shown. */
  originalImageUrl: string;
  generatedImageUrl: string;
  featured: boolean;
  /** The landing place it takes (decision 252), or null. */
  exampleSlot: string | null;
  /** The places it may take (its style's example for its gender, the before/after). */
  slots: string[];
  createdAt: string;
}

/** One entry of the operator's testimonials list (GET /api/admin/testimonials). */
export interface AdminTestimonial {
  headshotId: string;
  stars: number;
  comment: string;
  firstName: string;
  role: string;
  email: string;
  testimonialStatus: TestimonialStatus;
  createdAt: string;
}

export interface AdminTestimonialsPage {
  items: AdminTestimonial[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The landing's count, said the careful way: exact below 100, otherwise rounded down to two significant
 * figures with "+" (1,234 → "1,200+", 56,789 → "56,000+"), never more than is true. `intlTag` is the page's
 * language for `Intl` ("de" → "1.200+"; issue 50).
 */
export function roundedCount(n: number, intlTag = "en-US"): string {
  if (n < 100) return n.toLocaleString(intlTag);
  const step = 10 ** (String(Math.floor(n)).length - 2);
  const floor = Math.floor(n / step) * step;
  return `${floor.toLocaleString(intlTag)}${floor < n ? "+" : ""}`;
}

/** The average as the landing shows it: one decimal, rounded down ("4.86" → "4.8", "4,8" in German), out of 5. */
export const ratingText = (average: number, intlTag = "en-US") =>
  `${(Math.floor(average * 10) / 10).toLocaleString(intlTag, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}/5`;
