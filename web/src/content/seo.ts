/**
 * Per-route metadata of the public site, per language: <title>, description, canonical, `hreflang`
 * alternates, Open Graph/Twitter and JSON-LD (issues 11, 50). Written into each prerendered page's <head> by
 * web/build/build.ts; on client-side navigation the title follows the route (public/public-routes.tsx).
 * English is at the root (`/services/x`), every other language under its prefix (`/de/services/x`).
 */
import { CURRENCY, PLANS, STYLES } from "@/lib/domain";
import { CONTACT_EMAIL, SERVICE_PAGES, paths, type ServiceSlug } from "@/lib/paths";
import { alternates, baseLocale, intlLocale, localePath, m, splitLocalePath, type Locale } from "@/lib/copy";
import { faq } from "./landing";
import { withLocale } from "./locale";
import { privacyPolicy, termsOfService } from "./policies";
import { serviceName } from "./service-names";
import { serviceContent } from "./services/all";
import { homeDescription, homeTitle, notFoundTitle, SITE_NAME, withSiteName } from "./site";

export const SHARE_IMAGE = "/og-image.png";
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

export interface RouteMeta {
  /** The page's address in its language: "/de/services/x". */
  path: string;
  /** The page without its language: "/services/x" (the same page in every language). */
  page: string;
  locale: Locale;
  title: string;
  description: string;
  /** JSON-LD objects beyond Organization and WebSite (which every page carries). */
  jsonLd: object[];
  /** false for the not-found page (no canonical, noindex, not in the sitemap). */
  indexable: boolean;
}

/** The not-found page's path (its file is 404.html, de/404.html, …). */
export const NOT_FOUND_PAGE = "/404";

const abs = (appUrl: string, path: string) => `${appUrl}${path === "/" ? "/" : path}`;

export function organization(appUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: `${appUrl}/`,
    logo: `${appUrl}/logo-512.png`,
    email: CONTACT_EMAIL,
    contactPoint: { "@type": "ContactPoint", contactType: "customer support", email: CONTACT_EMAIL },
  };
}

export function webSite(appUrl: string, locale: Locale = baseLocale) {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: SITE_NAME,
    url: abs(appUrl, localePath(locale, "/")),
    inLanguage: locale,
  };
}

export function product(appUrl: string, locale: Locale = baseLocale) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: m.public_seo_product_name(),
    description: m.public_seo_product_description({ styles: STYLES.length }),
    image: `${appUrl}${SHARE_IMAGE}`,
    brand: { "@type": "Brand", name: SITE_NAME },
    offers: PLANS.map((p) => ({
      "@type": "Offer",
      // the table's name in every language: worker/landing/serve.ts finds an offer by it to write today's price
      name: p.name,
      price: (p.priceCents / 100).toFixed(2),
      priceCurrency: CURRENCY,
      availability: "https://schema.org/InStock",
      url: `${appUrl}${localePath(locale, paths.pricingAnchor)}`,
    })),
  };
}

function faqPage() {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faq().map((f) => ({ "@type": "Question", name: f.question, acceptedAnswer: { "@type": "Answer", text: f.answer } })),
  };
}

function breadcrumbs(appUrl: string, slug: ServiceSlug, locale: Locale) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: m.public_breadcrumb_home(), item: abs(appUrl, localePath(locale, "/")) },
      { "@type": "ListItem", position: 2, name: serviceName(slug), item: abs(appUrl, localePath(locale, paths.service(slug))) },
    ],
  };
}

/** Every public route in one language (English unless told), in sitemap order, plus the not-found page last. */
export function publicRoutes(appUrl: string, locale: Locale = baseLocale): RouteMeta[] {
  return withLocale(locale, () => {
    const route = (page: string, r: Omit<RouteMeta, "path" | "page" | "locale">): RouteMeta => ({
      path: localePath(locale, page),
      page,
      locale,
      ...r,
    });
    const privacy = privacyPolicy();
    const terms = termsOfService();
    return [
      route(paths.home, {
        title: homeTitle(),
        description: homeDescription(),
        jsonLd: [faqPage(), product(appUrl, locale)],
        indexable: true,
      }),
      ...SERVICE_PAGES.map((s) =>
        route(paths.service(s.slug), {
          title: withSiteName(serviceContent(s.slug).title),
          description: serviceContent(s.slug).description,
          jsonLd: [breadcrumbs(appUrl, s.slug, locale), product(appUrl, locale)],
          indexable: true,
        }),
      ),
      route(paths.privacy, { title: withSiteName(privacy.title), description: privacy.description, jsonLd: [], indexable: true }),
      route(paths.terms, { title: withSiteName(terms.title), description: terms.description, jsonLd: [], indexable: true }),
      route(NOT_FOUND_PAGE, { title: notFoundTitle(), description: m.public_not_found_description(), jsonLd: [], indexable: false }),
    ];
  });
}

/** The metadata of a path in any language ("/fr/services/x"); an unknown page is its language's not-found page. */
export function metaFor(pathname: string, appUrl: string): RouteMeta {
  const { locale } = splitLocalePath(pathname);
  const routes = publicRoutes(appUrl, locale);
  return routes.find((r) => r.path === pathname) ?? routes[routes.length - 1]!;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** JSON inside <script>: "<" escaped so no string can close the tag. */
const jsonForScript = (o: object) => JSON.stringify(o).replace(/</g, "\\u003c");
/** Open Graph's locale: "en_IE", "de". */
const ogLocale = (locale: Locale) => intlLocale(locale).replace("-", "_");

/** The <head> tags of a prerendered page. */
export function headTags(meta: RouteMeta, appUrl: string): string {
  const url = abs(appUrl, meta.path);
  const image = `${appUrl}${SHARE_IMAGE}`;
  // the same page in every language, and the English one for any other (x-default)
  const languages = meta.indexable
    ? [
        ...alternates(meta.page).map((a) => `<link rel="alternate" hreflang="${a.locale}" href="${esc(abs(appUrl, a.path))}" />`),
        `<link rel="alternate" hreflang="x-default" href="${esc(abs(appUrl, localePath(baseLocale, meta.page)))}" />`,
      ]
    : [];
  const tags = [
    `<title>${esc(meta.title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}" />`,
    meta.indexable ? `<link rel="canonical" href="${esc(url)}" />` : `<meta name="robots" content="noindex" />`,
    ...languages,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:locale" content="${ogLocale(meta.locale)}" />`,
    `<meta property="og:title" content="${esc(meta.title)}" />`,
    `<meta property="og:description" content="${esc(meta.description)}" />`,
    meta.indexable ? `<meta property="og:url" content="${esc(url)}" />` : "",
    `<meta property="og:image" content="${esc(image)}" />`,
    `<meta property="og:image:width" content="${SHARE_IMAGE_WIDTH}" />`,
    `<meta property="og:image:height" content="${SHARE_IMAGE_HEIGHT}" />`,
    `<meta property="og:image:alt" content="${esc(withLocale(meta.locale, () => m.public_seo_image_alt()))}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${esc(meta.title)}" />`,
    `<meta name="twitter:description" content="${esc(meta.description)}" />`,
    `<meta name="twitter:image" content="${esc(image)}" />`,
    ...[organization(appUrl), webSite(appUrl, meta.locale), ...meta.jsonLd].map(
      (o) => `<script type="application/ld+json">${jsonForScript(o)}</script>`,
    ),
  ];
  return tags.filter(Boolean).join("\n    ");
}
