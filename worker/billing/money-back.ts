/**
 * The 30-day money-back guarantee (SPEC §1, decision 050 as amended by 092): every payment of the
 * person's first subscription made within its first MONEY_BACK_DAYS (the first payment and any upgrade
 * charged in that time), refunded in full on request, never after a renewal; the subscription ends now.
 * A team's first subscription is covered the same way (issue 25), asked for by the team's owner, who paid it.
 * Once per person, whatever was deleted in between (issue 35, decision 176): a person's own money-back
 * and a team owner's are each remembered under the keyed hash of the address, claimed before the refund.
 */
import type Stripe from "stripe";
import { and, asc, eq, inArray, isNotNull, lte, ne } from "drizzle-orm";
import type { Db } from "../../db";
import { invoices, refunds } from "../../db/schema";
import { MONEY_BACK_DAYS } from "../../domain/plans";
import type { Config } from "../config";
import {
  ApiError,
  MONEY_BACK_REASON,
  badRequest,
  claimMoneyBack,
  conflict,
  moneyBackUsed,
  refusalText,
  releaseMoneyBack,
  said,
  userAddressKey,
  type MoneyBackKind,
} from "../lib";
import { formatMoney, m, type Locale } from "../../copy";
import { fromUnix, idOf, stripeClient } from "./stripe";
import { firstSubscriptionOf, shownOf, type Owner } from "./subscription";
import { storeRefund, syncSubscription } from "./sync";

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

/** Whose guarantee: a person's own (their first subscription) or a team's (its first), asked for by `userId`. */
export type MoneyBackScope = { userId: string; teamId?: string };

const kindOf = (scope: MoneyBackScope): MoneyBackKind => (scope.teamId ? "team" : "own");
const oncePerPerson = () => badRequest(said(m.errors_money_back_once_per_person));

/** The first subscription of the scope, if it is still the one shown (a later one is not covered). */
async function firstSubscription(db: Db, scope: MoneyBackScope): Promise<{ stripeSubscriptionId: string; status: string }> {
  const owner: Owner = scope.teamId ? { teamId: scope.teamId } : { userId: scope.userId };
  const first = await firstSubscriptionOf(db, owner);
  if (!first) throw badRequest(said(scope.teamId ? m.errors_money_back_no_team_subscription : m.errors_money_back_no_subscription));
  if ((await shownOf(db, owner))!.id !== first.id)
    throw badRequest(said(scope.teamId ? m.errors_money_back_team_first_only : m.errors_money_back_first_only));
  return first;
}

/**
 * Whether the guarantee applies now, and to which payments. Throws the 4xx that says why not; the
 * refund below and GET /refund-eligibility share it.
 */
async function moneyBackCheck(db: Db, config: Config, scope: MoneyBackScope) {
  const first = await firstSubscription(db, scope);
  if (first.status === "canceled") throw badRequest(said(m.errors_money_back_ended));
  const key = await userAddressKey(db, config, scope.userId);
  if (!key || (await moneyBackUsed(db, key, kindOf(scope)))) throw oncePerPerson();
  const ofFirst = eq(invoices.stripeSubscriptionId, first.stripeSubscriptionId);
  const [renewal] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(ofFirst, eq(invoices.billingReason, "subscription_cycle")))
    .limit(1);
  if (renewal) throw badRequest(said(m.errors_money_back_renewal));
  const stripe = stripeClient(config);
  const sub = await stripe.subscriptions.retrieve(first.stripeSubscriptionId);
  const deadline = sub.created + MONEY_BACK_DAYS * 86_400;
  if ((await stripeNow(stripe, idOf(sub.customer)!)) > deadline) {
    throw badRequest(said(m.errors_money_back_too_late, { days: MONEY_BACK_DAYS }));
  }
  const payments = await db
    .select()
    .from(invoices)
    .where(and(ofFirst, isNotNull(invoices.stripePaymentIntentId), ne(invoices.amountCents, 0), lte(invoices.paidAt, fromUnix(deadline)!)))
    .orderBy(asc(invoices.paidAt));
  if (!payments.some((p) => p.billingReason === "subscription_create")) throw badRequest(said(m.errors_money_back_no_first_payment));
  const [already] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      inArray(
        refunds.stripeInvoiceId,
        payments.map((p) => p.stripeInvoiceId),
      ),
    )
    .limit(1);
  if (already) throw conflict(said(m.errors_money_back_already_refunded));
  const amountCents = payments.reduce((sum, p) => sum + p.amountCents, 0);
  return { stripe, first, payments, amountCents, currency: payments[0]!.currency, until: fromUnix(deadline)!, key };
}

export type RefundEligibility =
  { eligible: true; until: string; amountCents: number; currency: string } | { eligible: false; reason: string };

/**
 * What the account page shows: may the user ask for the money back now, until when, and how much. When not, the
 * refusal's words in `locale` (the web app shows nothing then; another client may: issue 50).
 */
export async function refundEligibility(db: Db, config: Config, scope: MoneyBackScope, locale: Locale): Promise<RefundEligibility> {
  try {
    const { amountCents, currency, until } = await moneyBackCheck(db, config, scope);
    return { eligible: true, until: until.toISOString(), amountCents, currency };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return { eligible: false, reason: refusalText(err, locale) };
    throw err;
  }
}

/** The money-back refund: every covered payment back in full (Stripe's Refunds API), then the subscription ends now. */
export async function refundFirstSubscription(
  db: Db,
  config: Config,
  scope: MoneyBackScope,
  /** the language of the answer's message (the person's: worker/lib/locale.ts viewerLocale) */
  locale: Locale,
): Promise<{ refundedCents: number; currency: string; message: string }> {
  const { userId } = scope;
  const { stripe, first, payments, currency, key } = await moneyBackCheck(db, config, scope);
  if (!(await claimMoneyBack(db, key, kindOf(scope)))) throw oncePerPerson();
  let refundedCents = 0;
  try {
    for (const payment of payments) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: payment.stripePaymentIntentId!,
          amount: payment.amountCents,
          reason: "requested_by_customer",
          metadata: { userId, guarantee: "30-day" },
        },
        { idempotencyKey: `money-back-${payment.stripeInvoiceId}` },
      );
      await storeRefund(db, refund, { userId, stripeInvoiceId: payment.stripeInvoiceId }, MONEY_BACK_REASON);
      refundedCents += refund.amount;
    }
  } catch (err) {
    // nothing refunded: the guarantee is still there to ask for again
    if (refundedCents === 0) await releaseMoneyBack(db, key, kindOf(scope));
    throw err;
  }
  await stripe.subscriptions.cancel(first.stripeSubscriptionId, {}, { idempotencyKey: `money-back-cancel-${first.stripeSubscriptionId}` });
  await syncSubscription(db, config, first.stripeSubscriptionId);
  const amount = formatMoney(refundedCents, currency, locale);
  return { refundedCents, currency, message: m.billing_refund_done({ count: payments.length, amount }, { locale }) };
}
