/**
 * A first visit to `/` in the visitor's language (issue 50, decision 340): a browser that asks for German
 * (`Accept-Language`, never the IP) and has made no choice of its own (no `locale` cookie) is sent to `/de/` (302).
 * Once the cookie exists it wins: `locale=de` goes to `/de/`, `locale=en` stays on `/` whatever the browser says.
 * A crawler (no Accept-Language) gets English. Only `/` redirects: it already reaches the worker (wrangler.toml
 * run_worker_first) for its live figures, and every other public page stays a static asset served without the worker;
 * a deep link is in the language its address names (hreflang points search engines at the right one).
 * The answer varies with both headers, and says so (`Vary`), so no cache hands one visitor's redirect to another.
 */
import { baseLocale, localeFromAcceptLanguage, localeFromCookies, localePath } from "../../copy";

export const FIRST_VISIT_VARY = "Accept-Language, Cookie";

/** The redirect `/` gets for this request, or null when it is answered in English. */
export function firstVisitRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  if (url.pathname !== "/" || (request.method !== "GET" && request.method !== "HEAD")) return null;
  const chosen = localeFromCookies(request.headers.get("Cookie"));
  const locale = chosen ?? localeFromAcceptLanguage(request.headers.get("Accept-Language")) ?? baseLocale;
  if (locale === baseLocale) return null;
  return new Response(null, {
    status: 302,
    headers: {
      Location: `${localePath(locale, "/")}${url.search}`,
      Vary: FIRST_VISIT_VARY,
      // the answer depends on the visitor's headers: a shared cache may keep it only per their values (Vary)
      "Cache-Control": "private, max-age=0, must-revalidate",
    },
  });
}

/** `response` with the headers it varied on added to its `Vary`. */
export function withFirstVisitVary(response: Response): Response {
  const headers = new Headers(response.headers);
  const vary = headers.get("Vary");
  headers.set("Vary", vary ? `${vary}, ${FIRST_VISIT_VARY}` : FIRST_VISIT_VARY);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
