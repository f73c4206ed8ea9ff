/**
 * Per-route metadata of the public site: <title>, description, canonical, Open Graph/Twitter and JSON-LD
 * (issue 11). Written into each prerendered page's <head> by web/build/prerender.ts; on client-side
 * navigation the title follows the route (public/public-routes.tsx).
 */
import { CURRENCY, PLANS, STYLES } from "@/lib/domain";
import { CONTACT_EMAIL, SERVICE_PAGES, paths, type ServiceSlug } from "@/lib/paths";
import { FAQ } from "./landing";
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from "./policies";
import { serviceContent } from "./services/all";
import { HOME_DESCRIPTION, HOME_TITLE, NOT_FOUND_TITLE, SITE_NAME, withSiteName } from "./site";

export const SHARE_IMAGE = "/og-image.png";
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

export interface RouteMeta {
  path: string;
  title: string;
  description: string;
  /** JSON-LD objects beyond Organization and WebSite (which every page carries). */
  jsonLd: object[];
  /** false for the not-found page (no canonical, noindex, not in the sitemap). */
  indexable: boolean;
}

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

export function webSite(appUrl: string) {
  return { "@context": "https://schema.org", "@type": "WebSite", name: SITE_NAME, url: `${appUrl}/` };
}

export function product(appUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Headshot Studio subscription",
    description: `Unlimited AI headshot generations in ${STYLES.length} styles, without watermark, with high-resolution downloads.`,
    image: `${appUrl}${SHARE_IMAGE}`,
    brand: { "@type": "Brand", name: SITE_NAME },
    offers: PLANS.map((p) => ({
      "@type": "Offer",
      name: p.name,
      price: (p.priceCents / 100).toFixed(2),
      priceCurrency: CURRENCY,
      availability: "https://schema.org/InStock",
      url: `${appUrl}/#pricing`,
    })),
  };
}

function faqPage() {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: FAQ.map((f) => ({ "@type": "Question", name: f.question, acceptedAnswer: { "@type": "Answer", text: f.answer } })),
  };
}

function breadcrumbs(appUrl: string, slug: ServiceSlug) {
  const page = SERVICE_PAGES.find((s) => s.slug === slug)!;
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: `${appUrl}/` },
      { "@type": "ListItem", position: 2, name: page.name, item: abs(appUrl, paths.service(slug)) },
    ],
  };
}

/** Every public route, in sitemap order, plus the not-found page last. */
export function publicRoutes(appUrl: string): RouteMeta[] {
  return [
    { path: paths.home, title: HOME_TITLE, description: HOME_DESCRIPTION, jsonLd: [faqPage(), product(appUrl)], indexable: true },
    ...SERVICE_PAGES.map((s) => ({
      path: paths.service(s.slug),
      title: withSiteName(serviceContent(s.slug).title),
      description: serviceContent(s.slug).description,
      jsonLd: [breadcrumbs(appUrl, s.slug), product(appUrl)],
      indexable: true,
    })),
    {
      path: paths.privacy,
      title: withSiteName(PRIVACY_POLICY.title),
      description: PRIVACY_POLICY.description,
      jsonLd: [],
      indexable: true,
    },
    {
      path: paths.terms,
      title: withSiteName(TERMS_OF_SERVICE.title),
      description: TERMS_OF_SERVICE.description,
      jsonLd: [],
      indexable: true,
    },
    { path: "/404", title: NOT_FOUND_TITLE, description: "This page doesn’t exist.", jsonLd: [], indexable: false },
  ];
}

export function metaFor(pathname: string, appUrl: string): RouteMeta {
  const routes = publicRoutes(appUrl);
  return routes.find((r) => r.path === pathname) ?? routes[routes.length - 1]!;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** JSON inside <script>: "<" escaped so no string can close the tag. */
const jsonForScript = (o: object) => JSON.stringify(o).replace(/</g, "\\u003c");

/** The <head> tags of a prerendered page. */
export function headTags(meta: RouteMeta, appUrl: string): string {
  const url = abs(appUrl, meta.path);
  const image = `${appUrl}${SHARE_IMAGE}`;
  const tags = [
    `<title>${esc(meta.title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}" />`,
    meta.indexable ? `<link rel="canonical" href="${esc(url)}" />` : `<meta name="robots" content="noindex" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${esc(meta.title)}" />`,
    `<meta property="og:description" content="${esc(meta.description)}" />`,
    meta.indexable ? `<meta property="og:url" content="${esc(url)}" />` : "",
    `<meta property="og:image" content="${esc(image)}" />`,
    `<meta property="og:image:width" content="${SHARE_IMAGE_WIDTH}" />`,
    `<meta property="og:image:height" content="${SHARE_IMAGE_HEIGHT}" />`,
    `<meta property="og:image:alt" content="Headshot Studio — professional AI headshots from a single photo" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${esc(meta.title)}" />`,
    `<meta name="twitter:description" content="${esc(meta.description)}" />`,
    `<meta name="twitter:image" content="${esc(image)}" />`,
    ...[organization(appUrl), webSite(appUrl), ...meta.jsonLd].map(
      (o) => `<script type="application/ld+json">${jsonForScript(o)}</script>`,
    ),
  ];
  return tags.filter(Boolean).join("\n    ");
}
