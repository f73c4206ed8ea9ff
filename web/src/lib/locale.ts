/**
 * The page's language, decided before React renders (issue 50, decision 340; the rules: copy/negotiate.ts):
 * a public page's from its path (`/de/…`), the signed-in app's from the `locale` cookie, then the account's setting
 * (known once the session is: `adoptAccountLocale`), then `navigator.languages`, then English. Messages read it
 * through Paraglide's global (`m.key()`), and `<html lang>` says it.
 */
import {
  baseLocale,
  chooseLocale,
  firstSupported,
  getLocale,
  localeCookie,
  localeFromCookies,
  setLocale,
  splitLocalePath,
  type Locale,
} from "@/lib/copy";
import { isAppPath } from "./paths";

const listeners = new Set<() => void>();

/** Sets the language the page renders in and says it on `<html lang>`; the app re-renders in it (useLocale). */
export function applyLocale(locale: Locale) {
  setLocale(locale, { reload: false });
  document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/** The language `pathname` opens in on this browser (before any account is known). */
export function pageLocale(pathname: string, cookies = document.cookie, languages: readonly string[] = navigator.languages ?? []): Locale {
  return chooseLocale({
    path: isAppPath(pathname) ? null : splitLocalePath(pathname).locale,
    cookie: localeFromCookies(cookies),
    browser: firstSupported(languages),
  });
}

/** Decides the page's language and applies it: call before the first render (app.tsx startApp, public/islands.tsx). */
export function startLocale(pathname = window.location.pathname): Locale {
  const locale = pageLocale(pathname);
  applyLocale(locale);
  return locale;
}

/** Keeps the choice on this browser: the `locale` cookie (a year, the whole site, SameSite=Lax). */
export function rememberLocale(locale: Locale) {
  document.cookie = localeCookie(locale, { secure: window.location.protocol === "https:" });
}

/**
 * A signed-in account's language, once the session is known: it applies when this browser has made no choice of its
 * own (no cookie) on a page without a language in its path. The cookie then keeps it, so the next load starts in it.
 */
export function adoptAccountLocale(account: Locale | null, pathname = window.location.pathname) {
  if (!account || localeFromCookies(document.cookie) || !isAppPath(pathname)) return;
  rememberLocale(account);
  if (account !== getLocale()) applyLocale(account);
}

/** Subscribes to language changes (for useSyncExternalStore). */
export function onLocaleChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server's snapshot (prerender): the global the prerender sets per page. */
export const currentLocale = (): Locale => getLocale() ?? baseLocale;
