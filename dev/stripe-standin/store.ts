/**
 * The stand-in's state: small typed records, one per Stripe object, and the one test clock all
 * customers live on. Records hold only what the behaviour needs; objects.ts renders them into the full
 * Stripe shapes, so every answer and every event snapshot comes from one place.
 */
import { randomBytes } from "node:crypto";

export type Interval = "day" | "week" | "month" | "year";

export interface ProductRecord {
  id: string;
  seq: number;
  created: number;
  name: string;
  description: string | null;
  defaultPrice: string | null;
}

export interface PriceRecord {
  id: string;
  seq: number;
  created: number;
  product: string;
  unitAmount: number;
  currency: string;
  interval: Interval;
  intervalCount: number;
  lookupKey: string | null;
  nickname: string | null;
  active: boolean;
  /** absent in states saved before prices could be created */
  metadata?: Record<string, string>;
}

export interface CustomerRecord {
  id: string;
  seq: number;
  created: number;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  defaultPaymentMethod: string | null;
  invoicePrefix: string;
  nextInvoiceSequence: number;
  currency: string | null;
  /** Negative is credit (e.g. left over from a downgrade), applied to the next invoices as Stripe does. */
  balance: number;
  /** Languages for its invoices, receipts and Stripe's emails, in order (absent in state saved before it existed). */
  preferredLocales?: string[];
}

/** How a test card behaves: Stripe's documented test numbers and `pm_card_*` ids. */
export type CardBehaviour = "succeeds" | "declined_on_attach" | "fails_on_charge";

export interface CardKind {
  brand: string;
  last4: string;
  behaviour: CardBehaviour;
  declineCode: string;
}

export interface PaymentMethodRecord {
  id: string;
  seq: number;
  created: number;
  customer: string | null;
  card: CardKind;
  expMonth: number;
  expYear: number;
  metadata: Record<string, string>;
}

export interface SubscriptionItemRecord {
  id: string;
  created: number;
  price: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  metadata: Record<string, string>;
}

export type SubscriptionStatus = "incomplete" | "active" | "past_due" | "canceled" | "unpaid";

export interface SubscriptionRecord {
  id: string;
  seq: number;
  created: number;
  customer: string;
  status: SubscriptionStatus;
  /** One item: the product sells one plan at a time. */
  item: SubscriptionItemRecord;
  billingCycleAnchor: number;
  startDate: number;
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  cancellationReason: string | null;
  defaultPaymentMethod: string | null;
  latestInvoice: string | null;
  metadata: Record<string, string>;
  schedule: string | null;
  /** Proration lines waiting for the next renewal invoice (proration_behavior=create_prorations). */
  pendingProrations: InvoiceLineRecord[];
}

export interface InvoiceLineRecord {
  id: string;
  amount: number;
  description: string;
  price: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  proration: boolean;
  /** Proration lines come from invoice items in Stripe; the id is kept for the `parent` shape. */
  invoiceItem: string | null;
}

export type BillingReason = "subscription_create" | "subscription_cycle" | "subscription_update" | "manual";
export type InvoiceStatus = "draft" | "open" | "paid" | "void" | "uncollectible";

export interface InvoiceRecord {
  id: string;
  seq: number;
  created: number;
  customer: string;
  subscription: string | null;
  subscriptionMetadata: Record<string, string> | null;
  billingReason: BillingReason;
  status: InvoiceStatus;
  number: string;
  periodStart: number;
  periodEnd: number;
  lines: InvoiceLineRecord[];
  total: number;
  /** Customer balance before and after this invoice; a negative balance is credit that lowers amount_due. */
  startingBalance: number;
  endingBalance: number;
  amountDue: number;
  amountPaid: number;
  attemptCount: number;
  nextPaymentAttempt: number | null;
  finalizedAt: number | null;
  paidAt: number | null;
  voidedAt: number | null;
  paymentIntent: string | null;
  webhooksDeliveredAt: number | null;
}

export type PaymentIntentStatus = "requires_payment_method" | "succeeded" | "canceled";

export interface PaymentIntentRecord {
  id: string;
  seq: number;
  created: number;
  amount: number;
  currency: string;
  customer: string | null;
  paymentMethod: string | null;
  status: PaymentIntentStatus;
  description: string | null;
  latestCharge: string | null;
  invoice: string | null;
  lastError: { code: string; declineCode: string | null; message: string; charge: string | null } | null;
}

export interface ChargeRecord {
  id: string;
  seq: number;
  created: number;
  amount: number;
  amountRefunded: number;
  currency: string;
  customer: string | null;
  paymentIntent: string;
  paymentMethod: string;
  status: "succeeded" | "failed";
  failureCode: string | null;
  failureMessage: string | null;
  declineCode: string | null;
  description: string | null;
}

export interface RefundRecord {
  id: string;
  seq: number;
  created: number;
  amount: number;
  charge: string;
  paymentIntent: string;
  currency: string;
  reason: string | null;
  metadata: Record<string, string>;
}

export interface CheckoutSessionRecord {
  id: string;
  seq: number;
  created: number;
  expiresAt: number;
  customer: string | null;
  customerEmail: string | null;
  price: string;
  quantity: number;
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid";
  subscription: string | null;
  invoice: string | null;
  /** The language the page is shown in (`locale`), null when none was asked for. */
  locale: string | null;
}

