/**
 * What each plan costs, and which plan a Stripe price belongs to: the one place that knows (decision 093).
 * A plan starts at its launch price (domain/plans.ts, Stripe's `STRIPE_PRICE_*`); each price change
 * (table `price_changes`) gives it a new Stripe price from its `effective_at`. So a plan has several
 * prices over time: the current one is what a new subscription is sold at and what screens show; every
 * one of them still maps to its plan (subscribers move at their own renewal, and invoices keep their price).
 */
import { asc, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { priceChanges, type PriceChange } from "../../db/schema";
import { BILLING_PLANS, billingPlanById, isPersonPlan, type BillingPlan, type PlanType, type StripePriceVar } from "../../domain/plans";
import type { Config } from "../config";
import { badRequest, said } from "../lib";
import { m } from "../../copy";
import { planPrices } from "./stripe";

export interface PlanPrice {
  planType: BillingPlan;
  amountCents: number;
  /** null when Stripe is not configured */
  priceId: string | null;
}

export interface UpcomingPrice {
  amountCents: number;
  effectiveAt: Date;
}

export interface PriceBook {
  /** What each plan costs now: what a new subscription pays (the Team plan: a seat). */
  current: Record<BillingPlan, PlanPrice>;
  /** A change scheduled for later, if any. */
  upcoming: Record<BillingPlan, UpcomingPrice | null>;
  /** Every change, oldest effective date first. */
  changes: PriceChange[];
  /** The plan of any of our prices (launch or changed; the Team plan's too), or null for a price that is not ours. */
  planOf(priceId: string): BillingPlan | null;
  /** The amount of any of our prices, or null. */
  amountOf(priceId: string): number | null;
}

/** The price book from the launch prices and the changes, as of `now`. Pure: the landing uses it too. */
export function priceBookOf(config: Pick<Config, StripePriceVar>, changes: PriceChange[], now: Date): PriceBook {
  const launch = planPrices(config);
  const launchCents = (plan: BillingPlan): number => billingPlanById(plan).launchCents;
  const current = Object.fromEntries(
    BILLING_PLANS.map((id) => [id, { planType: id, amountCents: launchCents(id), priceId: launch[id] ?? null }]),
  ) as Record<BillingPlan, PlanPrice>;
  const upcoming = Object.fromEntries(BILLING_PLANS.map((id) => [id, null])) as Record<BillingPlan, UpcomingPrice | null>;
  const prices = new Map<string, { planType: BillingPlan; amountCents: number }>();
  for (const plan of BILLING_PLANS) {
    const id = launch[plan];
    if (id) prices.set(id, { planType: plan, amountCents: launchCents(plan) });
  }
  const sorted = [...changes].sort(
    (a, b) => a.effectiveAt.getTime() - b.effectiveAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime(),
  );
  for (const change of sorted) {
    prices.set(change.stripePriceId, { planType: change.planType, amountCents: change.newAmountCents });
    if (change.effectiveAt.getTime() <= now.getTime()) {
      current[change.planType] = { planType: change.planType, amountCents: change.newAmountCents, priceId: change.stripePriceId };
      upcoming[change.planType] = null;
    } else {
      upcoming[change.planType] ??= { amountCents: change.newAmountCents, effectiveAt: change.effectiveAt };
    }
  }
  return {
    current,
    upcoming,
    changes: sorted,
    planOf: (priceId) => prices.get(priceId)?.planType ?? null,
    amountOf: (priceId) => prices.get(priceId)?.amountCents ?? null,
  };
}

/** The price book as of `now` (one small query: a handful of changes over the product's life). */
export async function loadPriceBook(db: Db | Tx, config: Config, now = new Date()): Promise<PriceBook> {
  // a withdrawn change (decision 196) never happened, as far as prices go
  const changes = await db.select().from(priceChanges).where(isNull(priceChanges.withdrawnAt)).orderBy(asc(priceChanges.effectiveAt));
  return priceBookOf(config, changes, now);
}

/**
 * The plan for a price id sent by the web app: a 400 unless it is one of our prices. The answer carries
 * the plan's current price, so a page loaded before a price change took effect buys at today's price.
 */
export async function requirePlanForPrice(db: Db | Tx, config: Config, priceId: string): Promise<{ planType: PlanType; priceId: string }> {
  const book = await loadPriceBook(db, config);
  const planType = book.planOf(priceId);
  // the Team plan is bought from /team, for a number of seats (worker/billing/team-billing.ts)
  const current = planType && isPersonPlan(planType) ? book.current[planType].priceId : null;
  if (!planType || !isPersonPlan(planType) || !current) throw badRequest(said(m.errors_choose_plan));
  return { planType, priceId: current };
}
