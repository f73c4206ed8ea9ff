/**
 * Every kind of object the stand-in answers with has the fields and JSON types of Stripe's published
 * example (stripe-fixtures.json beside this file: a copy of the team contract in ../shared/stripe/, which
 * is `openapi/fixtures3.json` of Stripe's public stripe/openapi repository, kept in the repository so the
 * test runs from any clone). The objects come from a scenario driven with the real
 * SDK that fills in as many fields as possible (paid and failed payments, refunds, cancellations,
 * schedules), and are read back as raw JSON.
 */
import { readFileSync } from "node:fs";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingFields, sdkFields, type Fields } from "./sdk-fields";
import { shapeProblems } from "./shape";
import { DAY, startHarness, subscribedCustomer, type Harness } from "./testing";

const fixtures = JSON.parse(readFileSync(new URL("./stripe-fixtures.json", import.meta.url), "utf8")) as {
  resources: Record<string, unknown>;
};
const example = (name: string) => {
  const found = fixtures.resources[name];
  if (!found) throw new Error(`no fixture for ${name}`);
  return found;
};

/**
 * Optional fields of Stripe's schema that its published example leaves out, and which the stand-in
 * sends because the product needs them (each is in the SDK's types).
 */
const EXTRA_KEYS_ALLOWED: Record<string, string[]> = {
  invoice: ["lines.data[].pricing"], // pricing.price_details: which price a line bills
  line_item: ["pricing"],
  payment_intent: ["last_payment_error"], // code, decline_code, message, charge, payment_method
  event: ["data"], // data.previous_attributes on *.updated events
};

/** The SDK type (`Stripe.<name>`) of each kind of object the stand-in answers with. */
const SDK_TYPES: Record<string, string> = {
  customer: "Customer",
  price: "Price",
  product: "Product",
  payment_method: "PaymentMethod",
  subscription: "Subscription",
  subscription_item: "SubscriptionItem",
  "checkout.session": "Checkout.Session",
  invoice: "Invoice",
  line_item: "InvoiceLineItem",
  payment_intent: "PaymentIntent",
  charge: "Charge",
  refund: "Refund",
  subscription_schedule: "SubscriptionSchedule",
  "billing_portal.session": "BillingPortal.Session",
  "test_helpers.test_clock": "TestHelpers.TestClock",
  event: "Event",
};
let declared: Record<string, Fields>;

/** A field Stripe's example lacks but the SDK's types declare as always present (newer than the example). */
function declaredBySdk(type: string, problem: string): boolean {
  const path = /^(.*): not in Stripe's example$/.exec(problem)?.[1];
  if (!path || !SDK_TYPES[type]) return false;
  let fields: Fields | null | undefined = declared[SDK_TYPES[type]];
  for (const key of path.replaceAll("[]", "").split(".")) fields = fields ? (key in fields ? (fields[key] ?? {}) : undefined) : undefined;
  return fields !== undefined;
}

let h: Harness;
/** Raw JSON by object type, several samples each. */
const seen = new Map<string, unknown[]>();

