/**
 * Checkout, plan changes, the portal and the money-back refund: the calls that ask Stripe to do
 * something for the signed-in user. Each then syncs what Stripe says (./sync.ts), so the answer the web
 * app gets already reflects the change; the webhooks that follow find nothing left to do.
 */
import Stripe from "stripe";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db";
import { invoices, refunds, scheduledDowngrades, subscriptions, users } from "../../db/schema";
import { MONEY_BACK_DAYS, PLAN_ORDER, planById, type PlanType } from "../../domain/plans";
import type { Config } from "../config";
import { ApiError, badRequest, conflict, notFound } from "../lib/errors";
import { fromUnix, idOf, stripeClient } from "./stripe";
import { hasActiveSubscription } from "./subscription";
import { syncSubscription } from "./sync";

export type ChangeResult =
  | { type: "checkout"; url: string }
  | { type: "upgrade"; message: string }
  | { type: "downgrade"; message: string };

const dateText = (d: Date) => d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** A card problem from Stripe (declined, insufficient funds…) as a 402 with Stripe's own sentence. */
function cardProblem(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError) {
    throw new ApiError(402, err.message || "Your card was declined.");
  }
  throw err;
}

/** The user's Stripe customer: created once (idempotently) and stored on the user. */
export async function ensureCustomer(db: Db, config: Config, userId: string): Promise<string> {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, customerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw notFound("User not found.");
  if (user.customerId) return user.customerId;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || undefined;
  const customer = await stripeClient(config).customers.create(
    { email: user.email, name, metadata: { userId } },
    { idempotencyKey: `customer-${userId}` },
  );
  // Two requests at once create the same customer (same idempotency key); the first write wins.
  await db.update(users).set({ stripeCustomerId: customer.id }).where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  return customer.id;
}

/** The user's subscription that grants access now, as stored (newest first), or null. */
async function activeSubscription(db: Db, userId: string) {
  if (!(await hasActiveSubscription(db, userId))) return null;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["active", "trialing"])))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  return row ?? null;
}

export async function createCheckout(db: Db, config: Config, appOrigin: string, userId: string, priceId: string): Promise<ChangeResult> {
  // A subscription whose payment failed is still alive at Stripe (its retries go on): a second one would
  // charge twice. The card is fixed in the portal instead (decision 050).
  const [unpaid] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["past_due", "unpaid"])))
    .limit(1);
  if (unpaid) throw conflict("Your last payment failed. Update your card with Manage Account on your account page to continue your subscription.");
  const customer = await ensureCustomer(db, config, userId);
  const session = await stripeClient(config).checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: userId,
    line_items: [{ price: priceId, quantity: 1 }],
    subscription_data: { metadata: { userId } },
    success_url: `${appOrigin}/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${appOrigin}/pricing?checkout=canceled`,
  });
  if (!session.url) throw new ApiError(502, "No checkout URL received");
  return { type: "checkout", url: session.url };
}

/**
 * SPEC §4 Plans: no active subscription → checkout; the same plan → 409 'Already Subscribed'; a higher
 * plan → switched now, the prorated difference charged at once; a lower plan → a schedule whose next
 * phase starts when the current period ends.
 */
