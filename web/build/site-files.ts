/** Where the build writes the public pages, and the sitemaps and robots.txt that list them (web/build/build.ts). */

/**
 * The HTML file Workers Static Assets serve for a path (html_handling "auto-trailing-slash"): "/" and "/de/"
 * from their folder's index.html, any other path from its .html file.
 */
export const fileFor = (path: string) => (path.endsWith("/") ? `${path.slice(1)}index.html` : `${path.slice(1)}.html`);

/**
 * The not-found page of a language: 404.html, de/404.html, … Static assets answer a missing path with the
 * nearest 404.html up its folders (not_found_handling "404-page"), so /de/x gets the German one.
 */
export const notFoundFile = (path: string) => `${path.slice(1, path.lastIndexOf("/") + 1)}404.html`;

/** The sitemaps: one per language (sitemap-en.xml, sitemap-de.xml, …) with each page's other languages, and their index. */
export function sitemaps(
  routes: readonly { path: string; page: string; locale: string; indexable: boolean }[],
  appUrl: string,
  buildDate: string,
): Record<string, string> {
  const abs = (path: string) => `${appUrl}${path}`;
  const indexable = routes.filter((r) => r.indexable);
  const locales = [...new Set(indexable.map((r) => r.locale))];
  const files: Record<string, string> = {};
  for (const locale of locales) {
    const urls = indexable
      .filter((r) => r.locale === locale)
      .map((r) => {
        const others = indexable
          .filter((o) => o.page === r.page)
          .map((o) => `<xhtml:link rel="alternate" hreflang="${o.locale}" href="${abs(o.path)}"/>`)
          .join("");
        return `  <url><loc>${abs(r.path)}</loc><lastmod>${buildDate}</lastmod>${others}</url>`;
      });
    files[`sitemap-${locale}.xml`] =
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  }
  files["sitemap.xml"] =
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locales
      .map((l) => `  <sitemap><loc>${appUrl}/sitemap-${l}.xml</loc><lastmod>${buildDate}</lastmod></sitemap>`)
      .join("\n")}\n</sitemapindex>\n`;
  return files;
}

/** robots.txt: the signed-in app's pages stay out (one URL in every language), the sitemap index in. */
export const robotsTxt = (appUrl: string) =>
  `User-agent: *\nDisallow: /dashboard\nDisallow: /account\nDisallow: /admin\nDisallow: /team\nDisallow: /api/\nAllow: /\n\nSitemap: ${appUrl}/sitemap.xml\n`;
