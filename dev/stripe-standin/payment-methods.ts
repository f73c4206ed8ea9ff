/**
 * Payment methods: Stripe's test cards (by number on the hosted pages, by `pm_card_*` id in the API),
 * attaching and detaching them, which card a subscription is charged to, and their `/v1` routes.
 */
import { updateCustomer } from "./customers";
import { invalid, StripeError, type Reader } from "./params";
import type { Api } from "./router";
import type { Standin } from "./standin";
import { newId, type CardKind, type CustomerRecord, type PaymentMethodRecord, type SubscriptionRecord } from "./store";

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

/** Attaches a test card: a `pm_card_*` id makes a new PaymentMethod, an existing unattached `pm_…` is attached. */
export function attachPaymentMethod(s: Standin, id: string, customerId: string): PaymentMethodRecord {
  const customer = s.store.customers.get(customerId);
  if (!customer) throw new StripeError(400, "invalid_request_error", `No such customer: '${customerId}'`, { code: "resource_missing", param: "customer" });
  const testNumber = CARDS_BY_TEST_ID[id];
  if (testNumber) return attachCard(s, CARDS_BY_NUMBER[testNumber]!, customer);
  const pm = s.store.paymentMethods.get(id);
  if (!pm) throw new StripeError(404, "invalid_request_error", `No such PaymentMethod: '${id}'`, { code: "resource_missing", param: "payment_method" });
  if (pm.customer && pm.customer !== customer.id) {
    throw invalid("The payment method you provided has already been attached to a customer.", "payment_method", "payment_method_unexpected_state");
  }
  if (!pm.customer) {
    pm.customer = customer.id;
    s.events.emit("payment_method.attached", s.objects.paymentMethod(pm));
  }
  return pm;
}

/** Attaching runs a card check, as Stripe's does: a card declined outright is refused (402). */
export function attachCard(s: Standin, card: CardKind, customer: CustomerRecord): PaymentMethodRecord {
  if (card.behaviour === "declined_on_attach") throw cardDeclined(card, "payment_method");
  const pm: PaymentMethodRecord = {
    id: newId("pm"),
    seq: s.store.nextSeq(),
    created: s.store.now(),
    customer: customer.id,
    card,
    expMonth: 12,
    expYear: new Date(s.store.now() * 1000).getUTCFullYear() + 5,
    metadata: {},
  };
  s.store.paymentMethods.set(pm.id, pm);
  s.events.emit("payment_method.attached", s.objects.paymentMethod(pm));
  return pm;
}

export function detachPaymentMethod(s: Standin, pm: PaymentMethodRecord): void {
  const customer = pm.customer ? s.store.customers.get(pm.customer) : undefined;
  pm.customer = null;
  if (customer?.defaultPaymentMethod === pm.id) updateCustomer(s, customer, (c) => (c.defaultPaymentMethod = null));
  s.events.emit("payment_method.detached", s.objects.paymentMethod(pm));
}

/** The card a subscription's invoices are charged to: the subscription's own, else the customer's default. */
export function paymentMethodFor(s: Standin, sub: SubscriptionRecord): string | null {
  return sub.defaultPaymentMethod ?? s.store.customers.get(sub.customer)!.defaultPaymentMethod;
}

/** Refuses up front what `error_if_incomplete` would refuse, so a refused change leaves nothing behind. */
export function assertChargeable(s: Standin, customerId: string, pmId: string | null): void {
  if (pmId === null) {
    throw invalid("This customer has no attached payment source or default payment method. Please consider adding a default payment method.", undefined, "resource_missing");
  }
  const pm = s.store.paymentMethods.get(pmId)!;
  if (pm.customer !== customerId) throw invalid(`The PaymentMethod ${pmId} does not belong to the Customer ${customerId}.`, "default_payment_method", "resource_missing");
  if (pm.card.behaviour !== "succeeds") throw cardDeclined(pm.card);
}

export function paymentMethodRoutes(api: Api): void {
  const { s } = api;
  const { store, objects } = s;
  api.route("POST", "/v1/payment_methods/:id/attach", ({ params, path }) => {
    const customer = params.required("customer");
    params.rejectUnknown();
    return objects.paymentMethod(attachPaymentMethod(s, path[0]!, customer));
  });
  api.route("POST", "/v1/payment_methods/:id/detach", ({ path }) => {
    const pm = api.get(store.paymentMethods, path[0], "PaymentMethod");
    if (!pm.customer) throw invalid("The payment method you provided is not attached to a customer so detachment is impossible.", undefined, "payment_method_unexpected_state");
    detachPaymentMethod(s, pm);
    return objects.paymentMethod(pm);
  });
  api.route("GET", "/v1/payment_methods/:id", ({ path }) => objects.paymentMethod(api.get(store.paymentMethods, path[0], "PaymentMethod")));
  const paymentMethodsOf = (params: Reader, customer: string, url: string) => {
    params.oneOf("type", ["card"]);
    return api.page(params, url, [...store.paymentMethods.values()].filter((pm) => pm.customer === customer), (pm) => objects.paymentMethod(pm));
  };
  api.route("GET", "/v1/customers/:id/payment_methods", ({ params, path }) => {
    const c = api.get(store.customers, path[0], "customer");
    return paymentMethodsOf(params, c.id, `/v1/customers/${c.id}/payment_methods`);
  });
  api.route("GET", "/v1/payment_methods", ({ params }) => paymentMethodsOf(params, api.customer(params.required("customer")).id, "/v1/payment_methods"));
}
