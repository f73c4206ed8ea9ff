/** Customers: their `/v1/customers` routes. Creating and changing one is the billing engine's (engine/customer.ts). */
import { createCustomer, updateCustomer } from "./engine/customer";
import { cancelNow } from "./engine/subscription";
import type { Api } from "./router";

export function customerRoutes(api: Api): void {
  const { s } = api;
  const { store, objects } = s;
  api.route("POST", "/v1/customers", ({ params }) => {
    const input = { email: params.string("email"), name: params.string("name"), metadata: params.metadata("metadata") };
    params.string("description");
    params.string("phone");
    params.rejectUnknown();
    return objects.customer(createCustomer(s, input));
  });
  api.route("GET", "/v1/customers/:id", ({ path }) => objects.customer(api.get(store.customers, path[0], "customer")));
  api.route("GET", "/v1/customers", ({ params }) => {
    const email = params.string("email");
    return api.page(
      params,
      "/v1/customers",
      [...store.customers.values()].filter((c) => !email || c.email === email),
      (c) => objects.customer(c),
    );
  });
  api.route("POST", "/v1/customers/:id", ({ params, path }) => {
    const c = api.get(store.customers, path[0], "customer");
    const email = params.string("email");
    const name = params.string("name");
    const metadata = params.metadata("metadata", c.metadata);
    const settings = params.object("invoice_settings");
    const pm = settings?.string("default_payment_method");
    settings?.rejectUnknown("invoice_settings");
    if (pm) api.ownPaymentMethod(pm, c.id, "invoice_settings[default_payment_method]");
    params.rejectUnknown();
    updateCustomer(s, c, (c) => {
      if (email !== undefined) c.email = email;
      if (name !== undefined) c.name = name;
      if (metadata) c.metadata = metadata;
      if (pm !== undefined) c.defaultPaymentMethod = pm;
    });
    return objects.customer(c);
  });
  api.route("DELETE", "/v1/customers/:id", ({ path }) => {
    const c = api.get(store.customers, path[0], "customer");
    for (const sub of store.subscriptions.values()) if (sub.customer === c.id) cancelNow(s, sub, "cancellation_requested");
    store.customers.delete(c.id);
    return { id: c.id, object: "customer", deleted: true };
  });
}