export async function changePlan(db: Db, config: Config, appOrigin: string, userId: string, target: { planType: PlanType; priceId: string }): Promise<ChangeResult> {
  const current = await activeSubscription(db, userId);
  if (!current) return createCheckout(db, config, appOrigin, userId, target.priceId);
  if (current.planType === target.planType) throw conflict("Already Subscribed");
  const stripe = stripeClient(config);
  const sub = await stripe.subscriptions.retrieve(current.stripeSubscriptionId);
  const item = sub.items.data[0]!;
  const targetName = planById(target.planType).name;

  if (PLAN_ORDER[target.planType] > PLAN_ORDER[current.planType]) {
    // A pending downgrade would undo the upgrade at period end: release it first.
    const scheduleId = idOf(sub.schedule);
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
    try {
      await stripe.subscriptions.update(sub.id, {
        items: [{ id: item.id, price: target.priceId }],
        proration_behavior: "always_invoice",
        // If the prorated charge fails, Stripe leaves the subscription as it was.
        payment_behavior: "error_if_incomplete",
      });
    } catch (err) {
      if (scheduleId) await syncSubscription(db, config, sub.id); // the release happened; keep our copy true
      cardProblem(err);
    }
    await syncSubscription(db, config, sub.id);
    return { type: "upgrade", message: `You're now on the ${targetName} plan. The prorated difference was charged to your card.` };
  }

  const periodEnd = item.current_period_end;
  const scheduleId = idOf(sub.schedule) ?? (await stripe.subscriptionSchedules.create({ from_subscription: sub.id })).id;
  const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
  const currentPhase = schedule.phases[0]!;
  await stripe.subscriptionSchedules.update(scheduleId, {
    end_behavior: "release",
    phases: [
      { items: [{ price: item.price.id, quantity: 1 }], start_date: currentPhase.start_date, end_date: periodEnd },
      { items: [{ price: target.priceId, quantity: 1 }], start_date: periodEnd, duration: { interval: intervalOf(target.planType), interval_count: 1 } },
    ],
  });
  await syncSubscription(db, config, sub.id);
  return { type: "downgrade", message: `Your plan will change to ${targetName} on ${dateText(fromUnix(periodEnd)!)}.` };
}

const intervalOf = (plan: PlanType) => (plan === "weekly" ? "week" : plan === "monthly" ? "month" : "year") as "week" | "month" | "year";

/** Releases the schedule behind the user's pending downgrade; the plan stays as it is. */
export async function cancelDowngrade(db: Db, config: Config, userId: string): Promise<void> {
  const [pending] = await db
    .select({ scheduleId: scheduledDowngrades.stripeScheduleId, subscriptionId: subscriptions.stripeSubscriptionId })
    .from(scheduledDowngrades)
    .innerJoin(subscriptions, eq(subscriptions.id, scheduledDowngrades.subscriptionId))
    .where(and(eq(scheduledDowngrades.userId, userId), eq(scheduledDowngrades.status, "scheduled")))
    .limit(1);
  if (!pending) throw notFound("There is no scheduled downgrade to cancel.");
  const stripe = stripeClient(config);
  if (pending.scheduleId) {
    const schedule = await stripe.subscriptionSchedules.retrieve(pending.scheduleId);
    if (schedule.status === "active" || schedule.status === "not_started") await stripe.subscriptionSchedules.release(pending.scheduleId);
  }
  await syncSubscription(db, config, pending.subscriptionId);
}

export async function createPortal(db: Db, config: Config, appOrigin: string, userId: string): Promise<{ url: string }> {
  const customer = await ensureCustomer(db, config, userId);
  const session = await stripeClient(config).billingPortal.sessions.create({ customer, return_url: `${appOrigin}/account?portal=return` });
  return { url: session.url };
}

/** Re-reads the user's subscriptions from Stripe (all of the customer's) and stores them. */
export async function syncUser(db: Db, config: Config, userId: string): Promise<void> {
  const [user] = await db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.customerId) return;
  const list = await stripeClient(config).subscriptions.list({ customer: user.customerId, status: "all", limit: 20 });
  for (const sub of list.data) await syncSubscription(db, config, sub.id);
}

/**
 * Stripe's "now" for a customer, in seconds: the frozen time of the customer's test clock when it has
 * one (test mode and the local Stripe), else the real time.
 */
async function stripeNow(stripe: Stripe, customerId: string): Promise<number> {
  const customer = await stripe.customers.retrieve(customerId);
  const clockId = "deleted" in customer && customer.deleted ? null : idOf(customer.test_clock);
  if (!clockId) return Math.floor(Date.now() / 1000);
  return (await stripe.testHelpers.testClocks.retrieve(clockId)).frozen_time;
}

/**
 * Whether the 30-day money-back guarantee (SPEC §1) applies to the user now: the first payment of the
 * user's first subscription, asked within MONEY_BACK_DAYS of its start (on Stripe's clock), never after a
 * renewal. Throws the 4xx that says why not; the refund below and GET /refund-eligibility share it.
 */
