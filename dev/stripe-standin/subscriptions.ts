/**
 * Subscriptions: creating one (with its first invoice), changing its price (prorations, an immediate
 * invoice or one at renewal), cancelling at period end or now, and the `/v1/subscriptions` routes.
 */
import { draftInvoice, finalizeInvoice, fullLine, prorationLine, reactivateIfSettled } from "./invoices";
import type { Json } from "./objects";
import { invalid, positiveQuantity, StripeError, type Reader } from "./params";
import { attemptPayment } from "./payments";
import { assertChargeable, paymentMethodFor } from "./payment-methods";
import type { Api } from "./router";
import type { Standin } from "./standin";
import { addInterval, newId, type CustomerRecord, type InvoiceLineRecord, type PriceRecord, type SubscriptionRecord } from "./store";

export type ProrationBehavior = "create_prorations" | "none" | "always_invoice";
export type PaymentBehavior = "allow_incomplete" | "error_if_incomplete" | "pending_if_incomplete";

/** Subscriptions that renew at period end (Stripe keeps invoicing past_due ones too). */
export const isBilled = (sub: SubscriptionRecord) => sub.status === "active" || sub.status === "past_due";

/**
 * A new subscription and its first invoice, charged now. It starts `incomplete` and becomes `active`
 * once paid, with the events Stripe sends in that order. With `error_if_incomplete` a card that
 * would fail is refused before anything is created.
 */
