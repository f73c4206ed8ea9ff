/**
 * The browser side of a prerendered public page's islands, loaded on the visitor's first click on one
 * (public/wake.ts): that island becomes a React root of its own; the rest of the page (hero, styles,
 * pricing, testimonials, the FAQ's native <details>, footer links, the consent banner) stays the server's
 * HTML, which React never hydrates (docs/decisions/071, 120).
 */
import { StrictMode, useLayoutEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandName } from "@/components/layout/island";
import { SiteHeader } from "@/components/layout/site-header";
import { PublicSessionProvider } from "@/shared/auth/session-summary";
import { splitLocalePath } from "@/lib/copy";
import { startLocale } from "@/lib/locale";

/**
 * What the browser hydrates in each island: the same components the page was rendered with. The header
 * then asks for the session; on the server it rendered the "not known yet" state (both the signed-in and
 * the signed-out actions, one shown from the signed-in hint).
 */
export const HYDRATED_ISLANDS = {
  header: () => (
    <PublicSessionProvider>
      <SiteHeader path={splitLocalePath(window.location.pathname).path} />
    </PublicSessionProvider>
  ),
} satisfies Record<IslandName, () => ReactNode>;

/** Calls `done` once the tree around it is committed: hydrated, its event handlers live. Renders nothing of its own. */
function OnCommit({ done, children }: { done: () => void; children: ReactNode }) {
  useLayoutEffect(done, [done]);
  return children;
}

/** Hydrates one island; resolves once it is live (a click dispatched then reaches its handlers). */
export function hydrateIsland(el: HTMLElement): Promise<void> {
  const render = HYDRATED_ISLANDS[el.dataset.island as IslandName];
  startLocale(); // the page's language, from its path (issue 50), before the island renders its words
  return new Promise((resolve) => {
    hydrateRoot(
      el,
      <StrictMode>
        <OnCommit done={() => resolve()}>{render()}</OnCommit>
      </StrictMode>,
    );
  });
}
