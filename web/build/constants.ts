/**
 * Build-time configuration of the web app (docs/decisions/071-prerendered-public-site.md):
 * - APP_URL: the public origin for canonical URLs, Open Graph, the sitemap and robots.txt
 *   (default https://headshot.studio, the production origin; set it for another deployment);
 * - PIXEL_ID: the Meta Pixel id; empty = no pixel (events go to the console, the CSP stays closed);
 * - BUILD_DATE: the policies' last-updated date, fixed once per build (default: today, UTC).
 */
import { faceModelBase } from "./face-model.ts";

export const DEFAULT_APP_URL = "https://headshot.studio";

export function buildConfig(env: Record<string, string | undefined> = process.env) {
  const appUrl = (env.APP_URL?.trim() || DEFAULT_APP_URL).replace(/\/+$/, "");
  const pixelId = env.PIXEL_ID?.trim() ?? "";
  if (pixelId && !/^\d{5,20}$/.test(pixelId)) throw new Error(`PIXEL_ID must be the pixel's numeric id, got "${pixelId}"`);
  const buildDate = env.BUILD_DATE?.trim() || new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(buildDate)) throw new Error(`BUILD_DATE must be YYYY-MM-DD, got "${buildDate}"`);
  return { appUrl, pixelId, buildDate };
}

/** Vite `define` entries for the constants declared in web/src/build-constants.d.ts. */
export function buildDefines(env?: Record<string, string | undefined>) {
  const c = buildConfig(env);
  return {
    __APP_URL__: JSON.stringify(c.appUrl),
    __PIXEL_ID__: JSON.stringify(c.pixelId),
    __BUILD_DATE__: JSON.stringify(c.buildDate),
    __FACE_MODEL_BASE__: JSON.stringify(faceModelBase()),
  };
}
