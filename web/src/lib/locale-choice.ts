/**
 * A public page's language link keeps the choice (issue 50): main.tsx runs this on every click, so the entry stays
 * tiny — no catalogue, no Paraglide runtime here (the public pages' promise: decision 120). The names equal
 * copy/negotiate.ts's (web/src/lib/locale-choice.test.ts).
 */
export const LOCALE_COOKIE_NAME = "locale";
/** The attribute each language link and button of the switcher carries (components/layout/language-switcher.tsx). */
export const LOCALE_CHOICE_ATTRIBUTE = "data-locale-choice";
/**
 * A choice made on a public page that a signed-in account has not saved yet: the app saves it as the account's
 * language when it next starts signed in, then clears it (a browser-session cookie).
 */
export const UNSAVED_CHOICE_COOKIE = "locale_unsaved";

/** Keeps the language of a clicked language link in the cookie (a year, the whole site, SameSite=Lax) before the page changes. */
export function rememberLocaleOnClick(target: EventTarget | null) {
  const el = target instanceof Element ? target.closest(`a[${LOCALE_CHOICE_ATTRIBUTE}]`) : null;
  const locale = el?.getAttribute(LOCALE_CHOICE_ATTRIBUTE);
  if (!locale || !/^[a-z]{2}$/.test(locale)) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LOCALE_COOKIE_NAME}=${locale}; Max-Age=31536000; Path=/; SameSite=Lax${secure}`;
  document.cookie = `${UNSAVED_CHOICE_COOKIE}=1; Path=/; SameSite=Lax${secure}`;
}
