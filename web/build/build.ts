/**
 * `npm run build`: the client bundle (vite), then the public site prerendered with React's server renderer
 * (docs/decisions/071-prerendered-public-site.md):
 *   1. vite build → web/dist (index.html is the template)
 *   2. vite SSR build of web/src/public/prerender-entry.tsx → node_modules/.tmp/prerender
 *   3. every public route in every language → its HTML file (/ → index.html, /services/x → services/x.html,
 *      404.html; German under de/: /de/ → de/index.html, /de/services/x → de/services/x.html, de/404.html, …),
 *      shells for the signed-in app's routes, the example pictures, the share image, the sitemaps (an index at
 *      /sitemap.xml, one per language), robots, _headers
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import sharp from "sharp";
import { build } from "vite";
import { buildConfig } from "./constants";
import { headersFile } from "./headers";
import { BOOT_SCRIPT, WHOLE_STYLESHEET_ATTRIBUTE } from "../src/public/boot-script";
import { pageStylesheet } from "./page-css";
import { fileFor, notFoundFile, robotsTxt, sitemaps } from "./site-files";
import { PSEUDO_BUILD, webDist } from "./pseudo";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const dist = webDist; // web/dist, or web/dist-pseudo for the pseudo-locale build (decision 390)
const ssrOut = join(root, `node_modules/.tmp/prerender${PSEUDO_BUILD ? "-pseudo" : ""}`);
/** Where a public page's own stylesheet goes once its HTML is rendered (never in a page: no class names it). */
const STYLE_SLOT = "/*page-stylesheet*/";

// React (loaded from node_modules by the SSR bundle) and react-dom/static must agree: production, both.
process.env.NODE_ENV = "production";
const config = buildConfig();
process.env.BUILD_DATE = config.buildDate; // one date for both builds

type Entry = typeof import("../src/public/prerender-entry");

const write = (rel: string, data: string | Buffer) => {
  const file = join(dist, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, data);
};

