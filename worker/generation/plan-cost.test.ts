/**
 * Fair use that the business can afford (issue 32, decision 163): each plan's worst case, a subscriber at the
 * daily cap every day of the billing period with every picture at 2K on the configured default model, must
 * cost no more than the plan's price. Prices are euro cents (domain/plans.ts), the model's US dollars
 * (domain/models.ts), converted at EUR_PER_USD.
 */
import { describe, expect, it } from "vitest";
import { FAIR_USE_PER_DAY } from "../../domain/limits";
import { DEFAULT_IMAGE_MODEL, EUR_PER_USD, PAID_IMAGE_SIZE, imageCostMills, imageModel } from "../../domain/models";
import { PLANS, TEAM_PLAN } from "../../domain/plans";
import { SHOOT_MAX_PHOTOS } from "../../domain/shoots";
import { CONFIG_DEFAULTS } from "../config";

/** The most a call bills beside its image: every reference photo of a shoot (1,120 tokens each), a long prompt, some thinking. */
const WORST_USAGE = { promptTokenCount: 1120 * SHOOT_MAX_PHOTOS + 1000, thoughtsTokenCount: 500 };

const periods = [
  ...PLANS.map((p) => ({ id: p.id, priceCents: p.priceCents, periodDays: p.periodDays })),
  { id: "team" as const, priceCents: TEAM_PLAN.pricePerSeatCents, periodDays: TEAM_PLAN.periodDays },
];

describe("each plan's worst-case model cost per billing period", () => {
  const model = imageModel(CONFIG_DEFAULTS.GEMINI_MODEL)!;
  const perImageCents = (imageCostMills(model, PAID_IMAGE_SIZE, WORST_USAGE) / 10) * EUR_PER_USD;

  it("is the configured default model, paid generations at 2K", () => {
    expect(model.id).toBe(DEFAULT_IMAGE_MODEL);
    expect(perImageCents).toBeGreaterThan(4.7); // Nano Banana 2.1: $0.0504 at 2K and its tokens, in euro cents
  });

  for (const plan of periods) {
    it(`${plan.id}: ${FAIR_USE_PER_DAY[plan.id]} a day for ${plan.periodDays} days stays within its price`, () => {
      const worstCents = plan.periodDays * FAIR_USE_PER_DAY[plan.id] * perImageCents;
      expect(
        worstCents,
        `${plan.id} could cost €${(worstCents / 100).toFixed(2)} against its €${(plan.priceCents / 100).toFixed(2)}`,
      ).toBeLessThanOrEqual(plan.priceCents);
    });
  }
});
