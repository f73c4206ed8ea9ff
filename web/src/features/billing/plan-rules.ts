/** What the pricing page offers on each plan card (SPEC §4 Plans), from the plan and the current subscription. */
import { PLAN_ORDER, type PlanType } from "@/lib/domain";

export type PlanAction = "checkout" | "current" | "upgrade" | "downgrade";

/** The plans' order decides; without a subscription that grants access (the server's `entitled`), checkout. */
export function planAction(plan: PlanType, subscription: { planType: PlanType; entitled: boolean } | null | undefined): PlanAction {
  if (!subscription?.entitled) return "checkout";
  if (subscription.planType === plan) return "current";
  return PLAN_ORDER[plan] > PLAN_ORDER[subscription.planType] ? "upgrade" : "downgrade";
}

export { euros } from "@/lib/domain";

/** A date as "March 5, 2027" (UTC, like the server's messages). */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

const STATUS_LABELS: Record<string, string> = { active: "Active", trialing: "Active", canceled: "Canceled", past_due: "Past Due" };

/** A subscription status as people read it (SPEC §4 badges); unknown values as they come. */
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;