async function main() {
  // Loaded after NODE_ENV is set (static imports would run first).
  const { createElement } = await import("react");
  const { renderToStaticMarkup } = await import("react-dom/server");
  const configFile = join(root, "vite.config.ts");
  await build({ configFile, logLevel: "warn" });
  await build({
    configFile,
    logLevel: "warn",
    build: {
      ssr: join(root, "web/src/public/prerender-entry.tsx"),
      outDir: ssrOut,
      emptyOutDir: true,
      copyPublicDir: false,
      // Run once here, never sent to a browser: it takes every page's copy statically (content/seo.ts), so
      // the lazy imports that split the client's chunks have nothing to split in it.
      rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
    },
  });
  const entry = (await import(pathToFileURL(join(ssrOut, "prerender-entry.js")).href)) as Entry;
  const template = readFileSync(join(dist, "index.html"), "utf8");
  // The CSP admits the first script by the hash of its text (headers.ts): it must be in the page as written.
  if (!template.includes(`<script>${BOOT_SCRIPT}</script>`))
    throw new Error("web/dist/index.html lacks the first script as written (vite.config.ts)");

  // The public pages carry their stylesheet inline: one round trip less before the first paint. Each page's
  // is cut to the classes its own HTML names (decision 151: 53 KB → about 20 KB to parse and match before
  // the first frame); the whole stylesheet's address stays on it for the island that needs the rest. And
  // their first frame waits until the whole page is parsed, up to its footer (`rel=expect`): a busy phone's
  // parser yields mid-page, and a frame of a half-parsed page is a layout shift when the rest arrives, and
  // then a second layout of the whole page after the first paint (the long task a busy phone's TBT was made
  // of; decision 150). The page is one document of ~15 KB compressed: it is all there by then.
  const cssLink = template.match(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/);
  if (!cssLink) throw new Error("no stylesheet link in web/dist/index.html");
  const publicTemplate = template.replace(
    cssLink[0],
    () =>
      `<style ${WHOLE_STYLESHEET_ATTRIBUTE}="/${cssLink[1]}">${STYLE_SLOT}</style>\n    <link rel="expect" href="#${entry.FOOTER_ID}" blocking="render" />`,
  );

  // Every page in every language: English at the root, the others under their prefix (copy/locale-path.ts).
  const routes = entry.locales.flatMap((locale) => entry.publicRoutes(config.appUrl, locale));
  for (const r of routes) {
    const page = await entry.renderDocument(publicTemplate, r.path, config.appUrl);
    const css = await pageStylesheet(page);
    write(
      r.page === entry.NOT_FOUND_PAGE ? notFoundFile(r.path) : fileFor(r.path),
      page.replace(STYLE_SLOT, () => css),
    );
  }

  // The signed-in app's routes: the bare template (rendered in the browser), never indexed.
  const shell = template.replace("</head>", `  <meta name="robots" content="noindex" />\n  </head>`);
  for (const p of [
    "/auth",
    "/auth/forgot",
    "/auth/reset",
    "/auth/verify",
    "/oauth/callback",
    "/dashboard",
    "/pricing",
    "/account",
    "/admin",
    "/team",
    "/team/join",
    "/team/capture",
  ])
    write(fileFor(p), shell);

  // Example pictures: each style's illustration as a small WebP, per gender.
  for (const style of entry.STYLES) {
    for (const g of entry.GENDERS) {
      const svg = renderToStaticMarkup(createElement(entry.PortraitSvg, { spec: entry.STYLE_ART[style.id], gender: g.id })).replace(
        "<svg",
        `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="384"`,
      );
      write(`examples/${style.slug}-${g.id}.webp`, await sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer());
    }
  }

  // The share image (1200×630) and the logo for JSON-LD.
  const portrait = (id: string, gender: "man" | "woman", x: number) =>
    renderToStaticMarkup(createElement(entry.PortraitSvg, { spec: entry.STYLE_ART[id as keyof typeof entry.STYLE_ART], gender })).replace(
      "<svg",
      `<svg x="${x}" y="150" width="250" height="300"`,
    );
  const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef0ff"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="1200" height="630" fill="url(#bg)"/>
    <rect x="60" y="60" width="64" height="64" rx="14" fill="#4f46e5"/><circle cx="92" cy="85" r="10" fill="#fff"/><path d="M74 112c2-10 9-15 18-15s16 5 18 15" fill="#fff"/>
    <text x="140" y="104" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" font-weight="700" fill="#1e1b4b">Headshot Studio</text>
    <text x="60" y="250" font-family="DejaVu Sans, Arial, sans-serif" font-size="58" font-weight="700" fill="#111827">Professional</text>
    <text x="60" y="320" font-family="DejaVu Sans, Arial, sans-serif" font-size="58" font-weight="700" fill="#111827">AI headshots</text>
    <text x="60" y="390" font-family="DejaVu Sans, Arial, sans-serif" font-size="58" font-weight="700" fill="#4f46e5">in seconds</text>
    <text x="60" y="470" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#4b5563">10 studio styles · from one photo</text>
    ${portrait("Corporate", "woman", 640)}${portrait("LinkedIn", "man", 910)}
  </svg>`;
  write("og-image.png", await sharp(Buffer.from(og)).png({ compressionLevel: 9, palette: true }).toBuffer());
  const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#4f46e5"/><circle cx="32" cy="25" r="10" fill="#fff"/><path d="M14 52c2-10 9-15 18-15s16 5 18 15" fill="#fff"/></svg>`;
  write("logo-512.png", await sharp(Buffer.from(logo)).png().toBuffer());

  for (const [file, xml] of Object.entries(sitemaps(routes, config.appUrl, config.buildDate))) write(file, xml);
  write("robots.txt", robotsTxt(config.appUrl));
  write("_headers", headersFile(config.pixelId, createHash("sha256").update(BOOT_SCRIPT).digest("base64")));
  console.log(
    `prerendered ${routes.length} public pages (${entry.locales.length} languages) for ${config.appUrl} (built ${config.buildDate}${config.pixelId ? ", pixel on" : ""})`,
  );
}

await main();
