import { CONSENT_ACTION } from "./consent";
import { m } from "@/lib/copy";
import { rich } from "@/shared/words/rich";

const button =
  "inline-flex h-9 flex-1 items-center justify-center rounded-md px-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:flex-none";

/**
 * The consent banner: Accept / Decline, remembered, changeable from the footer's Cookie settings. Plain
 * HTML: the page's first script shows it when no choice is stored (`html.ask-consent`, index.css) and
 * `consent.ts` handles its buttons, so it needs no React (decision 120).
 *
 * It is a strip in the page's flow right under the header, never over the page: it covers neither the
 * hero's buttons nor the mobile menu (issue 23). It comes first in the markup (after the skip link), so
 * the keyboard reaches it first; the header, drawn above it, takes `order: -1` (PublicLayout is a flex column).
 */
export function ConsentBanner() {
  return (
    <section
      id="consent-banner"
      aria-label={m.common_consent_label()}
      tabIndex={-1}
      className="consent-banner scroll-mt-20 border-b bg-muted focus:outline-none"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-6 sm:px-6">
        <p className="flex-1 text-sm">
          {rich(m.common_consent_text, {
            link: (
              <a href="/privacy-policy" className="font-medium underline underline-offset-2">
                {m.common_privacy_policy()}
              </a>
            ),
          })}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            data-consent={CONSENT_ACTION.accept}
            className={`${button} bg-primary text-primary-foreground hover:bg-primary/90`}
          >
            {m.common_accept()}
          </button>
          <button type="button" data-consent={CONSENT_ACTION.decline} className={`${button} border bg-background hover:bg-accent`}>
            {m.common_decline()}
          </button>
        </div>
      </div>
    </section>
  );
}
