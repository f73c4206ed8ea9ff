/**
 * Invoices: previewing a price change, paying one again, and the `/v1/invoices` and
 * `/v1/invoice_payments` routes. How invoices are made, finalized and paid is the billing engine's
 * (engine/invoicing.ts, engine/charging.ts).
 */
import { cardDeclined, paymentMethodFor } from "./engine/cards";
import { attemptPayment } from "./engine/charging";
import { fullLine, invoiceRecord, reactivateIfSettled } from "./engine/invoicing";
import { planPriceChange, type ProrationBehavior } from "./engine/subscription";
import { list, type Json } from "./objects";
import { invalid } from "./params";
import type { Api } from "./router";
import type { Standin } from "./standin";
import { addInterval, newId, type InvoiceRecord, type PriceRecord, type SubscriptionRecord } from "./store";

/**
 * POST /v1/invoices/create_preview for a price change: the invoice `changePrice` would make now with
 * the same proration (customer credit applied), or, when nothing is invoiced now, the next renewal's.
 * Nothing is stored and no event is sent.
 */
export function previewPriceChange(
  s: Standin,
  sub: SubscriptionRecord,
  price: PriceRecord,
  quantity: number,
  proration: ProrationBehavior,
): InvoiceRecord {
  const now = s.store.now();
  const plan = planPriceChange(s, sub, price, quantity, proration);
  const lines = plan.invoiceNow
    ? [...sub.pendingProrations, ...plan.lines]
    : [
        ...sub.pendingProrations,
        ...plan.lines,
        fullLine(s, price, quantity, plan.newEnd, addInterval(plan.newEnd, price.interval, price.intervalCount)),
      ];
  const inv = plan.invoiceNow
    ? invoiceRecord(s, sub, newId("upcoming_in"), "subscription_update", lines, now, now)
    : invoiceRecord(s, sub, newId("upcoming_in"), "subscription_cycle", lines, sub.item.periodStart, plan.newEnd);
  const balance = s.store.customers.get(sub.customer)!.balance;
  inv.startingBalance = balance;
  inv.amountDue = Math.max(0, inv.total + balance);
  inv.endingBalance = Math.min(0, inv.total + balance);
  return inv;
}

/** POST /v1/invoices/:id/pay — one more attempt now, with the given card or the subscription's. */
export function payInvoice(s: Standin, inv: InvoiceRecord, pmId?: string): void {
  if (inv.status !== "open")
    throw invalid(`Invoice is already ${inv.status === "paid" ? "paid" : inv.status}`, undefined, "invoice_not_open");
  const sub = inv.subscription ? s.store.subscriptions.get(inv.subscription) : undefined;
  const pm = pmId ?? (sub ? paymentMethodFor(s, sub) : s.store.customers.get(inv.customer)!.defaultPaymentMethod);
  if (attemptPayment(s, inv, pm)) {
    if (sub) reactivateIfSettled(s, sub);
    return;
  }
  // Like Stripe, the failed attempt is kept (and its events sent) although the call answers with an error.
  if (pm) throw cardDeclined(s.store.paymentMethods.get(pm)!.card);
  throw invalid("This customer has no attached payment source or default payment method.", undefined, "resource_missing");
}

export function invoiceRoutes(api: Api): void {
  const { s } = api;
  const { store, objects } = s;
  api.route("GET", "/v1/invoices/:id", ({ params, path }) =>
    objects.invoice(api.get(store.invoices, path[0], "invoice"), { payments: params.expand().includes("payments") }),
  );
  api.route("GET", "/v1/invoices", ({ params }) => {
    const customer = params.string("customer");
    const subscription = params.string("subscription");
    const status = params.oneOf("status", ["draft", "open", "paid", "uncollectible", "void"]);
    const withPayments = params.expand().includes("data.payments");
    const found = [...store.invoices.values()].filter(
      (i) =>
        (!customer || i.customer === customer) && (!subscription || i.subscription === subscription) && (!status || i.status === status),
    );
    return api.page(params, "/v1/invoices", found, (i) => objects.invoice(i, { payments: withPayments }));
  });
  api.route("GET", "/v1/invoices/:id/lines", ({ params, path }) => {
    const inv = api.get(store.invoices, path[0], "invoice");
    const lines = objects.invoice(inv).lines as { data: Json[] };
    params.integer("limit");
    return list(`/v1/invoices/${inv.id}/lines`, lines.data);
  });
  api.route("POST", "/v1/invoices/:id/pay", ({ params, path }) => {
    const inv = api.get(store.invoices, path[0], "invoice");
    const pm = params.string("payment_method");
    params.rejectUnknown();
    if (pm) api.ownPaymentMethod(pm, inv.customer, "payment_method");
    payInvoice(s, inv, pm ?? undefined);
    return objects.invoice(inv);
  });
  api.route("POST", "/v1/invoices/create_preview", ({ params }) => {
    const customer = api.customer(params.required("customer"));
    const sub = api.get(store.subscriptions, params.required("subscription"), "subscription", "subscription");
    if (sub.customer !== customer.id)
      throw invalid(`The subscription ${sub.id} does not belong to the customer ${customer.id}.`, "subscription", "parameter_invalid");
    const details = params.object("subscription_details");
    const items = details?.list("items");
    const proration = details?.oneOf("proration_behavior", ["create_prorations", "none", "always_invoice"]) ?? "create_prorations";
    details?.integer("proration_date");
    let price = store.prices.get(sub.item.price)!;
    let quantity = sub.item.quantity;
    if (items) {
      if (items.length !== 1 || items[0]!.string("id") !== sub.item.id)
        throw invalid(
          "Pass the subscription's one item: subscription_details[items][0][id].",
          "subscription_details[items]",
          "parameter_invalid",
        );
      const priceId = items[0]!.string("price");
      if (priceId) price = api.price(priceId, "subscription_details[items][0][price]");
      quantity = items[0]!.integer("quantity") ?? quantity;
      items[0]!.rejectUnknown("subscription_details[items][0]");
    }
    details?.rejectUnknown("subscription_details");
    params.rejectUnknown();
    return objects.invoice(previewPriceChange(s, sub, price, quantity, proration));
  });
  api.route("GET", "/v1/invoice_payments", ({ params }) => {
    const invoice = api.get(store.invoices, params.required("invoice"), "invoice", "invoice");
    const limit = params.integer("limit") ?? 10; // an invoice has at most one payment here
    if (limit < 1 || limit > 100) throw invalid("Invalid limit: must be between 1 and 100", "limit", "parameter_invalid_integer");
    return list("/v1/invoice_payments", objects.invoicePayments(invoice));
  });
}