async function raw(path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${h.standin.url}${path}`, { headers: { authorization: `Bearer ${h.standin.secretKey}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

function collect(obj: Record<string, unknown>) {
  const type = obj.object as string;
  if (type === "list") {
    for (const item of obj.data as Record<string, unknown>[]) collect(item);
    return;
  }
  seen.set(type, [...(seen.get(type) ?? []), obj]);
  if (type === "subscription") for (const item of (obj.items as { data: Record<string, unknown>[] }).data) collect(item);
  if (type === "invoice") for (const line of (obj.lines as { data: Record<string, unknown>[] }).data) collect(line);
}

beforeAll(async () => {
  declared = sdkFields(Object.values(SDK_TYPES));
  h = await startHarness();
  const { stripe } = h;
  const { customer, subscription, session } = await subscribedCustomer(h, h.standin.prices.monthly);
  const failing = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: failing.id } });

  // A second customer whose renewal fails (failed charge, open invoice, past_due).
  const second = await subscribedCustomer(h, h.standin.prices.weekly, "second@example.com");
  const bad = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", { customer: second.customer.id });
  await stripe.subscriptions.update(second.subscription.id, { default_payment_method: bad.id });

  // Upgrade (proration lines), schedule, refund, cancellation, portal.
  await h.advance(3 * DAY);
  const upgraded = await stripe.subscriptions.update(subscription.id, {
    items: [{ id: subscription.items.data[0]!.id, price: h.standin.prices.yearly }],
    proration_behavior: "always_invoice",
    default_payment_method: subscription.default_payment_method as string,
  });
  const schedule = await stripe.subscriptionSchedules.create({ from_subscription: upgraded.id });
  const end = upgraded.items.data[0]!.current_period_end;
  await stripe.subscriptionSchedules.update(schedule.id, {
    phases: [
      { items: [{ price: h.standin.prices.yearly }], start_date: schedule.phases[0]!.start_date, end_date: end },
      { items: [{ price: h.standin.prices.monthly }], duration: { interval: "month", interval_count: 1 } },
    ],
  });
  const invoice = await stripe.invoices.retrieve(upgraded.latest_invoice as string, { expand: ["payments"] });
  const pi = invoice.payments!.data[0]!.payment.payment_intent as string;
  await stripe.refunds.create({ payment_intent: pi, amount: 500 });
  await h.advance(5 * DAY); // the weekly renewal of the second customer fails
  const third = await subscribedCustomer(h, h.standin.prices.monthly, "third@example.com");
  await stripe.subscriptions.update(third.subscription.id, { cancel_at_period_end: true });
  const fourth = await subscribedCustomer(h, h.standin.prices.weekly, "fourth@example.com");
  await stripe.subscriptions.cancel(fourth.subscription.id);
  const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://app.test/account" });

  // Read everything back as the wire JSON.
  for (const c of [customer, second.customer, third.customer]) {
    collect(await raw(`/v1/customers/${c.id}`));
    collect(await raw(`/v1/customers/${c.id}/payment_methods`));
    collect(await raw(`/v1/subscriptions?customer=${c.id}&status=all`));
    collect(await raw(`/v1/invoices?customer=${c.id}&limit=100`));
    collect(await raw(`/v1/charges?customer=${c.id}`));
  }
  collect(await raw(`/v1/subscriptions/${fourth.subscription.id}`));
  // a price made later (a price change, decision 093) beside the seeded ones
  await stripe.prices.create({
    product: (await stripe.prices.retrieve(h.standin.prices.monthly)).product as string,
    currency: "eur",
    unit_amount: 3499,
    recurring: { interval: "month" },
    metadata: { plan_type: "monthly" },
  });
  collect(await raw(`/v1/prices`));
  collect(await raw(`/v1/products`));
  collect(await raw(`/v1/checkout/sessions/${session.id}`));
  const open = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    line_items: [{ price: h.standin.prices.weekly, quantity: 1 }],
    success_url: "http://app.test/ok",
  });
  collect(await raw(`/v1/checkout/sessions/${open.id}`));
  collect(await raw(`/v1/subscription_schedules/${schedule.id}`));
  collect(await raw(`/v1/refunds?payment_intent=${pi}`));
  collect(await raw(`/v1/payment_intents/${pi}`));
  const failedInvoice = (await stripe.invoices.list({ customer: second.customer.id, status: "open" })).data[0]!;
  const failedPayments = await stripe.invoicePayments.list({ invoice: failedInvoice.id });
  collect(await raw(`/v1/payment_intents/${failedPayments.data[0]!.payment.payment_intent as string}`));
  collect(portal as unknown as Record<string, unknown>);
  collect(await raw(`/v1/test_helpers/test_clocks`));
  collect(await raw(`/v1/events?limit=100`));
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

