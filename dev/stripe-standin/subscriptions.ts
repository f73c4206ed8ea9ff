/**
 * Subscriptions: the `/v1/subscriptions` routes. What a subscription does (its first invoice, a price
 * change, renewal, cancelling) is the billing engine's (engine/subscription.ts).
 */
import { cancelNow, changePrice, createSubscription, markCancelAtPeriodEnd, type PaymentBehavior } from "./engine/subscription";
import { invalid, positiveQuantity, StripeError, type Reader } from "./params";
import type { Api } from "./router";
import type { PriceRecord, SubscriptionRecord } from "./store";

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
    if (!id)
      throw invalid(
        "A second subscription item is not supported here: pass items[0][id] to change the existing one.",
        "items[0][id]",
        "parameter_missing",
      );
    if (id !== sub.item.id)
      throw new StripeError(400, "invalid_request_error", `No such subscription item: '${id}'`, {
        code: "resource_missing",
        param: "items[0][id]",
      });
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
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== sub.cancelAtPeriodEnd) markCancelAtPeriodEnd(s, sub, cancelAtPeriodEnd);
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
    const sub = createSubscription(s, {
      customer,
      price,
      quantity,
      defaultPaymentMethod: pm ?? null,
      metadata,
      paymentBehavior: behaviour,
    });
    return objects.subscription(sub);
  });
  api.route("GET", "/v1/subscriptions/:id", ({ path }) => objects.subscription(api.get(store.subscriptions, path[0], "subscription")));
  api.route("GET", "/v1/subscriptions", ({ params }) => {
    const customer = params.string("customer");
    const price = params.string("price");
    const status = params.oneOf("status", [
      "active",
      "past_due",
      "unpaid",
      "canceled",
      "incomplete",
      "incomplete_expired",
      "trialing",
      "paused",
      "all",
      "ended",
    ]);
    const found = [...store.subscriptions.values()].filter(
      (sub) =>
        (!customer || sub.customer === customer) &&
        (!price || sub.item.price === price) &&
        (status === "all" || (status === "ended" ? sub.status === "canceled" : status ? sub.status === status : sub.status !== "canceled")),
    );
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
