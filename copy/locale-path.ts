/**
 * Public pages per language (issue 50): English at the root (`/`, `/services/x`), every other language under its
 * own prefix (`/de/`, `/de/services/x`). The signed-in app's pages keep one URL and read the chosen language
 * (cookie, then the account's setting); only the public site's paths carry a language.
 */
import { baseLocale, isLocale, locales, type Locale } from "./generated/runtime.js";

/** The path of a public page in a language: localePath("de", "/") → "/de/", localePath("de", "/services/x") → "/de/services/x". */
export function localePath(locale: Locale, path: string): string {
  if (locale === baseLocale) return path;
  return path === "/" ? `/${locale}/` : `/${locale}${path}`;
}

/** The language a path is in and the page without its prefix: "/fr/services/x" → { locale: "fr", path: "/services/x" }. */
export function splitLocalePath(path: string): { locale: Locale; path: string } {
  const m = /^\/([a-z]{2})(\/.*)?$/.exec(path);
  if (m && isLocale(m[1]) && m[1] !== baseLocale) return { locale: m[1], path: m[2] && m[2] !== "" ? m[2] : "/" };
  return { locale: baseLocale, path };
}

/** Every language's path of one public page, for `hreflang` alternates and the sitemaps. */
export const alternates = (path: string): { locale: Locale; path: string }[] =>
  locales.map((locale) => ({ locale, path: localePath(locale, path) }));
