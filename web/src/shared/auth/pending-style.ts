/**
 * A style chosen before signing in: an audience page's call to action goes through /api/auth/login with
 * `?style=<slug>`, which the server checks and passes on to /auth or /dashboard (decision 103). /auth
 * keeps it for this tab (sessionStorage, so it survives the Google round trip and a sign-up), and the
 * dashboard takes it once to preselect the style. Anything that is not one of the 10 slugs is ignored.
 */
import { STYLES, type StyleId } from "@/lib/domain";

const KEY = "headshot.pendingStyle";

export function styleFromSlug(slug: string | null | undefined): StyleId | null {
  return STYLES.find((s) => s.slug === slug)?.id ?? null;
}

export function rememberStyle(slug: string | null | undefined): void {
  const style = styleFromSlug(slug);
  if (!style) return;
  try {
    sessionStorage.setItem(KEY, STYLES.find((s) => s.id === style)!.slug);
  } catch {
    /* storage refused: the style is simply not preselected */
  }
}

/** The remembered style, forgotten as it is taken. */
export function takePendingStyle(): StyleId | null {
  try {
    const slug = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return styleFromSlug(slug);
  } catch {
    return null;
  }
}
