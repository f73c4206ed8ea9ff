/**
 * The Stripe client and the launch price ids (every price and plan: ./prices.ts). Locally `STRIPE_API_URL` points the real SDK at the
 * stand-in (dev/stripe-standin); in production it is unset and the SDK talks to Stripe.
 */
import Stripe from "stripe";
import type { Config } from "../config";
import { refuse, said } from "../lib";
import { m } from "../../copy";
import { BILLING_PLANS, stripePriceVar, type BillingPlan, type StripePriceVar } from "../../domain/plans";

const clients = new WeakMap<Config, Stripe>();

/** A card problem from Stripe (declined, insufficient funds…) as a 402 with Stripe's own sentence; anything else as it came. */
export function cardProblem(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError) throw refuse("card_declined", err.message || "Your card was declined.");
  throw err;
}

export const paymentsUnavailable = () => refuse("unavailable", said(m.errors_payments_unavailable));

/** The Stripe client for this configuration (one per isolate). */
export function stripeClient(config: Config): Stripe {
  let client = clients.get(config);
  if (!client) {
    if (!config.STRIPE_SECRET_KEY) throw paymentsUnavailable();
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
    client = new Stripe(config.STRIPE_SECRET_KEY, {
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: 2,
      ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol === "http:" ? "http" : "https" } : {}),
    });
    clients.set(config, client);
  }
  return client;
}

/**
 * The launch price id of each plan, as configured. A plan's current price and every price it ever had
 * come from the price book (./prices.ts), which starts from these.
 */
export function planPrices(config: Pick<Config, StripePriceVar>): Record<BillingPlan, string | undefined> {
  return Object.fromEntries(BILLING_PLANS.map((id) => [id, config[stripePriceVar(id)]])) as Record<BillingPlan, string | undefined>;
}

/** Stripe's seconds since the epoch as a Date (null stays null). */
export const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

const INTERVALS = ["day", "week", "month", "year"] as const;

/**
 * A subscription's period, state and amount as our rows keep them (personal and team subscriptions alike):
 * the period is the item's (Stripe's current layout), and the end of a subscription is when it ended, else
 * when it was cancelled. The amount is what Stripe bills each period for it: the item's price × its
 * quantity, in the price's currency and interval (issue 37: stored, so no figure reads domain/plans.ts).
 */
export function subscriptionTimes(sub: Stripe.Subscription, item: Stripe.SubscriptionItem) {
  const recurring = item.price.recurring;
  return {
    seats: item.quantity ?? 1,
    amountCents: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    currency: item.price.currency,
    interval: INTERVALS.find((i) => i === recurring?.interval) ?? "month",
    intervalCount: recurring?.interval_count ?? 1,
    currentPeriodStart: fromUnix(item.current_period_start),
    currentPeriodEnd: fromUnix(item.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: fromUnix(sub.ended_at ?? sub.canceled_at),
    createdAt: fromUnix(sub.created) ?? new Date(),
    updatedAt: new Date(),
  };
}

/** An expandable Stripe field's id, whether it came expanded or not. */
export const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));
