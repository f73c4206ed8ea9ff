/**
 * A subscription's billing steps: starting one (its first invoice charged now), changing its price
 * (prorations, an immediate invoice or one at renewal), renewing it at period end, retrying a failed
 * renewal, and cancelling it at period end or now — each with the events Stripe sends, in its order.
 */
import type { Json } from "../objects";
import type { Standin } from "../standin";
import {
  addInterval,
  newId,
  periodEndAfter,
  type CustomerRecord,
  type InvoiceLineRecord,
  type InvoiceRecord,
  type PriceRecord,
  type SubscriptionRecord,
} from "../store";
import { assertChargeable, paymentMethodFor } from "./cards";
import { attemptPayment } from "./charging";
import { draftInvoice, finalizeInvoice, fullLine, prorationLine, reactivateIfSettled } from "./invoicing";

export type ProrationBehavior = "create_prorations" | "none" | "always_invoice";
export type PaymentBehavior = "allow_incomplete" | "error_if_incomplete" | "pending_if_incomplete";

/** Subscriptions that renew at period end (Stripe keeps invoicing past_due ones too). */
export const isBilled = (sub: SubscriptionRecord) => sub.status === "active" || sub.status === "past_due";

/**
 * A new subscription and its first invoice, charged now. It starts `incomplete` and becomes `active`
 * once paid, with the events Stripe sends in that order. With `error_if_incomplete` a card that
 * would fail is refused before anything is created.
 */
export function createSubscription(
  s: Standin,
  input: {
    customer: CustomerRecord;
    price: PriceRecord;
    quantity: number;
    defaultPaymentMethod: string | null;
    metadata: Record<string, string>;
    paymentBehavior: PaymentBehavior;
  },
): SubscriptionRecord {
  const { customer, price, quantity } = input;
  const pmId = input.defaultPaymentMethod ?? customer.defaultPaymentMethod;
  if (input.paymentBehavior !== "allow_incomplete") assertChargeable(s, customer.id, pmId);
  const now = s.store.now();
  const end = addInterval(now, price.interval, price.intervalCount);
  const sub: SubscriptionRecord = {
    id: newId("sub"),
    seq: s.store.nextSeq(),
    created: now,
    customer: customer.id,
    status: "incomplete",
    item: { id: newId("si"), created: now, price: price.id, quantity, periodStart: now, periodEnd: end, metadata: {} },
    billingCycleAnchor: now,
    startDate: now,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: null,
    endedAt: null,
    cancellationReason: null,
    defaultPaymentMethod: input.defaultPaymentMethod,
    latestInvoice: null,
    metadata: input.metadata,
    schedule: null,
    pendingProrations: [],
  };
  s.store.subscriptions.set(sub.id, sub);
  const inv = draftInvoice(s, sub, "subscription_create", [fullLine(s, price, quantity, now, end)], now, now);
  s.events.emit("customer.subscription.created", s.objects.subscription(sub));
  finalizeInvoice(s, inv);
  if (attemptPayment(s, inv, pmId)) reactivateIfSettled(s, sub);
  return sub;
}

/**
 * What switching to `price` now does, without doing it: the invoice lines it makes, the period end after
 * it, and whether they are invoiced at once. A change at the very start of a period (a test clock that
 * has not moved since the payment) credits the whole unused period, as Stripe does.
 */
export function planPriceChange(s: Standin, sub: SubscriptionRecord, price: PriceRecord, quantity: number, proration: ProrationBehavior) {
  const now = s.store.now();
  const oldPrice = s.store.prices.get(sub.item.price)!;
  const oldQuantity = sub.item.quantity;
  const { periodStart, periodEnd } = sub.item;
  const intervalChanges = oldPrice.interval !== price.interval || oldPrice.intervalCount !== price.intervalCount;
  const prorate = proration !== "none" && now >= periodStart && now < periodEnd;
  const lines: InvoiceLineRecord[] = [];
  let newEnd = periodEnd;
  if (intervalChanges) {
    newEnd = addInterval(now, price.interval, price.intervalCount);
    if (prorate) lines.push(prorationLine(s, "Unused", oldPrice, oldQuantity, now, periodStart, periodEnd));
    lines.push(fullLine(s, price, quantity, now, newEnd));
  } else if (prorate) {
    lines.push(prorationLine(s, "Unused", oldPrice, oldQuantity, now, periodStart, periodEnd));
    lines.push(prorationLine(s, "Remaining", price, quantity, now, periodStart, periodEnd));
  }
  const invoiceNow = intervalChanges || (proration === "always_invoice" && lines.length > 0);
  return { lines, newEnd, intervalChanges, invoiceNow };
}

/**
 * Switches the subscription's price now. A different interval restarts the billing period today and
 * invoices the new price in full, less credit for unused time; the same interval keeps the period and
 * prorates both ways. `always_invoice` bills the prorations now, `create_prorations` on the next
 * renewal, `none` not at all. When the immediate charge would fail and the caller asked for
 * `error_if_incomplete` / `pending_if_incomplete`, nothing changes and the card error is returned.
 */
