/**
 * Where a Google sign-in started from a team link's page continues (`?next=` on /auth, decision 326). Google's
 * round trip ends on /oauth/callback, which knows nothing of /auth's address: the page is kept for this tab
 * (sessionStorage) as the person leaves for Google, and taken once on the way back. Only what safeNext accepts
 * is kept or taken.
 */
import { safeNext } from "@/lib/paths";

const KEY = "headshot.pendingNext";

/** Keeps `next` for the Google round trip, or forgets an older one when this sign-in has none. */
export function rememberNext(next: string | null): void {
  const page = safeNext(next);
  try {
    if (page) sessionStorage.setItem(KEY, page);
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage refused: the sign-in lands on the dashboard */
  }
}

/** The remembered page, forgotten as it is taken. */
export function takePendingNext(): string | null {
  try {
    const page = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return safeNext(page);
  } catch {
    return null;
  }
}
