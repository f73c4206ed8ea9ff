/** Customers: creating and updating them, and their `/v1/customers` routes. */
import { cancelNow } from "./subscriptions";
import type { Api } from "./router";
import type { Standin } from "./standin";
import { newId, type CustomerRecord } from "./store";

export function createCustomer(s: Standin, input: { email?: string | null; name?: string | null; metadata?: Record<string, string> }): CustomerRecord {
  const c: CustomerRecord = {
    id: newId("cus"),
    seq: s.store.nextSeq(),
    created: s.store.now(),
    email: input.email ?? null,
    name: input.name ?? null,
    metadata: input.metadata ?? {},
    defaultPaymentMethod: null,
    invoicePrefix: newId("x").slice(2, 10).toUpperCase(),
    nextInvoiceSequence: 1,
    currency: null,
    balance: 0,
  };
  s.store.customers.set(c.id, c);
  s.events.emit("customer.created", s.objects.customer(c));
  return c;
}

export function updateCustomer(s: Standin, c: CustomerRecord, change: (c: CustomerRecord) => void): void {
  const before = s.objects.customer(c);
  change(c);
  s.events.emitUpdated("customer.updated", before, s.objects.customer(c));
}

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
    return api.page(params, "/v1/customers", [...store.customers.values()].filter((c) => !email || c.email === email), (c) => objects.customer(c));
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
