/**
 * Checkout, plan changes and the portal: the calls that ask Stripe to do
 * something for the signed-in user. Each then syncs what Stripe says (./sync.ts), so the answer the web
 * app gets already reflects the change; the webhooks that follow find nothing left to do.
 */
import Stripe from "stripe";
import { and, desc, eq, isNotNull, isNull, not, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { refunds, subscriptions, users } from "../../db/schema";
import { PLAN_ORDER, isPersonPlan, isTeamPlan, type PlanType } from "../../domain/plans";
import { ENDED_STATUSES, PAYMENT_FAILING_STATUSES } from "../../domain/subscription-status";
import type { Config } from "../config";
import { conflict, errorFields, log, notFound, refuse, said, subscriptionCanceled, userLocale } from "../lib";
import { formatDate, m, type Locale } from "../../copy";
import { planWord } from "../mail";
import type { ApiInvoice } from "../../domain/api";
import { appUrl, landings } from "../../domain/paths";
import { loadPriceBook } from "./prices";
import { NOTHING_PENDING, pendingOf, writeSchedule } from "./schedules";
import { cardProblem, fromUnix, idOf, stripeClient } from "./stripe";
import { shownSubscription, statusIn } from "./subscription";
import { syncSubscription } from "./sync";

export type ChangeResult =
  { type: "checkout"; url: string } | { type: "upgrade"; message: string } | { type: "downgrade"; message: string };

/** A Stripe customer's `preferred_locales` for an account's language: all five are Stripe locales (decision 340). */
export const preferredLocales = (locale: Locale): string[] => [locale];

/**
 * Tells Stripe the account's new language (`PATCH /api/account/profile {locale}`), so its next invoice and receipt
 * are in it. An account without a Stripe customer has nothing to tell; the customer is created with it.
 */
export async function syncCustomerLocale(config: Config, customerId: string | null, locale: Locale): Promise<void> {
  if (!customerId) return;
  await stripeClient(config).customers.update(customerId, { preferred_locales: preferredLocales(locale) });
}

/**
 * The user's Stripe customer: created once (idempotently) and stored on the user, in the account's language. An
 * existing customer is told the account's language again (decision 410): customers made before decision 385 kept
 * Stripe's default, and a change of language that Stripe did not take is made good here. Called when Checkout, the
 * portal or a plan change is made for the person, and when a team's owner changes its seats, cancels or resumes
 * (decision 440), so their next receipt and invoice are in it; not on every request. A failure there is logged and
 * does not stop the payment.
 */
export async function ensureCustomer(db: Db, config: Config, userId: string): Promise<string> {
  const [user] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
      customerId: users.stripeCustomerId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw notFound(said(m.errors_user_not_found), "user_not_found");
  if (user.customerId) {
    const locale = userLocale(user);
    await syncCustomerLocale(config, user.customerId, locale).catch((err: unknown) =>
      log("warn", "billing: Stripe did not take the customer's language", { userId, locale, ...errorFields(err) }),
    );
    return user.customerId;
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || undefined;
  const customer = await stripeClient(config).customers.create(
    // Stripe writes its invoice PDFs, hosted invoices and its own emails in the customer's language (issue 50)
    { email: user.email, name, metadata: { userId }, preferred_locales: preferredLocales(userLocale(user)) },
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

/**
 * A plan the person canceled runs to its period end and is changed no more (issue 46, decision 341): an upgrade
 * would charge for a plan they chose to end, a downgrade's schedule would renew it. Renewing it in Manage Billing
 * (Stripe's portal) comes first; after the period ends, a new plan is an ordinary checkout.
 */
function refuseWhileCanceled(current: { planType: PlanType; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null }): void {
  if (!current.cancelAtPeriodEnd) return;
  const plan = (l: Locale) => planWord(current.planType, l);
  const end = current.currentPeriodEnd;
  throw subscriptionCanceled(
    end
      ? said(m.errors_plan_canceled, { plan, date: (l) => formatDate(end, l, "long", { timeZone: "UTC" }) })
      : said(m.errors_plan_canceled_period_end, { plan }),
  );
}

/** `locale`: the language Checkout opens in, the one the person is reading (worker/lib/locale.ts viewerLocale; issue 50). */
export async function createCheckout(
  db: Db,
  config: Config,
  appOrigin: string,
  userId: string,
  priceId: string,
  locale: Locale,
): Promise<ChangeResult> {
  // A subscription whose payment failed is still alive at Stripe (its retries go on): a second one would
  // charge twice. The card is fixed in the portal instead (decision 050).
  const [unpaid] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), statusIn(PAYMENT_FAILING_STATUSES)))
    .limit(1);
  if (unpaid) throw conflict(said(m.errors_payment_failed_update_card));
  const customer = await ensureCustomer(db, config, userId);
  const session = await stripeClient(config).checkout.sessions.create({
    mode: "subscription",
    customer,
    locale,
    client_reference_id: userId,
    line_items: [{ price: priceId, quantity: 1 }],
    subscription_data: { metadata: { userId } },
    success_url: appUrl(appOrigin, landings.checkoutSuccess),
    cancel_url: appUrl(appOrigin, landings.checkoutCanceled),
  });
  if (!session.url) throw refuse("upstream_failed", said(m.errors_no_checkout_url));
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
  locale: Locale,
): Promise<ChangeResult> {
  const current = await activeSubscription(db, userId);
  if (!current) return createCheckout(db, config, appOrigin, userId, target.priceId, locale);
  refuseWhileCanceled(current);
  if (current.planType === target.planType) throw conflict(said(m.errors_already_subscribed), "already_subscribed");
  await ensureCustomer(db, config, userId); // the invoice of the change in the account's language
  const stripe = stripeClient(config);
  const sub = await stripe.subscriptions.retrieve(current.stripeSubscriptionId);
  const item = sub.items.data[0]!;

  const scheduleId = idOf(sub.schedule);

  if (PLAN_ORDER[target.planType] > PLAN_ORDER[current.planType]) {
    // A pending downgrade would undo the upgrade at period end, and a price change is of the plan left: released first.
    await writeSchedule(stripe, sub.id, scheduleId, NOTHING_PENDING);
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
    return { type: "upgrade", message: m.billing_changed_upgraded({ plan: planWord(target.planType, locale) }, { locale }) };
  }

  // a lower plan from the period's end; a price change's schedule (decision 093) becomes the downgrade's
  const periodEnd = item.current_period_end;
  await writeSchedule(stripe, sub.id, scheduleId, { ...NOTHING_PENDING, plan: { priceId: target.priceId, at: periodEnd } });
  await syncSubscription(db, config, sub.id);
  const date = formatDate(fromUnix(periodEnd)!, locale, "long", { timeZone: "UTC" });
  return { type: "downgrade", message: m.billing_changed_downgrade({ plan: planWord(target.planType, locale), date }, { locale }) };
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
  if (current) refuseWhileCanceled(current);
  if (!current || PLAN_ORDER[target.planType] <= PLAN_ORDER[current.planType]) throw conflict(said(m.errors_only_upgrade_charged));
  const stripe = stripeClient(config);
  const sub = await stripe.subscriptions.retrieve(current.stripeSubscriptionId);
  const preview = await stripe.invoices.createPreview({
    customer: idOf(sub.customer)!,
    subscription: sub.id,
    subscription_details: upgradeChange(sub.items.data[0]!.id, target.priceId),
  });
  return { planType: target.planType, amountCents: preview.amount_due, currency: preview.currency };
}

/** The person's pending change of plan (a downgrade from `scheduledAt`), from their subscription's row; null without one. */
export async function pendingPlanChange(
  db: Db,
  userId: string,
): Promise<{ scheduledPlanType: PlanType; scheduledAt: Date; stripeScheduleId: string | null; stripeSubscriptionId: string } | null> {
  const [row] = await db
    .select({
      scheduledPlanType: subscriptions.scheduledPlanType,
      scheduledAt: subscriptions.scheduledAt,
      stripeScheduleId: subscriptions.stripeScheduleId,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.scheduledPlanType), isNotNull(subscriptions.scheduledAt)))
    .orderBy(desc(subscriptions.scheduledAt))
    .limit(1);
  return row?.scheduledPlanType && row.scheduledAt && isPersonPlan(row.scheduledPlanType)
    ? { ...row, scheduledPlanType: row.scheduledPlanType, scheduledAt: row.scheduledAt }
    : null;
}

