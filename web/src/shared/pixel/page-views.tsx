import { useEffect } from "react";
import { pixel } from "./pixel";

/** PageView on every route change (and the first page); `location` is the current path. */
export function PixelPageViews({ location }: { location: string }) {
  useEffect(() => {
    pixel.pageView();
  }, [location]);
  return null;
}
