import { FAIR_USE_AT_ONCE, type FairUseAllowance } from "./limits";
import { STYLES } from "./styles";

/*
 * THE PLAN TABLE (issue 49, decision 348). Every plan is named here and nowhere else: its id (the database enum
 * `billing_plan`, the API's plan types), its price at launch, its period, its fair-use allowance and the words of
 * its card. Adding a plan is a row here, its Stripe price (`STRIPE_PRICE_<ID>`, read for every row by
 * worker/config.ts) and its copy; dev/plan-names.test.ts fails when another file spells a plan's id.
 */

const UNLIMITED = "Unlimited generations";
/** What every paid plan includes (SPEC §1, §9); the yearly plan adds early access. */
const PAID_FEATURES = [UNLIMITED, `All ${STYLES.length} AI styles`, "HD downloads", "Priority support"] as const;

/**
 * Fair use of "unlimited" per plan (decision 295; domain/limits.ts says how the allowance works): what it holds
 * when full and how fast it refills. A Team plan's is per member.
 */
export const FAIR_USE = {
  weekly: { atOnce: FAIR_USE_AT_ONCE, refill: 6, per: "day" },
  monthly: { atOnce: FAIR_USE_AT_ONCE, refill: 5, per: "day" },
  yearly: { atOnce: FAIR_USE_AT_ONCE, refill: 6, per: "week" },
  team: { atOnce: FAIR_USE_AT_ONCE, refill: 3, per: "day" },
} as const satisfies Record<string, FairUseAllowance>;
/** Every plan has a fair-use allowance: a person's plan for its subscriber, the Team plan for each member (checked below). */
export type FairUsePlan = keyof typeof FAIR_USE;

/** How a plan's fair-use allowance refills, in words: "5 a day", "6 a week" (decision 295). */
export const refillWords = (plan: FairUsePlan) => `${FAIR_USE[plan].refill} a ${FAIR_USE[plan].per}`;

/** A plan's fair-use allowance in words: "up to 15 pictures at once, then 5 a day" (decisions 108, 295). */
export function fairUseCaps(plan: FairUsePlan): string {
  return `up to ${FAIR_USE[plan].atOnce} pictures at once, then ${refillWords(plan)}`;
}

/** The small print a plan card shows under a feature: "Unlimited" has a fair-use allowance, and says it. */
export function featureNote(feature: string, plan: FairUsePlan): string | null {
  return feature === UNLIMITED ? `Fair use: ${fairUseCaps(plan)}` : null;
}

const WEEKLY = {
  id: "weekly",
  perSeat: false,
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
  perSeat: false,
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
  perSeat: false,
  name: "Yearly",
  priceCents: 6000,
  period: "year",
  periodDays: 365,
  popular: false,
  features: [...PAID_FEATURES, "Early access to new styles"],
} as const;

/**
 * The Team plan (issue 25): a price per seat per month, bought for 2 to 100 seats through Checkout with a
 * quantity. Everyone in the team (the owner too) takes a seat and has what a subscriber has. A per-seat plan
 * is bought from /team, never beside a person's plans (weekly < monthly < yearly, one live at a time).
 */
