import { StrictMode } from "react";
import { Router } from "wouter";
import { PublicSessionProvider } from "@/shared/auth/session-summary";
import { ConsentBanner } from "@/shared/pixel/consent-banner";
import { PixelPageViews } from "@/shared/pixel/page-views";
import { PublicRoutes } from "./public-routes";

/**
 * The public site on its own: what the prerendered pages hydrate, and all the JavaScript they load.
 * `ssrPath` is set only when prerendering.
 */
export function PublicApp({ ssrPath }: { ssrPath?: string }) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath}>
        <PublicSessionProvider>
          <PublicRoutes />
          <PixelPageViews />
          <ConsentBanner />
        </PublicSessionProvider>
      </Router>
    </StrictMode>
  );
}
