import { StrictMode } from "react";
import { PublicRoutes } from "./public-routes";

/**
 * A public page as prerendered (prerender-entry.tsx), its islands marked. In the browser only an island
 * becomes a React root, on its first click (wake.ts, islands.tsx).
 */
export function PublicApp({ path }: { path: string }) {
  return (
    <StrictMode>
      <PublicRoutes path={path} />
    </StrictMode>
  );
}
