import { StrictMode } from "react";
import { PublicSessionProvider } from "@/shared/auth/session-summary";
import { ConsentBanner } from "@/shared/pixel/consent-banner";
import { PixelPageViews } from "@/shared/pixel/page-views";
import { PublicRoutes } from "./public-routes";

/** The public site on its own: what the prerendered pages hydrate, and all the JavaScript they load. */
export function PublicApp({ path }: { path: string }) {
  return (
    <StrictMode>
      <PublicSessionProvider>
        <PublicRoutes path={path} />
        <PixelPageViews location={path} />
        <ConsentBanner />
      </PublicSessionProvider>
    </StrictMode>
  );
}
