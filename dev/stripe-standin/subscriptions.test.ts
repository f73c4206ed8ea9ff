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

describe("upgrades", () => {
  it("switches price now and charges a proration invoice (new interval: new period, credit for unused time)", async () => {
    const { subscription } = await subscribedCustomer(h, h.standin.prices.monthly);
    await h.advance(10 * DAY);
    h.takeTypes();
    const before = item(subscription);

    const updated = await h.stripe.subscriptions.update(subscription.id, {
      items: [{ id: before.id, price: h.standin.prices.yearly }],
      proration_behavior: "always_invoice",
      payment_behavior: "error_if_incomplete",
    });
    const now = (await h.stripe.testHelpers.testClocks.list()).data[0]!.frozen_time;
    expect(updated.status).toBe("active");
    expect(item(updated).price.id).toBe(h.standin.prices.yearly);
    expect(item(updated).id).toBe(before.id);
    expect(item(updated).current_period_start).toBe(now);
    expect(updated.billing_cycle_anchor).toBe(now);
    expect(updated.latest_invoice).not.toBe(subscription.latest_invoice);

    const invoice = await h.stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice).toMatchObject({ billing_reason: "subscription_update", status: "paid" });
    const [credit, charge] = invoice.lines.data;
    const unused = Math.round((2999 * (before.current_period_end - now)) / (before.current_period_end - before.current_period_start));
    expect(credit).toMatchObject({
      amount: -unused,
      parent: { subscription_item_details: { proration: true, subscription: subscription.id } },
    });
    expect(credit!.pricing?.price_details?.price).toBe(h.standin.prices.monthly);
    expect(charge).toMatchObject({ amount: 6000, parent: { subscription_item_details: { proration: false } } });
    expect(charge!.pricing?.price_details?.price).toBe(h.standin.prices.yearly);
    expect(invoice.amount_paid).toBe(6000 - unused);
    expect(invoice.amount_paid).toBeGreaterThan(0);

    const types = h.takeTypes();
    expect(types).toEqual(
      expect.arrayContaining([
        "customer.subscription.updated",
        "invoice.created",
        "invoice.finalized",
        "invoice.paid",
        "invoice.payment_succeeded",
      ]),
    );
    const changed = h.received.find(
      (r) =>
        r.event.type === "customer.subscription.updated" && r.event.data.previous_attributes && "items" in r.event.data.previous_attributes,
    )!;
    expect(item(changed.event.data.object as Stripe.Subscription).price.id).toBe(h.standin.prices.yearly);
  });

  it("at the very start of the period (the clock has not moved) credits the whole unused period", async () => {
    const { subscription } = await subscribedCustomer(h, h.standin.prices.monthly);
    const updated = await h.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item(subscription).id, price: h.standin.prices.yearly }],
      proration_behavior: "always_invoice",
      payment_behavior: "error_if_incomplete",
    });
    const invoice = await h.stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice.lines.data.map((l) => l.amount)).toEqual([-2999, 6000]);
    expect(invoice.amount_paid).toBe(3001);
  });

  it("the invoice preview shows exactly what the change then charges, and changes nothing", async () => {
    const { customer, subscription } = await subscribedCustomer(h, h.standin.prices.weekly);
    await h.advance(2 * DAY + 3600);
    h.takeTypes();
    const change = {
      items: [{ id: item(subscription).id, price: h.standin.prices.monthly }],
      proration_behavior: "always_invoice" as const,
    };
    const preview = await h.stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: change,
    });
    expect(preview).toMatchObject({ object: "invoice", status: "draft", billing_reason: "subscription_update" });
    expect(preview.amount_due).toBeGreaterThan(0);
    expect(h.takeTypes()).toEqual([]);
    expect((await h.stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
    const updated = await h.stripe.subscriptions.update(subscription.id, { ...change, payment_behavior: "error_if_incomplete" });
    const invoice = await h.stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice.amount_paid).toBe(preview.amount_due);
    expect(invoice.lines.data.map((l) => l.amount)).toEqual(preview.lines.data.map((l) => l.amount));
  });

  it("same interval: keeps the period and prorates both ways", async () => {
    const customer = await h.stripe.customers.create({ email: "sam@example.com" });
    const pm = await h.stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    await h.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    const sub = await h.stripe.subscriptions.create({ customer: customer.id, items: [{ price: h.standin.prices.weekly, quantity: 1 }] });
    expect(sub.status).toBe("active");
    await h.advance(2 * DAY);
    const updated = await h.stripe.subscriptions.update(sub.id, {
      items: [{ id: item(sub).id, quantity: 2 }],
      proration_behavior: "always_invoice",
    });
    expect(item(updated).current_period_end).toBe(item(sub).current_period_end);
    const invoice = await h.stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice.lines.data.map((l) => l.amount)).toEqual([-Math.round((999 * 5) / 7), Math.round((1998 * 5) / 7)]);
    expect(invoice.lines.data.every((l) => l.parent?.subscription_item_details?.proration)).toBe(true);
  });

  it("a failing card refuses the upgrade with 402 and changes nothing", async () => {
    const { customer, subscription } = await subscribedCustomer(h, h.standin.prices.monthly);
    const failing = await h.stripe.paymentMethods.attach("pm_card_chargeCustomerFail", { customer: customer.id });
    expect(failing.card?.last4).toBe("0341");
    await h.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: failing.id } });
    // Checkout saved its card on the subscription, which wins over the customer's default: drop it.
    await h.stripe.subscriptions.update(subscription.id, { default_payment_method: "" });
    await h.advance(3 * DAY);
    const before = await h.stripe.subscriptions.retrieve(subscription.id);
    const invoicesBefore = (await h.stripe.invoices.list({ customer: customer.id })).data.length;
    h.takeTypes();

    for (const payment_behavior of ["error_if_incomplete", "pending_if_incomplete"] as const) {
      const err = await h.stripe.subscriptions
        .update(subscription.id, {
          items: [{ id: item(before).id, price: h.standin.prices.yearly }],
          proration_behavior: "always_invoice",
          payment_behavior,
          metadata: { note: "x" },
        })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).toMatchObject({
        type: "StripeCardError",
        statusCode: 402,
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      });
    }
    const after = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(after).toEqual(before);
    expect((await h.stripe.invoices.list({ customer: customer.id })).data).toHaveLength(invoicesBefore);
    expect(h.takeTypes()).toEqual([]);
  });

  it("an unknown subscription item or price is a 400 in Stripe's shape", async () => {
    const { subscription } = await subscribedCustomer(h, h.standin.prices.monthly);
    const err = await h.stripe.subscriptions
      .update(subscription.id, { items: [{ id: item(subscription).id, price: "price_nope" }] })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 400, type: "StripeInvalidRequestError", code: "resource_missing", param: "items[0][price]" });
  });
});