export function changePrice(
  s: Standin,
  sub: SubscriptionRecord,
  price: PriceRecord,
  quantity: number,
  opts: { proration: ProrationBehavior; payment: PaymentBehavior; before?: Json },
): void {
  const now = s.store.now();
  const oldPrice = s.store.prices.get(sub.item.price)!;
  const oldQuantity = sub.item.quantity;
  if (oldPrice.id === price.id && oldQuantity === quantity) {
    if (opts.before) s.events.emitUpdated("customer.subscription.updated", opts.before, s.objects.subscription(sub));
    return;
  }
  const { lines, newEnd, intervalChanges, invoiceNow } = planPriceChange(s, sub, price, quantity, opts.proration);
  const pmId = paymentMethodFor(s, sub);
  const due = lines.reduce((sum, l) => sum + l.amount, 0) + s.store.customers.get(sub.customer)!.balance;
  if (invoiceNow && due > 0 && opts.payment !== "allow_incomplete") assertChargeable(s, sub.customer, pmId);

  const before = opts.before ?? s.objects.subscription(sub);
  sub.item.price = price.id;
  sub.item.quantity = quantity;
  if (intervalChanges) {
    sub.billingCycleAnchor = now;
    sub.item.periodStart = now;
    sub.item.periodEnd = newEnd;
    if (sub.cancelAtPeriodEnd) sub.cancelAt = newEnd;
  }
  if (!invoiceNow) {
    sub.pendingProrations.push(...lines);
    s.events.emitUpdated("customer.subscription.updated", before, s.objects.subscription(sub));
    return;
  }
  const inv = draftInvoice(s, sub, "subscription_update", [...sub.pendingProrations, ...lines], now, now);
  sub.pendingProrations = [];
  s.events.emitUpdated("customer.subscription.updated", before, s.objects.subscription(sub));
  finalizeInvoice(s, inv);
  if (!attemptPayment(s, inv, pmId)) {
    const beforeFailure = s.objects.subscription(sub);
    sub.status = "past_due";
    s.events.emitUpdated("customer.subscription.updated", beforeFailure, s.objects.subscription(sub));
  }
}

export function updateSubscription(s: Standin, sub: SubscriptionRecord, change: (sub: SubscriptionRecord) => void): void {
  const before = s.objects.subscription(sub);
  change(sub);
  s.events.emitUpdated("customer.subscription.updated", before, s.objects.subscription(sub));
}

/** Sets or clears cancel-at-period-end on the record, without an event (the caller sends one for its whole change). */
export function markCancelAtPeriodEnd(s: Standin, sub: SubscriptionRecord, cancel: boolean): void {
  sub.cancelAtPeriodEnd = cancel;
  sub.cancelAt = cancel ? sub.item.periodEnd : null;
  sub.canceledAt = cancel ? s.store.now() : null;
  sub.cancellationReason = cancel ? "cancellation_requested" : null;
}

export function setCancelAtPeriodEnd(s: Standin, sub: SubscriptionRecord, cancel: boolean): void {
  updateSubscription(s, sub, (sub) => markCancelAtPeriodEnd(s, sub, cancel));
}

/** Ends the subscription now (DELETE, a schedule ending with `cancel`, retries exhausted, period end). */
export function cancelNow(
  s: Standin,
  sub: SubscriptionRecord,
  reason: "cancellation_requested" | "payment_failed",
  at = s.store.now(),
): void {
  if (sub.status === "canceled") return;
  sub.status = "canceled";
  sub.canceledAt ??= at;
  sub.endedAt = at;
  sub.cancelAt = null;
  sub.cancellationReason = reason;
  const schedule = sub.schedule ? s.store.schedules.get(sub.schedule) : undefined;
  if (schedule && schedule.status === "active") {
    schedule.status = "canceled";
    schedule.canceledAt = at;
    s.events.emit("subscription_schedule.canceled", s.objects.schedule(schedule));
  }
  s.events.emit("customer.subscription.deleted", s.objects.subscription(sub));
}

/** Starts the next period and bills it (with any prorations saved for it), as at a real period end. */
export function renew(s: Standin, sub: SubscriptionRecord): void {
  const price = s.store.prices.get(sub.item.price)!;
  const before = s.objects.subscription(sub);
  const { periodStart: oldStart, periodEnd: oldEnd } = sub.item;
  sub.item.periodStart = oldEnd;
  sub.item.periodEnd = periodEndAfter(sub.billingCycleAnchor, price.interval, price.intervalCount, oldEnd);
  // Stripe's renewal invoice covers the period that just ended; its line covers the new one.
  const lines = [...sub.pendingProrations, fullLine(s, price, sub.item.quantity, sub.item.periodStart, sub.item.periodEnd)];
  sub.pendingProrations = [];
  const inv = draftInvoice(s, sub, "subscription_cycle", lines, oldStart, oldEnd);
  s.events.emitUpdated("customer.subscription.updated", before, s.objects.subscription(sub));
  finalizeInvoice(s, inv);
  if (!attemptPayment(s, inv, paymentMethodFor(s, sub)) && sub.status === "active") {
    updateSubscription(s, sub, (r) => (r.status = "past_due"));
  }
}

/** Charges a failed renewal again; after the last retry fails, the subscription is canceled. */
export function retryPayment(s: Standin, inv: InvoiceRecord): void {
  const sub = inv.subscription ? s.store.subscriptions.get(inv.subscription) : undefined;
  if (!sub || sub.status === "canceled") {
    inv.nextPaymentAttempt = null;
    return;
  }
  if (attemptPayment(s, inv, paymentMethodFor(s, sub))) reactivateIfSettled(s, sub);
  else if (inv.nextPaymentAttempt === null) cancelNow(s, sub, "payment_failed");
}
