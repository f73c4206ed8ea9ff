/**
 * GET / : the prerendered landing (web/dist/index.html, decision 071) with the true figures written
 * into it (issue 26; docs/decisions/112-live-landing-figures.md). The page is built with every live
 * part empty and `hidden`, so without figures it claims nothing; here they are filled in and shown:
 *   [data-live=badge] + [data-live=badge-text]    the hero's line ("Rated 4.8/5 · 1,200+ headshots generated")
 *   [data-live=numbers]   the numbers strip, only when it has a live figure to show (never "Instant" alone)
 *   [data-live=claim-headshots] + [data-live=headshots]   the count, only from MIN_HEADSHOTS_SHOWN headshots
 *   [data-live=claim-rating] + [data-live=rating]  the average, only from MIN_RATINGS_SHOWN ratings
 *   [data-live=testimonials] + [data-live=testimonial-list]  approved comments, each a copy of the
 *     page's own <template data-live=testimonial-card> with {{…}} filled in (HTML-escaped)
 *   [data-live=pictures] + [data-live=picture-list]  the real results the operator featured, with the photos
 *     they were made from (their owners consented; decision 183), copies of <template data-live=picture-card>
 *   img[data-example=<place>]   a style's example (and [data-side] of the before/after pair): the real result the
 *     operator put in that place (decision 252), through /api/landing/examples; the illustration stays otherwise
 *   [data-live=before-after]   the before/after section, only when its pair is chosen
 *   [data-live=price-<plan>], [data-live=daily-<plan>], [data-live=description-yearly]  today's price of
 *     a plan whose price changed (decision 093), and the matching offer's price in the Product JSON-LD;
 *     the page is built with the launch prices, which stay when there are no figures
 *   [data-live=price-team]   today's Team seat price, once a Team price change is in effect (decision 289)
 * The same goes for the other LIVE_PAGES: the business page names the Team seat price (issue 25). Every language's
 * copy of these pages (`/de/`, `/fr/services/business-headshots`…) is live too, its words and numbers written in the
 * page's language (the catalogue's, as the prerender wrote them: issue 50).
 * The finished HTML is kept per isolate and page for its (asset, figures) pair, so a request costs the asset
 * lookup and a memory read; it carries an ETag of both, and a matching If-None-Match is a 304.
 */
import { MIN_HEADSHOTS_SHOWN, MIN_RATINGS_SHOWN, ratingText, roundedCount } from "../../domain/ratings";
import { CURRENCY, PLANS, SAVING_PLAN, TEAM_PLAN, dailyPrice, savingAt, type PlanType } from "../../domain/plans";
import { baseLocale, formatMoney, intlLocale, localePath, locales, m, splitLocalePath, type Locale } from "../../copy";
import { planWord } from "../mail";
import { landingFigures, type LandingFigures, type LandingTestimonial } from "./figures";
import { exampleUrl } from "./examples";
import { BEFORE_AFTER_SLOT } from "../../domain/ratings";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const counted = (f: LandingFigures) => f.headshots >= MIN_HEADSHOTS_SHOWN;
const rated = (f: LandingFigures) => f.ratings >= MIN_RATINGS_SHOWN && f.average !== null;

/** The hero's line: the rating and the count, each when there are enough to be worth saying, in the page's language. */
export function badgeText(f: LandingFigures, locale: Locale = baseLocale): string | null {
  const parts: string[] = [];
  if (rated(f)) parts.push(m.public_live_rated({ rating: ratingText(f.average!, intlLocale(locale)) }, { locale }));
  if (counted(f)) parts.push(m.public_live_headshots({ count: roundedCount(f.headshots, intlLocale(locale)) }, { locale }));
  return parts.length ? parts.join(" · ") : null;
}

/** One copy of the page's `<template data-live="{name}">` per item, its {{key}} places filled in, HTML-escaped. */
function cards(html: string, name: string, items: Record<string, string>[]): string {
  const open = `<template data-live="${name}">`;
  const start = html.indexOf(open);
  const end = start < 0 ? -1 : html.indexOf("</template>", start);
  if (end < 0) return "";
  const card = html.slice(start + open.length, end);
  return items.map((values) => card.replace(/\{\{(\w+)\}\}/g, (m, key: string) => (key in values ? escapeHtml(values[key]!) : m))).join("");
}

const testimonialCards = (html: string, testimonials: LandingTestimonial[]) =>
  cards(
    html,
    "testimonial-card",
    testimonials.map((t) => ({ stars: String(t.stars), quote: t.comment, name: t.firstName, role: t.role })),
  );

/**
 * The landing's HTML with `figures` written in (or with every live part left hidden when undefined), in the page's
 * language (`locale`: the words and formats the prerender used for it).
 */
