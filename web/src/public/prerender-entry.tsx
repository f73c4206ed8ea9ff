/** The SSR entry web/build/prerender.ts loads: the same components the browser hydrates. */
import { prerender } from "react-dom/static";
import { PublicApp } from "./public-app";

import { headTags as headTagsFor, metaFor as metaForPath } from "@/content/seo";

export { publicRoutes, headTags, metaFor } from "@/content/seo";
export { STYLES, GENDERS } from "@/lib/domain";
export { PortraitSvg } from "@/assets/styles/portrait";
export { STYLE_ART } from "@/assets/styles/styles";
export { LogoMark } from "@/components/layout/logo";

/** The page's markup; `prerender` waits for the lazy page chunks (renderToString would emit fallbacks). */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(<PublicApp path={path} />);
  return new Response(prelude).text();
}

/** The whole HTML document of a public route: the client template with the page's <head> and markup. */
export async function renderDocument(template: string, path: string, appUrl: string): Promise<string> {
  const meta = metaForPath(path, appUrl);
  const head = headTagsFor(meta, appUrl);
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/, "")
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, "")
    .replace("</head>", `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${await renderPage(path)}</div>`);
}
