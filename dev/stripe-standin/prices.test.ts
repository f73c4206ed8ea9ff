import { readFileSync } from "node:fs";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shapeProblems } from "./shape";
import { DAY, startHarness, subscribedCustomer, type Harness } from "./testing";

/** Stripe's published price (the copy of /work/shared/stripe kept beside the stand-in). */
const PRICE_EXAMPLE = (
  JSON.parse(readFileSync(new URL("./stripe-fixtures.json", import.meta.url), "utf8")) as { resources: Record<string, unknown> }
).resources.price;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

const seeded = async () => h.stripe.prices.retrieve(h.standin.prices.monthly);

describe("POST /v1/prices", () => {
  it("creates a recurring price of the plan's product with Stripe's price shape, listed beside the seeded ones", async () => {
    const old = await seeded();
    const price = await h.stripe.prices.create({
      product: old.product as string,
      currency: "eur",
      unit_amount: 3499,
      recurring: { interval: "month", interval_count: 1 },
      nickname: "Monthly",
      metadata: { plan_type: "monthly", price_change: "pc_1" },
    });
    expect(price).toMatchObject({
      object: "price",
      active: true,
      currency: "eur",
      unit_amount: 3499,
      product: old.product,
      type: "recurring",
      recurring: { interval: "month", interval_count: 1, usage_type: "licensed" },
      lookup_key: null,
      metadata: { plan_type: "monthly", price_change: "pc_1" },
    });
    expect(price.id).not.toBe(old.id);
    const wire = (await (
      await fetch(`${h.standin.url}/v1/prices/${price.id}`, { headers: { Authorization: `Bearer ${h.standin.secretKey}` } })
    ).json()) as Record<string, unknown>;
    expect(wire.unit_amount_decimal).toBe("3499");
    expect(shapeProblems(wire, PRICE_EXAMPLE)).toEqual([]);
    expect(await h.stripe.prices.retrieve(price.id)).toEqual(price);
    const listed = await h.stripe.prices.list({ product: old.product as string, limit: 100 });
    expect(listed.data.map((p) => p.id)).toEqual(
      expect.arrayContaining([price.id, h.standin.prices.monthly, h.standin.prices.weekly, h.standin.prices.yearly]),
    );
    // the seeded price is unchanged: a plan has several prices
    expect((await seeded()).unit_amount).toBe(2999);
    expect(h.takeTypes()).toContain("price.created");
  });

  it("refuses what Stripe refuses: unknown product, missing amount or interval, a lookup key in use", async () => {
    const product = (await seeded()).product as string;
    const refused = async (params: Stripe.PriceCreateParams) => {
      try {
        await h.stripe.prices.create(params);
        return null;
      } catch (err) {
        return err as Stripe.errors.StripeError;
      }
    };
    expect(await refused({ product: "prod_nope", currency: "eur", unit_amount: 100, recurring: { interval: "month" } })).toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "product",
    });
    expect(await refused({ product, currency: "eur", recurring: { interval: "month" } })).toMatchObject({
      statusCode: 400,
      param: "unit_amount",
    });
    expect(await refused({ product, currency: "eur", unit_amount: -1, recurring: { interval: "month" } })).toMatchObject({
      statusCode: 400,
      param: "unit_amount",
    });
    expect(await refused({ product, currency: "eur", unit_amount: 100 })).toMatchObject({ statusCode: 400, param: "recurring" });
    expect(
      await refused({ product, currency: "eur", unit_amount: 100, recurring: { interval: "month" }, lookup_key: "monthly" }),
    ).toMatchObject({ statusCode: 400, param: "lookup_key" });
  });

  it("a new price works in subscriptions and schedule phases: the switch happens at the renewal the phase starts on", async () => {
    const old = await seeded();
    const next = await h.stripe.prices.create({
      product: old.product as string,
      currency: "eur",
      unit_amount: 3499,
      recurring: { interval: "month" },
    });
    const { subscription } = await subscribedCustomer(h, old.id, "price-phases@example.com");
    const periodEnd = subscription.items.data[0]!.current_period_end;
    const schedule = await h.stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    const updated = await h.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: "release",
      phases: [
        { items: [{ price: old.id, quantity: 1 }], start_date: schedule.phases[0]!.start_date, end_date: periodEnd },
        { items: [{ price: next.id, quantity: 1 }], start_date: periodEnd, duration: { interval: "month", interval_count: 1 } },
      ],
    });
    expect(updated.phases.map((p) => p.items[0]!.price)).toEqual([old.id, next.id]);
    await h.advance(periodEnd - (await h.stripe.testHelpers.testClocks.list()).data[0]!.frozen_time + DAY);
    const renewed = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.items.data[0]!.price.id).toBe(next.id);
    const invoice = await h.stripe.invoices.retrieve(renewed.latest_invoice as string);
    expect(invoice).toMatchObject({ billing_reason: "subscription_cycle", amount_paid: 3499 });
  });
});
