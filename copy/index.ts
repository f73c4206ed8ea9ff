/**
 * The one place for the product's words and formats (issue 50, decision 340).
 *
 * Words: one catalogue per area and language in `copy/messages/<area>/<locale>.json` (inlang message format),
 * compiled by Paraglide JS into one tree-shakable function per message (`copy/generated`, never committed:
 * `npm run copy` writes it, and `npm install`, `npm start`, `npm test` and the build run it first).
 *   m.gallery_title()                      → in the current locale (the web app's, set at start)
 *   m.emails_verify_subject({}, { locale }) → in a locale of your choosing (the worker: always pass one)
 * Formats: money, dates, numbers, lists and plurals go through `Intl` with the locale (./format.ts); numbers
 * that are rules live in `domain/` and are interpolated, never typed into a sentence.
 */
export { m } from "./generated/messages.js";
export { getLocale, setLocale, overwriteGetLocale, locales, baseLocale, isLocale } from "./generated/runtime.js";
export type { Locale } from "./generated/runtime.js";
export * from "./format";
export * from "./locale-path";
export * from "./negotiate";
