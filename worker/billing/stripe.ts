/**
 * The Stripe client and the price ↔ plan mapping. Locally `STRIPE_API_URL` points the real SDK at the
 * stand-in (dev/stripe-standin); in production it is unset and the SDK talks to Stripe.
 */
import Stripe from "stripe";
import type { Config } from "../config";
import { ApiError, badRequest } from "../lib/errors";
import { PLANS, type PlanType } from "../../domain/plans";

const clients = new WeakMap<Config, Stripe>();

export const paymentsUnavailable = () => new ApiError(503, "Payments are not available right now. Please try again later.");

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

/** The configured Stripe price id of each plan. */
export function planPrices(config: Config): Record<PlanType, string | undefined> {
  return { weekly: config.STRIPE_PRICE_WEEKLY, monthly: config.STRIPE_PRICE_MONTHLY, yearly: config.STRIPE_PRICE_YEARLY };
}

/** The plan a Stripe price id belongs to, or null for a price that is not ours. */
export function planForPrice(config: Config, priceId: string): PlanType | null {
  const prices = planPrices(config);
  return PLANS.find((p) => prices[p.id] === priceId)?.id ?? null;
}

/** The plan for a price id sent by the web app: a 400 unless it is one of our three prices. */
export function requirePlanForPrice(config: Config, priceId: string): { planType: PlanType; priceId: string } {
  const planType = planForPrice(config, priceId);
  if (!planType) throw badRequest("Please choose one of the plans on the pricing page.");
  return { planType, priceId };
}

/** Stripe's seconds since the epoch as a Date (null stays null). */
export const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** An expandable Stripe field's id, whether it came expanded or not. */
export const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));
