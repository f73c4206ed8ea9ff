/**
 * A local stand-in for the part of Stripe's REST API that Headshot Studio uses, so the real `stripe`
 * SDK can be pointed at it offline:
 *
 *   new Stripe("sk_test_local", { host: "127.0.0.1", port, protocol: "http", httpClient: Stripe.createFetchHttpClient() })
 *
 * It answers /v1 with objects shaped like Stripe's (objects.ts), serves hosted Checkout and portal pages
 * (pages.ts), runs subscriptions on one test clock (billing.ts) and POSTs signed webhooks (webhooks.ts).
 * Each API call waits until the webhooks it caused are delivered before it answers.
 *
 * Run alone: `npx tsx dev/stripe-standin/server.ts` (STRIPE_STANDIN_PORT, STRIPE_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { Billing, type PaymentBehavior, type ProrationBehavior } from "./billing";
import { list, Objects, type Json } from "./objects";
import { checkoutPage, dateText, invoicePage, portalPage } from "./pages";
import { invalid, missing, parseForm, Reader, StripeError, type Params } from "./params";
import { addInterval, newId, Store, type PhaseRecord, type PriceRecord, type StoreSnapshot } from "./store";
import { deliver } from "./webhooks";

export interface StripeStandinOptions {
  webhookUrl?: string;
  webhookSecret: string;
  port?: number;
  /**
   * Keep the stand-in's state (customers, subscriptions, invoices, the clock…) in this JSON file: read at
   * start when it exists, written after every request that can change something. Without it, everything
   * is in memory and new random ids are made at each start.
   */
  stateFile?: string;
  /** Delays before webhook retries (default 200, 800, 2000 ms). */
  webhookRetryDelaysMs?: number[];
  log?: (line: string) => void;
}

export interface StripeStandin {
  url: string;
  port: number;
  secretKey: string;
  prices: { weekly: string; monthly: string; yearly: string };
  stop(): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
}

interface Context {
  params: Reader;
  path: string[];
}

type Handler = (ctx: Context) => Answer | Json;

const SECRET_KEY = "sk_test_headshot_local";

