/**
 * Which language a person sees (issue 50, decision 340), the same rules for the worker and the web app:
 * 1. a public page's language is its path's (`/de/…` is German, whoever opens it: copy/locale-path.ts); the web app
 *    sends the language its page shows with every API request (`X-Locale`, LOCALE_HEADER), and the worker takes it
 *    first, so a refusal reads in the page's language (decision 400);
 * 2. otherwise the `locale` cookie: the person's own choice on this browser (the switcher writes it);
 * 3. then the account's setting (signed in: the `locale` column, also what emails are written in);
 * 4. then the browser's languages (`Accept-Language` on the worker, `navigator.languages` in the page), never
 *    the IP address;
 * 5. then English.
 * Plain functions of strings, so the worker (per request: isolates are shared) and the page use the same ones.
 */
import { baseLocale, isLocale, type Locale } from "./generated/runtime.js";

/** The cookie that keeps a person's choice of language on this browser (a year; readable by the page's script). */
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The request header in which the web app names the language its page shows (decision 400): the worker's rule 1. */
export const LOCALE_HEADER = "X-Locale";

/** The language a LOCALE_HEADER names, or null (absent, or not one of ours). */
export const localeFromHeader = (value: string | null | undefined): Locale | null => (value && isLocale(value) ? value : null);

/** The `Set-Cookie` / `document.cookie` string that keeps `locale`: a year, the whole site, sent on top-level navigations. */
export const localeCookie = (locale: Locale, { secure = false }: { secure?: boolean } = {}): string =>
  `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;

/** The language the `locale` cookie holds in a `Cookie` header or `document.cookie`, or null (absent or not one of ours). */
export function localeFromCookies(cookies: string | null | undefined): Locale | null {
  if (!cookies) return null;
  for (const pair of cookies.split(/;\s*/)) {
    const eq = pair.indexOf("=");
    if (eq > 0 && pair.slice(0, eq).trim() === LOCALE_COOKIE) {
      const value = pair.slice(eq + 1).trim();
      return isLocale(value) ? value : null;
    }
  }
  return null;
}

/** Our language for one BCP 47 tag ("de-AT" → "de", "pt-BR" → null); "*" and unknown tags are null. */
export function localeOfTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return isLocale(primary) ? primary : null;
}

/**
 * The first of `tags` (most preferred first, as `navigator.languages` lists them) that we speak, or null.
 * "de-CH, en" → "de"; "pt-BR, fr" → "fr"; "ja" → null.
 */
export function firstSupported(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return null;
}

/**
 * The language an `Accept-Language` header prefers among ours, or null when it names none of them (or is absent:
 * a crawler then gets English). Weights are honoured (`q=0` refuses a language); equal weights keep their order.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag !== "" && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return firstSupported(ranked.map((t) => t.tag));
}

/** The rules above, in order, for whatever is known: the first that gives a language wins, else English. */
export function chooseLocale(known: {
  /** a public page's path prefix (splitLocalePath), when the page is a public one */
  path?: Locale | null;
  cookie?: Locale | null;
  account?: Locale | null;
  browser?: Locale | null;
}): Locale {
  return known.path ?? known.cookie ?? known.account ?? known.browser ?? baseLocale;
}