describe("object shapes match Stripe's published examples", () => {
  const types = [
    "customer",
    "price",
    "product",
    "payment_method",
    "subscription",
    "subscription_item",
    "checkout.session",
    "invoice",
    "line_item",
    "payment_intent",
    "charge",
    "refund",
    "subscription_schedule",
    "billing_portal.session",
    "test_helpers.test_clock",
    "event",
  ];
  it.each(types)("%s", (type) => {
    const samples = seen.get(type) ?? [];
    expect(samples.length, `no ${type} was collected`).toBeGreaterThan(0);
    const problems = new Set<string>();
    for (const sample of samples) {
      for (const p of shapeProblems(sample, example(type), {
        extraKeysAllowed: EXTRA_KEYS_ALLOWED[type],
        skip: type === "event" ? ["data.object", "data.previous_attributes"] : [],
      })) {
        if (!declaredBySdk(type, p)) problems.add(p);
      }
    }
    expect([...problems]).toEqual([]);
  });

  it("each event's data.object has the shape of its own type", () => {
    const events = (seen.get("event") ?? []) as Stripe.Event[];
    const objectTypes = new Set<string>();
    for (const e of events) {
      const obj = e.data.object as unknown as { object: string };
      objectTypes.add(obj.object);
      const problems = shapeProblems(obj, example(obj.object), { extraKeysAllowed: EXTRA_KEYS_ALLOWED[obj.object] }).filter(
        (p) => !declaredBySdk(obj.object, p),
      );
      expect(problems, `${e.type}`).toEqual([]);
      if (e.data.previous_attributes) {
        for (const key of Object.keys(e.data.previous_attributes)) expect(key in obj, `${e.type} previous ${key}`).toBe(true);
      }
    }
    expect([...objectTypes].sort()).toEqual(
      expect.arrayContaining([
        "charge",
        "checkout.session",
        "customer",
        "invoice",
        "payment_intent",
        "payment_method",
        "refund",
        "subscription",
        "subscription_schedule",
        "test_helpers.test_clock",
      ]),
    );
  });

  it("samples cover the interesting states", () => {
    const subs = (seen.get("subscription") ?? []) as Stripe.Subscription[];
    expect(new Set(subs.map((s) => s.status))).toEqual(new Set(["active", "past_due", "canceled"]));
    expect(subs.some((s) => s.schedule)).toBe(true);
    const charges = (seen.get("charge") ?? []) as Stripe.Charge[];
    expect(new Set(charges.map((c) => c.status))).toEqual(new Set(["succeeded", "failed"]));
    expect(charges.some((c) => c.refunds!.data.length > 0)).toBe(true);
    const invoices = (seen.get("invoice") ?? []) as Stripe.Invoice[];
    expect(new Set(invoices.map((i) => i.billing_reason))).toEqual(
      new Set(["subscription_create", "subscription_update", "subscription_cycle"]),
    );
    const intents = (seen.get("payment_intent") ?? []) as Stripe.PaymentIntent[];
    expect(intents.some((pi) => pi.last_payment_error?.decline_code === "generic_decline")).toBe(true);
  });

  it.each(Object.keys(SDK_TYPES))("%s has every field the SDK's types declare as always present", (type) => {
    const samples = seen.get(type) ?? [];
    expect(samples.length, `no ${type} was collected`).toBeGreaterThan(0);
    const fields = declared[SDK_TYPES[type]!]! as Fields;
    const problems = new Set(samples.flatMap((sample) => missingFields(sample, fields)));
    expect([...problems]).toEqual([]);
  });

  it("the comparison itself catches missing keys, extra keys and wrong types", () => {
    expect(shapeProblems({ a: 1, b: { c: "x" } }, { a: 1, b: { c: "y" } })).toEqual([]);
    expect(shapeProblems({ a: "1" }, { a: 1 })).toEqual(["a: string where Stripe has number"]);
    expect(shapeProblems({}, { a: 1 })).toEqual(["a: missing"]);
    expect(shapeProblems({ a: 1, z: 2 }, { a: 1 })).toEqual(["z: not in Stripe's example"]);
    expect(shapeProblems({ l: [{ x: 1 }, { y: 1 }] }, { l: [{ x: 2 }] })).toEqual(["l[].x: missing", "l[].y: not in Stripe's example"]);
    expect(shapeProblems({ a: null }, { a: { b: 1 } })).toEqual([]);
  });
});
