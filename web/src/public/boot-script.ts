/**
 * The page's first script, inline in every page's <head> (vite.config.ts puts it into index.html; the CSP
 * admits it by its hash, web/build/headers.ts). It runs before the body is parsed, so what it decides is
 * in the first paint and nothing moves (decision 120):
 * - `ask-consent` on <html> when no consent choice is stored: the consent banner shows (CSS, index.css);
 * - `signed-in` on <html> when the signed-in hint cookie is present: the header shows the Account menu
 *   instead of Sign In and Get Started (CSS);
 * - clicks on what needs script (consent buttons, an island's buttons) that arrive before the page's entry
 *   script are held (their default prevented) and handed to it when it runs, so none is lost
 *   (`takeOverClicks`, public/wake.ts).
 * Plain ES5 on purpose: it is shipped as written, not bundled.
 */
import { SIGNED_IN_HINT_COOKIE } from "../../../domain/api.ts";

/**
 * The cookie that remembers the visitor's consent choice ("granted" or "denied"; pixel.ts writes it). A
 * cookie rather than localStorage: the first script reads the signed-in hint from `document.cookie`
 * anyway, and a first localStorage access is one more synchronous load before the first paint (decision 120).
 */
export const CONSENT_KEY = "hs_consent";

/** The value of cookie `name` in a `document.cookie` string, or null. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const pair of cookies.split(/;\s*/)) {
    const eq = pair.indexOf("=");
    if (pair.slice(0, eq) === name) return decodeURIComponent(pair.slice(eq + 1));
  }
  return null;
}

/**
 * What the first script holds until the entry takes over: the elements clicked, oldest first. A menu's
 * button (`popovertarget`) is not held: the browser opens its popover itself, at once (decision 181).
 */
export const ACTIONABLE = "[data-consent], [data-island]:not([data-awake]) button:not([popovertarget])";

/**
 * The attribute of a public page's inline stylesheet that names the whole app's stylesheet: the page's own
 * has only the rules its HTML uses (web/build/build.ts), and an island loads the whole one before it
 * hydrates, for the classes it renders when opened (public/wake.ts; decision 151).
 */
export const WHOLE_STYLESHEET_ATTRIBUTE = "data-whole";

declare global {
  interface Window {
    /** Decides what a click on the page does before React or any page code (set by the first script). */
    __hsClick?: (e: MouseEvent) => void;
    /** Clicks held before the entry ran. */
    __hsHeld?: HTMLElement[];
  }
}

export const BOOT_SCRIPT = `(function () {
  var html = document.documentElement;
  var cookies = document.cookie;
  if (!/(^|;\\s*)${CONSENT_KEY}=(granted|denied)(;|$)/.test(cookies)) html.classList.add("ask-consent");
  if (/(^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(;|$)/.test(cookies)) html.classList.add("signed-in");
  var held = window.__hsHeld = [];
  window.__hsClick = function (e) {
    var el = e.target && e.target.closest ? e.target.closest("${ACTIONABLE}") : null;
    if (!el) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push(el);
  };
  document.addEventListener("click", function (e) { window.__hsClick(e); }, true);
})();`;
