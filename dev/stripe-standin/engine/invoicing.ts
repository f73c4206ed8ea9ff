/**
 * Invoices as the billing steps make them: their lines (full periods and prorations), a draft, its
 * finalization (customer credit applied) and its payment, each with the events Stripe sends.
 */
import { money } from "../pages";
import type { Standin } from "../standin";
import { newId, type BillingReason, type InvoiceLineRecord, type InvoiceRecord, type PriceRecord, type SubscriptionRecord } from "../store";

const dateText = (ts: number) =>
  new Date(ts * 1000).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export function fullLine(s: Standin, price: PriceRecord, quantity: number, periodStart: number, periodEnd: number): InvoiceLineRecord {
  const product = s.store.products.get(price.product)!;
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

export function prorationLine(
  s: Standin,
  kind: "Unused" | "Remaining",
  price: PriceRecord,
  quantity: number,
  from: number,
  periodStart: number,
  periodEnd: number,
): InvoiceLineRecord {
  const product = s.store.products.get(price.product)!;
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

/** An invoice record for the subscription, not stored: a draft, or a preview. */
export function invoiceRecord(
  s: Standin,
  sub: SubscriptionRecord,
  id: string,
  reason: BillingReason,
  lines: InvoiceLineRecord[],
  periodStart: number,
  periodEnd: number,
): InvoiceRecord {
  const customer = s.store.customers.get(sub.customer)!;
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  return {
    id,
    seq: s.store.nextSeq(),
    created: s.store.now(),
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
}

/** A draft invoice for the subscription (`invoice.created`); customer credit is applied at finalization. */
export function draftInvoice(
  s: Standin,
  sub: SubscriptionRecord,
  reason: BillingReason,
  lines: InvoiceLineRecord[],
  periodStart: number,
  periodEnd: number,
): InvoiceRecord {
  const customer = s.store.customers.get(sub.customer)!;
  const inv = invoiceRecord(s, sub, newId("in"), reason, lines, periodStart, periodEnd);
  customer.nextInvoiceSequence += 1;
  customer.currency ??= s.store.prices.get(sub.item.price)!.currency;
  s.store.invoices.set(inv.id, inv);
  sub.latestInvoice = inv.id;
  s.events.emit("invoice.created", s.objects.invoice(inv));
  return inv;
}

export function finalizeInvoice(s: Standin, inv: InvoiceRecord): void {
  const customer = s.store.customers.get(inv.customer)!;
  inv.startingBalance = customer.balance;
  const after = inv.total + customer.balance;
  inv.amountDue = Math.max(0, after);
  inv.endingBalance = Math.min(0, after);
  customer.balance = inv.endingBalance;
  inv.status = "open";
  inv.finalizedAt = s.store.now();
  s.events.emit("invoice.finalized", s.objects.invoice(inv));
}

export function markPaid(s: Standin, inv: InvoiceRecord): void {
  inv.status = "paid";
  inv.amountPaid = inv.amountDue;
  inv.paidAt = s.store.now();
  inv.nextPaymentAttempt = null;
  inv.webhooksDeliveredAt = s.store.now();
  s.events.emit("invoice.paid", s.objects.invoice(inv));
  s.events.emit("invoice.payment_succeeded", s.objects.invoice(inv));
}

/** After an invoice of a past_due (or incomplete) subscription is paid, the subscription is active again. */
export function reactivateIfSettled(s: Standin, sub: SubscriptionRecord): void {
  if (sub.status !== "past_due" && sub.status !== "incomplete") return;
  const unpaid = [...s.store.invoices.values()].some((i) => i.subscription === sub.id && i.status === "open");
  if (unpaid) return;
  const before = s.objects.subscription(sub);
  sub.status = "active";
  s.events.emitUpdated("customer.subscription.updated", before, s.objects.subscription(sub));
}
