/**
 * The landing's plan prices (decision 093): built with the launch prices, rewritten with today's price
 * of every plan whose price change is in effect — the same amounts /api/stripe/plans gives /pricing.
 */
import { describe, expect, it } from "vitest";
import { renderLanding } from "./serve";
import type { LandingFigures } from "./figures";

const PRODUCT = {
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Headshot Studio subscription",
  offers: [
    { "@type": "Offer", name: "Weekly", price: "9.99", priceCurrency: "EUR" },
    { "@type": "Offer", name: "Monthly", price: "29.99", priceCurrency: "EUR" },
    { "@type": "Offer", name: "Yearly", price: "60.00", priceCurrency: "EUR" },
  ],
};
const SITE = { "@context": "https://schema.org", "@type": "WebSite", name: "Headshot Studio <x>" };
const PAGE = `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(SITE).replace(/</g, "\\u003c")}</script><script type="application/ld+json">${JSON.stringify(PRODUCT)}</script></head><body><ul>
<li><p>Perfect for a quick refresh</p><span data-live="price-weekly">€9.99</span><p data-live="daily-weekly">€1.43 per day</p></li>
<li><span data-live="price-monthly">€29.99</span><p data-live="daily-monthly">€1.00 per day</p></li>
<li><p data-live="description-yearly">Best value - Save 83%</p><span data-live="price-yearly">€60.00</span><p data-live="daily-yearly">€0.16 per day</p></li>
</ul></body></html>`;

const figures = (prices: LandingFigures["prices"]): LandingFigures => ({
  headshots: 0,
  ratings: 0,
  average: null,
  testimonials: [],
  prices,
});

describe("the landing's prices", () => {
  it("show today's price, per day and the yearly saving once a change is in effect", async () => {
    const html = await renderLanding(PAGE, figures({ monthly: 3499 }));
    expect(html).toContain('<span data-live="price-monthly">€34.99</span>');
    expect(html).toContain('<p data-live="daily-monthly">€1.17 per day</p>');
    // the yearly saving is against twelve months of today's monthly price: 1 − 6000 / 41988 = 86 %
    expect(html).toContain('<p data-live="description-yearly">Best value - Save 86%</p>');
    expect(html).toContain('<span data-live="price-weekly">€9.99</span>');
    expect(html).toContain('<span data-live="price-yearly">€60.00</span>');
    // the search engines' offers say the same
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    expect(scripts[0]).toEqual(SITE);
    expect((scripts[1]!.offers as { name: string; price: string }[]).map((o) => [o.name, o.price])).toEqual([
      ["Weekly", "9.99"],
      ["Monthly", "34.99"],
      ["Yearly", "60.00"],
    ]);
    expect(html).not.toContain("Headshot Studio <x>");
  });

  it("the business page's Team seat price: today's once a Team price change is in effect (decision 289)", async () => {
    const BUSINESS = `<p>With the Team plan (<span data-live="price-team">€19.99</span> per seat a month) you pick one style</p>`;
    expect(await renderLanding(BUSINESS, figures({ team: 2499 }))).toContain('(<span data-live="price-team">€24.99</span> per seat');
    // another plan's change leaves the seat price as built
    expect(await renderLanding(BUSINESS, figures({ monthly: 3499 }))).toContain('<span data-live="price-team">€19.99</span>');
    // and the Team change leaves the other plans'
    const landing = await renderLanding(PAGE, figures({ team: 2499 }));
    expect(landing).toContain('<span data-live="price-monthly">€29.99</span>');
    expect(landing).toContain('<p data-live="description-yearly">Best value - Save 83%</p>');
  });

  it("keep the launch prices the page was built with when nothing changed, or when there are no figures", async () => {
    expect(await renderLanding(PAGE, figures({}))).toContain('<span data-live="price-monthly">€29.99</span>');
    expect(await renderLanding(PAGE, undefined)).toContain('<p data-live="description-yearly">Best value - Save 83%</p>');
  });

  it("are written in the page's language on every language's copy (issue 50): German money, per day and saving", async () => {
    const GERMAN = PAGE.replace('"Monthly"', '"Monatlich"');
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
    const html = plain(await renderLanding(GERMAN, figures({ monthly: 3499, team: 2499 }), "de"));
    expect(html).toContain('<span data-live="price-monthly">34,99 €</span>');
    expect(html).toContain('<p data-live="daily-monthly">1,17 € pro Tag</p>');
    expect(html).toContain('<p data-live="description-yearly">Bester Preis – 86 % sparen</p>');
    expect(html).toContain('<span data-live="price-weekly">9,99 €</span>');
    // the offers keep the JSON-LD's own number format, found by the plan's name in the page's language
    const product = JSON.parse(
      /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"Product"[\s\S]*?)<\/script>/.exec(html)![1]!,
    );
    expect((product.offers as { name: string; price: string }[]).map((o) => [o.name, o.price])).toContainEqual(["Monatlich", "34.99"]);
    expect(plain(await renderLanding('<span data-live="price-team">19,99 €</span>', figures({ team: 2499 }), "fr"))).toBe(
      '<span data-live="price-team">24,99 €</span>',
    );
  });
});
