/**
 * The plans in words, in the page's language (issues 49, 50; decision 370): the one module every screen, public
 * page and the Terms take a plan's name, card line, features and fair-use allowance from. The figures and the rows
 * come from the plan table (domain/plans.ts: `BILLING_PLANS`, `FAIR_USE`, `TEAM_PLAN`, `savingAt`); the words from
 * the catalogue (copy/messages/common), where a message that differs per plan selects on the plan's id
 * (`common_plan_name`, `common_plan_line`). So no line here names a plan: a new row of the table is a new variant
 * of those messages, and nothing in this file changes.
 */
import {
  BILLING_PLANS,
  FAIR_USE,
  FAIR_USE_AT_ONCE,
  STYLES,
  TEAM_PLAN,
  isTeamPlan,
  savingAt,
  type BillingPlan,
  type FairUsePlan,
  type PlanType,
  type TeamRole,
} from "@/lib/domain";
import { formatDate, formatList, formatMoney, getLocale, m } from "@/lib/copy";

/** A plan's name: "Monthly", "Monatlich", … (the Team plan is "Team" everywhere). */
export const planName = (id: BillingPlan): string => m.common_plan_name({ plan: id });

/**
 * The line under a plan's name on its card (issue 35): what the plan is for; the saving plan's states its saving at
 * today's prices (`amounts`, each plan's cents), the launch figure while they are not known.
 */
export const planCardLine = (id: BillingPlan, amounts: Partial<Record<PlanType, number>> = {}): string =>
  m.common_plan_line({ plan: id, percent: savingAt(amounts) });

/** Money in the page's language, with its cents (issue 35): "€29.99", "29,99 €". */
export const money = (cents: number, currency = "EUR") => formatMoney(cents, currency, getLocale());

/** A billing day (period ends, renewals: days in UTC as Stripe keeps them) in the page's language: "5 March 2027". */
export const billingDate = (iso: string | Date) => formatDate(iso, getLocale(), "long", { timeZone: "UTC" });

/** A price and its period: "€29.99 per month", "29,99 € pro Monat". */
export const pricePer = (cents: number, currency: string, period: string) => m.billing_price_per({ price: money(cents, currency), period });

/** How a plan's fair-use allowance refills: "5 a day", "6 pro Woche" (decision 295). */
export function refillWords(plan: FairUsePlan): string {
  const { refill, per } = FAIR_USE[plan];
  return per === "week" ? m.common_refill_week({ count: refill }) : m.common_refill_day({ count: refill });
}

/** A plan's fair-use allowance: "up to 15 pictures at once, then 5 a day" (decisions 108, 295). */
export const fairUseCaps = (plan: FairUsePlan) => m.common_fair_use_caps({ atOnce: FAIR_USE[plan].atOnce, refill: refillWords(plan) });

/** A Team seat's fair-use allowance (the per-seat plan's, each member's): what a seat, an invitation and a cover say. */
export const seatFairUse = () => fairUseCaps(TEAM_PLAN.id);

/** "Fair use: up to 15 pictures at once, then 5 a day", the note under "Unlimited generations". */
export const fairUseNote = (plan: FairUsePlan) => m.common_fair_use_note({ caps: fairUseCaps(plan) });

/** What a sentence about every plan's allowance says of one: a person's plan "on Weekly", a per-seat one "per Team member". */
type OnePlan = (args: { kind: "seat" | "person"; plan: string; refill: string }) => string;

/** Every plan of the table, in its order, said by `onePlan` and listed in the page's language: "a, b, c and d". */
export const everyPlan = (onePlan: OnePlan): string =>
  formatList(
    BILLING_PLANS.map((id) => onePlan({ kind: isTeamPlan(id) ? "seat" : "person", plan: planName(id), refill: refillWords(id) })),
    getLocale(),
  );

/** Every plan's fair-use allowance in one clause, for copy that speaks of all plans at once. */
export const fairUseAllPlans = () => m.common_fair_use_all_plans({ atOnce: FAIR_USE_AT_ONCE, plans: everyPlan(m.common_fair_use_on_plan) });

/** A plan's feature (domain/plans.ts, in English there) in the page's language; one it does not know as it is. */
const FEATURES: Record<string, () => string> = {
  "Unlimited generations": m.common_plan_feature_unlimited,
  [`All ${STYLES.length} AI styles`]: () => m.common_plan_feature_styles({ styles: STYLES.length }),
  "HD downloads": m.common_plan_feature_hd,
  "Priority support": m.common_plan_feature_support,
  "Early access to new styles": m.common_plan_feature_early_access,
};
export const featureLabel = (feature: string) => FEATURES[feature]?.() ?? feature;

/** What the Team plan gives (issue 25), as its card on /pricing lists it. */
export const teamPlanFeatures = () => [
  m.billing_team_feature_everything({ caps: seatFairUse() }),
  m.billing_team_feature_look(),
  m.billing_team_feature_photos(),
  m.billing_team_feature_seats(),
];

/**
 * Why a person covered by a team's Team plan is not sold a plan of their own (decision 212), as /account and
 * /pricing say it.
 */
export function teamCoversYou(cover: { teamName: string; role: TeamRole }): string {
  const args = { team: cover.teamName, caps: seatFairUse() };
  return cover.role === "owner" ? m.billing_team_covers_owner(args) : m.billing_team_covers_member(args);
}
