import { FAIR_USE, FAIR_USE_AT_ONCE, type FairUsePlan } from "./limits";
import { STYLES } from "./styles";

const UNLIMITED = "Unlimited generations";
/** What every paid plan includes (SPEC §1, §9); the yearly plan adds early access. */
const PAID_FEATURES = [UNLIMITED, `All ${STYLES.length} AI styles`, "HD downloads", "Priority support"] as const;

/** How a plan's fair-use allowance refills, in words: "5 a day", "6 a week" (decision 295). */
export const refillWords = (plan: FairUsePlan) => `${FAIR_USE[plan].refill} a ${FAIR_USE[plan].per}`;

/** A plan's fair-use allowance in words: "up to 15 pictures at once, then 5 a day" (decisions 108, 295). */
export function fairUseCaps(plan: FairUsePlan): string {
  return `up to ${FAIR_USE[plan].atOnce} pictures at once, then ${refillWords(plan)}`;
}

/** Every plan's fair-use allowance in one clause, for copy that speaks of all plans at once. */
export const FAIR_USE_ALL_PLANS = `fair use: up to ${FAIR_USE_AT_ONCE} pictures at once, then ${refillWords("weekly")} on Weekly, ${refillWords("monthly")} on Monthly, ${refillWords("yearly")} on Yearly and ${refillWords("team")} per Team member`;

/** The small print a plan card shows under a feature: "Unlimited" has a fair-use allowance, and says it. */
export function featureNote(feature: string, plan: FairUsePlan): string | null {
  return feature === UNLIMITED ? `Fair use: ${fairUseCaps(plan)}` : null;
}

const WEEKLY = {
  id: "weekly",
  name: "Weekly",
  priceCents: 999,
  period: "week",
  periodDays: 7,
  popular: false,
  description: "Perfect for a quick refresh",
  features: PAID_FEATURES,
} as const;
const MONTHLY = {
  id: "monthly",
  name: "Monthly",
  priceCents: 2999,
  period: "month",
  periodDays: 30,
  popular: true,
  description: "Most Popular",
  features: PAID_FEATURES,
} as const;
const YEARLY = {
  id: "yearly",
  name: "Yearly",
  priceCents: 6000,
  period: "year",
  periodDays: 365,
  popular: false,
  features: [...PAID_FEATURES, "Early access to new styles"],
} as const;

/** The price per day in euros with two decimals (SPEC §9: 1.43, 1.00, 0.16): the period's price over its days. */
export const dailyPrice = (plan: { priceCents: number; periodDays: number }): string =>
  (plan.priceCents / plan.periodDays / 100).toFixed(2);

/** What a yearly price saves against twelve months of a monthly one, in whole percent. */
export const savingPercent = (yearlyCents: number, monthlyCents: number) => Math.round((1 - yearlyCents / (12 * monthlyCents)) * 100);

/** What the yearly plan saves at the launch prices (SPEC §9: 83). */
export const YEARLY_SAVING_PERCENT = savingPercent(YEARLY.priceCents, MONTHLY.priceCents);

const withDailyPrice = <P extends { priceCents: number; periodDays: number }>(plan: P) => ({ ...plan, dailyPrice: dailyPrice(plan) });

/** Plans and prices (SPEC §9). Money is integer cents, in EUR. Order: weekly < monthly < yearly. */
export const PLANS = [
  withDailyPrice(WEEKLY),
  withDailyPrice(MONTHLY),
  withDailyPrice({ ...YEARLY, description: `Best value - Save ${YEARLY_SAVING_PERCENT}%` }),
] as const;

export const PLAN_IDS = PLANS.map((p) => p.id) as unknown as readonly [PlanType, ...PlanType[]];

