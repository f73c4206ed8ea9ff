/**
 * One live subscription per person (decision 090). Two Checkout pages opened side by side and both
 * paid make two subscriptions at Stripe. Whatever order their webhooks arrive in, once both are stored
 * the one that started first (ties on a test clock broken by Stripe's id) stays, and every other live
 * one is cancelled at once and each of its payments refunded in full; the person is told by email.
 * Every Stripe call carries an idempotency key, so a retried webhook repeats nothing.
 */
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { processedProviderEvents, teams, users } from "../../db/schema";
import type { BillingPlan } from "../../domain/plans";
import type { Config } from "../config";
import { log, userLocale } from "../lib";
import { type MailMessage, duplicateSubscriptionEmail } from "../mail";
import { stripeClient } from "./stripe";
import { runningSubscriptions, type Owner } from "./subscription";
import { paymentIntentOf, storeRefund, syncSubscription } from "./sync";

/** The reason stored with the refund of a second subscription (its own email explains it). */
export const DUPLICATE_SUBSCRIPTION_REASON = "duplicate subscription";

/** Cancels and refunds the person's second (third…) live subscription; returns the emails to send once committed. */
export const endDuplicateSubscriptions = (db: Db | Tx, config: Config, userId: string): Promise<MailMessage[]> =>
  endDuplicatesOf(db, config, userId, { userId });

/** The owner's live subscriptions but the first, each cancelled and refunded; the emails telling the payer. */
async function endDuplicatesOf(db: Db | Tx, config: Config, payerId: string, owner: Owner): Promise<MailMessage[]> {
  const mail: MailMessage[] = [];
  for (const duplicate of (await runningSubscriptions(db, owner)).slice(1)) {
    const message = await endDuplicate(db, config, payerId, duplicate.stripeSubscriptionId, duplicate.planType, owner);
    if (message) mail.push(message);
  }
  return mail;
}

/**
 * Cancels one duplicate and refunds its payments; the email telling the payer, the first time only
 * (however many webhooks, or the Checkout return, get here: the first to record it sends it).
 */
async function endDuplicate(
  db: Db | Tx,
  config: Config,
  payerId: string,
  subscriptionId: string,
  plan: BillingPlan,
  owner: Owner,
): Promise<MailMessage | null> {
  const refundedCents = await cancelAndRefund(db, config, payerId, subscriptionId);
  log("warn", "billing: a second live subscription was cancelled and refunded", { ...owner, subscriptionId, refundedCents });
  const [first] = await db
    .insert(processedProviderEvents)
    .values({
      id: `mail:duplicate-subscription:${subscriptionId}`,
      provider: "headshot",
      type: "duplicate_subscription.emailed",
    })
    .onConflictDoNothing()
    .returning({ id: processedProviderEvents.id });
  if (!first) return null;
  const [user] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, payerId)).limit(1);
  return user
    ? duplicateSubscriptionEmail(user.email, { plan, amount: { cents: refundedCents, currency: "eur" } }, userLocale(user))
    : null;
}

/**
 * The same rule for a team (issue 25): one live Team subscription per team. Two Checkout pages for the
 * same team, both paid, keep the first; the other is cancelled and refunded and the owner told.
 */
export async function endDuplicateTeamSubscriptions(db: Db | Tx, config: Config, ownerId: string): Promise<MailMessage[]> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.ownerUserId, ownerId)).limit(1);
  return team ? endDuplicatesOf(db, config, ownerId, { teamId: team.id }) : [];
}

/** Refunds every paid invoice of the subscription in full, then cancels it now; answers the amount refunded. */
async function cancelAndRefund(db: Db | Tx, config: Config, userId: string, subscriptionId: string): Promise<number> {
  const stripe = stripeClient(config);
  let refundedCents = 0;
  for await (const invoice of stripe.invoices.list({ subscription: subscriptionId, status: "paid", limit: 100 })) {
    const paymentIntent = invoice.amount_paid > 0 ? await paymentIntentOf(stripe, invoice.id!) : null;
    if (!paymentIntent) continue;
    const refund = await refundInFull(stripe, paymentIntent, `duplicate-subscription-${invoice.id}`, userId);
    if (!refund) continue;
    refundedCents += refund.amount;
    await storeRefund(db, refund, { userId, stripeInvoiceId: invoice.id! }, DUPLICATE_SUBSCRIPTION_REASON);
  }
  const sub = await stripe.subscriptions.retrieve(subscriptionId);
  if (sub.status !== "canceled")
    await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `duplicate-subscription-cancel-${subscriptionId}` });
  await syncSubscription(db, config, subscriptionId);
  return refundedCents;
}

async function refundInFull(stripe: Stripe, paymentIntent: string, idempotencyKey: string, userId: string): Promise<Stripe.Refund | null> {
  try {
    return await stripe.refunds.create(
      { payment_intent: paymentIntent, reason: "duplicate", metadata: { userId, reason: "second live subscription" } },
      { idempotencyKey },
    );
  } catch (err) {
    // refunded already (in the dashboard, say): nothing left to give back
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "charge_already_refunded") return null;
    throw err;
  }
}
