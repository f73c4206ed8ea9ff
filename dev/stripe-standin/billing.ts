/**
 * What the stand-in does, as opposed to how it answers: customers and cards, subscriptions and their
 * invoices, charges, refunds, schedules and the test clock. Every state change records Stripe's events
 * (with a snapshot rendered at that moment); the server delivers them after the call that caused them.
 *
 * All of it is synchronous: a request mutates state and records events without awaiting anything, so
 * concurrent requests never see half a change.
 */
import type { Json, Objects } from "./objects";
import { invalid, StripeError } from "./params";
import {
  addInterval, newId, periodEndAfter,
  type BillingReason, type CardKind, type ChargeRecord, type CheckoutSessionRecord, type CustomerRecord,
  type EventRecord, type InvoiceLineRecord, type InvoiceRecord, type PaymentMethodRecord, type PhaseRecord,
  type PriceRecord, type RefundRecord, type ScheduleRecord, type Store, type SubscriptionRecord,
} from "./store";

const DAY = 86_400;

/** Stripe's test cards by number (hosted pages) — the ones this product's tests and demos use. */
const CARDS_BY_NUMBER: Record<string, CardKind> = {
  "4242424242424242": { brand: "visa", last4: "4242", behaviour: "succeeds", declineCode: "" },
  "5555555555554444": { brand: "mastercard", last4: "4444", behaviour: "succeeds", declineCode: "" },
  "4000000000000002": { brand: "visa", last4: "0002", behaviour: "declined_on_attach", declineCode: "generic_decline" },
  "4000000000009995": { brand: "visa", last4: "9995", behaviour: "declined_on_attach", declineCode: "insufficient_funds" },
  "4000000000000341": { brand: "visa", last4: "0341", behaviour: "fails_on_charge", declineCode: "generic_decline" },
};

/** Stripe's test PaymentMethod ids: attaching one creates a fresh `pm_…` for the customer. */
const CARDS_BY_TEST_ID: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_mastercard: "5555555555554444",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_chargeCustomerFail: "4000000000000341",
};

export const cardForNumber = (number: string): CardKind | undefined => CARDS_BY_NUMBER[number.replace(/[\s-]/g, "")];

const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
};
export const declineMessage = (code: string) => DECLINE_MESSAGES[code] ?? "Your card was declined.";

export const cardDeclined = (card: CardKind, param?: string) =>
  new StripeError(402, "card_error", declineMessage(card.declineCode), { code: "card_declined", decline_code: card.declineCode, param });

/** When a failed renewal is retried, counted from the failure before it; after the last, the subscription is canceled. */
const RETRY_AFTER_DAYS = [3, 2, 2];

export const money = (cents: number, currency = "eur") =>
  `${cents < 0 ? "-" : ""}${currency === "eur" ? "€" : currency.toUpperCase() + " "}${(Math.abs(cents) / 100).toFixed(2)}`;

const dateText = (ts: number) =>
  new Date(ts * 1000).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** Subscriptions that renew at period end (Stripe keeps invoicing past_due ones too). */
const isBilled = (sub: SubscriptionRecord) => sub.status === "active" || sub.status === "past_due";

export type ProrationBehavior = "create_prorations" | "none" | "always_invoice";
export type PaymentBehavior = "allow_incomplete" | "error_if_incomplete" | "pending_if_incomplete";

/** Top-level fields whose JSON changed: Stripe's `previous_attributes` for *.updated events. */
function previousAttributes(before: Json, after: Json): Json | null {
  const changed: Json = {};
  for (const key of Object.keys(before)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key];
  }
  return Object.keys(changed).length > 0 ? changed : null;
}

