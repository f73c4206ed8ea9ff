import type Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PLAN_IDS, PLANS, TEAM_PLAN } from "../../domain/plans";
import { startHarness, type Harness } from "./testing";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

async function newSession(email = "ana@example.com") {
  const customer = await h.stripe.customers.create({ email, name: "Ana", metadata: { userId: "u-ana" } });
  const session = await h.stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    line_items: [{ price: h.standin.prices.monthly, quantity: 1 }],
    success_url: "http://app.test/billing/done?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/pricing",
    client_reference_id: "u-ana",
    metadata: { userId: "u-ana" },
    subscription_data: { metadata: { userId: "u-ana", plan: "monthly" } },
  });
  return { customer, session };
}

describe("catalogue", () => {
  it("seeds domain/plans.ts's plans: one product with a EUR price per plan, and the Team product's price per seat, found by lookup key", async () => {
    const { data } = await h.stripe.prices.list({ lookup_keys: [...PLAN_IDS, TEAM_PLAN.id], active: true, expand: ["data.product"] });
    const byKey = Object.fromEntries(data.map((p) => [p.lookup_key, p]));
    expect(Object.keys(byKey).sort()).toEqual([...PLAN_IDS, TEAM_PLAN.id].sort());
    for (const plan of PLANS) {
      expect(byKey[plan.id]).toMatchObject({
        id: h.standin.prices[plan.id],
        unit_amount: plan.priceCents,
        currency: "eur",
        nickname: plan.name,
        recurring: { interval: plan.period, interval_count: 1 },
        product: { name: "Headshot Studio Pro", default_price: h.standin.prices.monthly },
      });
    }
    expect(byKey[TEAM_PLAN.id]).toMatchObject({
      id: h.standin.prices.team,
      unit_amount: TEAM_PLAN.pricePerSeatCents,
      currency: "eur",
      nickname: "Team (per seat)",
      recurring: { interval: TEAM_PLAN.period, interval_count: 1 },
      product: { name: "Headshot Studio Team", default_price: h.standin.prices.team },
    });
    const only = await h.stripe.prices.list({ lookup_keys: ["yearly"] });
    expect(only.data.map((p) => p.id)).toEqual([h.standin.prices.yearly]);
    const plain = await h.stripe.prices.retrieve(h.standin.prices.weekly);
    const product = await h.stripe.products.retrieve(plain.product as string);
    expect(product.name).toBe("Headshot Studio Pro");
  });
});

