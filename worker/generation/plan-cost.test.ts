/**
 * Fair use that the business can afford (issue 32; decisions 163 and 295): each plan's worst case must cost at
 * most MODEL_SHARE of what its price leaves after VAT and Stripe's fees.
 *
 * - The worst case: a subscriber who takes everything the fair-use allowance gives over one billing period — the
 *   full allowance at its start (FAIR_USE[plan].atOnce) and its refill for every day of the period — every picture
 *   at 2K on DEFAULT_IMAGE_MODEL (domain/models.ts, whatever it is), with a shoot's reference photos, a long prompt
 *   and some thinking. Prices are euro cents (domain/plans.ts), the model's US dollars, converted at EUR_PER_USD.
 * - VAT: our prices are what a consumer pays, VAT included, and under the EU's one-stop shop the VAT of the buyer's
 *   country is due; the same price is sold everywhere, so the test assumes the highest standard rate in the EU,
 *   Hungary's 27 %, so that no buyer's country leaves less than the test counts.
 * - Stripe: 1.5 % + €0.25 per charge for standard EEA cards (Stripe's "Pricing updates for businesses based in the
 *   EEA", in force since 10 April 2023; read 5 Dec 2026 — premium and non-EEA cards cost more, a business choice to
 *   watch), plus Stripe Billing's 0.7 % of the recurring volume (support.stripe.com "July 2024 changes to Stripe
 *   Billing", read 5 Dec 2026). A Team invoice is one charge for all its seats: counted per seat as if each seat were
 *   a charge of its own (the fixed fee once per seat), which overstates the fee.
 * - Margin: the model may take at most 80 % of the net (MODEL_SHARE); the other 20 % pays the rest of serving a
 *   subscriber (storage, Workers, the database, email), disputes and the exchange rate's moves beyond EUR_PER_USD.
 */
import { describe, expect, it } from "vitest";
import { fairUseRefillPerDay } from "../../domain/limits";
import { DEFAULT_IMAGE_MODEL, EUR_PER_USD, PAID_IMAGE_SIZE, imageCostMills, imageModel } from "../../domain/models";
import { FAIR_USE, PLANS, TEAM_PLAN } from "../../domain/plans";
import { SHOOT_MAX_PHOTOS, SHOOT_MAX_STYLES } from "../../domain/shoots";
import { CONFIG_DEFAULTS } from "../config";

/** The highest standard VAT rate in the EU (Hungary), as a fraction. */
const VAT = 0.27;
/** Stripe's fee per charge for a standard EEA card, and Stripe Billing's share of the recurring volume. */
const STRIPE_PERCENT = 0.015 + 0.007;
const STRIPE_FIXED_CENTS = 25;
/** The most of the net that the model's worst case may take. */
const MODEL_SHARE = 0.8;

/** What a charge of `priceCents` (VAT included) leaves us, in euro cents. */
const netCents = (priceCents: number) => priceCents / (1 + VAT) - (priceCents * STRIPE_PERCENT + STRIPE_FIXED_CENTS);

/** The most a call bills beside its image: every reference photo of a shoot (1,120 tokens each), a long prompt, some thinking. */
const WORST_USAGE = { promptTokenCount: 1120 * SHOOT_MAX_PHOTOS + 1000, thoughtsTokenCount: 500 };

const periods = [
  ...PLANS.map((p) => ({ id: p.id, priceCents: p.priceCents, periodDays: p.periodDays })),
  { id: "team" as const, priceCents: TEAM_PLAN.pricePerSeatCents, periodDays: TEAM_PLAN.periodDays },
];

describe("each plan's worst-case model cost per billing period, against its net price", () => {
  const model = imageModel(DEFAULT_IMAGE_MODEL)!;
  const perImageCents = (imageCostMills(model, PAID_IMAGE_SIZE, WORST_USAGE) / 10) * EUR_PER_USD;

  it("prices the default model, which the configuration uses unless told otherwise, at 2K", () => {
    expect(model.id).toBe(DEFAULT_IMAGE_MODEL);
    expect(CONFIG_DEFAULTS.GEMINI_MODEL).toBe(DEFAULT_IMAGE_MODEL);
    expect(perImageCents).toBeGreaterThan((model.imageMills[PAID_IMAGE_SIZE]! / 10) * EUR_PER_USD);
  });

  it("nets a price after VAT and Stripe: €29.99 leaves €22.70", () => {
    expect(netCents(2999) / 100).toBeCloseTo(2999 / 1.27 / 100 - (29.99 * 0.022 + 0.25), 6);
    expect(Math.round(netCents(2999))).toBe(2270);
  });

  for (const plan of periods) {
    const allowance = FAIR_USE[plan.id];
    const pictures = allowance.atOnce + fairUseRefillPerDay(allowance) * plan.periodDays;
    it(`${plan.id}: ${allowance.atOnce} at once, then ${allowance.refill} a ${allowance.per}, for ${plan.periodDays} days (${Math.floor(pictures)} pictures) stays within ${MODEL_SHARE * 100} % of its net price`, () => {
      const worstCents = pictures * perImageCents;
      const budget = netCents(plan.priceCents) * MODEL_SHARE;
      expect(
        worstCents,
        `${plan.id} could cost €${(worstCents / 100).toFixed(2)} against ${MODEL_SHARE * 100} % of its net €${(netCents(plan.priceCents) / 100).toFixed(2)}`,
      ).toBeLessThanOrEqual(budget);
    });
  }

  it("a first shoot of every style and a few edits fits any plan's allowance at once", () => {
    for (const allowance of Object.values(FAIR_USE)) expect(allowance.atOnce).toBeGreaterThanOrEqual(SHOOT_MAX_STYLES + 3);
  });
});
