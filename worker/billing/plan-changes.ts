/**
 * Checkout, plan changes and the portal: the calls that ask Stripe to do
 * something for the signed-in user. Each then syncs what Stripe says (./sync.ts), so the answer the web
 * app gets already reflects the change; the webhooks that follow find nothing left to do.
 */
import Stripe from "stripe";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { refunds, scheduledDowngrades, subscriptions, users } from "../../db/schema";
import { PLAN_ORDER, planById, type PlanType } from "../../domain/plans";
import type { Config } from "../config";
import { conflict, notFound, refuse } from "../lib";
import type { ApiInvoice } from "../../domain/api";
import { appUrl, landings } from "../../domain/paths";
import { loadPriceBook } from "./prices";
import { fromUnix, idOf, stripeClient } from "./stripe";
import { shownSubscription } from "./subscription";
import { syncSubscription } from "./sync";

export type ChangeResult =
  { type: "checkout"; url: string } | { type: "upgrade"; message: string } | { type: "downgrade"; message: string };

const dateText = (d: Date) => d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** A card problem from Stripe (declined, insufficient funds…) as a 402 with Stripe's own sentence. */
function cardProblem(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError) {
    throw refuse("card_declined", err.message || "Your card was declined.");
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
  if (!user) throw notFound("User not found.", "user_not_found");
  if (user.customerId) return user.customerId;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || undefined;
  const customer = await stripeClient(config).customers.create(
    { email: user.email, name, metadata: { userId } },
    { idempotencyKey: `customer-${userId}` },
  );
  // Two requests at once create the same customer (same idempotency key); the first write wins.
  await db
    .update(users)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  return customer.id;
}

/** The user's subscription that grants access now (the one the app shows, when it does), or null. */
async function activeSubscription(db: Db, userId: string) {
  const shown = await shownSubscription(db, userId);
  return shown?.entitled ? shown : null;
}

export async function createCheckout(db: Db, config: Config, appOrigin: string, userId: string, priceId: string): Promise<ChangeResult> {
  // A subscription whose payment failed is still alive at Stripe (its retries go on): a second one would
  // charge twice. The card is fixed in the portal instead (decision 050).
  const [unpaid] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["past_due", "unpaid"])))
    .limit(1);
  if (unpaid)
    throw conflict("Your last payment failed. Update your card with Manage Billing on your account page to continue your subscription.");
  const customer = await ensureCustomer(db, config, userId);
  const session = await stripeClient(config).checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: userId,
    line_items: [{ price: priceId, quantity: 1 }],
    subscription_data: { metadata: { userId } },
    success_url: appUrl(appOrigin, landings.checkoutSuccess),
    cancel_url: appUrl(appOrigin, landings.checkoutCanceled),
  });
  if (!session.url) throw refuse("upstream_failed", "No checkout URL received");
  return { type: "checkout", url: session.url };
}

/**
 * SPEC §4 Plans: no active subscription → checkout; the same plan → 409 'Already Subscribed'; a higher
 * plan → switched now, the prorated difference charged at once; a lower plan → a schedule whose next
 * phase starts when the current period ends.
 */
export async function changePlan(
  db: Db,
  config: Config,
  appOrigin: string,
  userId: string,
  target: { planType: PlanType; priceId: string },
): Promise<ChangeResult> {
  const current = await activeSubscription(db, userId);
  if (!current) return createCheckout(db, config, appOrigin, userId, target.priceId);
  if (current.planType === target.planType) throw conflict("Already Subscribed", "already_subscribed");
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
        ...upgradeChange(item.id, target.priceId),
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
    // a price change's schedule (decision 093) becomes the downgrade's: it no longer moves to that price
    metadata: { price_change: "" },
    phases: [
      { items: [{ price: item.price.id, quantity: 1 }], start_date: currentPhase.start_date, end_date: periodEnd },
      {
        items: [{ price: target.priceId, quantity: 1 }],
        start_date: periodEnd,
        duration: { interval: intervalOf(target.planType), interval_count: 1 },
      },
    ],
  });
  await syncSubscription(db, config, sub.id);
  return { type: "downgrade", message: `Your plan will change to ${targetName} on ${dateText(fromUnix(periodEnd)!)}.` };
}

