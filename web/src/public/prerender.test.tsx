/**
 * The prerendered HTML of every public route (the same renderDocument the build uses): spec'd words,
 * links and meta tags are in the HTML without any JavaScript.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SERVICE_GROUPS, SERVICE_PAGES } from "@/lib/paths";
import { PLANS, RETENTION_DAYS, STYLES, TEAM_PLAN, euros } from "@/lib/domain";
import { publicRoutes, renderDocument } from "./prerender-entry";
import { headersFile } from "../../build/headers";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { HYDRATED_ISLANDS } from "./islands";
import { pageLocale } from "@/lib/locale";
import { baseLocale, formatMoney, locales, localePath, m, type Locale } from "@/lib/copy";
import { withLocale } from "@/content/locale";
import { sitemaps, robotsTxt, fileFor, notFoundFile } from "../../build/site-files";

const APP = "https://headshot.test"; // vitest.config.ts defines __APP_URL__ and __BUILD_DATE__ (2026-03-14)
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>x</title>
<meta name="description" content="x" /></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;
const rendered = new Map<string, string>();
const page = (path: string) => rendered.get(path)!;
/** Pages in the other languages: each home page, and a few of each kind. */
const OTHER_LANGUAGE_PAGES = [
  ...locales.filter((l) => l !== baseLocale).map((l) => `/${l}/`),
  "/de/services/cv-headshots",
  "/de/services/business-headshots",
  "/de/privacy-policy",
  "/de/no-such-page",
  "/fr/services/actor-headshots",
  "/fr/terms-of-service",
  "/es/services/linkedin-headshots",
  "/it/services/ai-headshots",
];
beforeAll(async () => {
  for (const path of [...publicRoutes(APP).map((r) => r.path), "/no-such-page", ...OTHER_LANGUAGE_PAGES])
    rendered.set(path, await renderDocument(TEMPLATE, path, APP));
});
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe("every public route", () => {
  const routes = publicRoutes(APP).filter((r) => r.indexable);
  it("is listed: /, the 9 audience pages and both policies", () => {
    expect(routes.map((r) => r.path)).toEqual([
      "/",
      ...SERVICE_PAGES.map((s) => `/services/${s.slug}`),
      "/privacy-policy",
      "/terms-of-service",
    ]);
  });

  it.each(routes.map((r) => [r.path, r] as const))(
    "%s has its own title, description, canonical, Open Graph, Twitter card and JSON-LD",
    (path, r) => {
      const html = page(path);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(`<title>${r.title.replace(/&/g, "&amp;")}</title>`);
      expect(html).toContain(`<meta name="description" content="${r.description.replace(/&/g, "&amp;")}" />`);
      expect(html).toContain(`<link rel="canonical" href="${APP}${path}" />`);
      expect(html).toContain(`<meta property="og:url" content="${APP}${path}" />`);
      expect(html).toContain(`<meta property="og:image" content="${APP}/og-image.png" />`);
      expect(html).toContain(`<meta name="twitter:card" content="summary_large_image" />`);
      const types = jsonLd(html).map((o) => o["@type"]);
      expect(types).toEqual(expect.arrayContaining(["Organization", "WebSite"]));
      // the header on every page: Services in three groups, the anchors, Contact, Sign In and Get Started
      const t = text(html);
      for (const g of SERVICE_GROUPS) expect(t).toContain(g);
      for (const label of ["How It Works", "AI Styles", "Pricing", "Contact", "Sign In", "Get Started"]) expect(t).toContain(label);
      expect(hrefs(html)).toEqual(
        expect.arrayContaining(["/#how-it-works", "/#ai-styles", "/#pricing", "mailto:support@headshot.studio", "/auth"]),
      );
      for (const s of SERVICE_PAGES) expect(hrefs(html)).toContain(`/services/${s.slug}`);
      // complete in place: no pending Suspense boundary, no inline script but JSON-LD (the CSP allows none)
      expect(html).not.toMatch(/<!--\$[?!]-->/);
      expect(html.match(/<script(?! type="application\/ld\+json")[^>]*>/g)).toEqual([
        '<script type="module" fetchpriority="low" src="/assets/index.js">',
      ]);
      // the page's markup is inside #root, its islands marked
      expect(html).toMatch(/<div id="root">(<link [^>]*>)*<div class="flex min-h-dvh flex-col">/);
      expect([...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1])).toEqual(["header"]);
      // the consent banner is plain HTML, first after the skip link (the keyboard reaches it early), its
      // buttons and the footer's Cookie settings marked for the first script (decision 120)
      const doc = new DOMParser().parseFromString(html, "text/html");
      const banner = doc.querySelector('section[aria-label="Cookie consent"]')!;
      expect(banner.previousElementSibling?.textContent).toBe("Skip to content");
      expect([...banner.querySelectorAll("button")].map((b) => [b.textContent, b.dataset.consent])).toEqual([
        ["Accept", "granted"],
        ["Decline", "denied"],
      ]);
      expect(doc.querySelector("footer button")?.outerHTML).toMatch(/data-consent="settings"[^>]*>Cookie settings</);
    },
  );

  it("the titles and descriptions are all different", () => {
    expect(new Set(routes.map((r) => r.title)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.description)).size).toBe(routes.length);
  });
});

