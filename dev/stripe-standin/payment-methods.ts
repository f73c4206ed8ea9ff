/**
 * Payment methods: attaching and detaching them, and their `/v1` routes. Stripe's test cards and the
 * card check on attaching are the billing engine's (engine/cards.ts).
 */
import { attachCard, cardForTestId } from "./engine/cards";
import { updateCustomer } from "./engine/customer";
import { invalid, StripeError, type Reader } from "./params";
import type { Api } from "./router";
import type { Standin } from "./standin";
import type { PaymentMethodRecord } from "./store";

/** Attaches a test card: a `pm_card_*` id makes a new PaymentMethod, an existing unattached `pm_…` is attached. */
export function attachPaymentMethod(s: Standin, id: string, customerId: string): PaymentMethodRecord {
  const customer = s.store.customers.get(customerId);
  if (!customer)
    throw new StripeError(400, "invalid_request_error", `No such customer: '${customerId}'`, {
      code: "resource_missing",
      param: "customer",
    });
  const testCard = cardForTestId(id);
  if (testCard) return attachCard(s, testCard, customer);
  const pm = s.store.paymentMethods.get(id);
  if (!pm)
    throw new StripeError(404, "invalid_request_error", `No such PaymentMethod: '${id}'`, {
      code: "resource_missing",
      param: "payment_method",
    });
  if (pm.customer && pm.customer !== customer.id) {
    throw invalid(
      "The payment method you provided has already been attached to a customer.",
      "payment_method",
      "payment_method_unexpected_state",
    );
  }
  if (!pm.customer) {
    pm.customer = customer.id;
    s.events.emit("payment_method.attached", s.objects.paymentMethod(pm));
  }
  return pm;
}

export function detachPaymentMethod(s: Standin, pm: PaymentMethodRecord): void {
  const customer = pm.customer ? s.store.customers.get(pm.customer) : undefined;
  pm.customer = null;
  if (customer?.defaultPaymentMethod === pm.id) updateCustomer(s, customer, (c) => (c.defaultPaymentMethod = null));
  s.events.emit("payment_method.detached", s.objects.paymentMethod(pm));
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
    if (!pm.customer)
      throw invalid(
        "The payment method you provided is not attached to a customer so detachment is impossible.",
        undefined,
        "payment_method_unexpected_state",
      );
    detachPaymentMethod(s, pm);
    return objects.paymentMethod(pm);
  });
  api.route("GET", "/v1/payment_methods/:id", ({ path }) => objects.paymentMethod(api.get(store.paymentMethods, path[0], "PaymentMethod")));
  const paymentMethodsOf = (params: Reader, customer: string, url: string) => {
    params.oneOf("type", ["card"]);
    return api.page(
      params,
      url,
      [...store.paymentMethods.values()].filter((pm) => pm.customer === customer),
      (pm) => objects.paymentMethod(pm),
    );
  };
  api.route("GET", "/v1/customers/:id/payment_methods", ({ params, path }) => {
    const c = api.get(store.customers, path[0], "customer");
    return paymentMethodsOf(params, c.id, `/v1/customers/${c.id}/payment_methods`);
  });
  api.route("GET", "/v1/payment_methods", ({ params }) =>
    paymentMethodsOf(params, api.customer(params.required("customer")).id, "/v1/payment_methods"),
  );
}
