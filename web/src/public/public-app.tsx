import { StrictMode } from "react";
import { Island } from "@/components/layout/island";
import { PublicRoutes } from "./public-routes";

/**
 * A public page as prerendered (prerender-entry.tsx): the page with its islands marked. In the browser only
 * the islands become React roots (islands.tsx); the consent banner's island is empty until then.
 */
export function PublicApp({ path }: { path: string }) {
  return (
    <StrictMode>
      <PublicRoutes path={path} />
      <Island name="consent" />
    </StrictMode>
  );
}