describe("checkout", () => {
  it("4242: the hosted page creates an active subscription, completes the session and sends signed webhooks", async () => {
    const { customer, session } = await newSession();
    expect(session.url).toBe(`${h.standin.url}/pay/${session.id}`);
    expect(session).toMatchObject({
      status: "open",
      payment_status: "unpaid",
      mode: "subscription",
      customer: customer.id,
      amount_total: 2999,
      currency: "eur",
    });

    const page = await fetch(session.url!);
    const html = await page.text();
    expect(html).toMatch(/<label for="card-number">Card number<\/label>/);
    expect(html).toMatch(/<input id="card-number"/);
    expect(html).toMatch(/<button type="submit">Pay<\/button>/);
    expect(html).toContain('href="http://app.test/pricing"');

    const paid = await h.payCheckout(session, "4242 4242 4242 4242");
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://app.test/billing/done?session_id=${session.id}`);

    const done = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    expect(done).toMatchObject({
      status: "complete",
      payment_status: "paid",
      customer: customer.id,
      client_reference_id: "u-ana",
      url: null,
    });
    const sub = done.subscription as import("stripe").Stripe.Subscription;
    expect(sub).toMatchObject({ status: "active", customer: customer.id, metadata: { userId: "u-ana", plan: "monthly" } });
    const item = sub.items.data[0]!;
    expect(item.price.id).toBe(h.standin.prices.monthly);
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
    const clock = await h.stripe.testHelpers.testClocks.retrieve(
      ((await h.stripe.customers.retrieve(customer.id)) as import("stripe").Stripe.Customer).test_clock as string,
    );
    expect(item.current_period_start).toBe(clock.frozen_time);

    const invoice = await h.stripe.invoices.retrieve(sub.latest_invoice as string, { expand: ["payments"] });
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 2999, billing_reason: "subscription_create", customer: customer.id });
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);
    expect(invoice.status_transitions.paid_at).toBe(clock.frozen_time);
    const pi = invoice.payments!.data[0]!.payment.payment_intent as string;
    const intent = await h.stripe.paymentIntents.retrieve(pi);
    expect(intent).toMatchObject({ status: "succeeded", amount: 2999 });
    const charge = await h.stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ paid: true, amount: 2999, payment_method_details: { card: { last4: "4242" } } });

    // The card is saved on the subscription, as Checkout does (not as the customer's default).
    const pm = await h.stripe.paymentMethods.retrieve(sub.default_payment_method as string);
    expect(pm).toMatchObject({ customer: customer.id, card: { last4: "4242", brand: "visa" } });

    const types = h.takeTypes();
    for (const t of [
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
      "invoice.payment_succeeded",
      "payment_method.attached",
    ]) {
      expect(types).toContain(t);
    }
    expect(types.indexOf("customer.subscription.created")).toBeLessThan(types.indexOf("invoice.paid"));
    expect(types.indexOf("invoice.paid")).toBeLessThan(types.indexOf("checkout.session.completed"));
    const completed = h.received.find((r) => r.event.type === "checkout.session.completed")!.event;
    expect((completed.data.object as import("stripe").Stripe.Checkout.Session).subscription).toBe(sub.id);
    expect(h.received.every((r) => /^t=\d+,v1=[0-9a-f]{64}$/.test(r.signature))).toBe(true);
    // Stripe creates the subscription incomplete and reports the change to active.
    const activated = h.received.find((r) => r.event.type === "customer.subscription.updated")!.event;
    expect(activated.data.previous_attributes).toMatchObject({ status: "incomplete" });
  });

  it("keeps the locale the page opens in, as Stripe does, and refuses one Stripe does not know with Stripe's error (issue 50)", async () => {
    const customer = await h.stripe.customers.create({ email: "lea@example.com" });
    const params = {
      mode: "subscription" as const,
      customer: customer.id,
      line_items: [{ price: h.standin.prices.monthly, quantity: 1 }],
      success_url: "http://app.test/done",
    };
    const german = await h.stripe.checkout.sessions.create({ ...params, locale: "de" });
    expect(german.locale).toBe("de");
    expect((await h.stripe.checkout.sessions.retrieve(german.id)).locale).toBe("de");
    expect(await (await fetch(german.url!)).text()).toContain('data-locale="de"');
    expect((await h.stripe.checkout.sessions.create(params)).locale).toBeNull();
    const err = await h.stripe.checkout.sessions.create({ ...params, locale: "xx" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ type: "StripeInvalidRequestError", param: "locale", statusCode: 400 });
    expect((err as Error).message).toMatch(/^Invalid locale: must be one of auto, bg, /);

    const portal = await h.stripe.billingPortal.sessions.create({
      customer: customer.id,
      locale: "it",
      return_url: "http://app.test/account",
    });
    expect(portal.locale).toBe("it");
    const refused = await h.stripe.billingPortal.sessions.create({ customer: customer.id, locale: "de-DE" }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ type: "StripeInvalidRequestError", param: "locale" });
  });

  it("keeps a customer's preferred_locales as Stripe does: an array of its languages, set, changed and cleared; others refused (issue 50)", async () => {
    const customer = await h.stripe.customers.create({ email: "lea@example.com", preferred_locales: ["de"] });
    expect(customer.preferred_locales).toEqual(["de"]);
    expect((await h.stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ preferred_locales: ["de"] });
    expect((await h.stripe.customers.update(customer.id, { preferred_locales: ["fr", "en"] })).preferred_locales).toEqual(["fr", "en"]);
    expect((await h.stripe.customers.create({ email: "ana@example.com" })).preferred_locales).toEqual([]);

    const unknown = await h.stripe.customers.update(customer.id, { preferred_locales: ["fr", "xx"] }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ type: "StripeInvalidRequestError", param: "preferred_locales[1]", statusCode: 400 });
    expect((await h.stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ preferred_locales: ["fr", "en"] });
    const post = (body: string) =>
      fetch(`${h.standin.url}/v1/customers/${customer.id}`, {
        method: "POST",
        headers: { authorization: `Bearer ${h.standin.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    // a bare string is not an array; an empty value clears the list
    expect((await post("preferred_locales=de")).status).toBe(400);
    expect(await (await post("preferred_locales=")).json()).toMatchObject({ preferred_locales: [] });
  });

  it("4000 0000 0000 0002: declined, the page says so and nothing is created", async () => {
    const { customer, session } = await newSession();
    h.takeTypes();
    const paid = await h.payCheckout(session, "4000000000000002");
    expect(paid.status).toBe(402);
    expect(paid.html).toContain("Your card was declined.");
    expect(paid.html).toMatch(/role="alert"/);
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    expect((await h.stripe.subscriptions.list({ customer: customer.id, status: "all" })).data).toHaveLength(0);
    expect((await h.stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(0);
    expect(h.takeTypes()).toEqual([]);
  });

  it("4000 0000 0000 0341: the card is saved but the charge fails, so no subscription", async () => {
    const { customer, session } = await newSession();
    h.takeTypes();
    const paid = await h.payCheckout(session, "4000 0000 0000 0341");
    expect(paid.status).toBe(402);
    expect(paid.html).toContain("Your card was declined.");
    expect((await h.stripe.subscriptions.list({ customer: customer.id, status: "all" })).data).toHaveLength(0);
    const cards = await h.stripe.customers.listPaymentMethods(customer.id);
    expect(cards.data.map((pm) => pm.card?.last4)).toEqual(["0341"]);
    expect(h.takeTypes()).toEqual(["payment_method.attached"]);
    // Paying again with a good card then works.
    expect((await h.payCheckout(session, "4242424242424242")).status).toBe(303);
    expect((await h.stripe.subscriptions.list({ customer: customer.id })).data[0]?.status).toBe("active");
  });

  it("an unknown card number is refused on the page", async () => {
    const { session } = await newSession();
    const paid = await h.payCheckout(session, "1234");
    expect(paid.status).toBe(402);
    expect(paid.html).toContain("Your card number is incorrect.");
  });
});
