/**
 * What the landing claims from its figures (decisions 112, 182): a count only once it is worth showing,
 * and the numbers strip only with a live figure in it, never its "Instant processing" alone (issue 35).
 */
import { describe, expect, it } from "vitest";
import { MIN_HEADSHOTS_SHOWN, MIN_RATINGS_SHOWN } from "../../domain/ratings";
import { renderLanding } from "./serve";
import type { LandingFigures } from "./figures";

const PAGE = `<!doctype html><html><body>
<p data-live="badge" hidden><span data-live="badge-text"></span></p>
<section data-live="numbers" hidden><dl>
<div data-live="claim-headshots" hidden><dt>headshots generated</dt><dd data-live="headshots"></dd></div>
<div data-live="claim-rating" hidden><dt>rating</dt><dd data-live="rating"></dd></div>
<div><dt>processing</dt><dd>Instant</dd></div>
</dl></section>
</body></html>`;

const figures = (headshots: number, ratings = 0): LandingFigures => ({
  headshots,
  ratings,
  average: ratings ? 4.6 : null,
  testimonials: [],
});
const shown = (html: string, live: string) => !new RegExp(`data-live="${live}"[^>]*hidden`).test(html);

describe("the landing's count and numbers strip", () => {
  it("a fresh site (8 headshots, no ratings) claims nothing: no count, no badge, no strip with a lone 'Instant'", async () => {
    const html = await renderLanding(PAGE, figures(8));
    expect(html).not.toContain("8 headshots generated");
    expect(html).not.toMatch(/data-live="headshots">8</);
    for (const live of ["badge", "numbers", "claim-headshots"]) expect(shown(html, live), live).toBe(false);
  });

  it(`from ${MIN_HEADSHOTS_SHOWN} headshots: the count in the hero's line and the strip`, async () => {
    const html = await renderLanding(PAGE, figures(1234));
    expect(html).toContain('<span data-live="badge-text">1,200+ headshots generated</span>');
    expect(html).toContain('<dd data-live="headshots">1,200+</dd>');
    for (const live of ["badge", "numbers", "claim-headshots"]) expect(shown(html, live), live).toBe(true);
    expect(shown(html, "claim-rating")).toBe(false);
    expect(shown(await renderLanding(PAGE, figures(MIN_HEADSHOTS_SHOWN - 1)), "numbers")).toBe(false);
  });

  it("a rating worth showing shows the strip without a count", async () => {
    const html = await renderLanding(PAGE, figures(40, MIN_RATINGS_SHOWN));
    expect(shown(html, "numbers")).toBe(true);
    expect(shown(html, "claim-rating")).toBe(true);
    expect(shown(html, "claim-headshots")).toBe(false);
    expect(html).toContain('<span data-live="badge-text">Rated 4.6/5</span>');
  });
});