async function moneyBackCheck(db: Db, config: Config, userId: string) {
  const [first] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.createdAt)).limit(1);
  if (!first) throw badRequest("You don't have a subscription to refund.");
  const [current] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt)).limit(1);
  if (current!.id !== first.id) throw badRequest("The money-back guarantee covers your first subscription only.");
  if (first.status === "canceled") throw badRequest("This subscription has already ended.");
  const [renewal] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.stripeSubscriptionId, first.stripeSubscriptionId), eq(invoices.billingReason, "subscription_cycle")))
    .limit(1);
  if (renewal) throw badRequest("The money-back guarantee covers new subscriptions, not renewals.");
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.stripeSubscriptionId, first.stripeSubscriptionId), eq(invoices.billingReason, "subscription_create")))
    .limit(1);
  if (!invoice?.stripePaymentIntentId) throw badRequest("We couldn't find the first payment of this subscription.");
  const [already] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.stripeInvoiceId, invoice.stripeInvoiceId)).limit(1);
  if (already) throw conflict("This payment has already been refunded.");
  const stripe = stripeClient(config);
  const sub = await stripe.subscriptions.retrieve(first.stripeSubscriptionId);
  const deadline = sub.created + MONEY_BACK_DAYS * 86_400;
  if ((await stripeNow(stripe, idOf(sub.customer)!)) > deadline) {
    throw badRequest(`The money-back guarantee applies within ${MONEY_BACK_DAYS} days of subscribing.`);
  }
  return { stripe, first, invoice: { ...invoice, stripePaymentIntentId: invoice.stripePaymentIntentId }, until: fromUnix(deadline)! };
}

export type RefundEligibility =
  | { eligible: true; until: string; amountCents: number; currency: string }
  | { eligible: false; reason: string };

/** What the account page shows: may the user ask for the money back now, until when, and how much. */
export async function refundEligibility(db: Db, config: Config, userId: string): Promise<RefundEligibility> {
  try {
    const { invoice, until } = await moneyBackCheck(db, config, userId);
    return { eligible: true, until: until.toISOString(), amountCents: invoice.amountCents, currency: invoice.currency };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return { eligible: false, reason: err.message };
    throw err;
  }
}

/** The money-back refund: refunds the first payment (Stripe's Refunds API) and ends the subscription now. */
export async function refundFirstPayment(db: Db, config: Config, userId: string): Promise<{ refundedCents: number; currency: string }> {
  const { stripe, first, invoice } = await moneyBackCheck(db, config, userId);
  const refund = await stripe.refunds.create(
    { payment_intent: invoice.stripePaymentIntentId, amount: invoice.amountCents, reason: "requested_by_customer", metadata: { userId, guarantee: "30-day" } },
    { idempotencyKey: `money-back-${first.stripeSubscriptionId}` },
  );
  await db
    .insert(refunds)
    .values({
      stripeRefundId: refund.id,
      userId,
      stripeInvoiceId: invoice.stripeInvoiceId,
      stripePaymentIntentId: invoice.stripePaymentIntentId,
      amountCents: refund.amount,
      currency: refund.currency,
      reason: "money-back guarantee",
      refundedAt: fromUnix(refund.created)!,
    })
    .onConflictDoNothing({ target: refunds.stripeRefundId });
  await stripe.subscriptions.cancel(first.stripeSubscriptionId, {}, { idempotencyKey: `money-back-cancel-${first.stripeSubscriptionId}` });
  await syncSubscription(db, config, first.stripeSubscriptionId);
  return { refundedCents: refund.amount, currency: refund.currency };
}

/** Account deletion: ends the user's live Stripe subscriptions first, so nobody is charged again. */
export async function cancelAllSubscriptions(db: Db, config: Config, userId: string): Promise<number> {
  const live = await db
    .select({ id: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["active", "trialing", "past_due", "unpaid", "incomplete"])));
  if (live.length === 0) return 0;
  const stripe = stripeClient(config);
  for (const { id } of live) {
    try {
      await stripe.subscriptions.cancel(id, {}, { idempotencyKey: `account-deleted-${id}` });
    } catch (err) {
      // already gone from Stripe (deleted there): nothing left to charge
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "resource_missing")) throw err;
    }
  }
  return live.length;
}