export async function renderLanding(html: string, figures: LandingFigures | undefined, locale: Locale = baseLocale): Promise<string> {
  const money = (cents: number) => formatMoney(cents, CURRENCY, locale);
  const rewriter = new HTMLRewriter().on(`template[data-live]`, {
    element: (e) => {
      e.remove();
    },
  });
  if (figures) {
    const badge = badgeText(figures, locale);
    const unhide = (when: boolean) => ({
      element: (e: Element) => {
        if (when) e.removeAttribute("hidden");
      },
    });
    const text = (value: string) => ({
      element: (e: Element) => {
        e.setInnerContent(value);
      },
    });
    rewriter
      .on(`[data-live="badge"]`, unhide(badge !== null))
      .on(`[data-live="badge-text"]`, text(badge ?? ""))
      .on(`[data-live="numbers"]`, unhide(counted(figures) || rated(figures)))
      .on(`[data-live="claim-headshots"]`, unhide(counted(figures)))
      .on(`[data-live="headshots"]`, text(counted(figures) ? roundedCount(figures.headshots, intlLocale(locale)) : ""))
      .on(`[data-live="claim-rating"]`, unhide(rated(figures)))
      .on(`[data-live="rating"]`, text(rated(figures) ? ratingText(figures.average!, intlLocale(locale)) : ""))
      .on(`[data-live="testimonials"]`, unhide(figures.testimonials.length > 0))
      .on(`[data-live="testimonial-list"]`, {
        element: (e) => {
          e.setInnerContent(testimonialCards(html, figures.testimonials), { html: true });
        },
      })
      .on(`[data-live="before-after"]`, unhide(Boolean(figures.examples?.[BEFORE_AFTER_SLOT])))
      .on(`img[data-example]`, {
        element: (e) => {
          const slot = e.getAttribute("data-example") ?? "";
          const tag = figures.examples?.[slot];
          if (tag) e.setAttribute("src", exampleUrl(slot, e.getAttribute("data-side") === "before" ? "before" : "after", tag));
        },
      })
      .on(`[data-live="pictures"]`, unhide((figures.pictures ?? []).length > 0))
      .on(`[data-live="picture-list"]`, {
        element: (e) => {
          e.setInnerContent(
            cards(
              html,
              "picture-card",
              (figures.pictures ?? []).map((p) => ({ ...p })),
            ),
            { html: true },
          );
        },
      });
    const changed = figures.prices ?? {};
    if (Object.keys(changed).length > 0) {
      const amounts = Object.fromEntries(PLANS.map((p) => [p.id, changed[p.id] ?? p.priceCents])) as Record<PlanType, number>;
      for (const p of PLANS) {
        rewriter
          .on(`[data-live="price-${p.id}"]`, text(money(amounts[p.id])))
          .on(
            `[data-live="daily-${p.id}"]`,
            text(
              m.public_pricing_per_day(
                { price: money(Math.round(Number(dailyPrice({ priceCents: amounts[p.id], periodDays: p.periodDays })) * 100)) },
                { locale },
              ),
            ),
          );
      }
      rewriter.on(
        `[data-live="description-${SAVING_PLAN}"]`,
        text(m.common_plan_line({ plan: SAVING_PLAN, percent: savingAt(amounts) }, { locale })),
      );
      rewriter.on(`script[type="application/ld+json"]`, offerPrices(amounts, locale));
      const seat = changed[TEAM_PLAN.id];
      if (seat !== undefined) rewriter.on(`[data-live="price-${TEAM_PLAN.id}"]`, text(money(seat)));
    }
  }
  return rewriter.transform(new Response(html)).text();
}

/** The Product JSON-LD's offers (one per plan, named as the plan, in English or the page's language) at today's prices; other scripts unchanged. */
function offerPrices(amounts: Record<PlanType, number>, locale: Locale): HTMLRewriterElementContentHandlers {
  let buffer = "";
  return {
    text(chunk) {
      buffer += chunk.text;
      if (!chunk.lastInTextNode) {
        chunk.remove();
        return;
      }
      const source = buffer;
      buffer = "";
      let data: { "@type"?: string; offers?: { name?: string; price?: string }[] };
      try {
        data = JSON.parse(source) as typeof data;
      } catch {
        chunk.replace(source, { html: true });
        return;
      }
      if (data["@type"] !== "Product" || !Array.isArray(data.offers)) {
        chunk.replace(source, { html: true });
        return;
      }
      for (const offer of data.offers) {
        const plan = PLANS.find((p) => p.name === offer.name || planWord(p.id, locale) === offer.name);
        if (plan) offer.price = (amounts[plan.id] / 100).toFixed(2);
      }
      chunk.replace(JSON.stringify(data).replace(/</g, "\\u003c"), { html: true });
    },
  };
}

/** The public pages the worker writes today's figures into, by their English path. */
const LIVE_PAGE_PATHS = ["/", "/services/business-headshots"] as const;

/**
 * The prerendered pages that reach the worker first (wrangler.toml run_worker_first) to get today's figures: each
 * live page in every language (`/`, `/de/`, `/fr/services/business-headshots`…).
 */
export const LIVE_PAGES: ReadonlySet<string> = new Set(
  locales.flatMap((locale) => LIVE_PAGE_PATHS.map((path) => localePath(locale, path))),
);

/** Per page: the HTML last made, and from what. */
const rendered = new Map<string, { key: string; body: string }>();

/** One of LIVE_PAGES, with its figures written in. */
export async function serveLivePage(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const path = new URL(request.url).pathname;
  const [asset, memo] = await Promise.all([
    env.ASSETS.fetch(new Request(request.url, { method: "GET" })),
    landingFigures(env, (p) => ctx.waitUntil(p)),
  ]);
  if (!asset.ok) return asset;
  const key = `${asset.headers.get("ETag") ?? ""}|${memo?.version ?? "none"}`;
  const etag = `W/"${key.replace(/[^\w-]/g, "")}"`;
  const headers = new Headers(asset.headers);
  headers.delete("Content-Length");
  headers.set("ETag", etag);
  headers.set("Cache-Control", "public, max-age=0, must-revalidate");
  if (request.headers.get("If-None-Match") === etag) {
    await asset.body?.cancel();
    return new Response(null, { status: 304, headers });
  }
  let page = rendered.get(path);
  if (page?.key === key) await asset.body?.cancel();
  else rendered.set(path, (page = { key, body: await renderLanding(await asset.text(), memo?.figures, splitLocalePath(path).locale) }));
  return new Response(request.method === "HEAD" ? null : page.body, { status: 200, headers });
}
