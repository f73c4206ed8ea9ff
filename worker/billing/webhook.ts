/**
 * POST /api/stripe/webhook — Stripe's events, the source of truth for billing state.
 * The signature is checked on the raw body (SubtleCrypto, 300 s tolerance); a bad one is a 400 with no
 * effect. Every handler re-reads the object from Stripe and upserts (./sync.ts), so replays and events
 * out of order are harmless. The event id is recorded as processed in the same transaction as the
 * handler's writes: a second delivery waits for the first and is acknowledged without work, and a
 * handler that fails leaves nothing recorded, answers 500, and Stripe's retry does the work. What Stripe
 * must then be asked to change (./settle.ts) runs after the commit; if it fails, the event is forgotten
 * again so the retry redoes it. An event
 * about an object Stripe no longer knows (a deleted subscription) is logged and acknowledged: retrying
 * it could never succeed.
 */
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { Tx } from "../../db";
import { processedProviderEvents } from "../../db/schema";
import type { Config } from "../config";
import type { AppEnv } from "../env";
import { badRequest, errorFields, log } from "../lib";
import { createMailer, type MailMessage } from "../mail";
import { confirmCancellation, reportsCancellation } from "./cancellation";
import { receiptFor } from "./receipts";
import { settleSubscriptions } from "./settle";
import { idOf, paymentsUnavailable, stripeClient } from "./stripe";
import { recordInvoice, recordRefunds, syncAnySubscription } from "./sync";

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
    event = await stripeClient(config).webhooks.constructEventAsync(
      body,
      signature,
      config.STRIPE_WEBHOOK_SECRET,
      TOLERANCE_SECONDS,
      crypto,
    );
  } catch {
    throw badRequest("Invalid Stripe signature.");
  }

  const outcome = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processedProviderEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: processedProviderEvents.id });
    if (!fresh) return { duplicate: true, userId: null };
    return { duplicate: false, userId: await handleKnown(tx, config, event) };
  });
  if (outcome.userId) {
    let mail: MailMessage[];
    const mailer = createMailer(config, c.env);
    try {
      mail = await settleSubscriptions(db, config, outcome.userId, mailer);
    } catch (err) {
      // Not settled: forget the event, so Stripe's retry does it all again (every step is idempotent).
      await db.delete(processedProviderEvents).where(eq(processedProviderEvents.id, event.id));
      throw err;
    }
    for (const message of mail) await mailer.send(message);
  }
  if (!outcome.duplicate) await sendReceipt(c, event);
  if (!outcome.duplicate && reportsCancellation(event)) await sendCancellation(c, event);
  return c.json(outcome.duplicate ? { received: true, duplicate: true } : { received: true });
}

/** The payment's or refund's receipt (./receipts.ts); a failure to send is logged, the event stays processed. */
async function sendReceipt(c: Context<AppEnv>, event: Stripe.Event) {
  try {
    const receipt = await receiptFor(c.var.db, event);
    if (receipt) await createMailer(c.var.config, c.env).send(receipt);
  } catch (err) {
    log("error", "billing: receipt not sent", { eventId: event.id, type: event.type, ...errorFields(err) });
  }
}

/** A cancellation's confirmation (./cancellation.ts: once per cancellation); a failure to send is logged. */
async function sendCancellation(c: Context<AppEnv>, event: Stripe.Event) {
  const subscriptionId = (event.data.object as { id: string }).id;
  try {
    await confirmCancellation(c.var.db, c.var.config, createMailer(c.var.config, c.env), subscriptionId);
  } catch (err) {
    log("error", "billing: a cancellation's confirmation not sent", { eventId: event.id, subscriptionId, ...errorFields(err) });
  }
}

/** The event's database work; its owner (to settle afterwards), or null. Nothing (logged) for an object Stripe does not know. */
async function handleKnown(tx: Tx, config: Config, event: Stripe.Event): Promise<string | null> {
  try {
    return await handleEvent(tx, config, event);
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "resource_missing")) throw err;
    log("warn", "billing: a webhook about an object Stripe does not know was acknowledged", {
      eventId: event.id,
      type: event.type,
      message: err.message,
    });
    return null;
  }
}

/** Syncs the subscription (when there is one); returns its owner. */
const syncOwner = async (db: Tx, config: Config, subscriptionId: string | null) =>
  subscriptionId ? (await syncAnySubscription(db, config, subscriptionId)).ownerId : null;

/** Copies what the event is about from Stripe; returns the person whose subscription it touched, if any. */
async function handleEvent(db: Tx, config: Config, event: Stripe.Event): Promise<string | null> {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      return syncOwner(db, config, subscriptionId);
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      return syncOwner(db, config, event.data.object.id);
    case "invoice.paid":
    case "invoice.payment_succeeded":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      if (event.type !== "invoice.payment_failed") await recordInvoice(db, config, invoice.id!);
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      return syncOwner(db, config, subscriptionId);
    }
    case "subscription_schedule.created":
    case "subscription_schedule.updated":
    case "subscription_schedule.released":
    case "subscription_schedule.canceled":
    case "subscription_schedule.completed":
    case "subscription_schedule.aborted": {
      const schedule = event.data.object;
      const subscriptionId = idOf(schedule.subscription) ?? schedule.released_subscription;
      return syncOwner(db, config, subscriptionId);
    }
    case "charge.refunded":
      await recordRefunds(db, config, event.data.object.id);
      return null;
    default:
      // Stripe (and the stand-in) send more types than we act on; acknowledging them is the whole job.
      return null;
  }
}
