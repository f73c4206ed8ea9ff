/**
 * The plans in words, in the page's language (issue 50): names, periods, fair-use allowances and the lines the
 * pricing, account and team screens show. The rules and figures stay in domain/ (plans.ts, limits.ts) and come in
 * as placeholders; the words are the catalogue's (copy/messages/billing).
 */
import {
  FAIR_USE,
  FAIR_USE_AT_ONCE,
  YEARLY_SAVING_PERCENT,
  savingPercent,
  type BillingPlan,
  type FairUsePlan,
  type PlanType,
  type TeamRole,
} from "@/lib/domain";
import { formatDate, formatMoney, getLocale, m } from "@/lib/copy";

/** A plan's name: "Monthly", "Monatlich", … (the Team plan is "Team" everywhere). */
export function planName(id: BillingPlan): string {
  switch (id) {
    case "weekly":
      return m.billing_plan_weekly();
    case "monthly":
      return m.billing_plan_monthly();
    case "yearly":
      return m.billing_plan_yearly();
    case "team":
      return m.billing_plan_team();
  }
}

/** Money in the page's language, with its cents (issue 35): "€29.99", "29,99 €". */
export const money = (cents: number, currency = "EUR") => formatMoney(cents, currency, getLocale());

/** A billing day (period ends, renewals: days in UTC as Stripe keeps them) in the page's language: "5 March 2027". */
export const billingDate = (iso: string | Date) => formatDate(iso, getLocale(), "long", { timeZone: "UTC" });

/** How a plan's fair-use allowance refills: "5 a day", "6 a week" (decision 295). */
export function refillWords(plan: FairUsePlan): string {
  const { refill, per } = FAIR_USE[plan];
  return per === "week" ? m.billing_refill_week({ count: refill }) : m.billing_refill_day({ count: refill });
}

/** A plan's fair-use allowance: "up to 15 pictures at once, then 5 a day" (decisions 108, 295). */
export const fairUseCaps = (plan: FairUsePlan) => m.billing_fair_use_caps({ atOnce: FAIR_USE[plan].atOnce, refill: refillWords(plan) });

/** Every plan's fair-use allowance in one clause, for copy that speaks of all plans at once. */
export const fairUseAllPlans = () =>
  m.billing_fair_use_all_plans({
    atOnce: FAIR_USE_AT_ONCE,
    weekly: refillWords("weekly"),
    monthly: refillWords("monthly"),
    yearly: refillWords("yearly"),
    team: refillWords("team"),
  });

/**
 * The line under a plan's name on its card (issue 35): the popular plan says what it is for, the yearly one
 * states its saving at today's prices.
 */
export function planCardLine(plan: { id: PlanType; popular: boolean }, amounts: Partial<Record<PlanType, number>>): string {
  if (plan.popular || plan.id === "monthly") return m.billing_plan_line_popular();
  if (plan.id === "weekly") return m.billing_plan_line_weekly();
  const { yearly, monthly } = amounts;
  return m.billing_plan_line_yearly({
    percent: yearly !== undefined && monthly !== undefined ? savingPercent(yearly, monthly) : YEARLY_SAVING_PERCENT,
  });
}

/** A price and its period: "€29.99 per month", "29,99 € pro Monat". */
export const pricePer = (cents: number, currency: string, period: string) => m.billing_price_per({ price: money(cents, currency), period });

/** What the Team plan gives (issue 25), as its card on /pricing lists it. */
export const teamPlanFeatures = () => [
  m.billing_team_feature_everything({ caps: fairUseCaps("team") }),
  m.billing_team_feature_look(),
  m.billing_team_feature_photos(),
  m.billing_team_feature_seats(),
];

/**
 * Why a person covered by a team's Team plan is not sold a plan of their own (decision 212), as /account and
 * /pricing say it.
 */
export function teamCoversYou(cover: { teamName: string; role: TeamRole }): string {
  const args = { team: cover.teamName, caps: fairUseCaps("team") };
  return cover.role === "owner" ? m.billing_team_covers_owner(args) : m.billing_team_covers_member(args);
}
