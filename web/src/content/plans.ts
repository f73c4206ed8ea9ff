/**
 * The plans' and styles' words in the page's language (copy/messages/common): card lines, features and
 * the fair-use allowance, their figures from domain/ (decision 295). The plan cards and the public pages use
 * them; domain/plans.ts keeps the figures and the English the worker's figures are checked against.
 */
// from @/lib/domain, which re-exports domain/limits and domain/plans (the fair-use table may move between them)
import { FAIR_USE, FAIR_USE_AT_ONCE, STYLES, planById, type FairUsePlan, type PlanType, type Style } from "@/lib/domain";
import { m } from "@/lib/copy";

/** "6 a day", "6 a week": how a plan's allowance refills. */
export function refillWords(plan: FairUsePlan): string {
  const { refill, per } = FAIR_USE[plan];
  return per === "week" ? m.common_refill_week({ count: refill }) : m.common_refill_day({ count: refill });
}

/** "up to 15 pictures at once, then 5 a day": one plan's allowance. */
export const fairUseCaps = (plan: FairUsePlan) => m.common_fair_use_caps({ atOnce: FAIR_USE[plan].atOnce, refill: refillWords(plan) });

/** "Fair use: up to 15 pictures at once, then 5 a day", the note under "Unlimited generations". */
export const fairUseNote = (plan: FairUsePlan) => m.common_fair_use_note({ caps: fairUseCaps(plan) });

/** Every plan's allowance in one clause, for copy that speaks of all plans at once. */
export const fairUseAllPlans = () =>
  m.common_fair_use_all_plans({
    atOnce: FAIR_USE_AT_ONCE,
    weekly: refillWords("weekly"),
    monthly: refillWords("monthly"),
    yearly: refillWords("yearly"),
    team: refillWords("team"),
  });

/** A plan's name: kept as the plan table gives it in every language (copy/README.md: brand and plan names stay). */
export const planName = (id: PlanType) => planById(id).name;

/**
 * The line under a plan's name on its card (domain/plans.ts `planCardLine`): Monthly's description is its badge's
 * words, so its card says what it is for; Yearly's states its saving.
 */
export function planLine(id: PlanType, savingPercent: number): string {
  if (id === "yearly") return m.common_plan_line_yearly({ percent: savingPercent });
  return id === "monthly" ? m.common_plan_line_monthly() : m.common_plan_line_weekly();
}

/** A plan's feature (domain/plans.ts, in English there) in the page's language; the Unlimited one carries its note. */
const FEATURES: Record<string, () => string> = {
  "Unlimited generations": m.common_plan_feature_unlimited,
  [`All ${STYLES.length} AI styles`]: () => m.common_plan_feature_styles({ styles: STYLES.length }),
  "HD downloads": m.common_plan_feature_hd,
  "Priority support": m.common_plan_feature_support,
  "Early access to new styles": m.common_plan_feature_early_access,
};
export const featureLabel = (feature: string) => FEATURES[feature]?.() ?? feature;

const STYLE_DESCRIPTIONS: Record<Style["slug"], () => string> = {
  linkedin: m.common_style_linkedin_description,
  corporate: m.common_style_corporate_description,
  blazer: m.common_style_blazer_description,
  suit: m.common_style_suit_description,
  business: m.common_style_business_description,
  "white-background": m.common_style_white_background_description,
  "black-background": m.common_style_black_background_description,
  speaker: m.common_style_speaker_description,
  "casual-selfie": m.common_style_casual_selfie_description,
  office: m.common_style_office_description,
};
/** A style's one-line description (domain/styles.ts) in the page's language; its name stays as it is. */
export const styleDescription = (slug: Style["slug"]) => STYLE_DESCRIPTIONS[slug]();