describe("schedules", () => {
  it("a downgrade scheduled at period end switches the price when the clock passes it, then releases", async () => {
    const { subscription } = await subscribedCustomer(h, h.standin.prices.yearly);
    const start = item(subscription).current_period_start;
    const end = item(subscription).current_period_end;

    const schedule = await h.stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    expect(schedule).toMatchObject({
      status: "active",
      subscription: subscription.id,
      end_behavior: "release",
      current_phase: { start_date: start, end_date: end },
    });
    expect(schedule.phases).toHaveLength(1);
    expect(schedule.phases[0]!.items[0]!.price).toBe(h.standin.prices.yearly);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).schedule).toBe(schedule.id);

    const updated = await h.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: "release",
      phases: [
        { items: [{ price: h.standin.prices.yearly, quantity: 1 }], start_date: start, end_date: end },
        { items: [{ price: h.standin.prices.monthly, quantity: 1 }], start_date: end, duration: { interval: "month", interval_count: 1 } },
      ],
    });
    expect(updated.phases.map((p) => [p.start_date, p.items[0]!.price])).toEqual([
      [start, h.standin.prices.yearly],
      [end, h.standin.prices.monthly],
    ]);
    const phase2End = updated.phases[1]!.end_date;
    h.takeTypes();

    // Nothing happens before the period ends.
    await h.advance(30 * DAY);
    expect(item(await h.stripe.subscriptions.retrieve(subscription.id)).price.id).toBe(h.standin.prices.yearly);

    const clock = (await h.stripe.testHelpers.testClocks.list()).data[0]!;
    await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: end + DAY });
    const switched = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(item(switched).price.id).toBe(h.standin.prices.monthly);
    expect(item(switched).current_period_start).toBe(end);
    expect(switched.schedule).toBe(schedule.id);
    const renewal = await h.stripe.invoices.retrieve(switched.latest_invoice as string);
    expect(renewal).toMatchObject({ billing_reason: "subscription_cycle", amount_paid: 2999, status: "paid" });
    const types = h.takeTypes();
    expect(types).toEqual(expect.arrayContaining(["customer.subscription.updated", "subscription_schedule.updated", "invoice.paid"]));
    expect(types[0]).toBe("test_helpers.test_clock.advancing");
    expect(types[types.length - 1]).toBe("test_helpers.test_clock.ready");
    expect((await h.stripe.subscriptionSchedules.retrieve(schedule.id)).current_phase).toEqual({ start_date: end, end_date: phase2End });

    // At the end of the last phase the schedule lets go; the subscription carries on monthly.
    await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: phase2End + DAY });
    const released = await h.stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(released).toMatchObject({ status: "released", released_subscription: subscription.id, subscription: null, current_phase: null });
    const free = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(free).toMatchObject({ schedule: null, status: "active" });
    expect(item(free).price.id).toBe(h.standin.prices.monthly);
    expect(h.takeTypes()).toContain("subscription_schedule.released");
  });

  it("releasing the schedule cancels the planned change", async () => {
    const { subscription } = await subscribedCustomer(h, h.standin.prices.monthly);
    const end = item(subscription).current_period_end;
    const schedule = await h.stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    await h.stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        { items: [{ price: h.standin.prices.monthly }], start_date: schedule.phases[0]!.start_date, end_date: end },
        { items: [{ price: h.standin.prices.weekly }], duration: { interval: "week", interval_count: 4 } },
      ],
    });
    h.takeTypes();
    const released = await h.stripe.subscriptionSchedules.release(schedule.id);
    expect(released).toMatchObject({ status: "released", released_subscription: subscription.id });
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).schedule).toBeNull();
    expect(h.takeTypes()).toEqual(["subscription_schedule.released", "customer.subscription.updated"]);

    await h.advance(end - item(subscription).current_period_start + DAY);
    const after = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(item(after).price.id).toBe(h.standin.prices.monthly);
    expect(item(after).current_period_start).toBe(end);
    const err = await h.stripe.subscriptionSchedules.release(schedule.id).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 400 });
  });

  it("end_behavior=cancel ends the subscription with the schedule", async () => {
    const { subscription } = await subscribedCustomer(h, h.standin.prices.weekly);
    const schedule = await h.stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    await h.stripe.subscriptionSchedules.update(schedule.id, { end_behavior: "cancel" });
    await h.advance(8 * DAY);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe("canceled");
    expect((await h.stripe.subscriptionSchedules.retrieve(schedule.id)).status).toBe("completed");
  });
});