/** Drops the user's pending downgrade from its schedule (anything else pending stays); the plan stays as it is. */
export async function cancelDowngrade(db: Db, config: Config, userId: string): Promise<void> {
  const pending = await pendingPlanChange(db, userId);
  if (!pending) throw notFound(said(m.errors_no_scheduled_downgrade));
  if (pending.stripeScheduleId) await dropPlanChange(config, pending.stripeSubscriptionId, pending.stripeScheduleId);
  await syncSubscription(db, config, pending.stripeSubscriptionId);
}

/** Takes a pending change of plan off the subscription's schedule, through the one writer. */
export async function dropPlanChange(config: Config, subscriptionId: string, scheduleId: string, releaseKey?: string): Promise<void> {
  const stripe = stripeClient(config);
  const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
  const pending = pendingOf(await stripe.subscriptionSchedules.retrieve(scheduleId), item);
  await writeSchedule(stripe, subscriptionId, scheduleId, { ...pending, plan: null }, { releaseKey });
}

/** `locale`: the language the portal opens in (as Checkout's). */
export async function createPortal(db: Db, config: Config, appOrigin: string, userId: string, locale: Locale): Promise<{ url: string }> {
  const customer = await ensureCustomer(db, config, userId);
  const session = await stripeClient(config).billingPortal.sessions.create({
    customer,
    locale,
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
    const planType = priceId ? book.planOf(priceId) : null;
    const refundedCents = refunded.get(invoice.id) ?? 0;
    const fullyRefunded = invoice.status === "paid" && invoice.amount_paid > 0 && refundedCents >= invoice.amount_paid;
    found.push({
      id: invoice.id,
      number: invoice.number,
      date: fromUnix(invoice.status_transitions.finalized_at ?? invoice.created)!.toISOString(),
      planType,
      seats: planType && isTeamPlan(planType) ? (line?.quantity ?? null) : null,
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
    .where(and(eq(subscriptions.userId, userId), not(statusIn(ENDED_STATUSES))));
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
