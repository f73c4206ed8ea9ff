/**
 * Billing end to end against the file's own local Stripe, continued from flows.test.ts (split so each file's
 * test clock renews only its own subscriptions): one live subscription per person, what the app shows,
 * a portal cancel beside a scheduled downgrade, money-back after an upgrade, the upgrade preview, invoices,
 * and webhooks about objects Stripe does not know.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { invoices, processedProviderEvents, refunds, subscriptions } from "../../db/schema";
import { withTestDb as rows } from "../test/admin";
import { euros } from "../../domain/plans";
import { mailTitled } from "../test/auth";
import { client, createTestUser, variant } from "../test/helpers";
import { upload } from "../test/headshots";
import {
  DAY,
  advanceClock,
  checkoutUrl,
  customerOf,
  deliverEvents,
  downgrade,
  payCheckout,
  postWebhook,
  prices,
  stripe,
  subscriber,
  subscription,
} from "../test/billing";

describe("one live subscription per person", () => {
  const liveAtStripe = async (customerId: string) =>
    (await stripe().subscriptions.list({ customer: customerId, status: "all" })).data.filter((s) => s.status === "active");

  it.each(["oldest-first", "newest-first"] as const)(
    "two Checkout pages paid side by side: the second is cancelled and refunded in full at once, and emailed (webhooks %s)",
    async (order) => {
      const u = await createTestUser({ freeUsed: 2 });
      const first = await (
        await client.stripe["create-checkout-session"].$post({ json: { priceId: prices().monthly } }, { headers: u.auth })
      ).json();
      const second = await (
        await client.stripe["create-checkout-session"].$post({ json: { priceId: prices().weekly } }, { headers: u.auth })
      ).json();
      expect([first.type, second.type]).toEqual(["checkout", "checkout"]);
      expect((await payCheckout(variant(first, "type", "checkout").url, "4242 4242 4242 4242")).status).toBe(303);
      expect((await payCheckout(variant(second, "type", "checkout").url, "4242 4242 4242 4242")).status).toBe(303);
      const customerId = await customerOf(u.user.id);
      const answers = await deliverEvents(customerId, order);
      expect(
        answers.every((a) => a.status === 200),
        JSON.stringify(answers),
      ).toBe(true);
      await deliverEvents(customerId); // what the cancel and the refund sent

      const all = (await stripe().subscriptions.list({ customer: customerId, status: "all" })).data;
      const [kept, ended] = [...all].sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
      expect(await liveAtStripe(customerId)).toEqual([expect.objectContaining({ id: kept!.id })]);
      expect(ended!.status).toBe("canceled");
      const stored = await rows((db) => db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id)));
      expect(stored.filter((s) => s.status === "active").map((s) => s.stripeSubscriptionId)).toEqual([kept!.id]);
      const endedPrice = ended!.items.data[0]!.price.unit_amount!;
      const refunded = await rows((db) => db.select().from(refunds).where(eq(refunds.userId, u.user.id)));
      expect(refunded.map((r) => r.amountCents)).toEqual([endedPrice]);
      const charges = (await stripe().charges.list({ customer: customerId })).data;
      expect(charges.filter((c) => c.refunded).map((c) => c.amount)).toEqual([endedPrice]);
      expect(await subscription(u.auth)).toMatchObject({ status: "active", stripePriceId: kept!.items.data[0]!.price.id });
      const mail = await mailTitled(u.user.email, "We refunded your second subscription"); // receipts come too (issue 35)
      expect(mail?.subject).toBe("We refunded your second subscription");
      expect(mail?.text).toContain(euros(endedPrice, "eur"));
    },
  );

  it("a retried webhook cancels and refunds nothing twice, and emails once", async () => {
    const u = await createTestUser({ freeUsed: 2 });
    for (const plan of ["monthly", "yearly"] as const) {
      const url = await checkoutUrl(
        await client.stripe["create-checkout-session"].$post({ json: { priceId: prices()[plan] } }, { headers: u.auth }),
      );
      await payCheckout(url, "4242 4242 4242 4242");
    }
    const customerId = await customerOf(u.user.id);
    await deliverEvents(customerId);
    const created = (await stripe().events.list({ type: "customer.subscription.created", limit: 100 })).data.filter(
      (e) => (e.data.object as { customer: string }).customer === customerId,
    );
    for (const e of created)
      for (let i = 0; i < 3; i++) expect((await postWebhook(JSON.stringify({ ...e, id: `${e.id}_retry${i}` }))).status).toBe(200);
    expect(await rows((db) => db.select().from(refunds).where(eq(refunds.userId, u.user.id)))).toHaveLength(1);
    const mails = await (await client.dev.mailbox.$get({ query: { to: u.user.email } })).json();
    expect(mails.messages.filter((m: { subject: string }) => m.subject === "We refunded your second subscription")).toHaveLength(1);
  });
});

describe("the subscription the app shows", () => {
  it("after a money-back refund and a new subscription, the new one: the account and the paid features agree", async () => {
    const u = await subscriber("monthly");
    expect((await client.stripe.refund.$post({}, { headers: u.auth })).status).toBe(200);
    const url = await checkoutUrl(
      await client.stripe["create-checkout-session"].$post({ json: { priceId: prices().weekly } }, { headers: u.auth }),
    );
    expect((await payCheckout(url, "4242 4242 4242 4242")).status).toBe(303);
    await deliverEvents(u.customerId);
    // the same test-clock second for both subscriptions: the live one wins, not the row order
    expect(await subscription(u.auth)).toMatchObject({ status: "active", planType: "weekly" });
    expect((await upload(u.auth)).res.status).toBe(201);
  });
});

describe("cancelling in the portal while a downgrade is scheduled", () => {
  it("releases the schedule: no downgrade pending, and the plan that ends is the one paid for", async () => {
    const u = await subscriber("yearly");
    await client.stripe["change-subscription"].$post({ json: { priceId: prices().weekly } }, { headers: u.auth });
    expect(await downgrade(u.auth)).toMatchObject({ targetPlanType: "weekly" });
    const [row] = await rows((db) => db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id)));
    await stripe().subscriptions.update(row!.stripeSubscriptionId, { cancel_at_period_end: true }); // the portal's cancel
    expect((await deliverEvents(u.customerId)).every((a) => a.status === 200)).toBe(true);
    expect(await downgrade(u.auth)).toBeNull();
    expect(await subscription(u.auth)).toMatchObject({ status: "active", planType: "yearly", cancelAtPeriodEnd: true });
    expect((await stripe().subscriptions.retrieve(row!.stripeSubscriptionId)).schedule).toBeNull();
    await advanceClock(366 * DAY);
    await deliverEvents(u.customerId);
    expect(await subscription(u.auth)).toMatchObject({ status: "canceled", planType: "yearly" });
  });
});

describe("money-back after an upgrade", () => {
  it("refunds every payment of the first subscription made in its first 30 days, and says the exact amount", async () => {
    const u = await subscriber("weekly");
    await advanceClock(DAY);
    const preview = await (
      await client.stripe["upgrade-preview"].$get({ query: { priceId: prices().monthly } }, { headers: u.auth })
    ).json();
    expect((await client.stripe["change-subscription"].$post({ json: { priceId: prices().monthly } }, { headers: u.auth })).status).toBe(
      200,
    );
    await deliverEvents(u.customerId);
    const paid = await rows((db) => db.select().from(invoices).where(eq(invoices.userId, u.user.id)));
    const total = paid.reduce((sum, i) => sum + i.amountCents, 0);
    expect(paid.map((i) => i.amountCents).sort()).toEqual([999, preview.amountCents].sort());
    const offer = await (await client.stripe["refund-eligibility"].$get({}, { headers: u.auth })).json();
    expect(offer).toMatchObject({ eligible: true, amountCents: total });
    const res = await client.stripe.refund.$post({}, { headers: u.auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ refundedCents: total });
    expect(body.message).toContain(euros(total, "eur"));
    const back = await rows((db) => db.select().from(refunds).where(eq(refunds.userId, u.user.id)));
    expect(back.reduce((sum, r) => sum + r.amountCents, 0)).toBe(total);
    expect(await subscription(u.auth)).toMatchObject({ status: "canceled" });
  });
});

describe("the upgrade preview", () => {
  it("is the exact amount the upgrade then charges; only upgrades are previewed", async () => {
    const u = await subscriber("weekly");
    await advanceClock(2 * DAY);
    const res = await client.stripe["upgrade-preview"].$get({ query: { priceId: prices().yearly } }, { headers: u.auth });
    expect(res.status).toBe(200);
    const preview = await res.json();
    expect(preview).toMatchObject({ planType: "yearly", currency: "eur" });
    await client.stripe["change-subscription"].$post({ json: { priceId: prices().yearly } }, { headers: u.auth });
    await deliverEvents(u.customerId);
    const [upgrade] = await rows((db) =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.userId, u.user.id), eq(invoices.billingReason, "subscription_update"))),
    );
    expect(upgrade!.amountCents).toBe(preview.amountCents);
    expect((await client.stripe["upgrade-preview"].$get({ query: { priceId: prices().weekly } }, { headers: u.auth })).status).toBe(409);
    expect((await client.stripe["upgrade-preview"].$get({ query: { priceId: "nope" } }, { headers: u.auth })).status).toBe(400);
  });
});

describe("invoices in the app", () => {
  it("lists every invoice with its date, plan, amount, status and Stripe's page; nobody else's", async () => {
    const u = await subscriber("weekly");
    await advanceClock(DAY);
    await client.stripe["change-subscription"].$post({ json: { priceId: prices().monthly } }, { headers: u.auth });
    const { invoices: list } = await (await client.stripe.invoices.$get({}, { headers: u.auth })).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ planType: "monthly", status: "paid", currency: "eur" });
    expect(list[1]).toMatchObject({ planType: "weekly", status: "paid", amountCents: 999 });
    for (const i of list) expect(i.hostedUrl).toMatch(/^http/);
    const other = await createTestUser();
    expect(await (await client.stripe.invoices.$get({}, { headers: other.auth })).json()).toEqual({ invoices: [] });
    expect((await client.stripe.invoices.$get({})).status).toBe(401);
  });
});

describe("webhooks about objects Stripe does not know", () => {
  it("answer 200 and are recorded as processed, never 500", async () => {
    for (const [type, object] of [
      ["customer.subscription.deleted", { id: "sub_deleted_long_ago", object: "subscription" }],
      ["invoice.paid", { id: "in_unknown", object: "invoice", parent: null }],
    ] as const) {
      const id = `evt_unknown_${crypto.randomUUID().slice(0, 8)}`;
      const res = await postWebhook(JSON.stringify({ id, object: "event", type, data: { object } }));
      expect(res.status).toBe(200);
      const [seen] = await rows((db) => db.select().from(processedProviderEvents).where(eq(processedProviderEvents.id, id)));
      expect(seen).toMatchObject({ type });
    }
  });
});
