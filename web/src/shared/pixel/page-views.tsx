import { useEffect } from "react";
import { useLocation } from "wouter";
import { pixel } from "./pixel";

/** PageView on every route change (and the first page). */
export function PixelPageViews() {
  const [location] = useLocation();
  useEffect(() => {
    pixel.pageView();
  }, [location]);
  return null;
}
