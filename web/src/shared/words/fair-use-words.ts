/**
 * Every plan's fair-use allowance in one clause, in the reader's language (issue 50): the numbers come from
 * domain/limits.ts (FAIR_USE), the words from the catalogue. English reads exactly as domain's FAIR_USE_ALL_PLANS.
 */
import { m } from "@/lib/copy";
import { FAIR_USE, FAIR_USE_AT_ONCE, type FairUsePlan } from "@/lib/domain";

/** "6 a day" / "6 pro Tag". */
export function refillWords(plan: FairUsePlan): string {
  const { refill, per } = FAIR_USE[plan];
  return per === "week" ? m.common_refill_week({ count: refill }) : m.common_refill_day({ count: refill });
}

export const fairUseAllPlans = (): string =>
  m.common_fair_use_all_plans({
    atOnce: FAIR_USE_AT_ONCE,
    weekly: refillWords("weekly"),
    monthly: refillWords("monthly"),
    yearly: refillWords("yearly"),
    team: refillWords("team"),
  });

/** One plan's allowance: "up to 15 pictures at once, then 3 a day" (domain's fairUseCaps, in the reader's language). */
export const fairUseCaps = (plan: FairUsePlan): string =>
  m.common_fair_use_caps({ atOnce: FAIR_USE[plan].atOnce, refill: refillWords(plan) });