export class Billing {
  private recorded: EventRecord[] = [];
  /** The request whose events are being recorded (shown as `event.request`). */
  request: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null };

  constructor(readonly store: Store, readonly objects: Objects) {}

  /** Events recorded since the last call, in order; the server delivers them. */
  takeEvents(): EventRecord[] {
    const events = this.recorded;
    this.recorded = [];
    return events;
  }

  private emit(type: string, object: Json, previous: Json | null = null): void {
    const e: EventRecord = {
      id: newId("evt"),
      seq: this.store.nextSeq(),
      created: this.store.now(),
      type,
      object: structuredClone(object),
      previousAttributes: previous,
      request: { ...this.request },
      pendingWebhooks: 0,
    };
    this.store.events.set(e.id, e);
    this.recorded.push(e);
  }

  /** Records `type` if anything changed between the two snapshots. */
  private emitUpdated(type: string, before: Json, after: Json): void {
    const previous = previousAttributes(before, after);
    if (previous) this.emit(type, after, previous);
  }

  // ——— catalogue ————————————————————————————————————————————————————————————

  seedCatalogue(): { weekly: string; monthly: string; yearly: string } {
    const now = this.store.now();
    const product = { id: newId("prod"), seq: this.store.nextSeq(), created: now, name: "Headshot Studio Pro", description: "Unlimited AI headshots", defaultPrice: null as string | null };
    this.store.products.set(product.id, product);
    const price = (lookupKey: string, unitAmount: number, interval: PriceRecord["interval"], nickname: string): string => {
      const p: PriceRecord = { id: newId("price"), seq: this.store.nextSeq(), created: now, product: product.id, unitAmount, currency: "eur", interval, intervalCount: 1, lookupKey, nickname, active: true };
      this.store.prices.set(p.id, p);
      return p.id;
    };
    const prices = { weekly: price("weekly", 999, "week", "Weekly"), monthly: price("monthly", 2999, "month", "Monthly"), yearly: price("yearly", 6000, "year", "Yearly") };
    product.defaultPrice = prices.monthly;
    return prices;
  }

  price(id: string, param = "price"): PriceRecord {
    const p = this.store.prices.get(id);
    if (!p) throw new StripeError(400, "invalid_request_error", `No such price: '${id}'`, { code: "resource_missing", param });
    return p;
  }

  // ——— customers and cards ———————————————————————————————————————————————————

  createCustomer(input: { email?: string | null; name?: string | null; metadata?: Record<string, string> }): CustomerRecord {
    const c: CustomerRecord = {
      id: newId("cus"),
      seq: this.store.nextSeq(),
      created: this.store.now(),
      email: input.email ?? null,
      name: input.name ?? null,
      metadata: input.metadata ?? {},
      defaultPaymentMethod: null,
      invoicePrefix: newId("x").slice(2, 10).toUpperCase(),
      nextInvoiceSequence: 1,
      currency: null,
      balance: 0,
    };
    this.store.customers.set(c.id, c);
    this.emit("customer.created", this.objects.customer(c));
    return c;
  }

  updateCustomer(c: CustomerRecord, change: (c: CustomerRecord) => void): void {
    const before = this.objects.customer(c);
    change(c);
    this.emitUpdated("customer.updated", before, this.objects.customer(c));
  }

  /** Attaches a test card: a `pm_card_*` id makes a new PaymentMethod, an existing unattached `pm_…` is attached. */
  attachPaymentMethod(id: string, customerId: string): PaymentMethodRecord {
    const customer = this.store.customers.get(customerId);
    if (!customer) throw new StripeError(400, "invalid_request_error", `No such customer: '${customerId}'`, { code: "resource_missing", param: "customer" });
    const testNumber = CARDS_BY_TEST_ID[id];
    if (testNumber) return this.attachCard(CARDS_BY_NUMBER[testNumber]!, customer);
    const pm = this.store.paymentMethods.get(id);
    if (!pm) throw new StripeError(404, "invalid_request_error", `No such PaymentMethod: '${id}'`, { code: "resource_missing", param: "payment_method" });
    if (pm.customer && pm.customer !== customer.id) {
      throw invalid("The payment method you provided has already been attached to a customer.", "payment_method", "payment_method_unexpected_state");
    }
    if (!pm.customer) {
      pm.customer = customer.id;
      this.emit("payment_method.attached", this.objects.paymentMethod(pm));
    }
    return pm;
  }

  /** Attaching runs a card check, as Stripe's does: a card declined outright is refused (402). */
  attachCard(card: CardKind, customer: CustomerRecord): PaymentMethodRecord {
    if (card.behaviour === "declined_on_attach") throw cardDeclined(card, "payment_method");
    const pm: PaymentMethodRecord = {
      id: newId("pm"),
      seq: this.store.nextSeq(),
      created: this.store.now(),
      customer: customer.id,
      card,
      expMonth: 12,
      expYear: new Date(this.store.now() * 1000).getUTCFullYear() + 5,
      metadata: {},
    };
    this.store.paymentMethods.set(pm.id, pm);
    this.emit("payment_method.attached", this.objects.paymentMethod(pm));
    return pm;
  }

  detachPaymentMethod(pm: PaymentMethodRecord): void {
    const customer = pm.customer ? this.store.customers.get(pm.customer) : undefined;
    pm.customer = null;
    if (customer?.defaultPaymentMethod === pm.id) this.updateCustomer(customer, (c) => (c.defaultPaymentMethod = null));
    this.emit("payment_method.detached", this.objects.paymentMethod(pm));
  }

  /** The card a subscription's invoices are charged to: the subscription's own, else the customer's default. */
  paymentMethodFor(sub: SubscriptionRecord): string | null {
    return sub.defaultPaymentMethod ?? this.store.customers.get(sub.customer)!.defaultPaymentMethod;
  }

  private chargeWouldSucceed(pmId: string | null): boolean {
    return pmId !== null && this.store.paymentMethods.get(pmId)?.card.behaviour === "succeeds";
  }

  /** Refuses up front what `error_if_incomplete` would refuse, so a refused change leaves nothing behind. */
  private assertChargeable(customerId: string, pmId: string | null): void {
    if (pmId === null) {
      throw invalid("This customer has no attached payment source or default payment method. Please consider adding a default payment method.", undefined, "resource_missing");
    }
    const pm = this.store.paymentMethods.get(pmId)!;
    if (pm.customer !== customerId) throw invalid(`The PaymentMethod ${pmId} does not belong to the Customer ${customerId}.`, "default_payment_method", "resource_missing");
    if (!this.chargeWouldSucceed(pmId)) throw cardDeclined(pm.card);
  }

  // ——— invoices and charges ——————————————————————————————————————————————————

  private fullLine(price: PriceRecord, quantity: number, periodStart: number, periodEnd: number): InvoiceLineRecord {
    const product = this.store.products.get(price.product)!;
    return {
      id: newId("il"),
      amount: price.unitAmount * quantity,
      description: `${quantity} × ${product.name} (at ${money(price.unitAmount, price.currency)} / ${price.interval})`,
      price: price.id,
      quantity,
      periodStart,
      periodEnd,
      proration: false,
      invoiceItem: null,
    };
  }

  private prorationLine(kind: "Unused" | "Remaining", price: PriceRecord, quantity: number, from: number, periodStart: number, periodEnd: number): InvoiceLineRecord {
    const product = this.store.products.get(price.product)!;
    const share = (periodEnd - from) / (periodEnd - periodStart);
    const amount = Math.round(price.unitAmount * quantity * share) * (kind === "Unused" ? -1 : 1);
    return {
      id: newId("il"),
      amount,
      description: `${kind} time on ${quantity} × ${product.name} after ${dateText(from)}`,
      price: price.id,
      quantity,
      periodStart: from,
      periodEnd,
      proration: true,
      invoiceItem: newId("ii"),
    };
  }

  /** A draft invoice for the subscription (`invoice.created`); customer credit is applied at finalization. */
  private draftInvoice(sub: SubscriptionRecord, reason: BillingReason, lines: InvoiceLineRecord[], periodStart: number, periodEnd: number): InvoiceRecord {
    const customer = this.store.customers.get(sub.customer)!;
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    const inv: InvoiceRecord = {
      id: newId("in"),
      seq: this.store.nextSeq(),
      created: this.store.now(),
      customer: customer.id,
      subscription: sub.id,
      subscriptionMetadata: { ...sub.metadata },
      billingReason: reason,
      status: "draft",
      number: `${customer.invoicePrefix}-${String(customer.nextInvoiceSequence).padStart(4, "0")}`,
      periodStart,
      periodEnd,
      lines,
      total,
      startingBalance: 0,
      endingBalance: 0,
      amountDue: Math.max(0, total),
      amountPaid: 0,
      attemptCount: 0,
      nextPaymentAttempt: null,
      finalizedAt: null,
      paidAt: null,
      voidedAt: null,
      paymentIntent: null,
      webhooksDeliveredAt: null,
    };
    customer.nextInvoiceSequence += 1;
    customer.currency ??= this.store.prices.get(sub.item.price)!.currency;
    this.store.invoices.set(inv.id, inv);
    sub.latestInvoice = inv.id;
    this.emit("invoice.created", this.objects.invoice(inv));
    return inv;
  }

  private finalizeInvoice(inv: InvoiceRecord): void {
    const customer = this.store.customers.get(inv.customer)!;
    inv.startingBalance = customer.balance;
    const after = inv.total + customer.balance;
    inv.amountDue = Math.max(0, after);
    inv.endingBalance = Math.min(0, after);
    customer.balance = inv.endingBalance;
    inv.status = "open";
    inv.finalizedAt = this.store.now();
    this.emit("invoice.finalized", this.objects.invoice(inv));
  }

  /**
   * One payment attempt with the given card: a PaymentIntent per invoice, a Charge per attempt.
   * Returns whether the invoice is now paid.
   */
  private attemptPayment(inv: InvoiceRecord, pmId: string | null): boolean {
    const now = this.store.now();
    if (inv.amountDue === 0) {
      this.markPaid(inv);
      return true;
    }
    inv.attemptCount += 1;
    let pi = inv.paymentIntent ? this.store.paymentIntents.get(inv.paymentIntent)! : undefined;
    if (!pi) {
      pi = {
        id: newId("pi"),
        seq: this.store.nextSeq(),
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
      this.store.paymentIntents.set(pi.id, pi);
      inv.paymentIntent = pi.id;
    }
    pi.paymentMethod = pmId;
    const pm = pmId ? this.store.paymentMethods.get(pmId) : undefined;
    let ok = false;
    if (pm) {
      ok = pm.card.behaviour === "succeeds";
      const charge: ChargeRecord = {
        id: newId("ch"),
        seq: this.store.nextSeq(),
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
      this.store.charges.set(charge.id, charge);
      pi.latestCharge = charge.id;
      pi.status = ok ? "succeeded" : "requires_payment_method";
      pi.lastError = ok ? null : { code: "card_declined", declineCode: pm.card.declineCode, message: declineMessage(pm.card.declineCode), charge: charge.id };
      this.emit(ok ? "charge.succeeded" : "charge.failed", this.objects.charge(charge));
      this.emit(ok ? "payment_intent.succeeded" : "payment_intent.payment_failed", this.objects.paymentIntent(pi));
    } else {
      pi.lastError = { code: "payment_method_missing", declineCode: null, message: "The customer has no default payment method.", charge: null };
      this.emit("payment_intent.payment_failed", this.objects.paymentIntent(pi));
    }
    if (ok) {
      this.markPaid(inv);
      return true;
    }
    // The first invoice of a subscription is not retried (the subscription stays incomplete); renewals are.
    const retry = inv.billingReason === "subscription_create" ? undefined : RETRY_AFTER_DAYS[inv.attemptCount - 1];
    inv.nextPaymentAttempt = retry === undefined ? null : now + retry * DAY;
    this.emit("invoice.payment_failed", this.objects.invoice(inv));
    return false;
  }

  private markPaid(inv: InvoiceRecord): void {
    inv.status = "paid";
    inv.amountPaid = inv.amountDue;
    inv.paidAt = this.store.now();
    inv.nextPaymentAttempt = null;
    inv.webhooksDeliveredAt = this.store.now();
    this.emit("invoice.paid", this.objects.invoice(inv));
    this.emit("invoice.payment_succeeded", this.objects.invoice(inv));
  }

  /** After an invoice of a past_due (or incomplete) subscription is paid, the subscription is active again. */
  private reactivateIfSettled(sub: SubscriptionRecord): void {
    if (sub.status !== "past_due" && sub.status !== "incomplete") return;
    const unpaid = [...this.store.invoices.values()].some((i) => i.subscription === sub.id && i.status === "open");
    if (unpaid) return;
    const before = this.objects.subscription(sub);
    sub.status = "active";
    this.emitUpdated("customer.subscription.updated", before, this.objects.subscription(sub));
  }

  /** POST /v1/invoices/:id/pay — one more attempt now, with the given card or the subscription's. */
  payInvoice(inv: InvoiceRecord, pmId?: string): void {
    if (inv.status !== "open") throw invalid(`Invoice is already ${inv.status === "paid" ? "paid" : inv.status}`, undefined, "invoice_not_open");
    const sub = inv.subscription ? this.store.subscriptions.get(inv.subscription) : undefined;
    const pm = pmId ?? (sub ? this.paymentMethodFor(sub) : this.store.customers.get(inv.customer)!.defaultPaymentMethod);
    if (this.attemptPayment(inv, pm)) {
      if (sub) this.reactivateIfSettled(sub);
      return;
    }
    // Like Stripe, the failed attempt is kept (and its events sent) although the call answers with an error.
    if (pm) throw cardDeclined(this.store.paymentMethods.get(pm)!.card);
    throw invalid("This customer has no attached payment source or default payment method.", undefined, "resource_missing");
  }

  // ——— subscriptions ————————————————————————————————————————————————————————

  /**
   * A new subscription and its first invoice, charged now. It starts `incomplete` and becomes `active`
   * once paid, with the events Stripe sends in that order. With `error_if_incomplete` a card that
   * would fail is refused before anything is created.
   */
  createSubscription(input: {
    customer: CustomerRecord;
    price: PriceRecord;
    quantity: number;
    defaultPaymentMethod: string | null;
    metadata: Record<string, string>;
    paymentBehavior: PaymentBehavior;
  }): SubscriptionRecord {
    const { customer, price, quantity } = input;
    const pmId = input.defaultPaymentMethod ?? customer.defaultPaymentMethod;
    if (input.paymentBehavior !== "allow_incomplete") this.assertChargeable(customer.id, pmId);
    const now = this.store.now();
    const end = addInterval(now, price.interval, price.intervalCount);
    const sub: SubscriptionRecord = {
      id: newId("sub"),
      seq: this.store.nextSeq(),
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
    this.store.subscriptions.set(sub.id, sub);
    const inv = this.draftInvoice(sub, "subscription_create", [this.fullLine(price, quantity, now, end)], now, now);
    this.emit("customer.subscription.created", this.objects.subscription(sub));
    this.finalizeInvoice(inv);
    if (this.attemptPayment(inv, pmId)) this.reactivateIfSettled(sub);
    return sub;
  }

  /**
   * Switches the subscription's price now. A different interval restarts the billing period today and
   * invoices the new price in full, less credit for unused time; the same interval keeps the period and
   * prorates both ways. `always_invoice` bills the prorations now, `create_prorations` on the next
   * renewal, `none` not at all. When the immediate charge would fail and the caller asked for
   * `error_if_incomplete` / `pending_if_incomplete`, nothing changes and the card error is returned.
   */
  changePrice(
    sub: SubscriptionRecord,
    price: PriceRecord,
    quantity: number,
    opts: { proration: ProrationBehavior; payment: PaymentBehavior; before?: Json },
  ): void {
    const now = this.store.now();
    const oldPrice = this.store.prices.get(sub.item.price)!;
    const oldQuantity = sub.item.quantity;
    if (oldPrice.id === price.id && oldQuantity === quantity) {
      if (opts.before) this.emitUpdated("customer.subscription.updated", opts.before, this.objects.subscription(sub));
      return;
    }
    const { periodStart, periodEnd } = sub.item;
    const intervalChanges = oldPrice.interval !== price.interval || oldPrice.intervalCount !== price.intervalCount;
    const prorate = opts.proration !== "none" && now > periodStart && now < periodEnd;

    const lines: InvoiceLineRecord[] = [];
    let newEnd = periodEnd;
    if (intervalChanges) {
      newEnd = addInterval(now, price.interval, price.intervalCount);
      if (prorate) lines.push(this.prorationLine("Unused", oldPrice, oldQuantity, now, periodStart, periodEnd));
      lines.push(this.fullLine(price, quantity, now, newEnd));
    } else if (prorate) {
      lines.push(this.prorationLine("Unused", oldPrice, oldQuantity, now, periodStart, periodEnd));
      lines.push(this.prorationLine("Remaining", price, quantity, now, periodStart, periodEnd));
    }
    const invoiceNow = intervalChanges || (opts.proration === "always_invoice" && lines.length > 0);
    const pmId = this.paymentMethodFor(sub);
    const due = lines.reduce((s, l) => s + l.amount, 0) + this.store.customers.get(sub.customer)!.balance;
    if (invoiceNow && due > 0 && opts.payment !== "allow_incomplete") this.assertChargeable(sub.customer, pmId);

    const before = opts.before ?? this.objects.subscription(sub);
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
      this.emitUpdated("customer.subscription.updated", before, this.objects.subscription(sub));
      return;
    }
    const inv = this.draftInvoice(sub, "subscription_update", [...sub.pendingProrations, ...lines], now, now);
    sub.pendingProrations = [];
    this.emitUpdated("customer.subscription.updated", before, this.objects.subscription(sub));
    this.finalizeInvoice(inv);
    if (!this.attemptPayment(inv, pmId)) {
      const beforeFailure = this.objects.subscription(sub);
      sub.status = "past_due";
      this.emitUpdated("customer.subscription.updated", beforeFailure, this.objects.subscription(sub));
    }
  }

  updateSubscription(sub: SubscriptionRecord, change: (s: SubscriptionRecord) => void): void {
    const before = this.objects.subscription(sub);
    change(sub);
    this.emitUpdated("customer.subscription.updated", before, this.objects.subscription(sub));
  }

  setCancelAtPeriodEnd(sub: SubscriptionRecord, cancel: boolean): void {
    this.updateSubscription(sub, (s) => {
      s.cancelAtPeriodEnd = cancel;
      s.cancelAt = cancel ? s.item.periodEnd : null;
      s.canceledAt = cancel ? this.store.now() : null;
      s.cancellationReason = cancel ? "cancellation_requested" : null;
    });
  }

  /** Ends the subscription now (DELETE, a schedule ending with `cancel`, retries exhausted, period end). */
  cancelNow(sub: SubscriptionRecord, reason: "cancellation_requested" | "payment_failed", at = this.store.now()): void {
    if (sub.status === "canceled") return;
    sub.status = "canceled";
    sub.canceledAt ??= at;
    sub.endedAt = at;
    sub.cancelAt = null;
    sub.cancellationReason = reason;
    const schedule = sub.schedule ? this.store.schedules.get(sub.schedule) : undefined;
    if (schedule && schedule.status === "active") {
      schedule.status = "canceled";
      schedule.canceledAt = at;
      this.emit("subscription_schedule.canceled", this.objects.schedule(schedule));
    }
    this.emit("customer.subscription.deleted", this.objects.subscription(sub));
  }

  // ——— schedules ————————————————————————————————————————————————————————————

  /** A schedule that takes over the subscription: one phase, the current price until the period ends. */
  scheduleFromSubscription(sub: SubscriptionRecord): ScheduleRecord {
    if (sub.schedule) throw invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`, "from_subscription", "parameter_invalid");
    if (sub.status === "canceled") throw invalid("You cannot create a schedule from a canceled subscription.", "from_subscription", "parameter_invalid");
    const schedule: ScheduleRecord = {
      id: newId("sub_sched"),
      seq: this.store.nextSeq(),
      created: this.store.now(),
      customer: sub.customer,
      subscription: sub.id,
      status: "active",
      phases: [{ startDate: sub.item.periodStart, endDate: sub.item.periodEnd, price: sub.item.price, quantity: sub.item.quantity, prorationBehavior: "create_prorations", metadata: {} }],
      appliedPhase: { startDate: sub.item.periodStart, endDate: sub.item.periodEnd },
      endBehavior: "release",
      releasedAt: null,
      releasedSubscription: null,
      completedAt: null,
      canceledAt: null,
      metadata: {},
    };
    this.store.schedules.set(schedule.id, schedule);
    this.emit("subscription_schedule.created", this.objects.schedule(schedule));
    this.updateSubscription(sub, (s) => (s.schedule = schedule.id));
    return schedule;
  }

  updateSchedule(schedule: ScheduleRecord, change: { phases?: PhaseRecord[]; endBehavior?: "release" | "cancel"; metadata?: Record<string, string> }): void {
    if (schedule.status !== "active" && schedule.status !== "not_started") {
      throw invalid(`You cannot update a subscription schedule that is ${schedule.status}.`, undefined, "parameter_invalid");
    }
    const before = this.objects.schedule(schedule);
    if (change.phases) schedule.phases = change.phases;
    if (change.endBehavior) schedule.endBehavior = change.endBehavior;
    if (change.metadata) schedule.metadata = change.metadata;
    this.emitUpdated("subscription_schedule.updated", before, this.objects.schedule(schedule));
    // A phase that starts now (start_date=now) applies at once.
    const sub = schedule.subscription ? this.store.subscriptions.get(schedule.subscription) : undefined;
    if (sub) this.applySchedule(sub, this.store.now());
  }

  releaseSchedule(schedule: ScheduleRecord): void {
    if (schedule.status !== "active" && schedule.status !== "not_started") {
      throw invalid(`You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status.`, undefined, "parameter_invalid");
    }
    const sub = schedule.subscription ? this.store.subscriptions.get(schedule.subscription) : undefined;
    schedule.status = "released";
    schedule.releasedAt = this.store.now();
    schedule.releasedSubscription = schedule.subscription;
    schedule.subscription = null;
    this.emit("subscription_schedule.released", this.objects.schedule(schedule));
    if (sub) this.updateSubscription(sub, (s) => (s.schedule = null));
  }

  cancelSchedule(schedule: ScheduleRecord): void {
    if (schedule.status !== "active" && schedule.status !== "not_started") {
      throw invalid(`You cannot cancel a subscription schedule that is currently in the \`${schedule.status}\` status.`, undefined, "parameter_invalid");
    }
    const sub = schedule.subscription ? this.store.subscriptions.get(schedule.subscription) : undefined;
    if (sub) this.cancelNow(sub, "cancellation_requested");
    else {
      schedule.status = "canceled";
      schedule.canceledAt = this.store.now();
      this.emit("subscription_schedule.canceled", this.objects.schedule(schedule));
    }
  }

  /**
   * Brings the subscription in line with its schedule at time `at`: switches to the phase that is now
   * current, or ends the schedule after its last phase (`release` keeps the subscription, `cancel` ends
   * it). A phase starting exactly at the period end changes the price for the renewal that follows;
   * one starting mid-period changes it now with the phase's proration behaviour.
   */
  private applySchedule(sub: SubscriptionRecord, at: number): void {
    const schedule = sub.schedule ? this.store.schedules.get(sub.schedule) : undefined;
    if (!schedule || schedule.status !== "active") return;
    const last = schedule.phases[schedule.phases.length - 1]!;
    if (at >= last.endDate) {
      if (schedule.endBehavior === "cancel") {
        schedule.status = "completed";
        schedule.completedAt = at;
        this.cancelNow(sub, "cancellation_requested", at);
        this.emit("subscription_schedule.completed", this.objects.schedule(schedule));
      } else {
        schedule.status = "released";
        schedule.releasedAt = at;
        schedule.releasedSubscription = sub.id;
        schedule.subscription = null;
        this.emit("subscription_schedule.released", this.objects.schedule(schedule));
        this.updateSubscription(sub, (s) => (s.schedule = null));
      }
      return;
    }
    const phase = schedule.phases.find((p) => p.startDate <= at && at < p.endDate);
    if (!phase || (schedule.appliedPhase && schedule.appliedPhase.startDate === phase.startDate && schedule.appliedPhase.endDate === phase.endDate)) return;
    const previous = schedule.appliedPhase;
    schedule.appliedPhase = { startDate: phase.startDate, endDate: phase.endDate };
    if (phase.price !== sub.item.price || phase.quantity !== sub.item.quantity) {
      const price = this.store.prices.get(phase.price)!;
      if (at === sub.item.periodEnd) {
        // The renewal follows right away (see processDue) at the new price; a new interval starts a new cycle.
        const oldPrice = this.store.prices.get(sub.item.price)!;
        if (oldPrice.interval !== price.interval || oldPrice.intervalCount !== price.intervalCount) sub.billingCycleAnchor = at;
        sub.item.price = price.id;
        sub.item.quantity = phase.quantity;
      } else {
        this.changePrice(sub, price, phase.quantity, { proration: phase.prorationBehavior, payment: "allow_incomplete" });
      }
    }
    const current_phase = previous ? { end_date: previous.endDate, start_date: previous.startDate } : null;
    this.emit("subscription_schedule.updated", this.objects.schedule(schedule), { current_phase });
  }

  // ——— the clock ————————————————————————————————————————————————————————————

  /** The earliest moment after which something is due: a period end, a schedule phase end, a retry. */
  private nextDue(): number | null {
    let next: number | null = null;
    const consider = (t: number | null) => {
      if (t !== null && (next === null || t < next)) next = t;
    };
    for (const sub of this.store.subscriptions.values()) {
      if (isBilled(sub)) consider(sub.item.periodEnd);
    }
    for (const s of this.store.schedules.values()) {
      const sub = s.subscription ? this.store.subscriptions.get(s.subscription) : undefined;
      if (s.status !== "active" || !sub || !isBilled(sub)) continue;
      const current = s.phases.find((p) => p.startDate <= this.store.now() && this.store.now() < p.endDate);
      consider(current ? current.endDate : s.phases[s.phases.length - 1]!.endDate);
    }
    for (const inv of this.store.invoices.values()) if (inv.status === "open") consider(inv.nextPaymentAttempt);
    return next;
  }

  /**
   * Moves the clock to `to`, doing everything that falls due on the way in time order — schedule phases,
   * renewals (charged to the default card: paid, or failed and past_due), cancellations at period end,
   * payment retries — with the events Stripe sends for each.
   */
  advanceClock(to: number): void {
    const clock = this.store.clock;
    if (to <= clock.frozenTime) {
      throw invalid(`The frozen_time must be after the test clock's current frozen_time (${clock.frozenTime}).`, "frozen_time", "parameter_invalid");
    }
    clock.status = "advancing";
    this.emit("test_helpers.test_clock.advancing", this.objects.testClock());
    for (let guard = 0; guard < 100_000; guard++) {
      const at = this.nextDue();
      if (at === null || at > to) break;
      clock.frozenTime = Math.max(clock.frozenTime, at);
      this.processDue(at);
    }
    clock.frozenTime = to;
    clock.status = "ready";
    this.emit("test_helpers.test_clock.ready", this.objects.testClock());
  }

  private processDue(at: number): void {
    const subs = [...this.store.subscriptions.values()].sort((a, b) => a.seq - b.seq);
    for (const sub of subs) {
      if (!isBilled(sub)) continue;
      this.applySchedule(sub, at);
      // The schedule may have ended the subscription.
      if (!isBilled(sub) || sub.item.periodEnd > at) continue;
      if (sub.cancelAt !== null && sub.cancelAt <= at) this.cancelNow(sub, "cancellation_requested", sub.cancelAt);
      else this.renew(sub);
    }
    for (const inv of [...this.store.invoices.values()]) {
      if (inv.status === "open" && inv.nextPaymentAttempt !== null && inv.nextPaymentAttempt <= at) this.retry(inv);
    }
  }

  /** Starts the next period and bills it (with any prorations saved for it), as at a real period end. */
  private renew(sub: SubscriptionRecord): void {
    const price = this.store.prices.get(sub.item.price)!;
    const before = this.objects.subscription(sub);
    const { periodStart: oldStart, periodEnd: oldEnd } = sub.item;
    sub.item.periodStart = oldEnd;
    sub.item.periodEnd = periodEndAfter(sub.billingCycleAnchor, price.interval, price.intervalCount, oldEnd);
    // Stripe's renewal invoice covers the period that just ended; its line covers the new one.
    const lines = [...sub.pendingProrations, this.fullLine(price, sub.item.quantity, sub.item.periodStart, sub.item.periodEnd)];
    sub.pendingProrations = [];
    const inv = this.draftInvoice(sub, "subscription_cycle", lines, oldStart, oldEnd);
    this.emitUpdated("customer.subscription.updated", before, this.objects.subscription(sub));
    this.finalizeInvoice(inv);
    if (!this.attemptPayment(inv, this.paymentMethodFor(sub)) && sub.status === "active") {
      this.updateSubscription(sub, (s) => (s.status = "past_due"));
    }
  }

  private retry(inv: InvoiceRecord): void {
    const sub = inv.subscription ? this.store.subscriptions.get(inv.subscription) : undefined;
    if (!sub || sub.status === "canceled") {
      inv.nextPaymentAttempt = null;
      return;
    }
    if (this.attemptPayment(inv, this.paymentMethodFor(sub))) this.reactivateIfSettled(sub);
    else if (inv.nextPaymentAttempt === null) this.cancelNow(sub, "payment_failed");
  }

  // ——— checkout, refunds, portal ————————————————————————————————————————————

  /**
   * The hosted checkout page's "Pay": attaches the card to the customer (creating the customer if the
   * session had none), starts the subscription and completes the session. Returns the decline message
   * instead when the card is refused; a card that attaches but cannot be charged stays attached.
   */
  completeCheckout(cs: CheckoutSessionRecord, cardNumber: string): { ok: true } | { ok: false; message: string } {
    if (cs.status !== "open") return { ok: false, message: "This checkout session is no longer open." };
    const card = cardForNumber(cardNumber);
    if (!card) return { ok: false, message: "Your card number is incorrect." };
    if (card.behaviour === "declined_on_attach") return { ok: false, message: declineMessage(card.declineCode) };
    const customer = cs.customer ? this.store.customers.get(cs.customer)! : this.createCustomer({ email: cs.customerEmail });
    cs.customer = customer.id;
    const pm = this.attachCard(card, customer);
    if (card.behaviour === "fails_on_charge") return { ok: false, message: declineMessage(card.declineCode) };
    const sub = this.createSubscription({
      customer,
      price: this.store.prices.get(cs.price)!,
      quantity: cs.quantity,
      defaultPaymentMethod: pm.id,
      metadata: { ...cs.subscriptionMetadata },
      paymentBehavior: "allow_incomplete",
    });
    cs.status = "complete";
    cs.paymentStatus = "paid";
    cs.subscription = sub.id;
    cs.invoice = sub.latestInvoice;
    this.emit("checkout.session.completed", this.objects.checkoutSession(cs));
    return { ok: true };
  }

  refund(input: { charge: ChargeRecord; amount?: number; reason: string | null; metadata: Record<string, string> }): RefundRecord {
    const { charge } = input;
    const left = charge.amount - charge.amountRefunded;
    if (charge.status !== "succeeded") throw invalid(`Charge ${charge.id} has not succeeded; it cannot be refunded.`, "charge", "charge_not_refundable");
    if (left <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, "charge", "charge_already_refunded");
    const amount = input.amount ?? left;
    if (amount <= 0) throw invalid("Refund amount must be positive.", "amount", "parameter_invalid_integer");
    if (amount > left) {
      throw invalid(`Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(left)})`, "amount", "amount_too_large");
    }
    const r: RefundRecord = {
      id: newId("re"),
      seq: this.store.nextSeq(),
      created: this.store.now(),
      amount,
      charge: charge.id,
      paymentIntent: charge.paymentIntent,
      currency: charge.currency,
      reason: input.reason,
      metadata: input.metadata,
    };
    this.store.refunds.set(r.id, r);
    charge.amountRefunded += amount;
    this.emit("charge.refunded", this.objects.charge(charge));
    this.emit("refund.created", this.objects.refund(r));
    return r;
  }

  /**
   * The portal's "Update card": the card becomes the customer's default and replaces the card on their
   * live subscriptions that had one of their own, as Stripe's portal does.
   */
  replaceDefaultCard(customer: CustomerRecord, cardNumber: string): { ok: true } | { ok: false; message: string } {
    const card = cardForNumber(cardNumber);
    if (!card) return { ok: false, message: "Your card number is incorrect." };
    if (card.behaviour === "declined_on_attach") return { ok: false, message: declineMessage(card.declineCode) };
    const pm = this.attachCard(card, customer);
    this.updateCustomer(customer, (c) => (c.defaultPaymentMethod = pm.id));
    for (const sub of this.store.subscriptions.values()) {
      if (sub.customer === customer.id && sub.status !== "canceled" && sub.defaultPaymentMethod) {
        this.updateSubscription(sub, (s) => (s.defaultPaymentMethod = pm.id));
      }
    }
    return { ok: true };
  }
}