export const TEAM_PLAN = {
  id: "team",
  perSeat: true,
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

/** Every plan, in the order people see them: a person's plans cheapest first, then the per-seat ones. */
const PLAN_TABLE = [WEEKLY, MONTHLY, YEARLY, TEAM_PLAN] as const;

/** What a subscription, an invoice and a price change are of: the one plan enum (db `billing_plan`, issue 49). */
export type BillingPlan = (typeof PLAN_TABLE)[number]["id"];
export const BILLING_PLANS = PLAN_TABLE.map((p) => p.id) as unknown as readonly [BillingPlan, ...BillingPlan[]];
/** Every plan of the table has its fair-use allowance, and nothing else has one. */
FAIR_USE satisfies Record<BillingPlan, FairUseAllowance>;
export const FAIR_USE_COVERS_THE_TABLE: [BillingPlan] extends [FairUsePlan] ? ([FairUsePlan] extends [BillingPlan] ? true : never) : never =
  true;
/** A person's plan (one live at a time); the others are per seat, a team's. */
export type PlanType = Extract<(typeof PLAN_TABLE)[number], { perSeat: false }>["id"];
/** A team's plan: paid per seat (the Team plan). */
export type TeamPlanType = Exclude<BillingPlan, PlanType>;
export const isTeamPlan = (id: BillingPlan): id is TeamPlanType => PLAN_TABLE.find((p) => p.id === id)!.perSeat;
export const isPersonPlan = (id: BillingPlan): id is PlanType => !isTeamPlan(id);

/**
 * A plan's Stripe price configuration: the variable holding its launch price id (`STRIPE_PRICE_` and its id in capitals),
 * set in production for every row of the table (worker/config.ts reads them all; a price change makes later ones).
 */
export type StripePriceVar = `STRIPE_PRICE_${Uppercase<BillingPlan>}`;
export const stripePriceVar = (id: BillingPlan): StripePriceVar => `STRIPE_PRICE_${id.toUpperCase()}` as StripePriceVar;
export const STRIPE_PRICE_VARS = BILLING_PLANS.map(stripePriceVar);
/** Each plan's value under its Stripe price variable: `{ STRIPE_PRICE_WEEKLY: prices.weekly, … }`. */
export const byStripePriceVar = <T>(prices: Record<BillingPlan, T>): Record<StripePriceVar, T> =>
  Object.fromEntries(BILLING_PLANS.map((id) => [stripePriceVar(id), prices[id]])) as Record<StripePriceVar, T>;

/** The price per day in euros with two decimals (SPEC §9: 1.43, 1.00, 0.16): the period's price over its days. */
export const dailyPrice = (plan: { priceCents: number; periodDays: number }): string =>
  (plan.priceCents / plan.periodDays / 100).toFixed(2);

/** What a yearly price saves against twelve months of a monthly one, in whole percent. */
export const savingPercent = (yearlyCents: number, monthlyCents: number) => Math.round((1 - yearlyCents / (12 * monthlyCents)) * 100);

/** What the yearly plan saves at the launch prices (SPEC §9: 83). */
export const YEARLY_SAVING_PERCENT = savingPercent(YEARLY.priceCents, MONTHLY.priceCents);

const withDailyPrice = <P extends { priceCents: number; periodDays: number }>(plan: P) => ({ ...plan, dailyPrice: dailyPrice(plan) });

/** A person's plans and prices (SPEC §9). Money is integer cents, in EUR. Order: weekly < monthly < yearly. */
export const PLANS = [
  withDailyPrice(WEEKLY),
  withDailyPrice(MONTHLY),
  withDailyPrice({ ...YEARLY, description: `Best value - Save ${YEARLY_SAVING_PERCENT}%` }),
] as const;

export const PLAN_IDS = PLANS.map((p) => p.id) as unknown as readonly [PlanType, ...PlanType[]];

/** A person's plans in order (an upgrade goes up it): their place in the table. */
export const PLAN_ORDER = Object.fromEntries(PLAN_IDS.map((id, i) => [id, i])) as Record<PlanType, number>;
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

/** The marketing page's card whose line moves with the prices (worker/landing rewrites it). */
export const SAVING_PLAN: PlanType = "yearly";

/**
 * What the saving plan's card states it saves at the given prices (each plan's amount in cents): its price against
 * twelve months of Monthly; the launch figure while either price is unknown. Copy reads it as data, so its words
 * never name the plans it compares (web/src/shared/billing/plan-words.ts `planCardLine`).
 */
export function savingAt(amounts: Partial<Record<PlanType, number>>): number {
  const { yearly, monthly } = amounts;
  return yearly !== undefined && monthly !== undefined ? savingPercent(yearly, monthly) : YEARLY_SAVING_PERCENT;
}

/** A plan's card line at the given prices: the yearly one states its saving, which moves with the prices. */
export function planDescription(id: PlanType, amounts: Record<PlanType, number>): string {
  return id === SAVING_PLAN ? `Best value - Save ${savingAt(amounts)}%` : planById(id).description;
}

/** Every plan's fair-use allowance in one clause, for copy that speaks of all plans at once. */
export const FAIR_USE_ALL_PLANS = `fair use: up to ${FAIR_USE_AT_ONCE} pictures at once, then ${PLANS.map((p) => `${refillWords(p.id)} on ${p.name}`).join(", ")} and ${refillWords(TEAM_PLAN.id)} per ${TEAM_PLAN.name} member`;

/** A plan's name, period and length, a per-seat plan's too (price-change emails and rules speak of either). */
export const billingPlanById = (
  id: BillingPlan,
): { name: string; period: "week" | "month" | "year"; periodDays: number; launchCents: number } => {
  const plan = PLAN_TABLE.find((p) => p.id === id)!;
  return { ...plan, launchCents: "pricePerSeatCents" in plan ? plan.pricePerSeatCents : plan.priceCents };
};

/** What `seats` seats cost a month, in cents, at `seatCents` a seat (today's price; the launch price by default). */
export const teamMonthlyCents = (seats: number, seatCents: number = TEAM_PLAN.pricePerSeatCents) => seats * seatCents;

/**
 * Money as people read it, always with its cents (€60.00, €29.99): a whole amount beside one with cents
 * ("€20" next to "€29.99") read as a different kind of figure (issue 35). Screens, emails and messages.
 */
export function euros(cents: number, currency = "EUR"): string {
  return new Intl.NumberFormat("en-IE", { style: "currency", currency: currency.toUpperCase(), minimumFractionDigits: 2 }).format(
    cents / 100,
  );
}
