/** Customers: their `/v1/customers` routes. Creating and changing one is the billing engine's (engine/customer.ts). */
import { createCustomer, updateCustomer } from "./engine/customer";
import { cancelNow } from "./engine/subscription";
import { CUSTOMER_LOCALES } from "./locales";
import { invalid, type Reader } from "./params";
import type { Api } from "./router";

/**
 * `preferred_locales` as Stripe reads it: an array (`preferred_locales[0]=de`) of the languages it supports, in order;
 * `preferred_locales=` (empty) clears it. A bare string is not an array, and an unknown tag is refused.
 */
function preferredLocales(params: Reader): string[] | undefined {
  const raw = params.raw("preferred_locales");
  if (raw === undefined) return undefined;
  if (raw === "") return [];
  if (!Array.isArray(raw)) throw invalid("Invalid array", "preferred_locales", "parameter_invalid");
  return raw.map((tag, i) => {
    if (typeof tag !== "string" || !CUSTOMER_LOCALES.includes(tag)) {
      throw invalid(
        `Invalid preferred_locales[${i}]: must be one of ${CUSTOMER_LOCALES.join(", ")}`,
        `preferred_locales[${i}]`,
        "parameter_invalid",
      );
    }
    return tag;
  });
}

export function customerRoutes(api: Api): void {
  const { s } = api;
  const { store, objects } = s;
  api.route("POST", "/v1/customers", ({ params }) => {
    const input = {
      email: params.string("email"),
      name: params.string("name"),
      metadata: params.metadata("metadata"),
      preferredLocales: preferredLocales(params),
    };
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
    const locales = preferredLocales(params);
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
      if (locales !== undefined) c.preferredLocales = locales;
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
