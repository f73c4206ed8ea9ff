/**
 * The browser side of a prerendered public page: only its interactive parts become React roots; the rest
 * (hero, styles, pricing, testimonials, the FAQ's native <details>, footer links) stays the server's HTML,
 * which React never hydrates (docs/decisions/071).
 */
import { StrictMode, startTransition, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { IslandName } from "@/components/layout/island";
import { CookieSettingsButton } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { PublicSessionProvider } from "@/shared/auth/session-summary";
import { ConsentBanner } from "@/shared/pixel/consent-banner";
import { pixel } from "@/shared/pixel/pixel";

/**
 * What the browser hydrates in each prerendered island: the same components the page was rendered with.
 * The header asks for the session (signed in → Account menu); on the server it rendered the "loading"
 * state, which shows what a signed-out visitor sees.
 */
export const HYDRATED_ISLANDS = {
  header: () => (
    <PublicSessionProvider>
      <SiteHeader />
    </PublicSessionProvider>
  ),
  "cookie-settings": () => <CookieSettingsButton />,
} satisfies Partial<Record<IslandName, () => ReactNode>>;

const island = (name: IslandName) => document.querySelector<HTMLElement>(`[data-island="${name}"]`);

export function startPublicPage() {
  // In a transition, React renders in slices of a few milliseconds and yields in between, instead of one
  // long task (Total Blocking Time); a click on an island while it hydrates is replayed once it is live.
  startTransition(() => {
    for (const [name, render] of Object.entries(HYDRATED_ISLANDS)) {
      const el = island(name as IslandName);
      if (el) hydrateRoot(el, <StrictMode>{render()}</StrictMode>);
    }
    // The banner depends on the stored choice, which the prerendered HTML cannot know: rendered here only.
    const consent = island("consent");
    if (consent) createRoot(consent).render(<StrictMode><ConsentBanner /></StrictMode>);
  });
  // Every public page is its own document: its load is the route change that counts as a PageView.
  pixel.pageView();
}
