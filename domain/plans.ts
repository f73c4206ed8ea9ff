/** What every paid plan includes (SPEC §1, §9); the yearly plan adds early access. */
const PAID_FEATURES = ["Unlimited generations", "All 10 AI styles", "HD downloads", "Priority support"] as const;

/** Plans and prices (SPEC §9). Money is integer cents, in EUR. Order: weekly < monthly < yearly. */
export const PLANS = [
  { id: "weekly", name: "Weekly", priceCents: 999, period: "week", dailyPrice: "1.43", periodDays: 7, popular: false, description: "Perfect for a quick refresh", features: PAID_FEATURES },
  { id: "monthly", name: "Monthly", priceCents: 2999, period: "month", dailyPrice: "1.00", periodDays: 30, popular: true, description: "Most Popular", features: PAID_FEATURES },
  { id: "yearly", name: "Yearly", priceCents: 6000, period: "year", dailyPrice: "0.16", periodDays: 365, popular: false, description: "Best value - Save 83%", features: [...PAID_FEATURES, "Early access to new styles"] },
] as const;

export const PLAN_IDS = PLANS.map((p) => p.id) as unknown as readonly [PlanType, ...PlanType[]];

export type PlanType = (typeof PLANS)[number]["id"];
export const PLAN_ORDER: Record<PlanType, number> = { weekly: 0, monthly: 1, yearly: 2 };
export const CURRENCY = "EUR";
/** The money-back guarantee on a first subscription (SPEC §1, §9). */
export const MONEY_BACK_DAYS = 30;

export const planById = (id: PlanType) => PLANS.find((p) => p.id === id)!;

/**
 * Subscription statuses (Stripe's values) that grant the paid features, while the period lasts.
 * past_due does not: the user is asked to fix the payment first.
 */
export const ENTITLED_STATUSES = ["active", "trialing"] as const;

export function isEntitled(sub: { status: string; currentPeriodEnd: string | Date | null } | null | undefined, now = Date.now()): boolean {
  if (!sub || !(ENTITLED_STATUSES as readonly string[]).includes(sub.status)) return false;
  return sub.currentPeriodEnd === null || new Date(sub.currentPeriodEnd).getTime() > now;
}