export async function startStripeStandin(opts: StripeStandinOptions): Promise<StripeStandin> {
  const saved = opts.stateFile && existsSync(opts.stateFile) ? (JSON.parse(readFileSync(opts.stateFile, "utf8")) as StoreSnapshot) : null;
  const store = saved ? Store.restore(saved) : new Store(Math.floor(Date.now() / 1000));
  const objects = new Objects(store);
  const billing = new Billing(store, objects);
  const prices = saved ? savedPrices(store) : billing.seedCatalogue();
  const save = () => {
    if (!opts.stateFile) return;
    const tmp = `${opts.stateFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(store.snapshot()), { mode: 0o600 });
    renameSync(tmp, opts.stateFile);
  };
  save();
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();

  // ——— helpers ————————————————————————————————————————————————————————————————

  const get = <T>(map: Map<string, T>, id: string | undefined, what: string, param = "id"): T => {
    const found = id === undefined ? undefined : map.get(id);
    if (!found) throw missing(what, id ?? "", param);
    return found;
  };

  /** Replaces ids by objects along each `expand[]` path (`data.` reaches into lists), as Stripe does. */
  function expand(value: unknown, paths: string[]): unknown {
    for (const path of paths) expandPath(value, path.split("."));
    return value;
  }
  function expandPath(value: unknown, segments: string[]): void {
    if (!value || typeof value !== "object" || segments.length === 0) return;
    const [head, ...rest] = segments as [string, ...string[]];
    const obj = value as Json;
    if (Array.isArray(obj[head])) {
      for (const item of obj[head] as unknown[]) expandPath(item, rest);
      return;
    }
    let target = obj[head];
    if (typeof target === "string") {
      const found = head === "payments" ? undefined : objects.byId(target);
      if (found) obj[head] = target = found;
    }
    expandPath(target, rest);
  }

  /** Stripe's cursor pagination over records sorted newest first. */
  function page<T extends { id: string; seq: number; created: number }>(params: Reader, url: string, records: T[], render: (r: T) => Json): Json {
    const limit = params.integer("limit") ?? 10;
    if (limit < 1 || limit > 100) throw invalid("Invalid limit: must be between 1 and 100", "limit", "parameter_invalid_integer");
    const sorted = [...records].sort((a, b) => b.created - a.created || b.seq - a.seq);
    const after = params.string("starting_after");
    const before = params.string("ending_before");
    let slice: T[];
    let hasMore: boolean;
    if (after) {
      const i = sorted.findIndex((r) => r.id === after);
      if (i < 0) throw missing("object", after, "starting_after");
      slice = sorted.slice(i + 1, i + 1 + limit);
      hasMore = i + 1 + limit < sorted.length;
    } else if (before) {
      const i = sorted.findIndex((r) => r.id === before);
      if (i < 0) throw missing("object", before, "ending_before");
      slice = sorted.slice(Math.max(0, i - limit), i);
      hasMore = i - limit > 0;
    } else {
      slice = sorted.slice(0, limit);
      hasMore = limit < sorted.length;
    }
    return list(url, slice.map(render), hasMore);
  }

  const priceParam = (id: string, param: string): PriceRecord => {
    const p = store.prices.get(id);
    if (!p) throw new StripeError(400, "invalid_request_error", `No such price: '${id}'`, { code: "resource_missing", param });
    return p;
  };

  const customerParam = (id: string, param = "customer") => {
    const c = store.customers.get(id);
    if (!c) throw new StripeError(400, "invalid_request_error", `No such customer: '${id}'`, { code: "resource_missing", param });
    return c;
  };

  const ownPaymentMethod = (id: string, customer: string, param: string): string => {
    const pm = store.paymentMethods.get(id);
    if (!pm) throw new StripeError(400, "invalid_request_error", `No such PaymentMethod: '${id}'`, { code: "resource_missing", param });
    if (pm.customer !== customer) {
      throw invalid(`The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`, param, "resource_missing");
    }
    return pm.id;
  };

  // ——— routes ————————————————————————————————————————————————————————————————

  const routes: [string, RegExp, Handler][] = [];
  const route = (method: string, pattern: string, handler: Handler) => {
    routes.push([method, new RegExp(`^${pattern.replace(/:[a-z]+/g, "([^/]+)")}$`), handler]);
  };

  // Catalogue
  route("GET", "/v1/products/:id", ({ path }) => objects.product(get(store.products, path[0], "product")));
  route("GET", "/v1/products", ({ params }) => page(params, "/v1/products", [...store.products.values()], (p) => objects.product(p)));
  route("GET", "/v1/prices/:id", ({ path }) => objects.price(get(store.prices, path[0], "price")));
  route("GET", "/v1/prices", ({ params }) => {
    const keys = params.strings("lookup_keys");
    const active = params.boolean("active");
    const product = params.string("product");
    const type = params.string("type");
    const currency = params.string("currency");
    const found = [...store.prices.values()].filter((p) =>
      (!keys || (p.lookupKey !== null && keys.includes(p.lookupKey))) &&
      (active === undefined || p.active === active) &&
      (!product || p.product === product) &&
      (!type || type === "recurring") &&
      (!currency || p.currency === currency));
    return page(params, "/v1/prices", found, (p) => objects.price(p));
  });

  // Customers
  route("POST", "/v1/customers", ({ params }) => {
    const input = { email: params.string("email"), name: params.string("name"), metadata: params.metadata("metadata") };
    params.string("description");
    params.string("phone");
    params.rejectUnknown();
    return objects.customer(billing.createCustomer(input));
  });
  route("GET", "/v1/customers/:id", ({ path }) => objects.customer(get(store.customers, path[0], "customer")));
  route("GET", "/v1/customers", ({ params }) => {
    const email = params.string("email");
    return page(params, "/v1/customers", [...store.customers.values()].filter((c) => !email || c.email === email), (c) => objects.customer(c));
  });
  route("POST", "/v1/customers/:id", ({ params, path }) => {
    const c = get(store.customers, path[0], "customer");
    const email = params.string("email");
    const name = params.string("name");
    const metadata = params.metadata("metadata", c.metadata);
    const settings = params.object("invoice_settings");
    const pm = settings?.string("default_payment_method");
    settings?.rejectUnknown("invoice_settings");
    if (pm) ownPaymentMethod(pm, c.id, "invoice_settings[default_payment_method]");
    params.rejectUnknown();
    billing.updateCustomer(c, (c) => {
      if (email !== undefined) c.email = email;
      if (name !== undefined) c.name = name;
      if (metadata) c.metadata = metadata;
      if (pm !== undefined) c.defaultPaymentMethod = pm;
    });
    return objects.customer(c);
  });
  route("DELETE", "/v1/customers/:id", ({ path }) => {
    const c = get(store.customers, path[0], "customer");
    for (const sub of store.subscriptions.values()) if (sub.customer === c.id) billing.cancelNow(sub, "cancellation_requested");
    store.customers.delete(c.id);
    return { id: c.id, object: "customer", deleted: true };
  });

  // Payment methods
  route("POST", "/v1/payment_methods/:id/attach", ({ params, path }) => {
    const customer = params.required("customer");
    params.rejectUnknown();
    return objects.paymentMethod(billing.attachPaymentMethod(path[0]!, customer));
  });
  route("POST", "/v1/payment_methods/:id/detach", ({ path }) => {
    const pm = get(store.paymentMethods, path[0], "PaymentMethod");
    if (!pm.customer) throw invalid("The payment method you provided is not attached to a customer so detachment is impossible.", undefined, "payment_method_unexpected_state");
    billing.detachPaymentMethod(pm);
    return objects.paymentMethod(pm);
  });
  route("GET", "/v1/payment_methods/:id", ({ path }) => objects.paymentMethod(get(store.paymentMethods, path[0], "PaymentMethod")));
  const paymentMethodsOf = (params: Reader, customer: string, url: string) => {
    params.oneOf("type", ["card"]);
    return page(params, url, [...store.paymentMethods.values()].filter((pm) => pm.customer === customer), (pm) => objects.paymentMethod(pm));
  };
  route("GET", "/v1/customers/:id/payment_methods", ({ params, path }) => {
    const c = get(store.customers, path[0], "customer");
    return paymentMethodsOf(params, c.id, `/v1/customers/${c.id}/payment_methods`);
  });
  route("GET", "/v1/payment_methods", ({ params }) => paymentMethodsOf(params, customerParam(params.required("customer")).id, "/v1/payment_methods"));

  // Checkout
  route("POST", "/v1/checkout/sessions", ({ params }) => {
    const mode = params.required("mode");
    if (mode !== "subscription") throw invalid("The local Stripe stand-in supports only mode=subscription.", "mode", "parameter_invalid");
    const customerId = params.string("customer");
    const customer = customerId ? customerParam(customerId) : undefined;
    const items = params.list("line_items");
    if (!items || items.length !== 1) throw invalid("Exactly one line item is supported: line_items[0][price] and line_items[0][quantity].", "line_items", "parameter_missing");
    const item = items[0]!;
    const price = priceParam(item.required("price"), "line_items[0][price]");
    const quantity = item.integer("quantity") ?? 1;
    item.rejectUnknown("line_items[0]");
    const subscriptionData = params.object("subscription_data");
    const subscriptionMetadata = subscriptionData?.metadata("metadata") ?? {};
    subscriptionData?.string("description");
    subscriptionData?.rejectUnknown("subscription_data");
    const successUrl = params.required("success_url");
    const cancelUrl = params.string("cancel_url") ?? null;
    const customerEmail = params.string("customer_email") ?? null;
    if (customer && customerEmail) throw invalid("You may only specify one of these parameters: customer, customer_email.", "customer_email", "parameter_invalid");
    params.strings("payment_method_types"); // only cards exist here
    params.string("locale");
    params.string("allow_promotion_codes");
    params.string("billing_address_collection");
    params.string("ui_mode");
    const now = store.now();
    const cs = {
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
      status: "open" as const,
      paymentStatus: "unpaid" as const,
      subscription: null,
      invoice: null,
    };
    params.rejectUnknown();
    store.checkoutSessions.set(cs.id, cs);
    return objects.checkoutSession(cs);
  });
  route("GET", "/v1/checkout/sessions/:id", ({ path }) => objects.checkoutSession(get(store.checkoutSessions, path[0], "checkout.session")));
  route("GET", "/v1/checkout/sessions", ({ params }) => {
    const customer = params.string("customer");
    const subscription = params.string("subscription");
    const found = [...store.checkoutSessions.values()].filter((cs) => (!customer || cs.customer === customer) && (!subscription || cs.subscription === subscription));
    return page(params, "/v1/checkout/sessions", found, (cs) => objects.checkoutSession(cs));
  });
  route("POST", "/v1/checkout/sessions/:id/expire", ({ path }) => {
    const cs = get(store.checkoutSessions, path[0], "checkout.session");
    if (cs.status !== "open") throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`, undefined, "checkout_session_not_open");
    (cs as { status: string }).status = "expired";
    return objects.checkoutSession(cs);
  });

  // Subscriptions
  const paymentBehavior = (params: Reader): PaymentBehavior =>
    params.oneOf("payment_behavior", ["allow_incomplete", "error_if_incomplete", "pending_if_incomplete"]) ?? "allow_incomplete";

  route("POST", "/v1/subscriptions", ({ params }) => {
    const customer = customerParam(params.required("customer"));
    const items = params.list("items");
    if (!items || items.length !== 1) throw invalid("Exactly one item is supported: items[0][price].", "items", "parameter_missing");
    const price = priceParam(items[0]!.required("price"), "items[0][price]");
    const quantity = items[0]!.integer("quantity") ?? 1;
    items[0]!.rejectUnknown("items[0]");
    const pm = params.string("default_payment_method");
    if (pm) ownPaymentMethod(pm, customer.id, "default_payment_method");
    const behaviour = paymentBehavior(params);
    const metadata = params.metadata("metadata") ?? {};
    params.rejectUnknown();
    const sub = billing.createSubscription({ customer, price, quantity, defaultPaymentMethod: pm ?? null, metadata, paymentBehavior: behaviour });
    return objects.subscription(sub);
  });
  route("GET", "/v1/subscriptions/:id", ({ path }) => objects.subscription(get(store.subscriptions, path[0], "subscription")));
  route("GET", "/v1/subscriptions", ({ params }) => {
    const customer = params.string("customer");
    const price = params.string("price");
    const status = params.oneOf("status", ["active", "past_due", "unpaid", "canceled", "incomplete", "incomplete_expired", "trialing", "paused", "all", "ended"]);
    const found = [...store.subscriptions.values()].filter((s) =>
      (!customer || s.customer === customer) &&
      (!price || s.item.price === price) &&
      (status === "all" || (status === "ended" ? s.status === "canceled" : status ? s.status === status : s.status !== "canceled")));
    return page(params, "/v1/subscriptions", found, (s) => objects.subscription(s));
  });
  route("POST", "/v1/subscriptions/:id", ({ params, path }) => {
    const sub = get(store.subscriptions, path[0], "subscription");
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
      if (!id) throw invalid("A second subscription item is not supported here: pass items[0][id] to change the existing one.", "items[0][id]", "parameter_missing");
      if (id !== sub.item.id) throw new StripeError(400, "invalid_request_error", `No such subscription item: '${id}'`, { code: "resource_missing", param: "items[0][id]" });
      const priceId = item.string("price");
      newPrice = priceId ? priceParam(priceId, "items[0][price]") : undefined;
      quantity = item.integer("quantity") ?? quantity;
      item.rejectUnknown("items[0]");
    }
    params.rejectUnknown();
    if (sub.status === "canceled" && (items || cancelAtPeriodEnd !== undefined || pmParam !== undefined)) {
      throw invalid("A canceled subscription can only update its cancellation_details and metadata.", undefined, "parameter_invalid");
    }
    if (pmParam) ownPaymentMethod(pmParam, sub.customer, "default_payment_method");

    // One call, one state change: a refused payment restores the record and records no event.
    const saved = structuredClone(sub);
    const before = objects.subscription(sub);
    try {
      if (metadata) sub.metadata = metadata;
      if (pmParam !== undefined) sub.defaultPaymentMethod = pmParam;
      if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== sub.cancelAtPeriodEnd) {
        sub.cancelAtPeriodEnd = cancelAtPeriodEnd;
        sub.cancelAt = cancelAtPeriodEnd ? sub.item.periodEnd : null;
        sub.canceledAt = cancelAtPeriodEnd ? store.now() : null;
        sub.cancellationReason = cancelAtPeriodEnd ? "cancellation_requested" : null;
      }
      billing.changePrice(sub, newPrice ?? store.prices.get(sub.item.price)!, quantity, { proration, payment, before });
    } catch (err) {
      Object.assign(sub, saved);
      throw err;
    }
    return objects.subscription(sub);
  });
  route("DELETE", "/v1/subscriptions/:id", ({ params, path }) => {
    const sub = get(store.subscriptions, path[0], "subscription");
    params.boolean("invoice_now");
    params.boolean("prorate");
    params.object("cancellation_details");
    params.rejectUnknown();
    if (sub.status === "canceled") throw invalid(`No such subscription: '${sub.id}' is already canceled.`, undefined, "resource_missing");
    billing.cancelNow(sub, "cancellation_requested");
    return objects.subscription(sub);
  });

  // Subscription schedules
  route("POST", "/v1/subscription_schedules", ({ params }) => {
    const from = params.string("from_subscription");
    if (!from) throw invalid("The local Stripe stand-in creates schedules only with from_subscription.", "from_subscription", "parameter_missing");
    const sub = store.subscriptions.get(from);
    if (!sub) throw new StripeError(400, "invalid_request_error", `No such subscription: '${from}'`, { code: "resource_missing", param: "from_subscription" });
    params.rejectUnknown();
    return objects.schedule(billing.scheduleFromSubscription(sub));
  });
  route("GET", "/v1/subscription_schedules/:id", ({ path }) => objects.schedule(get(store.schedules, path[0], "subscription schedule")));
  route("GET", "/v1/subscription_schedules", ({ params }) => {
    const customer = params.string("customer");
    return page(params, "/v1/subscription_schedules", [...store.schedules.values()].filter((s) => !customer || s.customer === customer), (s) => objects.schedule(s));
  });
  route("POST", "/v1/subscription_schedules/:id", ({ params, path }) => {
    const schedule = get(store.schedules, path[0], "subscription schedule");
    const endBehavior = params.oneOf("end_behavior", ["release", "cancel"]);
    const defaultProration = params.oneOf("proration_behavior", ["create_prorations", "none", "always_invoice"]);
    const metadata = params.metadata("metadata", schedule.metadata);
    const phaseParams = params.list("phases");
    params.rejectUnknown();
    const phases = phaseParams ? readPhases(phaseParams, schedule.phases, defaultProration) : undefined;
    billing.updateSchedule(schedule, { phases, endBehavior, metadata });
    return objects.schedule(schedule);
  });
  route("POST", "/v1/subscription_schedules/:id/release", ({ params, path }) => {
    const schedule = get(store.schedules, path[0], "subscription schedule");
    params.boolean("preserve_cancel_date");
    params.rejectUnknown();
    billing.releaseSchedule(schedule);
    return objects.schedule(schedule);
  });
  route("POST", "/v1/subscription_schedules/:id/cancel", ({ params, path }) => {
    const schedule = get(store.schedules, path[0], "subscription schedule");
    params.boolean("invoice_now");
    params.boolean("prorate");
    params.rejectUnknown();
    billing.cancelSchedule(schedule);
    return objects.schedule(schedule);
  });

  /**
   * `phases[i]`: one item with a price; `start_date` (a timestamp or "now", default: where the previous
   * phase ends), `end_date`, else `duration`, else the next phase's start (the last phase: one period).
   * Phases must follow each other without gaps, and the current phase cannot be moved.
   */
  function readPhases(input: Reader[], existing: PhaseRecord[], defaultProration: ProrationBehavior | undefined): PhaseRecord[] {
    const now = store.now();
    const drafts = input.map((p, i) => {
      const items = p.list("items");
      if (!items || items.length !== 1) throw invalid(`Exactly one item is supported: phases[${i}][items][0][price].`, `phases[${i}][items]`, "parameter_missing");
      const price = priceParam(items[0]!.required("price"), `phases[${i}][items][0][price]`);
      const quantity = items[0]!.integer("quantity") ?? 1;
      items[0]!.metadata("metadata");
      items[0]!.rejectUnknown(`phases[${i}][items][0]`);
      const startRaw = p.string("start_date");
      const start = startRaw === "now" ? now : startRaw ? Number(startRaw) : undefined;
      const endRaw = p.string("end_date");
      const end = endRaw === "now" ? now : endRaw ? Number(endRaw) : undefined;
      if ((startRaw && !Number.isFinite(start)) || (endRaw && !Number.isFinite(end))) throw invalid(`Invalid timestamp in phases[${i}]`, `phases[${i}]`, "parameter_invalid_integer");
      const duration = p.object("duration");
      const durationInterval = duration?.oneOf("interval", ["day", "week", "month", "year"]);
      const durationCount = duration?.integer("interval_count") ?? 1;
      duration?.rejectUnknown(`phases[${i}][duration]`);
      const proration = p.oneOf("proration_behavior", ["create_prorations", "none", "always_invoice"]) ?? defaultProration ?? "create_prorations";
      const metadata = p.metadata("metadata") ?? {};
      p.rejectUnknown(`phases[${i}]`);
      return { price, quantity, start, end, durationInterval, durationCount, proration, metadata };
    });
    const phases: PhaseRecord[] = [];
    drafts.forEach((d, i) => {
      const previousEnd = phases[i - 1]?.endDate;
      const start = d.start ?? previousEnd ?? existing[0]?.startDate ?? now;
      if (previousEnd !== undefined && start !== previousEnd) {
        throw invalid(`phases[${i}][start_date] must equal the end of the phase before it (${previousEnd}).`, `phases[${i}][start_date]`, "parameter_invalid");
      }
      const current = existing.find((p) => p.startDate <= now && now < p.endDate);
      if (i === 0 && current && existing[0]!.startDate <= now && start !== existing[0]!.startDate && start !== now) {
        throw invalid("You can not modify the start date of the current phase.", "phases[0][start_date]", "parameter_invalid");
      }
      const end =
        d.end ??
        (d.durationInterval ? addInterval(start, d.durationInterval, d.durationCount) : undefined) ??
        drafts[i + 1]?.start ??
        (i === drafts.length - 1 ? addInterval(start, d.price.interval, d.price.intervalCount) : undefined);
      if (end === undefined) throw invalid(`phases[${i}] needs an end_date or a duration.`, `phases[${i}][end_date]`, "parameter_missing");
      if (end <= start) throw invalid(`phases[${i}][end_date] must be after its start_date.`, `phases[${i}][end_date]`, "parameter_invalid");
      phases.push({ startDate: start, endDate: end, price: d.price.id, quantity: d.quantity, prorationBehavior: d.proration, metadata: d.metadata });
    });
    return phases;
  }

  // Invoices, payments, refunds
  route("GET", "/v1/invoices/:id", ({ params, path }) =>
    objects.invoice(get(store.invoices, path[0], "invoice"), { payments: params.expand().includes("payments") }));
  route("GET", "/v1/invoices", ({ params }) => {
    const customer = params.string("customer");
    const subscription = params.string("subscription");
    const status = params.oneOf("status", ["draft", "open", "paid", "uncollectible", "void"]);
    const withPayments = params.expand().includes("data.payments");
    const found = [...store.invoices.values()].filter((i) =>
      (!customer || i.customer === customer) && (!subscription || i.subscription === subscription) && (!status || i.status === status));
    return page(params, "/v1/invoices", found, (i) => objects.invoice(i, { payments: withPayments }));
  });
  route("GET", "/v1/invoices/:id/lines", ({ params, path }) => {
    const inv = get(store.invoices, path[0], "invoice");
    const lines = objects.invoice(inv).lines as { data: Json[] };
    params.integer("limit");
    return list(`/v1/invoices/${inv.id}/lines`, lines.data);
  });
  route("POST", "/v1/invoices/:id/pay", ({ params, path }) => {
    const inv = get(store.invoices, path[0], "invoice");
    const pm = params.string("payment_method");
    params.rejectUnknown();
    if (pm) ownPaymentMethod(pm, inv.customer, "payment_method");
    billing.payInvoice(inv, pm ?? undefined);
    return objects.invoice(inv);
  });
  route("GET", "/v1/invoice_payments", ({ params }) => {
    const invoice = get(store.invoices, params.required("invoice"), "invoice", "invoice");
    const limit = params.integer("limit") ?? 10; // an invoice has at most one payment here
    if (limit < 1 || limit > 100) throw invalid("Invalid limit: must be between 1 and 100", "limit", "parameter_invalid_integer");
    return list("/v1/invoice_payments", objects.invoicePayments(invoice));
  });
  route("GET", "/v1/payment_intents/:id", ({ path }) => objects.paymentIntent(get(store.paymentIntents, path[0], "payment_intent")));
  route("GET", "/v1/charges/:id", ({ path }) => objects.charge(get(store.charges, path[0], "charge")));
  route("GET", "/v1/charges", ({ params }) => {
    const customer = params.string("customer");
    const pi = params.string("payment_intent");
    const found = [...store.charges.values()].filter((c) => (!customer || c.customer === customer) && (!pi || c.paymentIntent === pi));
    return page(params, "/v1/charges", found, (c) => objects.charge(c));
  });
  route("POST", "/v1/refunds", ({ params }) => {
    const piId = params.string("payment_intent");
    const chargeId = params.string("charge");
    const amount = params.integer("amount");
    const reason = params.oneOf("reason", ["duplicate", "fraudulent", "requested_by_customer"]) ?? null;
    const metadata = params.metadata("metadata") ?? {};
    params.rejectUnknown();
    let charge;
    if (chargeId) {
      charge = store.charges.get(chargeId);
      if (!charge) throw new StripeError(400, "invalid_request_error", `No such charge: '${chargeId}'`, { code: "resource_missing", param: "charge" });
    } else if (piId) {
      const pi = store.paymentIntents.get(piId);
      if (!pi) throw new StripeError(400, "invalid_request_error", `No such payment_intent: '${piId}'`, { code: "resource_missing", param: "payment_intent" });
      if (pi.status !== "succeeded" || !pi.latestCharge) throw invalid(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, "payment_intent", "charge_not_refundable");
      charge = store.charges.get(pi.latestCharge)!;
    } else {
      throw invalid("One of the following params should be provided for this request: payment_intent or charge.", undefined, "parameter_missing");
    }
    return objects.refund(billing.refund({ charge, amount, reason, metadata }));
  });
  route("GET", "/v1/refunds/:id", ({ path }) => objects.refund(get(store.refunds, path[0], "refund")));
  route("GET", "/v1/refunds", ({ params }) => {
    const charge = params.string("charge");
    const pi = params.string("payment_intent");
    const found = [...store.refunds.values()].filter((r) => (!charge || r.charge === charge) && (!pi || r.paymentIntent === pi));
    return page(params, "/v1/refunds", found, (r) => objects.refund(r));
  });

  // Billing portal
  route("POST", "/v1/billing_portal/sessions", ({ params }) => {
    const customer = customerParam(params.required("customer"));
    const returnUrl = params.string("return_url") ?? null;
    params.string("configuration");
    params.string("locale");
    params.rejectUnknown();
    const session = { id: newId("bps"), seq: store.nextSeq(), created: store.now(), customer: customer.id, returnUrl };
    store.portalSessions.set(session.id, session);
    return objects.portalSession(session);
  });

  // Test clock
  route("GET", "/v1/test_helpers/test_clocks", ({ params }) => {
    params.integer("limit");
    return list("/v1/test_helpers/test_clocks", [objects.testClock()]);
  });
  route("GET", "/v1/test_helpers/test_clocks/:id", ({ path }) => {
    if (path[0] !== store.clock.id) throw missing("test_helpers.test_clock", path[0]!);
    return objects.testClock();
  });
  route("POST", "/v1/test_helpers/test_clocks/:id/advance", ({ params, path }) => {
    if (path[0] !== store.clock.id) throw missing("test_helpers.test_clock", path[0]!);
    const to = params.integer("frozen_time");
    if (to === undefined) throw invalid("Missing required param: frozen_time.", "frozen_time", "parameter_missing");
    params.rejectUnknown();
    billing.advanceClock(to);
    return objects.testClock();
  });

  // Events
  route("GET", "/v1/events/:id", ({ path }) => objects.event(get(store.events, path[0], "event")));
  route("GET", "/v1/events", ({ params }) => {
    const type = params.string("type");
    const types = params.strings("types");
    const matches = (t: string) => (!type || (type.endsWith("*") ? t.startsWith(type.slice(0, -1)) : t === type)) && (!types || types.includes(t));
    params.raw("created");
    params.raw("delivery_success");
    return page(params, "/v1/events", [...store.events.values()].filter((e) => matches(e.type)), (e) => objects.event(e));
  });

  // ——— hosted pages ————————————————————————————————————————————————————————————

  function renderCheckout(csId: string, error?: string): Answer | undefined {
    const cs = store.checkoutSessions.get(csId);
    if (!cs) return undefined;
    const price = store.prices.get(cs.price)!;
    const email = cs.customer ? store.customers.get(cs.customer)?.email ?? null : cs.customerEmail;
    return {
      status: error ? 402 : 200,
      body: checkoutPage({
        sessionId: cs.id, product: store.products.get(price.product)!, price, quantity: cs.quantity, email,
        cancelUrl: cs.cancelUrl, error, closed: cs.status !== "open",
      }),
    };
  }

  function renderPortal(id: string, message: { error?: string; notice?: string } = {}): Answer | undefined {
    const session = store.portalSessions.get(id);
    const customer = session ? store.customers.get(session.customer) : undefined;
    if (!session || !customer) return undefined;
    const subs = [...store.subscriptions.values()].filter((s) => s.customer === customer.id && s.status !== "canceled" && s.status !== "incomplete");
    const cardId = subs.find((s) => s.defaultPaymentMethod)?.defaultPaymentMethod ?? customer.defaultPaymentMethod;
    return {
      status: message.error ? 402 : 200,
      body: portalPage({
        sessionId: session.id,
        customer,
        subscriptions: subs.map((sub) => {
          const price = store.prices.get(sub.item.price)!;
          return { sub, price, product: store.products.get(price.product)! };
        }),
        card: cardId ? store.paymentMethods.get(cardId) : undefined,
        invoices: [...store.invoices.values()].filter((i) => i.customer === customer.id && i.status !== "draft").sort((a, b) => b.created - a.created || b.seq - a.seq),
        returnUrl: session.returnUrl,
        ...message,
      }),
    };
  }

  /** Answers a hosted-page request, or undefined when the path is not a page. */
  function handlePage(method: string, pathname: string, form: Params): { answer: Answer; redirect?: string } | undefined {
    let m = /^\/pay\/([^/]+)$/.exec(pathname);
    if (m && method === "GET") return wrap(renderCheckout(m[1]!));
    if (m && method === "POST") {
      const cs = store.checkoutSessions.get(m[1]!);
      if (!cs) return wrap(undefined);
      const email = typeof form.email === "string" ? form.email.trim() : "";
      if (!cs.customer && !cs.customerEmail && email) cs.customerEmail = email;
      const result = billing.completeCheckout(cs, typeof form.cardNumber === "string" ? form.cardNumber : "");
      if (!result.ok) return wrap(renderCheckout(cs.id, result.message));
      return { answer: { status: 303, body: "" }, redirect: cs.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", cs.id) };
    }
    m = /^\/portal\/([^/]+)(?:\/(card|cancel|renew))?$/.exec(pathname);
    if (m && method === "GET" && !m[2]) {
      const done = typeof form.done === "string" ? form.done : undefined;
      const notices: Record<string, string> = { card: "Your card was updated.", cancel: "Your plan was canceled.", renew: "Your plan was renewed." };
      return wrap(renderPortal(m[1]!, { notice: done ? notices[done] : undefined }));
    }
    if (m && method === "POST" && m[2]) {
      const session = store.portalSessions.get(m[1]!);
      const customer = session ? store.customers.get(session.customer) : undefined;
      if (!session || !customer) return wrap(undefined);
      if (m[2] === "card") {
        const result = billing.replaceDefaultCard(customer, typeof form.cardNumber === "string" ? form.cardNumber : "");
        if (!result.ok) return wrap(renderPortal(session.id, { error: result.message }));
      } else {
        const sub = typeof form.subscription === "string" ? store.subscriptions.get(form.subscription) : undefined;
        if (!sub || sub.customer !== customer.id) return wrap(renderPortal(session.id, { error: "That plan was not found." }));
        billing.setCancelAtPeriodEnd(sub, m[2] === "cancel");
      }
      return { answer: { status: 303, body: "" }, redirect: `/portal/${session.id}?done=${m[2]}` };
    }
    m = /^\/invoice\/([^/]+)$/.exec(pathname);
    if (m && method === "GET") {
      const inv = store.invoices.get(m[1]!);
      if (!inv) return wrap(undefined);
      const lines = inv.lines.map((l) => ({ description: l.description, amount: l.amount, period: `${dateText(l.periodStart)} – ${dateText(l.periodEnd)}` }));
      return wrap({ status: 200, body: invoicePage(inv, store.customers.get(inv.customer)!, lines) });
    }
    return undefined;
  }
  const wrap = (answer: Answer | undefined) => ({ answer: answer ?? { status: 404, body: "<!doctype html><title>Not found</title><h1>Not found</h1>" } });

  // ——— HTTP ——————————————————————————————————————————————————————————————————

  /** Delivers a call's events in order, each after the one before, then lets the call answer. */
  async function deliverAll(events: ReturnType<Billing["takeEvents"]>): Promise<void> {
    if (!opts.webhookUrl) return;
    for (const e of events) {
      e.pendingWebhooks = 1;
      const result = await deliver(JSON.stringify(objects.event(e), null, 2), {
        url: opts.webhookUrl,
        secret: opts.webhookSecret,
        retryDelaysMs: opts.webhookRetryDelaysMs,
        log: opts.log,
      });
      e.pendingWebhooks = result.delivered ? 0 : 1;
    }
  }

  function send(res: http.ServerResponse, answer: Answer, headers: Record<string, string> = {}) {
    const isHtml = typeof answer.body === "string";
    res.writeHead(answer.status, {
      "content-type": isHtml ? "text/html; charset=utf-8" : "application/json",
      "request-id": headers["request-id"] ?? newId("req"),
      "stripe-version": headers["stripe-version"] ?? "2026-10-28.endive",
      ...headers,
    });
    res.end(isHtml ? answer.body : JSON.stringify(answer.body, null, 2));
  }

  async function handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://standin");
    const method = req.method ?? "GET";
    const form = { ...parseForm(url.search.slice(1)), ...(method === "POST" || method === "DELETE" ? parseForm(raw) : {}) };

    if (!url.pathname.startsWith("/v1/")) {
      const page = handlePage(method, url.pathname, form);
      if (!page) return send(res, { status: 404, body: "<!doctype html><title>Not found</title><h1>Not found</h1>" });
      const events = billing.takeEvents();
      await deliverAll(events);
      return send(res, page.answer, page.redirect ? { location: page.redirect } : {});
    }

    const requestId = newId("req");
    const headers = { "request-id": requestId, "stripe-version": String(req.headers["stripe-version"] ?? "2026-10-28.endive") };
    const auth = req.headers.authorization ?? "";
    const key = /^Bearer (.+)$/.exec(auth)?.[1];
    if (!key || !key.startsWith("sk_test_")) {
      const message = key
        ? `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      return send(res, { status: 401, body: { error: { message, type: "invalid_request_error" } } }, headers);
    }

    const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const fingerprint = `${method} ${url.pathname} ${method === "GET" ? url.search : raw}`;
    if (idempotencyKey && method !== "GET") {
      const seen = idempotent.get(idempotencyKey);
      if (seen && seen.fingerprint !== fingerprint) {
        return send(res, {
          status: 400,
          body: { error: { type: "idempotency_error", message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` } },
        }, headers);
      }
      if (seen) return send(res, seen.answer, { ...headers, "idempotent-replayed": "true", "idempotency-key": idempotencyKey });
    }

    let answer: Answer;
    billing.request = { id: requestId, idempotency_key: idempotencyKey };
    try {
      const match = routes.map(([m, re, h]) => ({ m, h, groups: re.exec(url.pathname) })).find((r) => r.m === method && r.groups);
      if (!match) {
        const known = routes.some(([, re]) => re.test(url.pathname));
        throw known
          ? invalid(`Unrecognized request URL (${method}: ${url.pathname}).`, undefined, "parameter_invalid")
          : new StripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${url.pathname}). The local Stripe stand-in does not offer it.`);
      }
      const params = new Reader(form);
      const result = match.h({ params, path: match.groups!.slice(1).map(decodeURIComponent) });
      const body = "status" in result && "body" in result ? (result as Answer) : { status: 200, body: result };
      answer = { status: body.status, body: expand(body.body, params.expand()) };
      // Routes check their parameters before changing anything; reads are checked here.
      if (method === "GET") params.rejectUnknown();
    } catch (err) {
      if (err instanceof StripeError) answer = { status: err.status, body: err.body() };
      else {
        opts.log?.(`stripe stand-in: ${String((err as Error).stack ?? err)}`);
        answer = { status: 500, body: { error: { type: "api_error", message: `Internal error in the local Stripe stand-in: ${String(err)}` } } };
      }
    } finally {
      billing.request = { id: null, idempotency_key: null };
    }
    if (idempotencyKey && method !== "GET" && answer.status < 500) idempotent.set(idempotencyKey, { fingerprint, answer });
    await deliverAll(billing.takeEvents());
    send(res, answer, idempotencyKey ? { ...headers, "idempotency-key": idempotencyKey } : headers);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      handle(req, Buffer.concat(chunks).toString("utf8"), res).then(() => {
        if (req.method !== "GET") save();
      }).catch((err: unknown) => {
        opts.log?.(`stripe stand-in: ${String(err)}`);
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "api_error", message: String(err) } }));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  objects.baseUrl = baseUrl;

  return {
    url: baseUrl,
    port,
    secretKey: SECRET_KEY,
    prices,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The seeded prices of a restored store, found by their lookup keys. */
function savedPrices(store: Store): StripeStandin["prices"] {
  const byKey = (key: string) => {
    const p = [...store.prices.values()].find((price) => price.lookupKey === key);
    if (!p) throw new Error(`The saved stand-in state has no "${key}" price; delete the state file to start afresh.`);
    return p.id;
  };
  return { weekly: byKey("weekly"), monthly: byKey("monthly"), yearly: byKey("yearly") };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const standin = await startStripeStandin({
    port: process.env.STRIPE_STANDIN_PORT ? Number(process.env.STRIPE_STANDIN_PORT) : undefined,
    webhookUrl: process.env.STRIPE_WEBHOOK_URL,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_local_standin",
    stateFile: process.env.STRIPE_STANDIN_STATE,
    log: console.log,
  });
  console.log(`Stripe stand-in at ${standin.url} (key ${standin.secretKey}); prices ${JSON.stringify(standin.prices)}`);
}
