/** What the pricing page offers on each plan card (SPEC §4 Plans), from the plan and the current subscription. */
import { PLAN_ORDER, type PlanType } from "@/lib/domain";

/**
 * `ending`: the plan the person canceled, which runs to its period end; `renew-first`: every other plan then, since
 * a change would charge (an upgrade) or renew (a downgrade) a plan they chose to end (issue 46, decision 341: the
 * server refuses it too). Renewing it in Manage Billing, or its end, makes the plans choosable again.
 */
export type PlanAction = "checkout" | "current" | "upgrade" | "downgrade" | "ending" | "renew-first";

/** The plans' order decides; without a subscription that grants access (the server's `entitled`), checkout. */
export function planAction(
  plan: PlanType,
  subscription: { planType: PlanType; entitled: boolean; cancelAtPeriodEnd?: boolean } | null | undefined,
): PlanAction {
  if (!subscription?.entitled) return "checkout";
  if (subscription.cancelAtPeriodEnd) return subscription.planType === plan ? "ending" : "renew-first";
  if (subscription.planType === plan) return "current";
  return PLAN_ORDER[plan] > PLAN_ORDER[subscription.planType] ? "upgrade" : "downgrade";
}

/** Money in the page's language, always with its cents: "€29.99", "29,99 €" (issue 35). */
export { money as euros } from "@/shared/billing/plan-words";

/** A billing day in the page's language: "5 March 2027", "5. März 2027" (UTC, like the server's messages). */
export { billingDate as longDate } from "@/shared/billing/plan-words";