export interface PhaseRecord {
  startDate: number;
  endDate: number;
  price: string;
  quantity: number;
  prorationBehavior: "create_prorations" | "none" | "always_invoice";
  metadata: Record<string, string>;
}

export type ScheduleStatus = "not_started" | "active" | "completed" | "released" | "canceled";

export interface ScheduleRecord {
  id: string;
  seq: number;
  created: number;
  customer: string;
  subscription: string | null;
  status: ScheduleStatus;
  phases: PhaseRecord[];
  /** The phase the subscription was last brought in line with (its start date). */
  appliedPhase: { startDate: number; endDate: number } | null;
  endBehavior: "release" | "cancel";
  releasedAt: number | null;
  releasedSubscription: string | null;
  completedAt: number | null;
  canceledAt: number | null;
  metadata: Record<string, string>;
}

export interface PortalSessionRecord {
  id: string;
  seq: number;
  created: number;
  customer: string;
  returnUrl: string | null;
  locale: string | null;
}

export interface EventRecord {
  id: string;
  seq: number;
  created: number;
  type: string;
  object: Record<string, unknown>;
  previousAttributes: Record<string, unknown> | null;
  request: { id: string | null; idempotency_key: string | null };
  pendingWebhooks: number;
}

export interface ClockRecord {
  id: string;
  created: number;
  frozenTime: number;
  name: string;
  status: "ready" | "advancing";
}

/** A Stripe-like id: prefix, underscore, 24 random base62 characters. */
export function newId(prefix: string): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const bytes = randomBytes(24);
  let s = "";
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return `${prefix}_${s}`;
}

/** Everything one stand-in instance knows. Each map keeps insertion order; `seq` breaks ties of `created`. */
export class Store {
  private seq = 0;
  readonly clock: ClockRecord;
  readonly products = new Map<string, ProductRecord>();
  readonly prices = new Map<string, PriceRecord>();
  readonly customers = new Map<string, CustomerRecord>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly paymentIntents = new Map<string, PaymentIntentRecord>();
  readonly charges = new Map<string, ChargeRecord>();
  readonly refunds = new Map<string, RefundRecord>();
  readonly checkoutSessions = new Map<string, CheckoutSessionRecord>();
  readonly schedules = new Map<string, ScheduleRecord>();
  readonly portalSessions = new Map<string, PortalSessionRecord>();
  readonly events = new Map<string, EventRecord>();

  constructor(startTime: number) {
    this.clock = { id: newId("clock"), created: startTime, frozenTime: startTime, name: "Headshot Studio local clock", status: "ready" };
  }

  /** The clock's time: every object is created "now" on the test clock, as Stripe does for clock customers. */
  now(): number {
    return this.clock.frozenTime;
  }

  nextSeq(): number {
    return ++this.seq;
  }

  /** Everything as plain JSON, so a local run can keep its customers and subscriptions across restarts. */
  snapshot(): StoreSnapshot {
    const maps = {} as StoreSnapshot["maps"];
    for (const key of STORE_MAPS) maps[key] = [...(this[key] as Map<string, unknown>).values()];
    return { version: 1, seq: this.seq, clock: this.clock, maps };
  }

  /** A store holding what `snapshot()` wrote (the clock keeps its id and frozen time). */
  static restore(snapshot: StoreSnapshot): Store {
    if (snapshot.version !== 1) throw new Error(`Unknown stand-in state version ${String(snapshot.version)}`);
    const store = new Store(snapshot.clock.frozenTime);
    Object.assign(store.clock, snapshot.clock);
    store.seq = snapshot.seq;
    for (const key of STORE_MAPS) {
      const map = store[key] as Map<string, { id: string }>;
      for (const record of (snapshot.maps[key] ?? []) as { id: string }[]) map.set(record.id, record);
    }
    return store;
  }
}

const STORE_MAPS = [
  "products",
  "prices",
  "customers",
  "paymentMethods",
  "subscriptions",
  "invoices",
  "paymentIntents",
  "charges",
  "refunds",
  "checkoutSessions",
  "schedules",
  "portalSessions",
  "events",
] as const;

export interface StoreSnapshot {
  version: 1;
  seq: number;
  clock: ClockRecord;
  maps: Record<(typeof STORE_MAPS)[number], unknown[]>;
}

/** `ts` moved by `count` intervals in UTC; months clamp to the month's last day like Stripe's billing cycle. */
export function addInterval(ts: number, interval: Interval, count: number): number {
  const d = new Date(ts * 1000);
  switch (interval) {
    case "day":
      return ts + count * 86_400;
    case "week":
      return ts + count * 7 * 86_400;
    case "month":
    case "year": {
      const months = interval === "month" ? count : count * 12;
      const y = d.getUTCFullYear();
      const m = d.getUTCMonth() + months;
      const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
      const day = Math.min(d.getUTCDate(), lastDay);
      return Date.UTC(y, m, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000;
    }
  }
}

/** The end of the billing period that starts at or after `from`, counted from the anchor (no drift on short months). */
export function periodEndAfter(anchor: number, interval: Interval, count: number, from: number): number {
  let k = 1;
  let end = addInterval(anchor, interval, count);
  while (end <= from) {
    k += 1;
    end = addInterval(anchor, interval, count * k);
  }
  return end;
}
