/**
 * Stripe is the source of truth; these functions copy what it says into our tables. Each one re-reads
 * the object from Stripe instead of trusting a webhook's snapshot, and writes with an upsert keyed by
 * Stripe's id, so the same event five times, or events in any order, leave the same final state
 * (docs/decisions/050-billing.md).
 */
import type Stripe from "stripe";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { invoices, refunds, subscriptions, teams, users } from "../../db/schema";
import { isTeamPlan } from "../../domain/plans";
import type { Config } from "../config";
import { log } from "../lib";
import { loadPriceBook } from "./prices";
import { nextChange, pendingOf, NOTHING_PENDING } from "./schedules";
import { fromUnix, idOf, stripeClient, subscriptionTimes } from "./stripe";
import type { PersonalSubscription } from "./subscription";

/** Our user for a Stripe customer: by the id stored on the user, else the id the customer carries. */
export async function userForCustomer(db: Db | Tx, stripe: Stripe, customerId: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
  if (row) return row.id;
  const customer = await stripe.customers.retrieve(customerId);
  const userId = "deleted" in customer && customer.deleted ? undefined : customer.metadata?.userId;
  if (!userId) return null;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.id ?? null;
}

/**
 * Re-reads a subscription (and its schedule) from Stripe and stores it. Returns our row when it is a
 * person's plan, else null (a team's, or an unknown price or customer: logged and otherwise ignored).
 */
export async function syncSubscription(db: Db | Tx, config: Config, subscriptionId: string) {
  return (await syncAnySubscription(db, config, subscriptionId)).personal;
}

/**
 * Re-reads a subscription of either kind and stores it in the one table (issue 37): a person's plan
 * (`personal`, our row) or the Team plan's. `ownerId`: the person it belongs to (a team's: the team's
 * owner), whose subscriptions are settled afterwards (./settle.ts).
 */
export async function syncAnySubscription(db: Db | Tx, config: Config, subscriptionId: string) {
  const stripe = stripeClient(config);
  const sub = await stripe.subscriptions.retrieve(subscriptionId);
  const item = sub.items.data[0];
  const priceId = item?.price.id;
  const book = await loadPriceBook(db, config);
  const planType = priceId ? book.planOf(priceId) : null;
  const customerId = idOf(sub.customer)!;
  if (!item || !priceId || !planType) {
    log("warn", "billing: a subscription that is not ours was ignored", { subscriptionId, priceId, customerId });
    return { personal: null, ownerId: null };
  }
  // the pending change (a downgrade, fewer seats) as the schedule has it: the same reading every change flow makes
  const scheduleId = idOf(sub.schedule);
  const pending =
    scheduleId && sub.status !== "canceled" ? pendingOf(await stripe.subscriptionSchedules.retrieve(scheduleId), item) : NOTHING_PENDING;
  const common = {
    stripeSubscriptionId: sub.id,
    stripePriceId: priceId,
    status: sub.status,
    planType,
    stripeScheduleId: scheduleId,
    ...nextChange(pending, planType, (id) => book.planOf(id)),
    ...subscriptionTimes(sub, item),
  };
  if (isTeamPlan(planType)) {
    const team = await teamOf(db, stripe, sub, customerId);
    if (!team) return { personal: null, ownerId: null };
    await upsert(db, { ...common, teamId: team.id, userId: null });
    return { personal: null, ownerId: team.ownerUserId };
  }
  const userId = await userForCustomer(db, stripe, customerId);
  if (!userId) {
    log("warn", "billing: a subscription that is not ours was ignored", { subscriptionId, priceId, customerId });
    return { personal: null, ownerId: null };
  }
  const row = (await upsert(db, { ...common, userId, teamId: null })) as PersonalSubscription;
  return { personal: row, ownerId: userId };
}

/** Writes the row keyed by Stripe's id; the row's creation time is Stripe's and never moves. */
async function upsert(db: Db | Tx, values: typeof subscriptions.$inferInsert) {
  const { createdAt: _created, ...changes } = values;
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: changes })
    .returning();
  return row!;
}

/** The customer's own user id: the one stored on the user, else the one the customer carries. */
async function customerIsUser(db: Db | Tx, stripe: Stripe, customerId: string, userId: string): Promise<boolean> {
  const [user] = await db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return false;
  if (user.customerId) return user.customerId === customerId;
  const customer = await stripe.customers.retrieve(customerId);
  return !("deleted" in customer && customer.deleted) && customer.metadata?.userId === userId;
}

