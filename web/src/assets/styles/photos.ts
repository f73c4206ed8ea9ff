import type { Gender, StyleId } from "../../lib/domain";

/**
 * Real example photos, when we have them. Import the files from this folder and register them here;
 * anything missing falls back to the SVG illustration. Example:
 *
 *   import linkedinMan from "./linkedin-man.webp";
 *   export const STYLE_PHOTOS = { LinkedIn: { man: linkedinMan, woman: linkedinWoman } };
 */
export const STYLE_PHOTOS: Partial<Record<StyleId, Partial<Record<Gender, string>>>> = {};
export const GENDER_PHOTOS: Partial<Record<Gender, string>> = {};