export type PlanType = (typeof PLANS)[number]["id"];
export const PLAN_ORDER: Record<PlanType, number> = { weekly: 0, monthly: 1, yearly: 2 };
export const CURRENCY = "EUR";
/** The money-back guarantee on a first subscription (SPEC §1, §9). */
export const MONEY_BACK_DAYS = 30;
/** Price changes are notified this many days ahead, by email (SPEC §1 Terms, §9; decision 093). */
export const PRICE_CHANGE_NOTICE_DAYS = 30;
/** A price change starts at most this many days ahead of today, by the server's clock (decision 195). */
export const PRICE_CHANGE_HORIZON_DAYS = 365;
/** The largest price the operator may set, in cents: a typo guard, not a business rule. */
export const PRICE_MAX_CENTS = 100_000;

export const planById = (id: PlanType) => PLANS.find((p) => p.id === id)!;

/**
 * The line under a plan's name on its card: Monthly's description is its badge's words ("Most Popular"),
 * so its card says what it is for instead. Every card has the line, so the prices line up (issue 35).
 */
export function planCardLine(plan: { popular: boolean; description: string }): string {
  return plan.popular ? "Fresh headshots all month long" : plan.description;
}

/** A plan's card line at the given prices: the yearly one states its saving, which moves with the prices. */
export function planDescription(id: PlanType, amounts: Record<PlanType, number>): string {
  return id === "yearly" ? `Best value - Save ${savingPercent(amounts.yearly, amounts.monthly)}%` : planById(id).description;
}

/**
 * The Team plan (issue 25): a price per seat per month, bought for 2 to 100 seats through Checkout with a
 * quantity. Everyone in the team (the owner too) takes a seat and has what a subscriber has. Kept apart
 * from PLANS, which are a person's plans (weekly < monthly < yearly, one live at a time).
 */
export const TEAM_PLAN = {
  id: "team",
  name: "Team",
  pricePerSeatCents: 1999,
  period: "month",
  periodDays: 30,
  minSeats: 2,
  maxSeats: 100,
  description: "For teams: one brand look, everyone's photo in one place",
  features: [
    `Everything in a paid plan, for each member (fair use: ${fairUseCaps("team")})`,
    "One brand look: style and background colour",
    "The team's photos in one place",
    "Add seats any time",
  ],
} as const;

/** What a subscription is of: one of a person's plans or the Team plan (issue 37: one subscription model). */
export type BillingPlan = PlanType | "team";
export const BILLING_PLANS = [...PLAN_IDS, "team"] as const satisfies readonly BillingPlan[];

/** A plan's name, period and length, the Team plan's too (price-change emails and rules speak of either). */
export const billingPlanById = (id: BillingPlan): { name: string; period: string; periodDays: number } =>
  id === "team" ? TEAM_PLAN : planById(id);

/** What `seats` seats cost a month, in cents, at `seatCents` a seat (today's price; the launch price by default). */
export const teamMonthlyCents = (seats: number, seatCents: number = TEAM_PLAN.pricePerSeatCents) => seats * seatCents;

/**
 * Subscription statuses (Stripe's values) that grant the paid features, while the period lasts.
 * past_due does not: the user is asked to fix the payment first.
 */
export const ENTITLED_STATUSES = ["active", "trialing"] as const;

export function isEntitled(sub: { status: string; currentPeriodEnd: string | Date | null } | null | undefined, now = Date.now()): boolean {
  if (!sub || !(ENTITLED_STATUSES as readonly string[]).includes(sub.status)) return false;
  return sub.currentPeriodEnd === null || new Date(sub.currentPeriodEnd).getTime() > now;
}

/**
 * Money as people read it, always with its cents (€60.00, €29.99): a whole amount beside one with cents
 * ("€20" next to "€29.99") read as a different kind of figure (issue 35). Screens, emails and messages.
 */
export function euros(cents: number, currency = "EUR"): string {
  return new Intl.NumberFormat("en-IE", { style: "currency", currency: currency.toUpperCase(), minimumFractionDigits: 2 }).format(
    cents / 100,
  );
}
