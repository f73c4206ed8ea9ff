/** Checkout Sessions: creating one, paying it on the hosted page, and the `/v1/checkout/sessions` routes. */
import { attachCard, cardForNumber, declineMessage } from "./engine/cards";
import { createCustomer } from "./engine/customer";
import { createSubscription } from "./engine/subscription";
import { CHECKOUT_LOCALES } from "./locales";
import { invalid, positiveQuantity } from "./params";
import type { Api } from "./router";
import type { Standin } from "./standin";
import { newId, type CheckoutSessionRecord } from "./store";

/**
 * The hosted checkout page's "Pay": attaches the card to the customer (creating the customer if the
 * session had none), starts the subscription and completes the session. Returns the decline message
 * instead when the card is refused; a card that attaches but cannot be charged stays attached.
 */
export function completeCheckout(s: Standin, cs: CheckoutSessionRecord, cardNumber: string): { ok: true } | { ok: false; message: string } {
  if (cs.status !== "open") return { ok: false, message: "This checkout session is no longer open." };
  const card = cardForNumber(cardNumber);
  if (!card) return { ok: false, message: "Your card number is incorrect." };
  if (card.behaviour === "declined_on_attach") return { ok: false, message: declineMessage(card.declineCode) };
  const customer = cs.customer ? s.store.customers.get(cs.customer)! : createCustomer(s, { email: cs.customerEmail });
  cs.customer = customer.id;
  const pm = attachCard(s, card, customer);
  if (card.behaviour === "fails_on_charge") return { ok: false, message: declineMessage(card.declineCode) };
  const sub = createSubscription(s, {
    customer,
    price: s.store.prices.get(cs.price)!,
    quantity: cs.quantity,
    defaultPaymentMethod: pm.id,
    metadata: { ...cs.subscriptionMetadata },
    paymentBehavior: "allow_incomplete",
  });
  cs.status = "complete";
  cs.paymentStatus = "paid";
  cs.subscription = sub.id;
  cs.invoice = sub.latestInvoice;
  s.events.emit("checkout.session.completed", s.objects.checkoutSession(cs));
  return { ok: true };
}

export function checkoutRoutes(api: Api): void {
  const { store, objects } = api.s;
  api.route("POST", "/v1/checkout/sessions", ({ params }) => {
    const mode = params.required("mode");
    if (mode !== "subscription") throw invalid("The local Stripe stand-in supports only mode=subscription.", "mode", "parameter_invalid");
    const customerId = params.string("customer");
    const customer = customerId ? api.customer(customerId) : undefined;
    const items = params.list("line_items");
    if (!items || items.length !== 1)
      throw invalid(
        "Exactly one line item is supported: line_items[0][price] and line_items[0][quantity].",
        "line_items",
        "parameter_missing",
      );
    const item = items[0]!;
    const price = api.price(item.required("price"), "line_items[0][price]");
    const quantity = positiveQuantity(item.integer("quantity") ?? 1, "line_items[0][quantity]");
    item.rejectUnknown("line_items[0]");
    const subscriptionData = params.object("subscription_data");
    const subscriptionMetadata = subscriptionData?.metadata("metadata") ?? {};
    subscriptionData?.string("description");
    subscriptionData?.rejectUnknown("subscription_data");
    const successUrl = params.required("success_url");
    const cancelUrl = params.string("cancel_url") ?? null;
    const customerEmail = params.string("customer_email") ?? null;
    if (customer && customerEmail)
      throw invalid("You may only specify one of these parameters: customer, customer_email.", "customer_email", "parameter_invalid");
    params.strings("payment_method_types"); // only cards exist here
    const locale = params.oneOf("locale", CHECKOUT_LOCALES) ?? null;
    params.string("allow_promotion_codes");
    params.string("billing_address_collection");
    params.string("ui_mode");
    const now = store.now();
    const cs: CheckoutSessionRecord = {
      id: newId("cs_test"),
      seq: store.nextSeq(),
      created: now,
      expiresAt: now + 86_400,
      customer: customer?.id ?? null,
      customerEmail,
      price: price.id,
      quantity,
      successUrl,
      cancelUrl,
      clientReferenceId: params.string("client_reference_id") ?? null,
      metadata: params.metadata("metadata") ?? {},
      subscriptionMetadata,
      status: "open",
      paymentStatus: "unpaid",
      subscription: null,
      invoice: null,
      locale,
    };
    params.rejectUnknown();
    store.checkoutSessions.set(cs.id, cs);
    return objects.checkoutSession(cs);
  });
  api.route("GET", "/v1/checkout/sessions/:id", ({ path }) =>
    objects.checkoutSession(api.get(store.checkoutSessions, path[0], "checkout.session")),
  );
  api.route("GET", "/v1/checkout/sessions", ({ params }) => {
    const customer = params.string("customer");
    const subscription = params.string("subscription");
    const found = [...store.checkoutSessions.values()].filter(
      (cs) => (!customer || cs.customer === customer) && (!subscription || cs.subscription === subscription),
    );
    return api.page(params, "/v1/checkout/sessions", found, (cs) => objects.checkoutSession(cs));
  });
  api.route("POST", "/v1/checkout/sessions/:id/expire", ({ path }) => {
    const cs = api.get(store.checkoutSessions, path[0], "checkout.session");
    if (cs.status !== "open")
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`, undefined, "checkout_session_not_open");
    cs.status = "expired";
    return objects.checkoutSession(cs);
  });
}
