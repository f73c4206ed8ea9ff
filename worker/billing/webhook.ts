/**
 * POST /api/stripe/webhook — Stripe's events, the source of truth for billing state.
 * The signature is checked on the raw body (SubtleCrypto, 300 s tolerance); a bad one is a 400 with no
 * effect. Every handler re-reads the object from Stripe and upserts (./sync.ts), so replays and events
 * out of order are harmless; an event id already processed is acknowledged without work. A handler that
 * fails answers 500, and Stripe retries.
 */
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { processedProviderEvents } from "../../db/schema";
import type { AppEnv } from "../env";
import { badRequest } from "../lib/errors";
import { idOf, paymentsUnavailable, stripeClient } from "./stripe";
import { recordInvoice, recordRefunds, syncSubscription } from "./sync";

const crypto = Stripe.createSubtleCryptoProvider();
const TOLERANCE_SECONDS = 300;

export async function handleWebhook(c: Context<AppEnv>) {
  const { db, config } = c.var;
  if (!config.STRIPE_WEBHOOK_SECRET) throw paymentsUnavailable();
  const signature = c.req.header("Stripe-Signature");
  if (!signature) throw badRequest("Missing Stripe-Signature header.");
  const body = await c.req.text();
  let event: Stripe.Event;
  try {
    event = await stripeClient(config).webhooks.constructEventAsync(body, signature, config.STRIPE_WEBHOOK_SECRET, TOLERANCE_SECONDS, crypto);
  } catch {
    throw badRequest("Invalid Stripe signature.");
  }

  const [seen] = await db.select({ id: processedProviderEvents.id }).from(processedProviderEvents).where(eq(processedProviderEvents.id, event.id)).limit(1);
  if (seen) return c.json({ received: true, duplicate: true });

  await handleEvent(c.var, event);
  await db.insert(processedProviderEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return c.json({ received: true });
}

async function handleEvent({ db, config }: AppEnv["Variables"], event: Stripe.Event) {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (subscriptionId) await syncSubscription(db, config, subscriptionId);
      return;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      await syncSubscription(db, config, event.data.object.id);
      return;
    case "invoice.paid":
    case "invoice.payment_succeeded":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      if (event.type !== "invoice.payment_failed") await recordInvoice(db, config, invoice.id!);
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      if (subscriptionId) await syncSubscription(db, config, subscriptionId);
      return;
    }
    case "subscription_schedule.created":
    case "subscription_schedule.updated":
    case "subscription_schedule.released":
    case "subscription_schedule.canceled":
    case "subscription_schedule.completed":
    case "subscription_schedule.aborted": {
      const schedule = event.data.object;
      const subscriptionId = idOf(schedule.subscription) ?? schedule.released_subscription;
      if (subscriptionId) await syncSubscription(db, config, subscriptionId);
      return;
    }
    case "charge.refunded":
      await recordRefunds(db, config, event.data.object.id);
      return;
    default:
      // Stripe (and the stand-in) send more types than we act on; acknowledging them is the whole job.
      return;
  }
}
