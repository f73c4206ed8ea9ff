/**
 * Charging an invoice: one payment attempt with a card (a PaymentIntent per invoice, a Charge per
 * attempt) and, for a renewal that fails, when it is retried.
 */
import { DAY, type Standin } from "../standin";
import { newId, type ChargeRecord, type InvoiceRecord } from "../store";
import { declineMessage } from "./cards";
import { markPaid } from "./invoicing";

/** When a failed renewal is retried, counted from the failure before it; after the last, the subscription is canceled. */
const RETRY_AFTER_DAYS = [3, 2, 2];

/**
 * One payment attempt with the given card: a PaymentIntent per invoice, a Charge per attempt.
 * Returns whether the invoice is now paid.
 */
export function attemptPayment(s: Standin, inv: InvoiceRecord, pmId: string | null): boolean {
  const now = s.store.now();
  if (inv.amountDue === 0) {
    markPaid(s, inv);
    return true;
  }
  inv.attemptCount += 1;
  let pi = inv.paymentIntent ? s.store.paymentIntents.get(inv.paymentIntent)! : undefined;
  if (!pi) {
    pi = {
      id: newId("pi"),
      seq: s.store.nextSeq(),
      created: now,
      amount: inv.amountDue,
      currency: "eur",
      customer: inv.customer,
      paymentMethod: pmId,
      status: "requires_payment_method",
      description: inv.billingReason === "subscription_create" ? "Subscription creation" : "Subscription update",
      latestCharge: null,
      invoice: inv.id,
      lastError: null,
    };
    s.store.paymentIntents.set(pi.id, pi);
    inv.paymentIntent = pi.id;
  }
  pi.paymentMethod = pmId;
  const pm = pmId ? s.store.paymentMethods.get(pmId) : undefined;
  let ok = false;
  if (pm) {
    ok = pm.card.behaviour === "succeeds";
    const charge: ChargeRecord = {
      id: newId("ch"),
      seq: s.store.nextSeq(),
      created: now,
      amount: inv.amountDue,
      amountRefunded: 0,
      currency: "eur",
      customer: inv.customer,
      paymentIntent: pi.id,
      paymentMethod: pm.id,
      status: ok ? "succeeded" : "failed",
      failureCode: ok ? null : "card_declined",
      failureMessage: ok ? null : declineMessage(pm.card.declineCode),
      declineCode: ok ? null : pm.card.declineCode,
      description: pi.description,
    };
    s.store.charges.set(charge.id, charge);
    pi.latestCharge = charge.id;
    pi.status = ok ? "succeeded" : "requires_payment_method";
    pi.lastError = ok
      ? null
      : { code: "card_declined", declineCode: pm.card.declineCode, message: declineMessage(pm.card.declineCode), charge: charge.id };
    s.events.emit(ok ? "charge.succeeded" : "charge.failed", s.objects.charge(charge));
    s.events.emit(ok ? "payment_intent.succeeded" : "payment_intent.payment_failed", s.objects.paymentIntent(pi));
  } else {
    pi.lastError = {
      code: "payment_method_missing",
      declineCode: null,
      message: "The customer has no default payment method.",
      charge: null,
    };
    s.events.emit("payment_intent.payment_failed", s.objects.paymentIntent(pi));
  }
  if (ok) {
    markPaid(s, inv);
    return true;
  }
  // The first invoice of a subscription is not retried (the subscription stays incomplete); renewals are.
  const retry = inv.billingReason === "subscription_create" ? undefined : RETRY_AFTER_DAYS[inv.attemptCount - 1];
  inv.nextPaymentAttempt = retry === undefined ? null : now + retry * DAY;
  s.events.emit("invoice.payment_failed", s.objects.invoice(inv));
  return false;
}
