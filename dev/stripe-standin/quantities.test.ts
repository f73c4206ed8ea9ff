/**
 * Quantities (issue 25, the Team plan's seats): Checkout with a line-item quantity, a subscription item
 * with a quantity, raising it now with a prorated invoice, and lowering it at the period end through a
 * schedule — through the real SDK, so the shapes are the SDK's.
 */
import type Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DAY, startHarness, subscribedCustomer, type Harness } from "./testing";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const item = (s: Stripe.Subscription) => s.items.data[0]!;
const clockNow = async () => (await h.stripe.testHelpers.testClocks.list()).data[0]!.frozen_time;

describe("seats as quantities", () => {
  it("Checkout with quantity 3 makes one item of 3 and charges 3 × the unit price", async () => {
    const { session, subscription } = await subscribedCustomer(h, h.standin.prices.team, "team@example.com", 3);
    expect(session.amount_total).toBe(3 * 1999);
    expect(item(subscription)).toMatchObject({ quantity: 3, price: { id: h.standin.prices.team, unit_amount: 1999 } });
    const invoice = await h.stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 3 * 1999, billing_reason: "subscription_create" });
    expect(invoice.lines.data[0]).toMatchObject({ quantity: 3, amount: 3 * 1999 });
  });

  it("adding seats now invoices the prorated difference at once, the period unchanged", async () => {
    const { subscription } = await subscribedCustomer(h, h.standin.prices.team, "team@example.com", 3);
    await h.advance(10 * DAY);
    const before = item(subscription);
    const updated = await h.stripe.subscriptions.update(subscription.id, {
      items: [{ id: before.id, quantity: 5 }],
      proration_behavior: "always_invoice",
      payment_behavior: "error_if_incomplete",
    });
    const now = await clockNow();
    expect(item(updated)).toMatchObject({
      quantity: 5,
      current_period_end: before.current_period_end,
      current_period_start: before.current_period_start,
    });
    const invoice = await h.stripe.invoices.retrieve(updated.latest_invoice as string);
    const share = (before.current_period_end - now) / (before.current_period_end - before.current_period_start);
    const unused = Math.round(1999 * 3 * share);
    const remaining = Math.round(1999 * 5 * share);
    expect(invoice).toMatchObject({ billing_reason: "subscription_update", status: "paid", amount_paid: remaining - unused });
    expect(invoice.lines.data.map((l) => [l.quantity, l.amount])).toEqual([
      [3, -unused],
      [5, remaining],
    ]);
  });

  it("the preview of adding seats is the amount the change then charges", async () => {
    const { subscription, customer } = await subscribedCustomer(h, h.standin.prices.team, "team@example.com", 2);
    await h.advance(3 * DAY);
    const change = { items: [{ id: item(subscription).id, quantity: 4 }], proration_behavior: "always_invoice" as const };
    const preview = await h.stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: change,
    });
    const updated = await h.stripe.subscriptions.update(subscription.id, change);
    const invoice = await h.stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(preview.amount_due).toBe(invoice.amount_paid);
    expect(invoice.amount_paid).toBeGreaterThan(0);
  });

  it("removing seats through a schedule takes effect at the period end: the renewal bills the new quantity", async () => {
    const { subscription } = await subscribedCustomer(h, h.standin.prices.team, "team@example.com", 5);
    const end = item(subscription).current_period_end;
    const schedule = await h.stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    const updatedSchedule = await h.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: "release",
      phases: [
        { items: [{ price: h.standin.prices.team, quantity: 5 }], start_date: schedule.phases[0]!.start_date, end_date: end },
        { items: [{ price: h.standin.prices.team, quantity: 2 }], start_date: end, duration: { interval: "month", interval_count: 1 } },
      ],
    });
    expect(updatedSchedule.phases.map((p) => p.items[0]!.quantity)).toEqual([5, 2]);
    // nothing changes before the period ends
    await h.advance(5 * DAY);
    expect(item(await h.stripe.subscriptions.retrieve(subscription.id)).quantity).toBe(5);

    await h.advance(end - (await clockNow()) + 60);
    const renewed = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(item(renewed).quantity).toBe(2);
    expect(renewed.status).toBe("active");
    const invoice = await h.stripe.invoices.retrieve(renewed.latest_invoice as string);
    expect(invoice).toMatchObject({ billing_reason: "subscription_cycle", status: "paid", amount_paid: 2 * 1999 });
    expect(invoice.lines.data[0]!.quantity).toBe(2);
  });

  it("refuses a quantity below 1", async () => {
    const customer = await h.stripe.customers.create({ email: "q@example.com" });
    await expect(
      h.stripe.checkout.sessions.create({
        mode: "subscription",
        customer: customer.id,
        line_items: [{ price: h.standin.prices.team, quantity: 0 }],
        success_url: "http://app.test/ok",
      }),
    ).rejects.toThrow(/greater than or equal to 1/);
  });
});
