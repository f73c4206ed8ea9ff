/** The SSR entry web/build/prerender.ts loads: the same components the browser hydrates. */
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { PublicApp } from "./public-app";

import { headTags as headTagsFor, metaFor as metaForPath } from "@/content/seo";
import { withLocale } from "@/content/locale";
import { splitLocalePath } from "@/lib/copy";

export { publicRoutes, headTags, metaFor, NOT_FOUND_PAGE } from "@/content/seo";
export { locales, baseLocale, localePath, alternates } from "@/lib/copy";
export { STYLES, GENDERS } from "@/lib/domain";
export { PortraitSvg } from "@/assets/styles/portrait";
export { STYLE_ART } from "@/assets/styles/styles";
export { LogoMark } from "@/components/layout/logo";
export { FOOTER_ID } from "@/components/layout/site-footer";

/**
 * The page's markup, in the language its path names ("/de/…": German; no prefix: English). A first pass with
 * `prerender` waits for the page's lazy chunks; the second, synchronous pass then renders everything in place.
 * (Output of a pass that had to wait would carry inline scripts to swap the late parts in, which the CSP
 * forbids and hydration would then redo.)
 */
export async function renderPage(path: string): Promise<string> {
  return withLocale(splitLocalePath(path).locale, async () => {
    const warm = await prerender(<PublicApp path={path} />);
    await new Response(warm.prelude).text();
    return renderToString(<PublicApp path={path} />);
  });
}

/**
 * A public page's entry script (a few KiB, no framework: decision 120) is fetched at low priority: the
 * page is complete without it, so it never competes with the document and the hero's pictures, and never
 * holds up the first paint. (Module scripts and modulepreloads are otherwise fetched at high priority.)
 * Clicks that arrive before it has run are held by the inline first script and replayed.
 */
export const lowPriorityScripts = (html: string) =>
  html.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');

/**
 * The whole HTML document of a public route: the client template with the page's language (`<html lang>`,
 * which the islands read when they wake: public/islands.tsx), its <head> and its markup.
 */
export async function renderDocument(template: string, path: string, appUrl: string): Promise<string> {
  const meta = metaForPath(path, appUrl);
  const head = headTagsFor(meta, appUrl);
  return lowPriorityScripts(template)
    .replace(/<html lang="[^"]*"/, `<html lang="${meta.locale}"`)
    .replace(/<title>[\s\S]*?<\/title>\s*/, "")
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, "")
    .replace("</head>", `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${await renderPage(path)}</div>`);
}