describe("/", () => {
  it("has the hero, the claims, all 10 styles with man and woman examples, 3 steps, pricing, the testimonials' place and the FAQ", () => {
    const html = page("/");
    const t = text(html);
    expect(t).toContain("Generate Free Headshot");
    expect(t).toContain("See Examples");
    expect(hrefs(html)).toContain("#ai-styles");
    expect(t).toContain("Instant");
    for (const id of ["how-it-works", "ai-styles", "pricing"]) expect(html).toContain(`id="${id}"`);
    for (const s of STYLES) {
      expect(html).toContain(`src="/examples/${s.slug}-man.webp"`);
      expect(html).toContain(`src="/examples/${s.slug}-woman.webp"`);
      expect(html).toContain(`id="style-${s.slug}"`);
    }
    expect(html.match(/<img [^>]*width="320" height="384"/g)!.length).toBeGreaterThanOrEqual(20);
    for (const step of ["Upload photo", "Choose style", "Download"]) expect(t).toContain(step);
    for (const price of [
      "€9.99",
      "€29.99",
      "€60.00",
      "€1.43 per day",
      "€1.00 per day",
      "€0.16 per day",
      "Most Popular",
      "Best value - Save 83%",
    ]) {
      expect(t).toContain(price);
    }
    expect(html.match(/<details/g)).toHaveLength(4);
  });

  it("claims no figure of its own: the count, the rating and the testimonials are hidden places the worker fills (issue 26)", () => {
    const html = page("/");
    expect(text(html)).not.toMatch(/50K|4\.9\/5|Sofia|Jonas|Amelie/);
    for (const live of ["badge", "numbers", "claim-headshots", "claim-rating", "testimonials"]) {
      expect(html).toMatch(new RegExp(`<[a-z]+ [^>]*data-live="${live}"[^>]*hidden|<[a-z]+ [^>]*hidden[^>]*data-live="${live}"`));
    }
    for (const live of ["badge-text", "headshots", "rating", "testimonial-list"]) expect(html).toContain(`data-live="${live}"`);
    // the card the worker copies for each approved comment, with its three places and the stars
    const card = /<template data-live="testimonial-card">([\s\S]*?)<\/template>/.exec(html)![1]!;
    for (const slot of ["{{quote}}", "{{name}}", "{{role}}", 'data-stars="{{stars}}"', 'aria-label="{{stars}} out of 5 stars"'])
      expect(card).toContain(slot);
    expect(card.match(/<svg/g)).toHaveLength(5);
    // no rating is claimed in the structured data either
    expect(JSON.stringify(jsonLd(html))).not.toContain("aggregateRating");
  });

  it("carries FAQPage with the 4 questions and Product with three EUR offers", () => {
    const ld = jsonLd(page("/"));
    const faq = ld.find((o) => o["@type"] === "FAQPage") as { mainEntity: unknown[] };
    expect(faq.mainEntity).toHaveLength(4);
    const product = ld.find((o) => o["@type"] === "Product") as { offers: { price: string; priceCurrency: string }[] };
    expect(product.offers.map((o) => [o.price, o.priceCurrency])).toEqual([
      ["9.99", "EUR"],
      ["29.99", "EUR"],
      ["60.00", "EUR"],
    ]);
  });
});