/**
 * A Team subscription's team: the one named in its metadata (set at Checkout), and only when the paying
 * customer is that team's owner; anything else is logged and ignored (decision 143).
 */
async function teamOf(db: Db | Tx, stripe: Stripe, sub: Stripe.Subscription, customerId: string) {
  const teamId = sub.metadata?.teamId;
  const [team] =
    teamId && /^[0-9a-f-]{36}$/i.test(teamId)
      ? await db.select({ id: teams.id, ownerUserId: teams.ownerUserId }).from(teams).where(eq(teams.id, teamId)).limit(1)
      : [];
  if (!team || !(await customerIsUser(db, stripe, customerId, team.ownerUserId))) {
    log("warn", "billing: a Team subscription without its team was ignored", { subscriptionId: sub.id, teamId, customerId });
    return null;
  }
  return team;
}

/** The payment intent that paid an invoice (the current API lists an invoice's payments separately). */
export async function paymentIntentOf(stripe: Stripe, invoiceId: string): Promise<string | null> {
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 });
  const paid = payments.data.find((p) => p.status === "paid") ?? payments.data[0];
  return paid?.payment.type === "payment_intent" ? idOf(paid.payment.payment_intent) : null;
}

/** Records a paid invoice (once; a second call changes nothing but a missing detail). */
export async function recordInvoice(db: Db | Tx, config: Config, invoiceId: string): Promise<boolean> {
  const stripe = stripeClient(config);
  const invoice = await stripe.invoices.retrieve(invoiceId);
  if (invoice.status !== "paid") return false;
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  const priceLine = invoice.lines.data.find((l) => !l.parent?.subscription_item_details?.proration) ?? invoice.lines.data[0];
  const priceId = idOf(priceLine?.pricing?.price_details?.price);
  const customerId = idOf(invoice.customer);
  const plan = priceId ? (await loadPriceBook(db, config)).planOf(priceId) : null;
  const values = {
    userId: customerId ? await userForCustomer(db, stripe, customerId) : null,
    stripeInvoiceId: invoice.id!,
    stripeSubscriptionId: subscriptionId,
    planType: plan,
    amountCents: invoice.amount_paid,
    currency: invoice.currency,
    status: invoice.status,
    billingReason: invoice.billing_reason,
    periodStart: fromUnix(priceLine?.period.start ?? invoice.period_start),
    periodEnd: fromUnix(priceLine?.period.end ?? invoice.period_end),
    paidAt: fromUnix(invoice.status_transitions.paid_at) ?? new Date(),
    stripePaymentIntentId: await paymentIntentOf(stripe, invoice.id!),
  };
  const inserted = await db
    .insert(invoices)
    .values(values)
    .onConflictDoNothing({ target: invoices.stripeInvoiceId })
    .returning({ id: invoices.id });
  return inserted.length > 0;
}

/** Stores one Stripe refund (once: keyed by its id); true when it was new. */
export async function storeRefund(
  db: Db | Tx,
  refund: Stripe.Refund,
  owner: { userId: string | null; stripeInvoiceId: string | null },
  reason = refund.reason,
): Promise<boolean> {
  const rows = await db
    .insert(refunds)
    .values({
      stripeRefundId: refund.id,
      userId: owner.userId,
      stripeInvoiceId: owner.stripeInvoiceId,
      stripePaymentIntentId: idOf(refund.payment_intent),
      amountCents: refund.amount,
      currency: refund.currency,
      reason,
      refundedAt: fromUnix(refund.created)!,
    })
    .onConflictDoNothing({ target: refunds.stripeRefundId })
    .returning({ id: refunds.id });
  return rows.length > 0;
}

/** Records every refund of a charge (ours and those made in Stripe's dashboard), once each. */
export async function recordRefunds(db: Db | Tx, config: Config, chargeId: string): Promise<number> {
  const stripe = stripeClient(config);
  const list = await stripe.refunds.list({ charge: chargeId, limit: 100 });
  let recorded = 0;
  for (const refund of list.data) {
    if (refund.status !== "succeeded" && refund.status !== "pending") continue;
    const paymentIntentId = idOf(refund.payment_intent);
    const [invoice] = paymentIntentId
      ? await db
          .select({ userId: invoices.userId, stripeInvoiceId: invoices.stripeInvoiceId })
          .from(invoices)
          .where(eq(invoices.stripePaymentIntentId, paymentIntentId))
          .limit(1)
      : [];
    const stored = await storeRefund(db, refund, { userId: invoice?.userId ?? null, stripeInvoiceId: invoice?.stripeInvoiceId ?? null });
    if (stored) recorded += 1;
  }
  return recorded;
}