describe("the clock", () => {
  it("renews at period end: a subscription_cycle invoice paid with the saved card", async () => {
    const { subscription } = await subscribedCustomer(h, h.standin.prices.weekly);
    h.takeTypes();
    await h.advance(7 * DAY + 60);
    const renewed = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe("active");
    expect(item(renewed).current_period_start).toBe(item(subscription).current_period_end);
    expect(item(renewed).current_period_end).toBe(item(subscription).current_period_end + 7 * DAY);
    const invoices = await h.stripe.invoices.list({ subscription: subscription.id, status: "paid" });
    expect(invoices.data.map((i) => i.billing_reason)).toEqual(["subscription_cycle", "subscription_create"]);
    const cycle = invoices.data[0]!;
    expect(cycle).toMatchObject({
      amount_paid: 999,
      period_start: item(subscription).current_period_start,
      period_end: item(subscription).current_period_end,
    });
    expect(cycle.lines.data[0]!.period).toEqual({ start: item(renewed).current_period_start, end: item(renewed).current_period_end });
    expect(h.takeTypes()).toEqual([
      "test_helpers.test_clock.advancing",
      "invoice.created",
      "customer.subscription.updated",
      "invoice.finalized",
      "charge.succeeded",
      "payment_intent.succeeded",
      "invoice.paid",
      "invoice.payment_succeeded",
      "test_helpers.test_clock.ready",
    ]);
    // Four more weeks at once: four more renewals, in order.
    await h.advance(28 * DAY);
    const all = await h.stripe.invoices.list({ subscription: subscription.id, limit: 100 });
    expect(all.data.filter((i) => i.billing_reason === "subscription_cycle")).toHaveLength(5);
  });

  it("a failed renewal makes the subscription past_due; retries follow, and a new card settles it", async () => {
    const { customer, subscription } = await subscribedCustomer(h, h.standin.prices.monthly);
    const failing = await h.stripe.paymentMethods.attach("pm_card_chargeCustomerFail", { customer: customer.id });
    await h.stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    h.takeTypes();
    const periodEnd = item(subscription).current_period_end;
    const clock = (await h.stripe.testHelpers.testClocks.list()).data[0]!;
    await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: periodEnd + 60 });

    const due = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(due.status).toBe("past_due");
    const open = await h.stripe.invoices.retrieve(due.latest_invoice as string);
    expect(open).toMatchObject({
      status: "open",
      billing_reason: "subscription_cycle",
      attempt_count: 1,
      amount_paid: 0,
      amount_remaining: 2999,
      next_payment_attempt: periodEnd + 3 * DAY,
    });
    const types = h.takeTypes();
    expect(types).toEqual(expect.arrayContaining(["invoice.payment_failed", "charge.failed", "customer.subscription.updated"]));
    expect(types.indexOf("invoice.payment_failed")).toBeLessThan(types.lastIndexOf("customer.subscription.updated"));
    const pastDue = h.received.filter((r) => r.event.type === "customer.subscription.updated").at(-1)!.event;
    expect((pastDue.data.object as Stripe.Subscription).status).toBe("past_due");
    expect(((await h.stripe.customers.retrieve(customer.id)) as Stripe.Customer).delinquent).toBe(true);

    // A new card, then the retry three days later pays.
    const good = await h.stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    await h.stripe.subscriptions.update(subscription.id, { default_payment_method: good.id });
    await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: periodEnd + 3 * DAY + 60 });
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
    expect(await h.stripe.invoices.retrieve(open.id)).toMatchObject({ status: "paid", attempt_count: 2, amount_paid: 2999 });
  });

  it("all retries failing cancels the subscription", async () => {
    const { customer, subscription } = await subscribedCustomer(h, h.standin.prices.weekly);
    const failing = await h.stripe.paymentMethods.attach("pm_card_chargeCustomerFail", { customer: customer.id });
    await h.stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    await h.advance(7 * DAY + 60);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
    await h.advance(7 * DAY);
    const ended = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: "canceled", cancellation_details: { reason: "payment_failed" } });
  });

  it("cancel_at_period_end: still active until the period ends, then canceled with customer.subscription.deleted", async () => {
    const { subscription } = await subscribedCustomer(h, h.standin.prices.monthly);
    const end = item(subscription).current_period_end;
    const set = await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(set).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      cancel_at: end,
      cancellation_details: { reason: "cancellation_requested" },
    });
    expect(set.canceled_at).toBeTypeOf("number");
    const undone = await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(undone).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    h.takeTypes();

    await h.advance(end - item(subscription).current_period_start - 60);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
    await h.advance(120);
    const ended = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: "canceled", ended_at: end });
    expect(h.takeTypes()).toContain("customer.subscription.deleted");
    expect((await h.stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    expect((await h.stripe.subscriptions.list({ customer: subscription.customer as string })).data).toHaveLength(0);
    expect((await h.stripe.subscriptions.list({ customer: subscription.customer as string, status: "canceled" })).data).toHaveLength(1);
  });

  it("DELETE cancels now", async () => {
    const { subscription } = await subscribedCustomer(h, h.standin.prices.monthly);
    h.takeTypes();
    const canceled = await h.stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: "canceled", cancel_at_period_end: false });
    expect(canceled.ended_at).toBe(canceled.canceled_at);
    expect(h.takeTypes()).toEqual(["customer.subscription.deleted"]);
  });

  it("refuses to move backwards", async () => {
    const clock = (await h.stripe.testHelpers.testClocks.list()).data[0]!;
    const err = await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: clock.frozen_time - 1 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 400, param: "frozen_time" });
  });
});
