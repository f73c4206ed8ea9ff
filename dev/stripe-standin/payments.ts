/**
 * Payment intents and charges: the `/v1` routes that read them. Making them (one payment attempt on an
 * invoice) is the billing engine's (engine/charging.ts).
 */
import type { Api } from "./router";

export function paymentRoutes(api: Api): void {
  const { store, objects } = api.s;
  api.route("GET", "/v1/payment_intents/:id", ({ path }) =>
    objects.paymentIntent(api.get(store.paymentIntents, path[0], "payment_intent")),
  );
  api.route("GET", "/v1/charges/:id", ({ path }) => objects.charge(api.get(store.charges, path[0], "charge")));
  api.route("GET", "/v1/charges", ({ params }) => {
    const customer = params.string("customer");
    const pi = params.string("payment_intent");
    const found = [...store.charges.values()].filter((c) => (!customer || c.customer === customer) && (!pi || c.paymentIntent === pi));
    return api.page(params, "/v1/charges", found, (c) => objects.charge(c));
  });
}
