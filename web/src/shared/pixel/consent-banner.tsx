import { useEffect, useState, useSyncExternalStore } from "react";
import { pixel } from "./pixel";

const OPEN_EVENT = "hs:consent-settings";

/**
 * Where the banner asks: the public pages, where visitors arrive. Not over the signed-in app's screens
 * (/auth included), where it sat on the form's buttons; an unanswered banner means no events, and the
 * choice stays changeable from the public footer's "Cookie settings".
 */
export const asksForConsent = (pathname: string, isAppPath: (p: string) => boolean) => !isAppPath(pathname);

/** The footer's "Cookie settings" link reopens the banner. */
export function openConsentSettings() {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

/**
 * The small consent banner: Accept / Decline, remembered. Rendered only in the browser (the prerendered
 * HTML cannot know the stored choice; on public pages it is an island of its own, public/islands.tsx),
 * fixed at the bottom so it shifts nothing.
 */
export function ConsentBanner() {
  const consent = useSyncExternalStore(pixel.subscribe, pixel.consent, () => "unknown" as const);
  const [mounted, setMounted] = useState(false);
  const [reopened, setReopened] = useState(false);
  useEffect(() => {
    setMounted(true);
    const open = () => setReopened(true);
    window.addEventListener(OPEN_EVENT, open);
    return () => window.removeEventListener(OPEN_EVENT, open);
  }, []);
  if (!mounted || (consent !== null && !reopened)) return null;

  const choose = (value: "granted" | "denied") => {
    pixel.setConsent(value);
    setReopened(false);
  };
  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-3 z-50 rounded-2xl border bg-background p-4 shadow-xl sm:inset-x-auto sm:left-6 sm:max-w-md sm:p-5"
    >
      <p className="text-sm text-muted-foreground">
        We’d like to use an advertising pixel (Meta) to measure sign-ups and purchases. Nothing is loaded or sent
        unless you accept. <a href="/privacy-policy" className="font-medium text-foreground underline underline-offset-2">Privacy Policy</a>
      </p>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          onClick={() => choose("granted")}
          className="inline-flex h-9 flex-1 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          Accept
        </button>
        <button
          type="button"
          onClick={() => choose("denied")}
          className="inline-flex h-9 flex-1 items-center justify-center rounded-md border bg-background px-4 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          Decline
        </button>
      </div>
    </section>
  );
}