/** The change an upgrade makes: the new price now, the prorated difference invoiced at once. The preview uses the same. */
const upgradeChange = (itemId: string, priceId: string) => ({
  items: [{ id: itemId, price: priceId }],
  proration_behavior: "always_invoice" as const,
});

/**
 * What upgrading to `target` would charge now, from Stripe's invoice preview of that very change (so the
 * dialog shows the amount the card is then charged). Only an upgrade charges now: anything else is a 409.
 */
export async function upgradePreview(db: Db, config: Config, userId: string, target: { planType: PlanType; priceId: string }) {
  const current = await activeSubscription(db, userId);
  if (!current || PLAN_ORDER[target.planType] <= PLAN_ORDER[current.planType]) throw conflict("Only an upgrade is charged now.");
  const stripe = stripeClient(config);
  const sub = await stripe.subscriptions.retrieve(current.stripeSubscriptionId);
  const preview = await stripe.invoices.createPreview({
    customer: idOf(sub.customer)!,
    subscription: sub.id,
    subscription_details: upgradeChange(sub.items.data[0]!.id, target.priceId),
  });
  return { planType: target.planType, amountCents: preview.amount_due, currency: preview.currency };
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
  const session = await stripeClient(config).billingPortal.sessions.create({
    customer,
    return_url: appUrl(appOrigin, landings.portalReturn),
  });
  return { url: session.url };
}

/** Every invoice Stripe has for the user, newest first (drafts aside), as the account page lists them. */
export async function listInvoices(db: Db, config: Config, userId: string): Promise<ApiInvoice[]> {
  const [user] = await db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.customerId) return [];
  const found: ApiInvoice[] = [];
  const book = await loadPriceBook(db, config);
  const refunded = new Map(
    (
      await db
        .select({ invoiceId: refunds.stripeInvoiceId, cents: sql<number>`sum(${refunds.amountCents})::int` })
        .from(refunds)
        .where(eq(refunds.userId, userId))
        .groupBy(refunds.stripeInvoiceId)
    ).map((r) => [r.invoiceId, Number(r.cents)]),
  );
  for await (const invoice of stripeClient(config).invoices.list({ customer: user.customerId, limit: 100 })) {
    if (invoice.status === "draft" || !invoice.id) continue;
    const line = invoice.lines.data.find((l) => !l.parent?.subscription_item_details?.proration) ?? invoice.lines.data[0];
    const priceId = idOf(line?.pricing?.price_details?.price);
    const refundedCents = refunded.get(invoice.id) ?? 0;
    const fullyRefunded = invoice.status === "paid" && invoice.amount_paid > 0 && refundedCents >= invoice.amount_paid;
    found.push({
      id: invoice.id,
      number: invoice.number,
      date: fromUnix(invoice.status_transitions.finalized_at ?? invoice.created)!.toISOString(),
      planType: priceId ? book.planOf(priceId) : null,
      seats: priceId && book.planOf(priceId) === "team" ? (line?.quantity ?? null) : null,
      periodStart: line ? fromUnix(line.period.start)!.toISOString() : null,
      periodEnd: line ? fromUnix(line.period.end)!.toISOString() : null,
      amountCents: invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      status: fullyRefunded ? "refunded" : (invoice.status ?? "open"),
      refundedCents,
      pdfUrl: invoice.invoice_pdf ?? null,
      hostedUrl: invoice.hosted_invoice_url ?? null,
    });
    if (found.length >= 100) break;
  }
  return found;
}

/** Re-reads the user's subscriptions from Stripe (all of the customer's) and stores them. */
export async function syncUser(db: Db, config: Config, userId: string): Promise<void> {
  const [user] = await db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.customerId) return;
  const list = await stripeClient(config).subscriptions.list({ customer: user.customerId, status: "all", limit: 20 });
  for (const sub of list.data) await syncSubscription(db, config, sub.id);
}

/** Account deletion: ends the user's live Stripe subscriptions first, so nobody is charged again. */
export async function cancelAllSubscriptions(db: Db, config: Config, userId: string): Promise<number> {
  const live = await db
    .select({ id: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["active", "trialing", "past_due", "unpaid", "incomplete"])),
    );
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
