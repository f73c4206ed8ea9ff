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
import { isLocale, overwriteGetLocale, splitLocalePath, type Locale } from "@/lib/copy";

/**
 * The language a prerendered public page is in: its path's ("/de/…", copy/locale-path.ts), which the build
 * also wrote into `<html lang>`. The islands render in it, so a woken header matches the page's words.
 */
export function pageLocale(): Locale {
  const fromPath = splitLocalePath(location.pathname).locale;
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : fromPath;
}

/**
 * What the browser hydrates in each island: the same components the page was rendered with. The header
 * then asks for the session; on the server it rendered the "not known yet" state (both the signed-in and
 * the signed-out actions, one shown from the signed-in hint).
 */
export const HYDRATED_ISLANDS = {
  header: () => (
    <PublicSessionProvider>
      <SiteHeader />
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
  // the page's language before anything renders (the app's own choice — cookie, account — is not a public page's)
  const locale = pageLocale();
  overwriteGetLocale(() => locale);
  const render = HYDRATED_ISLANDS[el.dataset.island as IslandName];
  return new Promise((resolve) => {
    hydrateRoot(
      el,
      <StrictMode>
        <OnCommit done={() => resolve()}>{render()}</OnCommit>
      </StrictMode>,
    );
  });
}
