/**
 * Where sign-in, sign-up and the verification link continue (`?next=`, decision 326): only a team link's
 * page of this site — an invitation (/team/join) or a capture link (/team/capture) — so the parameter can
 * never send anyone elsewhere. The web app and the worker both check it here: the worker before it puts a
 * path into a mail's link or a redirect, the web app before it navigates.
 */

/** The pages a `next` may name. */
export const RETURN_PAGES = ["/team/join", "/team/capture"] as const;

/** Longer than any link we make (a 43-character token), short enough for any mail client. */
export const RETURN_PATH_MAX_LENGTH = 300;

const BASE = "https://return-path.invalid";

/**
 * `next` as a same-origin path to one of RETURN_PAGES with its query (`/team/capture?token=…`), or null for
 * anything else: another origin (`//evil.test`, `/\evil.test`, `https:…`), another page, a path that only
 * resolves to one (`/team/capture/../admin`), control characters, or no query at all.
 */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || next.length > RETURN_PATH_MAX_LENGTH || !next.startsWith("/")) return null;
  // `//` anywhere (a protocol-relative start, or a URL smuggled into the query) and backslashes, which
  // browsers read as `/`, are never in a path we make; nor are spaces or control characters.
  if (next.includes("//") || /[\\\s]/.test(next) || [...next].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
    return null;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || !url.search || !(RETURN_PAGES as readonly string[]).includes(url.pathname)) return null;
  const path = `${url.pathname}${url.search}`;
  return path === next ? path : null; // only what arrives as it is meant: nothing normalised away
}