describe("audience pages", () => {
  it.each(SERVICE_PAGES.map((s) => [s.slug] as const))(
    "%s: hero, three benefits, six checklist items, CTAs to /api/auth/login, BreadcrumbList",
    (slug) => {
      const html = page(`/services/${slug}`);
      expect(html.match(/<h1/g)).toHaveLength(1);
      // each carries the page's style into the wizard (decision 103)
      const ctas = [...html.matchAll(/<a href="\/api\/auth\/login\?style=([a-z-]+)"[^>]*>([\s\S]*?)<\/a>/g)];
      expect(ctas.length).toBe(2);
      expect(STYLES.map((s) => s.slug)).toContain(ctas[0]![1]);
      const sections = html.split("<h2");
      expect(sections[1]!.match(/<li class="rounded-2xl/g)).toHaveLength(3); // benefit cards
      expect(sections[2]!.match(/<li /g)).toHaveLength(6); // checklist
      const crumbs = jsonLd(html).find((o) => o["@type"] === "BreadcrumbList") as { itemListElement: { item: string }[] };
      expect(crumbs.itemListElement.map((i) => i.item)).toEqual([`${APP}/`, `${APP}/services/${slug}`]);
    },
  );

  it("say what SPEC §2 asks of each audience", () => {
    const t = (slug: string) => text(page(`/services/${slug}`));
    expect(t("actor-headshots")).toContain("8x10 composition");
    expect(t("actor-headshots")).toContain("Create Your Actor Headshot");
    expect(t("modeling-headshots")).toMatch(/comp cards[\s\S]*portfolios/);
    for (const w of ["executives", "teams", "brand consistency"]) expect(t("business-headshots").toLowerCase()).toContain(w);
    // the Team seat price, built at launch price in the place the worker keeps current (decision 289); no other page has one
    expect(page("/services/business-headshots")).toContain(
      `(<span data-live="price-team">${euros(TEAM_PLAN.pricePerSeatCents)}</span> per seat a month)`,
    );
    for (const s of SERVICE_PAGES.filter((p) => p.slug !== "business-headshots"))
      expect(page(`/services/${s.slug}`)).not.toContain("price-team");
    for (const w of ["Slack", "Teams", "email signatures"]) expect(t("work-headshots")).toContain(w);
    expect(t("ai-headshots")).toContain("Try AI Headshots Now");
    expect(t("linkedin-headshots")).toContain("Get Started Now");
    expect(t("cv-headshots")).toContain("raise callback rates by up to 40%");
  });
});

describe("policies", () => {
  it("the privacy policy states every SPEC §1 statement and the last-updated date", () => {
    const t = text(page("/privacy-policy"));
    expect(t).toContain("Last updated: 14 March 2026");
    expect(t).toContain("Photos are stored encrypted");
    expect(t).toContain("Data is kept for the duration of your active subscription");
    expect(t).toContain(`After your subscription ends, your photos and headshots are kept for ${RETENTION_DAYS} more days.`);
    expect(t).toContain(`Without a subscription, the photos of each headshot are kept for ${RETENTION_DAYS} days after it was created.`);
    expect(t).toContain("are deleted automatically. We keep only a record");
    expect(t).toContain("never generate a headshot from are deleted automatically after one day");
    expect(t).toContain("Deletion can also be requested by email to support@headshot.studio");
    expect(t).toContain("from your account settings");
    expect(t).toContain("Children under 13 are not served");
    expect(t).toContain("Hosting and authentication come from a hosting provider");
  });

  it("the terms state every SPEC §1 statement and the last-updated date", () => {
    const t = text(page("/terms-of-service"));
    expect(t).toContain("Last updated: 14 March 2026");
    expect(t).toContain("Subscriptions auto-renew and are charged at the start of each billing cycle");
    expect(t).toContain("Price changes are notified 30 days ahead");
    expect(t).toContain("30-day money-back guarantee on new subscriptions only, not on renewals");
    expect(t).toContain("You can cancel at any time from your account settings");
    expect(t).toContain("You keep access until the end of the period");
    expect(t).toContain("no partial refunds");
    expect(t).toContain("You keep all rights to your uploads");
    expect(t).toContain("Generated headshots may be used commercially");
  });
});

describe("not found", () => {
  it("is a helpful page, not indexed, without a canonical", () => {
    const html = page("/no-such-page");
    expect(text(html)).toContain("Page not found");
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
    expect(hrefs(html)).toContain("/");
  });
});

describe("islands (the parts the browser hydrates, decision 071)", () => {
  const islandHtml = (html: string, name: string) => {
    const doc = new DOMParser().parseFromString(html, "text/html");
    return doc.querySelector(`[data-island="${name}"]`)!.innerHTML;
  };
  /** Markup as the browser's parser sees it, so both sides serialise alike. */
  const parsed = (markup: string) => {
    const el = document.createElement("div");
    el.innerHTML = markup;
    return el.innerHTML;
  };

  it.each(["/", "/services/cv-headshots", "/privacy-policy", "/no-such-page"])(
    "%s: each island's prerendered markup is exactly what the browser hydrates it with",
    (path) => {
      window.history.replaceState(null, "", path); // an island hydrates at its page's address (the header's language links)
      for (const [name, render] of Object.entries(HYDRATED_ISLANDS)) {
        const prerendered = islandHtml(page(path), name);
        expect(prerendered.length, name).toBeGreaterThan(0);
        expect(prerendered, name).toBe(parsed(renderToString(<StrictMode>{render()}</StrictMode>)));
      }
    },
  );

  it.each(["/", "/services/actor-headshots", "/terms-of-service", "/no-such-page"])(
    "%s: every menu of the header is the browser's popover, opened by its button with no script (issue 35, decision 181)",
    (path) => {
      const doc = new DOMParser().parseFromString(page(path), "text/html");
      const header = doc.querySelector('[data-island="header"]')!;
      const menus = [...header.querySelectorAll("button")].filter((b) =>
        /Services|Account|Menu/.test(b.textContent + (b.getAttribute("aria-label") ?? "")),
      );
      expect(menus.map((b) => b.getAttribute("aria-label") ?? b.textContent!.trim())).toEqual(["Services", "Account", "Menu"]);
      for (const button of menus) {
        const panel = doc.getElementById(button.getAttribute("popovertarget") ?? "");
        expect(panel?.getAttribute("popover"), button.textContent!).toBe("auto");
        expect(panel!.hasAttribute("hidden")).toBe(false); // the browser hides a closed popover itself
      }
      // the FAQ is the browser's <details> too
      if (path === "/") expect(doc.querySelectorAll("details > summary").length).toBe(4);
    },
  );

  it("before the session is known, the header carries both the signed-in and the signed-out actions, one shown by the first script's class", () => {
    const doc = new DOMParser().parseFromString(page("/"), "text/html");
    const header = doc.querySelector('[data-island="header"]')!;
    const inside = (cls: string) => [...header.querySelectorAll(`.${cls}`)].map((el) => el.textContent);
    expect(inside("when-signed-in")).toEqual([expect.stringContaining("Account"), expect.stringMatching(/Dashboard.*Settings.*Sign Out/)]);
    expect(inside("when-signed-out")).toEqual(["Sign InGet Started", "Sign InGet Started"]);
  });
});

describe("every language (issue 50)", () => {
  const others = locales.filter((l) => l !== baseLocale);

  it.each(others.map((l) => [l] as const))("/%s/ is the home page in its language, with hreflang for all five and x-default", (locale) => {
    const html = page(`/${locale}/`);
    const t = text(html);
    const say = (f: (i: object, o: { locale: Locale }) => string) => f({}, { locale });
    expect(html).toMatch(new RegExp(`^<!doctype html><html lang="${locale}">`));
    expect(html).toContain(`<title>${say(m.public_home_title)}</title>`);
    expect(t).toContain(say(m.public_hero_title));
    expect(t).toContain(say(m.public_hero_cta));
    expect(t).toContain(say(m.public_faq_title));
    // no English left in the page's own words (the header's account actions and the consent banner are other areas')
    for (const english of ["Professional headshots from a single photo", "Frequently asked questions", "How It Works", "Most Popular"])
      expect(t).not.toContain(english);
    expect(html).toContain(`<link rel="canonical" href="${APP}/${locale}/" />`);
    expect(html).toContain(`<meta property="og:url" content="${APP}/${locale}/" />`);
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((a) => [a[1], a[2]]);
    expect(alternates).toEqual([...locales.map((l) => [l, `${APP}${localePath(l, "/")}`]), ["x-default", `${APP}/`]]);
    // the structured data speaks the page's language: the FAQ's questions, the offers' addresses
    const ld = jsonLd(html);
    const faq = ld.find((o) => o["@type"] === "FAQPage") as { mainEntity: { name: string }[] };
    expect(faq.mainEntity[0]!.name).toBe(say(m.public_faq_how_question));
    const product = ld.find((o) => o["@type"] === "Product") as { offers: { url: string }[] };
    expect(product.offers.map((o) => o.url)).toEqual(PLANS.map(() => `${APP}/${locale}/#pricing`));
    expect(ld.find((o) => o["@type"] === "WebSite")).toMatchObject({ url: `${APP}/${locale}/`, inLanguage: locale });
  });

  it("English pages carry the same alternates, English as x-default", () => {
    const html = page("/services/cv-headshots");
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    for (const l of locales)
      expect(html).toContain(`<link rel="alternate" hreflang="${l}" href="${APP}${localePath(l, "/services/cv-headshots")}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${APP}/services/cv-headshots" />`);
  });

  it("a German page's links stay German: services, policies, the landing's sections, home and the breadcrumb", () => {
    const html = page("/de/services/cv-headshots");
    // the consent banner (shared/pixel, another area's words) is left out: its link is its own to localise
    const links = hrefs(html.replace(/<section id="consent-banner"[\s\S]*?<\/section>/, ""));
    for (const s of SERVICE_PAGES) expect(links).toContain(`/de/services/${s.slug}`);
    for (const p of ["/de/", "/de/privacy-policy", "/de/terms-of-service", "/de/#how-it-works", "/de/#ai-styles", "/de/#pricing"])
      expect(links).toContain(p);
    // every link to a public page carries the language; the app's (sign-in, the wizard) have none
    const internal = links.filter((h) => h!.startsWith("/") && !/^\/(api|auth|dashboard|account|assets|examples)\b/.test(h!));
    expect(internal.filter((h) => !h!.startsWith("/de/"))).toEqual([]);
    expect(links).toContain("/auth");
    const crumbs = jsonLd(html).find((o) => o["@type"] === "BreadcrumbList") as { itemListElement: { name: string; item: string }[] };
    expect(crumbs.itemListElement.map((i) => [i.name, i.item])).toEqual([
      ["Startseite", `${APP}/de/`],
      ["Bewerbungsfoto", `${APP}/de/services/cv-headshots`],
    ]);
    // the audience page keeps its search term in German
    expect(html).toMatch(/<title>Bewerbungsfoto[^<]*\| Headshot Studio<\/title>/);
  });

  it("German prices and dates read as German; the Team price keeps its live place", () => {
    const home = text(page("/de/"));
    expect(home).toContain("9,99 €");
    expect(home).toContain("1,43 € pro Tag");
    expect(page("/de/services/business-headshots")).toContain(
      `<span data-live="price-team">${formatMoney(TEAM_PLAN.pricePerSeatCents, "EUR", "de")}</span>`,
    );
    expect(text(page("/de/privacy-policy"))).toContain("Zuletzt aktualisiert: 14. März 2026");
  });

  it("a translated policy says the English text prevails, and links to it; the English one does not", () => {
    const de = new DOMParser().parseFromString(page("/de/privacy-policy"), "text/html");
    const notice = de.querySelector("[data-prevails]")!;
    expect(notice.textContent).toContain("Im Zweifel gilt die englische Fassung.");
    expect(notice.querySelector("a")!.getAttribute("href")).toBe("/privacy-policy");
    expect(de.querySelector("h1")!.textContent).toBe("Datenschutzerklärung");
    const fr = new DOMParser().parseFromString(page("/fr/terms-of-service"), "text/html");
    expect(fr.querySelector("[data-prevails]")!.textContent).toContain("la version anglaise fait foi");
    expect(fr.querySelector("[data-prevails] a")!.getAttribute("href")).toBe("/terms-of-service");
    expect(page("/privacy-policy")).not.toContain("data-prevails");
    // the policies' figures are the domain's in every language
    expect(text(page("/de/privacy-policy"))).toContain(`noch ${RETENTION_DAYS} Tage aufbewahrt`);
  });

  it("the not-found page has its language too, not indexed", () => {
    const html = page("/de/no-such-page");
    expect(html).toMatch(/<html lang="de">/);
    expect(text(html)).toContain("Seite nicht gefunden");
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain("hreflang");
    expect(hrefs(html)).toContain("/de/");
  });

  it("every language has every page (titles and descriptions of its own), each written where Static Assets serve it", () => {
    for (const locale of locales) {
      const routes = publicRoutes(APP, locale);
      expect(routes.map((r) => r.page)).toEqual(publicRoutes(APP).map((r) => r.page));
      expect(routes.map((r) => r.path)).toEqual(publicRoutes(APP).map((r) => localePath(locale, r.path)));
      const indexable = routes.filter((r) => r.indexable);
      expect(new Set(indexable.map((r) => r.title)).size).toBe(indexable.length);
      expect(new Set(indexable.map((r) => r.description)).size).toBe(indexable.length);
      if (locale !== baseLocale) expect(indexable.filter((r) => publicRoutes(APP).some((e) => e.title === r.title))).toEqual([]);
    }
    expect(["/", "/de/", "/services/x", "/de/services/x"].map(fileFor)).toEqual([
      "index.html",
      "de/index.html",
      "services/x.html",
      "de/services/x.html",
    ]);
    expect(["/404", "/de/404"].map(notFoundFile)).toEqual(["404.html", "de/404.html"]);
  });

  it("the sitemaps: an index at /sitemap.xml, one sitemap per language listing every page with its alternates", () => {
    const routes = locales.flatMap((l) => publicRoutes(APP, l));
    const files = sitemaps(routes, APP, "2026-03-14");
    expect(Object.keys(files).sort()).toEqual(["sitemap.xml", ...locales.map((l) => `sitemap-${l}.xml`)].sort());
    expect([...files["sitemap.xml"]!.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((x) => x[1])).toEqual(
      locales.map((l) => `${APP}/sitemap-${l}.xml`),
    );
    const pages = publicRoutes(APP)
      .filter((r) => r.indexable)
      .map((r) => r.path);
    for (const l of locales) {
      const xml = files[`sitemap-${l}.xml`]!;
      expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((x) => x[1])).toEqual(pages.map((p) => `${APP}${localePath(l, p)}`));
      expect(xml).not.toContain("404");
      // each page names its five languages
      expect(xml.match(/<xhtml:link rel="alternate" hreflang=/g)).toHaveLength(pages.length * locales.length);
      expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${APP}/de/services/cv-headshots"/>`);
    }
    expect(robotsTxt(APP)).toContain(`Sitemap: ${APP}/sitemap.xml`);
  });

  it("the header island hydrates in the page's language: <html lang> (the path's language) before it renders", () => {
    const doc = new DOMParser().parseFromString(page("/fr/"), "text/html");
    const prerendered = doc.querySelector('[data-island="header"]')!.innerHTML;
    document.documentElement.lang = "fr";
    try {
      expect(pageLocale(location.pathname)).toBe("fr");
      const el = document.createElement("div");
      el.innerHTML = withLocale(pageLocale(location.pathname), () => renderToString(<StrictMode>{HYDRATED_ISLANDS.header()}</StrictMode>));
      expect(prerendered).toBe(el.innerHTML);
      expect(prerendered).toContain("Comment ça marche");
    } finally {
      document.documentElement.lang = "en";
    }
  });
});

describe("security headers", () => {
  it("the CSP admits no inline script but the first script, by its hash", () => {
    expect(headersFile("", "abc=")).toMatch(/script-src 'self' 'sha256-abc=' 'wasm-unsafe-eval';/);
    expect(headersFile("", "abc=")).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("the CSP lets the pixel's hosts in only when a pixel is configured", () => {
    expect(headersFile("", "abc=")).not.toContain("facebook");
    const withPixel = headersFile("1234567890", "abc=");
    expect(withPixel).toMatch(/script-src 'self' 'sha256-abc=' 'wasm-unsafe-eval' https:\/\/connect\.facebook\.net;/);
    expect(withPixel).toMatch(/img-src 'self' data: blob: https:\/\/www\.facebook\.com;/);
  });

  it("scripts stay our own: WebAssembly may compile (the face model), JavaScript may not be eval'd", () => {
    const csp = /Content-Security-Policy: (.*)/.exec(headersFile("", "abc="))![1]!;
    expect(csp).toContain("script-src 'self' 'sha256-abc=' 'wasm-unsafe-eval';");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});
