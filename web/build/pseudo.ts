/**
 * The pseudo-locale build (decision 390): `npm run build:pseudo` builds the web app a second time, into web/dist-pseudo,
 * with every message read from copy/generated-pseudo (copy/pseudo.ts: longer, accented words in every language)
 * instead of copy/generated. The browser suite serves it to the pages of e2e/pseudo-locale.spec.ts in place of
 * web/dist, so a screen at 360 px shows where longer words overflow. Never deployed: `npm run build` is unchanged.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

export const PSEUDO_BUILD = process.env.PSEUDO_LOCALE === "1";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** Where the build writes the web app: web/dist, or web/dist-pseudo for the pseudo build. */
export const webDist = `${root}web/${PSEUDO_BUILD ? "dist-pseudo" : "dist"}`;

const real = `${root}copy/generated/`;
const pseudo = `${root}copy/generated-pseudo/`;

/** In the pseudo build, every import of the compiled catalogue resolves to the pseudo catalogue's file of that name. */
export function pseudoCatalogue(): Plugin {
  return {
    name: "pseudo-catalogue",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!PSEUDO_BUILD) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id.startsWith(real) ? { ...resolved, id: pseudo + resolved.id.slice(real.length) } : resolved;
    },
  };
}