export function createSubscription(s: Standin, input: {
  customer: CustomerRecord;
  price: PriceRecord;
  quantity: number;
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
  paymentBehavior: PaymentBehavior;
}): SubscriptionRecord {
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

export function setCancelAtPeriodEnd(s: Standin, sub: SubscriptionRecord, cancel: boolean): void {
  updateSubscription(s, sub, (sub) => {
    sub.cancelAtPeriodEnd = cancel;
    sub.cancelAt = cancel ? sub.item.periodEnd : null;
    sub.canceledAt = cancel ? s.store.now() : null;
    sub.cancellationReason = cancel ? "cancellation_requested" : null;
  });
}

/** Ends the subscription now (DELETE, a schedule ending with `cancel`, retries exhausted, period end). */
export function cancelNow(s: Standin, sub: SubscriptionRecord, reason: "cancellation_requested" | "payment_failed", at = s.store.now()): void {
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

const paymentBehavior = (params: Reader): PaymentBehavior =>
  params.oneOf("payment_behavior", ["allow_incomplete", "error_if_incomplete", "pending_if_incomplete"]) ?? "allow_incomplete";

/** POST /v1/subscriptions/:id: metadata, card, cancel at period end and the price, as one state change. */
function updateFromParams(api: Api, sub: SubscriptionRecord, params: Reader): void {
  const { s } = api;
  const items = params.list("items");
  const proration = params.oneOf("proration_behavior", ["create_prorations", "none", "always_invoice"]) ?? "create_prorations";
  const payment = paymentBehavior(params);
  const cancelAtPeriodEnd = params.boolean("cancel_at_period_end");
  const pmParam = params.string("default_payment_method");
  const metadata = params.metadata("metadata", sub.metadata);
  params.raw("proration_date");
  let newPrice: PriceRecord | undefined;
  let quantity = sub.item.quantity;
  if (items) {
    if (items.length !== 1) throw invalid("The local Stripe stand-in supports one subscription item.", "items", "parameter_invalid");
    const item = items[0]!;
    const id = item.string("id");
    if (!id) throw invalid("A second subscription item is not supported here: pass items[0][id] to change the existing one.", "items[0][id]", "parameter_missing");
    if (id !== sub.item.id) throw new StripeError(400, "invalid_request_error", `No such subscription item: '${id}'`, { code: "resource_missing", param: "items[0][id]" });
    const priceId = item.string("price");
    newPrice = priceId ? api.price(priceId, "items[0][price]") : undefined;
    quantity = positiveQuantity(item.integer("quantity") ?? quantity, "items[0][quantity]");
    item.rejectUnknown("items[0]");
  }
  params.rejectUnknown();
  if (sub.status === "canceled" && (items || cancelAtPeriodEnd !== undefined || pmParam !== undefined)) {
    throw invalid("A canceled subscription can only update its cancellation_details and metadata.", undefined, "parameter_invalid");
  }
  if (pmParam) api.ownPaymentMethod(pmParam, sub.customer, "default_payment_method");

  // One call, one state change: a refused payment restores the record and records no event.
  const saved = structuredClone(sub);
  const before = s.objects.subscription(sub);
  try {
    if (metadata) sub.metadata = metadata;
    if (pmParam !== undefined) sub.defaultPaymentMethod = pmParam;
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== sub.cancelAtPeriodEnd) {
      sub.cancelAtPeriodEnd = cancelAtPeriodEnd;
      sub.cancelAt = cancelAtPeriodEnd ? sub.item.periodEnd : null;
      sub.canceledAt = cancelAtPeriodEnd ? s.store.now() : null;
      sub.cancellationReason = cancelAtPeriodEnd ? "cancellation_requested" : null;
    }
    changePrice(s, sub, newPrice ?? s.store.prices.get(sub.item.price)!, quantity, { proration, payment, before });
  } catch (err) {
    Object.assign(sub, saved);
    throw err;
  }
}

export function subscriptionRoutes(api: Api): void {
  const { s } = api;
  const { store, objects } = s;
  api.route("POST", "/v1/subscriptions", ({ params }) => {
    const customer = api.customer(params.required("customer"));
    const items = params.list("items");
    if (!items || items.length !== 1) throw invalid("Exactly one item is supported: items[0][price].", "items", "parameter_missing");
    const price = api.price(items[0]!.required("price"), "items[0][price]");
    const quantity = positiveQuantity(items[0]!.integer("quantity") ?? 1, "items[0][quantity]");
    items[0]!.rejectUnknown("items[0]");
    const pm = params.string("default_payment_method");
    if (pm) api.ownPaymentMethod(pm, customer.id, "default_payment_method");
    const behaviour = paymentBehavior(params);
    const metadata = params.metadata("metadata") ?? {};
    params.rejectUnknown();
    const sub = createSubscription(s, { customer, price, quantity, defaultPaymentMethod: pm ?? null, metadata, paymentBehavior: behaviour });
    return objects.subscription(sub);
  });
  api.route("GET", "/v1/subscriptions/:id", ({ path }) => objects.subscription(api.get(store.subscriptions, path[0], "subscription")));
  api.route("GET", "/v1/subscriptions", ({ params }) => {
    const customer = params.string("customer");
    const price = params.string("price");
    const status = params.oneOf("status", ["active", "past_due", "unpaid", "canceled", "incomplete", "incomplete_expired", "trialing", "paused", "all", "ended"]);
    const found = [...store.subscriptions.values()].filter((sub) =>
      (!customer || sub.customer === customer) &&
      (!price || sub.item.price === price) &&
      (status === "all" || (status === "ended" ? sub.status === "canceled" : status ? sub.status === status : sub.status !== "canceled")));
    return api.page(params, "/v1/subscriptions", found, (sub) => objects.subscription(sub));
  });
  api.route("POST", "/v1/subscriptions/:id", ({ params, path }) => {
    const sub = api.get(store.subscriptions, path[0], "subscription");
    updateFromParams(api, sub, params);
    return objects.subscription(sub);
  });
  api.route("DELETE", "/v1/subscriptions/:id", ({ params, path }) => {
    const sub = api.get(store.subscriptions, path[0], "subscription");
    params.boolean("invoice_now");
    params.boolean("prorate");
    params.object("cancellation_details");
    params.rejectUnknown();
    if (sub.status === "canceled") throw invalid(`No such subscription: '${sub.id}' is already canceled.`, undefined, "resource_missing");
    cancelNow(s, sub, "cancellation_requested");
    return objects.subscription(sub);
  });
}
