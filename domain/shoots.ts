/**
 * Shoots (issue 24): one Generate, several styles from up to SHOOT_MAX_PHOTOS photos of one person, one
 * picture per style. The limits the web app shows and the worker enforces, and the API's shapes.
 */
import type { ApiHeadshot } from "./api";
import type { Gender, StyleId } from "./styles";
import { STYLE_IDS } from "./styles";

/** Photos of the same person per shoot (the image model takes several input images). */
export const SHOOT_MAX_PHOTOS = 3;
/** Styles per shoot: every style once (a free person: no more than the generations they have left). */
export const SHOOT_MAX_STYLES = STYLE_IDS.length;
/** Sets larger than this get the "email me when it's ready" switch on by default. */
export const EMAIL_BY_DEFAULT_ABOVE = 1;
/**
 * The owner counts as watching while their processing screen asked within this long (decision 131): a
 * shoot that finishes then sends no email.
 */
export const WATCHING_WINDOW_MS = 10_000;

/** How many styles this person may pick now: all for a subscriber, what is left for a free person. */
export function maxStylesFor(allowance: { subscriber: boolean; remaining: number }): number {
  return allowance.subscriber ? SHOOT_MAX_STYLES : Math.max(0, Math.min(SHOOT_MAX_STYLES, allowance.remaining));
}

/** GET /api/shoots/:id and the answer of POST /api/shoots. */
export interface ApiShoot {
  id: string;
  styles: StyleId[];
  gender: Gender | null;
  photoCount: number;
  emailWhenReady: boolean;
  /** Pictures finished (completed or failed) and completed, of `headshots.length`. */
  finished: number;
  ready: number;
  done: boolean;
  /** Its pictures wait for the image model's quota (decision 191): about how long until the last of them is tried, in seconds. */
  waitSeconds?: number;
  createdAt: string;
  finishedAt: string | null;
  /** One per style, in the order the styles were chosen. */
  headshots: ApiHeadshot[];
}
