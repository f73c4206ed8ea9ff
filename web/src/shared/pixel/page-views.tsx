import { useEffect } from "react";
import { pixel } from "./pixel";

/**
 * PageView on every route change (and the first page) in the signed-in app; `location` is the current path.
 * A public page is a document of its own, so its load is the route change (public/islands.tsx).
 */
export function PixelPageViews({ location }: { location: string }) {
  useEffect(() => {
    pixel.pageView();
  }, [location]);
  return null;
}
