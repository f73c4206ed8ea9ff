/**
 * Billing end to end against the local Stripe (issue 9): checkout, plan changes, schedules, renewals,
 * cancellation, the money-back refund and the webhook's guarantees. One file, so the shared test clock
 * only moves when a test here moves it.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  invoices,
  priceChangeNotices,
  priceChanges,
  processedProviderEvents,
  refreshTokenFamilies,
  refunds,
  subscriptions,
  teamSubscriptions,
  users,
} from "../../db/schema";
import type { ApiPriceChange } from "../../domain/admin-api";
import { operatorAuth } from "../test/admin";
import { createMailer } from "../mail/mailer";
import { dateText, earliestEffectiveDate, resumePriceChangeNotices } from "./price-changes";
import { euros } from "../../domain/plans";
import { accessTokenFor, api, client, createTestUser, errorBody, runJob, testDb, variant } from "../test/helpers";
import { upload } from "../test/headshots";
import {
  DAY,
  advanceClock,
  checkoutUrl,
  customerOf,
  deliverEvents,
  payCheckout,
  postWebhook,
  prices,
  signature,
  stripe,
  subscriber,
  teamOwner,
} from "../test/billing";
import { invitationToken } from "../test/teams";
import { env } from "../test/helpers";
import { getConfig } from "../config";
import { deleteUser } from "../account/delete-user";

/** The newest dev-mailbox message to `to` with this subject. */
async function mailTitled(to: string, subject: string) {
  const { messages } = await (await client.dev.mailbox.$get({ query: { to } })).json();
  return (messages as { subject: string; text: string }[]).find((m) => m.subject === subject);
}

async function rows<T>(fn: (db: ReturnType<typeof testDb>["db"]) => Promise<T>) {
  const { db, close } = testDb();
  try {
    return await fn(db);
  } finally {
    await close();
  }
}

const subscription = async (auth: Record<string, string>) => (await client.stripe.subscription.$get({}, { headers: auth })).json();
const downgrade = async (auth: Record<string, string>) => (await client.stripe["scheduled-downgrade"].$get({}, { headers: auth })).json();

/** Makes every later charge to this customer fail (Stripe's pm_card_chargeCustomerFail, card 0341). */
async function failingCard(customerId: string, subscriptionId: string) {
  const pm = await stripe().paymentMethods.attach("pm_card_chargeCustomerFail", { customer: customerId });
  await stripe().customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
  await stripe().subscriptions.update(subscriptionId, { default_payment_method: pm.id });
}

describe("GET /api/stripe/plans", () => {
  it("is public and lists the three plans in order with their Stripe price ids", async () => {
    const res = await client.stripe.plans.$get({});
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/public/);
    const { plans } = await res.json();
    expect(plans.map((p: { id: string }) => p.id)).toEqual(["weekly", "monthly", "yearly"]);
    expect(plans[1]).toMatchObject({
      priceId: prices().monthly,
      amountCents: 2999,
      currency: "EUR",
      periodDays: 30,
      popular: true,
      dailyPrice: "1.00",
    });
    expect(plans[2]).toMatchObject({ priceId: prices().yearly, amountCents: 6000, description: "Best value - Save 83%" });
    expect(plans[0]!.features).toContain("Unlimited generations");
  });
});

describe("checkout", () => {
  it("pays with 4242 on the hosted page → webhooks → an active subscription that unlocks generation", async () => {
    const u = await subscriber("monthly");
    expect(u.paid.location).toMatch(/\/dashboard\?checkout=success&session_id=cs_/);
    expect(u.answers.map((a) => a.type)).toEqual(
      expect.arrayContaining(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]),
    );
    expect(await subscription(u.auth)).toMatchObject({
      status: "active",
      planType: "monthly",
      stripePriceId: prices().monthly,
      cancelAtPeriodEnd: false,
    });
    const [invoice] = await rows((db) => db.select().from(invoices).where(eq(invoices.userId, u.user.id)));
    expect(invoice).toMatchObject({ amountCents: 2999, planType: "monthly", billingReason: "subscription_create", status: "paid" });
    expect(invoice!.stripePaymentIntentId).toMatch(/^pi_/);
    expect((await upload(u.auth)).res.status).toBe(201); // free generations used, the subscription counts
    // a second checkout for the same plan is the change flow: 'Already Subscribed'
    const again = await client.stripe["create-checkout-session"].$post({ json: { priceId: prices().monthly } }, { headers: u.auth });
    expect(again.status).toBe(409);
    expect((await errorBody(again)).message).toBe("Already Subscribed");
  });

  it("a declined card (0002) leaves the user on the free plan", async () => {
    const u = await createTestUser({ freeUsed: 2 });
    const url = await checkoutUrl(
      await client.stripe["create-checkout-session"].$post({ json: { priceId: prices().weekly } }, { headers: u.auth }),
    );
    const paid = await payCheckout(url, "4000 0000 0000 0002");
    expect(paid.status).toBe(402);
    expect(paid.html).toContain("Your card was declined.");
    await deliverEvents(await customerOf(u.user.id));
    expect(await subscription(u.auth)).toBeNull();
    expect((await upload(u.auth)).res.status).toBe(402);
  });

  it("refuses a price that is not one of our plans, and a missing body, with a 400", async () => {
    const u = await createTestUser();
    const raw = (body: unknown) =>
      api("/api/stripe/create-checkout-session", {
        method: "POST",
        headers: { ...u.auth, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    for (const pending of [
      client.stripe["create-checkout-session"].$post({ json: { priceId: "price_somebody_else" } }, { headers: u.auth }),
      raw({}),
      raw(undefined),
    ]) {
      const res = await pending; // raw: bodies the contract refuses
      expect(res.status).toBe(400);
      expect((await errorBody(res)).message).toBeTruthy();
    }
  });
});

describe("plan changes", () => {
  it("upgrade: the price switches now and the prorated difference is invoiced and paid", async () => {
    const u = await subscriber("monthly");
    await advanceClock(10 * DAY); // a third of the month used: two thirds come back as credit
    const res = await client.stripe["change-subscription"].$post({ json: { priceId: prices().yearly } }, { headers: u.auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ type: "upgrade" });
    expect(await subscription(u.auth)).toMatchObject({ status: "active", planType: "yearly" });
    await deliverEvents(u.customerId);
    const paid = await rows((db) => db.select().from(invoices).where(eq(invoices.userId, u.user.id)));
    const proration = paid.find((i) => i.billingReason === "subscription_update");
    // the year in full, less the unused 20 days of the month: 6000 − 2999 × 20/30 ≈ 4001
    expect(proration?.amountCents).toBeGreaterThan(3900);
    expect(proration!.amountCents).toBeLessThan(4100);
  });

  it("upgrade whose payment fails changes nothing, and says why", async () => {
    const u = await subscriber("monthly");
    const [row] = await rows((db) => db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id)));
    await failingCard(u.customerId, row!.stripeSubscriptionId);
    const res = await client.stripe["change-subscription"].$post({ json: { priceId: prices().yearly } }, { headers: u.auth });
    expect(res.status).toBe(402);
    expect((await errorBody(res)).message).toMatch(/declined/i);
    expect((await stripe().subscriptions.retrieve(row!.stripeSubscriptionId)).items.data[0]!.price.id).toBe(prices().monthly);
    await deliverEvents(u.customerId);
    expect(await subscription(u.auth)).toMatchObject({ status: "active", planType: "monthly" });
  });

  it("downgrade is scheduled for the period end, can be cancelled, and applies when the clock passes the end", async () => {
    const u = await subscriber("yearly");
    const res = await client.stripe["change-subscription"].$post({ json: { priceId: prices().weekly } }, { headers: u.auth });
    expect(res.status).toBe(200);
    const body = variant(await res.json(), "type", "downgrade");
    expect(body.message).toMatch(/Weekly/);
    const sub = (await subscription(u.auth))!;
    expect(await downgrade(u.auth)).toEqual({ targetPlanType: "weekly", effectiveDate: sub.currentPeriodEnd });
    expect(sub.planType).toBe("yearly"); // nothing changes before the period ends

    expect((await client.stripe["cancel-scheduled-downgrade"].$post({}, { headers: u.auth })).status).toBe(200);
    expect(await downgrade(u.auth)).toBeNull();
    expect((await client.stripe["cancel-scheduled-downgrade"].$post({}, { headers: u.auth })).status).toBe(404);

    await client.stripe["change-subscription"].$post({ json: { priceId: prices().monthly } }, { headers: u.auth });
    expect(await downgrade(u.auth)).toMatchObject({ targetPlanType: "monthly" });
    await advanceClock(366 * DAY);
    const answers = await deliverEvents(u.customerId);
    expect(
      answers.every((a) => a.status === 200),
      JSON.stringify(answers),
    ).toBe(true);
    expect(await subscription(u.auth)).toMatchObject({ status: "active", planType: "monthly" });
    expect(await downgrade(u.auth)).toBeNull();
  });
});

describe("renewals and cancellation", () => {
  it("a paid renewal is recorded; a failed one makes the subscription past_due, without paid features", async () => {
    const u = await subscriber("weekly");
    await advanceClock(8 * DAY);
    await deliverEvents(u.customerId);
    const renewals = await rows((db) => db.select().from(invoices).where(eq(invoices.userId, u.user.id)));
    expect(renewals.filter((i) => i.billingReason === "subscription_cycle")).toHaveLength(1);
    expect(await subscription(u.auth)).toMatchObject({ status: "active" });

    const [row] = await rows((db) => db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id)));
    await failingCard(u.customerId, row!.stripeSubscriptionId);
    await advanceClock(8 * DAY);
    await deliverEvents(u.customerId);
    expect(await subscription(u.auth)).toMatchObject({ status: "past_due" });
    expect((await upload(u.auth)).res.status).toBe(402);
    // No second subscription while this one's payment is being retried: the card is fixed in the portal.
    const json = { priceId: prices().monthly };
    for (const pending of [
      client.stripe["create-checkout-session"].$post({ json }, { headers: u.auth }),
      client.stripe["change-subscription"].$post({ json }, { headers: u.auth }),
    ]) {
      const again = await pending;
      expect(again.status).toBe(409);
      expect((await errorBody(again)).message).toMatch(/Update your card/);
    }
  });

  it("cancel at period end keeps access until the end, then none", async () => {
    const u = await subscriber("weekly");
    const [row] = await rows((db) => db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id)));
    await stripe().subscriptions.update(row!.stripeSubscriptionId, { cancel_at_period_end: true });
    await deliverEvents(u.customerId);
    expect(await subscription(u.auth)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect((await upload(u.auth)).res.status).toBe(201);
    await advanceClock(8 * DAY);
    await deliverEvents(u.customerId);
    expect(await subscription(u.auth)).toMatchObject({ status: "canceled" });
    expect((await upload(u.auth)).res.status).toBe(402);
  });
});

describe("the 30-day money-back guarantee", () => {
  it("refunds the first payment of the first subscription and ends it; never twice", async () => {
    const u = await subscriber("monthly");
    const offer = variant(await (await client.stripe["refund-eligibility"].$get({}, { headers: u.auth })).json(), "eligible", true);
    expect(offer).toMatchObject({ eligible: true, amountCents: 2999, currency: "eur" });
    const { subscription: sub } = await stripe().checkout.sessions.retrieve(new URL(u.paid.location!).searchParams.get("session_id")!, {
      expand: ["subscription"],
    });
    expect(new Date(offer.until).getTime() / 1000).toBe((sub as { created: number }).created + 30 * DAY);
    const res = await client.stripe.refund.$post({}, { headers: u.auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ refundedCents: 2999 });
    const recorded = await rows((db) => db.select().from(refunds).where(eq(refunds.userId, u.user.id)));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amountCents: 2999 });
    expect(await subscription(u.auth)).toMatchObject({ status: "canceled" });
    await deliverEvents(u.customerId); // charge.refunded: recorded once, not twice
    expect(await rows((db) => db.select().from(refunds).where(eq(refunds.userId, u.user.id)))).toHaveLength(1);
    expect((await client.stripe.refund.$post({}, { headers: u.auth })).status).toBe(400);
    expect(await (await client.stripe["refund-eligibility"].$get({}, { headers: u.auth })).json()).toEqual({
      eligible: false,
      reason: "This subscription has already ended.",
    });
  });

  it("is refused after 30 days and after a renewal", async () => {
    const u = await subscriber("monthly");
    await advanceClock(31 * DAY);
    await deliverEvents(u.customerId);
    const res = await client.stripe.refund.$post({}, { headers: u.auth });
    expect(res.status).toBe(400);
    const { message } = await errorBody(res);
    expect(message).toMatch(/renewals|30 days/);
    expect(await (await client.stripe["refund-eligibility"].$get({}, { headers: u.auth })).json()).toEqual({
      eligible: false,
      reason: message,
    });
    expect(await rows((db) => db.select().from(refunds).where(eq(refunds.userId, u.user.id)))).toHaveLength(0);
  });

  it("without a subscription there is nothing to refund (400)", async () => {
    const u = await createTestUser();
    expect((await client.stripe.refund.$post({}, { headers: u.auth })).status).toBe(400);
    expect(await (await client.stripe["refund-eligibility"].$get({}, { headers: u.auth })).json()).toMatchObject({ eligible: false });
    expect((await client.stripe["refund-eligibility"].$get({})).status).toBe(401);
  });
});

describe("POST /api/stripe/webhook", () => {
  it("refuses a bad or missing signature with 400 and no effect", async () => {
    const u = await createTestUser();
    const body = JSON.stringify({ id: "evt_forged", type: "customer.subscription.deleted", data: { object: { id: "sub_x" } } });
    expect((await postWebhook(body, "t=1,v1=00")).status).toBe(400);
    expect((await postWebhook(body, "")).status).toBe(400);
    expect((await postWebhook(body, await signature(body, "whsec_wrong"))).status).toBe(400);
    const old = await signature(body, undefined, Math.floor(Date.now() / 1000) - 600);
    expect((await postWebhook(body, old)).status).toBe(400); // outside the 300 s tolerance
    expect(await subscription(u.auth)).toBeNull();
  });

  it("the same event five times has one effect; events out of order leave the right final state", async () => {
    const u = await subscriber("weekly");
    const paidEvent = (await stripe().events.list({ type: "invoice.paid", limit: 100 })).data.find(
      (e) => (e.data.object as { customer: string }).customer === u.customerId,
    )!;
    for (let i = 0; i < 5; i++) expect((await postWebhook(JSON.stringify(paidEvent))).status).toBe(200);
    expect(await rows((db) => db.select().from(invoices).where(eq(invoices.userId, u.user.id)))).toHaveLength(1);

    // cancel now, then deliver the newest event first and the older "created" event last
    const [row] = await rows((db) => db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id)));
    await stripe().subscriptions.cancel(row!.stripeSubscriptionId);
    const all = (await stripe().events.list({ limit: 100 })).data.filter(
      (e) => (e.data.object as { customer?: string }).customer === u.customerId,
    );
    const deleted = all.find((e) => e.type === "customer.subscription.deleted")!;
    const created = all.find((e) => e.type === "customer.subscription.created")!;
    expect((await postWebhook(JSON.stringify(deleted))).status).toBe(200);
    expect((await postWebhook(JSON.stringify({ ...created, id: `${created.id}_late` }))).status).toBe(200);
    expect(await subscription(u.auth)).toMatchObject({ status: "canceled" });
  });
});

describe("ownership and account deletion", () => {
  it("nobody reaches another user's subscription or downgrade", async () => {
    const owner = await subscriber("yearly");
    await client.stripe["change-subscription"].$post({ json: { priceId: prices().weekly } }, { headers: owner.auth });
    const other = await createTestUser();
    expect(await subscription(other.auth)).toBeNull();
    expect(await downgrade(other.auth)).toBeNull();
    expect((await client.stripe["cancel-scheduled-downgrade"].$post({}, { headers: other.auth })).status).toBe(404);
    expect(await downgrade(owner.auth)).toMatchObject({ targetPlanType: "weekly" });
    expect((await client.stripe.refund.$post({}, { headers: other.auth })).status).toBe(400);
  });

  it("deleting the account cancels the Stripe subscription first; invoices stay without an owner", async () => {
    const u = await subscriber("monthly");
    const [row] = await rows((db) => db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id)));
    // a Google account that signed in a moment ago, in this very session, may delete itself without a password
    const [session] = await rows((db) =>
      db
        .insert(refreshTokenFamilies)
        .values({ userId: u.user.id, currentTokenHash: "x", authMethod: "google", expiresAt: new Date(Date.now() + DAY * 1000) })
        .returning(),
    );
    const res = await client.account.delete.$post(
      { json: {} },
      { headers: { Authorization: `Bearer ${await accessTokenFor(u.user, session!.id)}` } },
    );
    expect(res.status).toBe(200);
    expect((await stripe().subscriptions.retrieve(row!.stripeSubscriptionId)).status).toBe("canceled");
    const kept = await rows((db) => db.select().from(invoices).where(eq(invoices.stripeSubscriptionId, row!.stripeSubscriptionId)));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.userId).toBeNull();
  });
});

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

/**
 * The Team plan (issue 25): seats bought through Checkout with a quantity, added now with a prorated
 * charge, removed at the period end (never below the members and open invitations), cancelled at the
 * period end, refunded within 30 days; the members' paid features follow the subscription.
 */
describe("the Team plan", () => {
  const team = async (auth: Record<string, string>) => (await client.team.$get({}, { headers: auth })).json();

  const ownerView = async (auth: Record<string, string>) => variant((await team(auth))!, "role", "owner");
  const teamSub = (ownerAuth: Record<string, string>) => ownerView(ownerAuth).then((t) => t.subscription);

  it("Checkout with a quantity: the seats, the invoice of seats × €19.99, and the owner's paid features", async () => {
    const owner = await teamOwner(3);
    expect(await teamSub(owner.auth)).toMatchObject({
      status: "active",
      seats: 3,
      entitled: true,
      cancelAtPeriodEnd: false,
      scheduledSeats: null,
    });
    expect((await ownerView(owner.auth)).seats).toEqual({ paid: 3, used: 1, invited: 0 });
    const paid = await rows((db) => db.select().from(invoices).where(eq(invoices.userId, owner.user.id)));
    expect(paid.map((i) => [i.amountCents, i.billingReason, i.planType, i.team])).toEqual([[3 * 1999, "subscription_create", null, true]]);
    // the owner takes a seat: paid features without a plan of their own
    expect(await subscription(owner.auth)).toBeNull();
    expect((await upload(owner.auth)).res.status).toBe(201);
    // a second Checkout while the team's subscription is live is refused
    expect((await client.team.checkout.$post({ json: { seats: 4 } }, { headers: owner.auth })).status).toBe(409);
    for (const seats of [1, 101, 2.5])
      expect((await client.team.checkout.$post({ json: { seats } }, { headers: (await createTestUser()).auth })).status).not.toBe(200);
  });

  it("adding seats charges the prorated difference now; removing them waits for the period end and never goes below the members", async () => {
    const owner = await teamOwner(2);
    await advanceClock(10 * DAY);
    const preview = await (await client.team["seats-preview"].$get({ query: { seats: "4" } }, { headers: owner.auth })).json();
    const added = await client.team.seats.$post({ json: { seats: 4 } }, { headers: owner.auth });
    expect(added.status).toBe(200);
    expect(await teamSub(owner.auth)).toMatchObject({ seats: 4, scheduledSeats: null });
    await deliverEvents(owner.customerId);
    const [update] = await rows((db) =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.userId, owner.user.id), eq(invoices.billingReason, "subscription_update"))),
    );
    expect(update!.amountCents).toBe(preview.amountCents);
    expect(update!.amountCents).toBeGreaterThan(0);
    expect(update!.amountCents).toBeLessThan(2 * 1999);

    // members and open invitations hold seats: 1 owner + 1 member + 1 invitation = 3
    const member = await createTestUser();
    await client.team.invitations.$post({ json: { email: member.user.email } }, { headers: owner.auth });
    await client.team.accept.$post({ json: { token: await invitationToken(member.user.email) } }, { headers: member.auth });
    await client.team.invitations.$post({ json: { email: "pending@example.test" } }, { headers: owner.auth });
    const tooFew = await client.team.seats.$post({ json: { seats: 2 } }, { headers: owner.auth });
    expect(tooFew.status).toBe(409);
    expect((await errorBody(tooFew)).message).toMatch(/fewer seats than the members/);

    const removed = await client.team.seats.$post({ json: { seats: 3 } }, { headers: owner.auth });
    expect(removed.status).toBe(200);
    const pending = (await teamSub(owner.auth))!;
    expect(pending).toMatchObject({ seats: 4, scheduledSeats: 3 });
    expect(pending.scheduledAt).toBe(pending.currentPeriodEnd);
    // what may be filled already counts the smaller number: no fourth person now
    expect((await ownerView(owner.auth)).seats).toEqual({ paid: 3, used: 2, invited: 1 });
    expect((await client.team.invitations.$post({ json: { email: "fourth@example.test" } }, { headers: owner.auth })).status).toBe(409);

    await advanceClock(25 * DAY);
    await deliverEvents(owner.customerId);
    expect(await teamSub(owner.auth)).toMatchObject({ status: "active", seats: 3, scheduledSeats: null });
    const renewals = await rows((db) =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.userId, owner.user.id), eq(invoices.billingReason, "subscription_cycle"))),
    );
    expect(renewals.map((r) => r.amountCents)).toEqual([3 * 1999]);
  });

  it("cancelling keeps every seat until the period end, then members lose the paid features", async () => {
    const owner = await teamOwner(2);
    const member = await createTestUser({ freeUsed: 2 });
    await client.team.invitations.$post({ json: { email: member.user.email } }, { headers: owner.auth });
    await client.team.accept.$post({ json: { token: await invitationToken(member.user.email) } }, { headers: member.auth });
    expect((await upload(member.auth)).res.status).toBe(201);
    expect((await client.team.cancel.$post({}, { headers: owner.auth })).status).toBe(200);
    await deliverEvents(owner.customerId);
    expect(await teamSub(owner.auth)).toMatchObject({ status: "active", cancelAtPeriodEnd: true, entitled: true });
    expect((await upload(member.auth)).res.status).toBe(201);
    await advanceClock(31 * DAY);
    await deliverEvents(owner.customerId);
    expect(await teamSub(owner.auth)).toMatchObject({ status: "canceled", entitled: false });
    expect((await upload(member.auth)).res.status).toBe(402);
    expect(variant((await team(member.auth))!, "role", "member").entitled).toBe(false);
  });

  it("a failed renewal (past_due) pauses the members' paid features as it pauses a person's", async () => {
    const owner = await teamOwner(2);
    const member = await createTestUser({ freeUsed: 2 });
    await client.team.invitations.$post({ json: { email: member.user.email } }, { headers: owner.auth });
    await client.team.accept.$post({ json: { token: await invitationToken(member.user.email) } }, { headers: member.auth });
    const sub = (await stripe().subscriptions.list({ customer: owner.customerId })).data[0]!;
    await failingCard(owner.customerId, sub.id);
    await advanceClock(31 * DAY);
    await deliverEvents(owner.customerId);
    expect(await teamSub(owner.auth)).toMatchObject({ status: "past_due", entitled: false });
    expect((await upload(member.auth)).res.status).toBe(402);
    expect((await client.team.seats.$post({ json: { seats: 3 } }, { headers: owner.auth })).status).toBe(409);
  });

  it("the 30-day money-back covers the team's first subscription: every payment back, the subscription ended", async () => {
    const owner = await teamOwner(2);
    await client.team.seats.$post({ json: { seats: 3 } }, { headers: owner.auth });
    const offer = variant(await (await client.team["refund-eligibility"].$get({}, { headers: owner.auth })).json(), "eligible", true);
    expect(offer).toMatchObject({ eligible: true, currency: "eur" });
    const res = await client.team.refund.$post({}, { headers: owner.auth });
    expect(res.status).toBe(200);
    expect((await res.json()).refundedCents).toBe(offer.amountCents);
    expect(await teamSub(owner.auth)).toMatchObject({ status: "canceled" });
    expect((await client.team.refund.$post({}, { headers: owner.auth })).status).toBe(400);
    // the owner's own money-back (no personal plan) is a separate matter
    expect((await (await client.stripe["refund-eligibility"].$get({}, { headers: owner.auth })).json()).eligible).toBe(false);
  });

  it("two Team Checkouts for one team, both paid: one stays, the other is cancelled and refunded in full", async () => {
    const u = await createTestUser();
    await client.team.$post({ json: { name: "Twice" } }, { headers: u.auth });
    const a = await (await client.team.checkout.$post({ json: { seats: 2 } }, { headers: u.auth })).json();
    const b = await (await client.team.checkout.$post({ json: { seats: 5 } }, { headers: u.auth })).json();
    expect((await payCheckout(a.url, "4242 4242 4242 4242")).status).toBe(303);
    expect((await payCheckout(b.url, "4242 4242 4242 4242")).status).toBe(303);
    const customerId = await customerOf(u.user.id);
    await deliverEvents(customerId);
    // one stays, the other is cancelled (which: the one that started first; on the test clock both start in
    // the same second, and the tie goes by Stripe's id as Postgres orders it, decision 090)
    const all = (await stripe().subscriptions.list({ customer: customerId, status: "all" })).data;
    expect(all).toHaveLength(2);
    const first = all.find((x) => x.status !== "canceled");
    const second = all.find((x) => x.status === "canceled");
    expect(first && second).toBeTruthy();
    const seatsOf = (sub: typeof first) => sub!.items.data[0]!.quantity!;
    expect(first!.created).toBeLessThanOrEqual(second!.created);
    const stored = await rows((db) => db.select().from(teamSubscriptions).where(eq(teamSubscriptions.stripeSubscriptionId, second!.id)));
    expect(stored[0]).toMatchObject({ status: "canceled", seats: seatsOf(second) });
    expect(await teamSub(u.auth)).toMatchObject({ seats: seatsOf(first), status: "active" });
    const refunded = await rows((db) => db.select().from(refunds).where(eq(refunds.userId, u.user.id)));
    expect(refunded.map((r) => r.amountCents)).toEqual([seatsOf(second) * 1999]);
    const mail = await mailTitled(u.user.email, "We refunded your second subscription"); // receipts come too (issue 35)
    expect(mail?.subject).toBe("We refunded your second subscription");
    expect(mail?.text).toContain(euros(seatsOf(second) * 1999, "eur"));
  });

  it("a team's owner cannot be deleted before the team is closed; closing needs the subscription cancelled", async () => {
    const owner = await teamOwner(2);
    await expect(rows((db) => deleteUser(db, getConfig(env), env.IMAGES, owner.user.id))).rejects.toThrow(/owns the team "Billing Co"/);
    expect(await rows((db) => db.select().from(users).where(eq(users.id, owner.user.id)))).toHaveLength(1);
    expect((await stripe().subscriptions.list({ customer: owner.customerId })).data).toHaveLength(1); // nothing cancelled
    expect((await client.team.$delete({}, { headers: owner.auth })).status).toBe(409);
    await client.team.cancel.$post({}, { headers: owner.auth });
    expect((await client.team.$delete({}, { headers: owner.auth })).status).toBe(200);
    expect(await team(owner.auth)).toBeNull();
    expect((await stripe().subscriptions.list({ customer: owner.customerId })).data).toEqual([]);
  });
});

describe("price changes: 30 days' notice (decision 093)", () => {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const clockNow = async () => (await stripe().testHelpers.testClocks.list()).data[0]!.frozen_time;
  const notices = async (email: string) => {
    const { messages } = await (await client.dev.mailbox.$get({ query: { to: email } })).json();
    return (messages as { subject: string; text: string }[]).filter((m) => /^The price of your \w+ plan changes/.test(m.subject));
  };
  const liveSub = async (userId: string) => {
    const [row] = await rows((db) => db.select().from(subscriptions).where(eq(subscriptions.userId, userId)));
    return stripe().subscriptions.retrieve(row!.stripeSubscriptionId);
  };
  /** The first weekly renewal on or after `at` (seconds), counted from the anchor as Stripe counts. */
  const weeklyRenewal = (anchor: number, at: number) => anchor + Math.ceil((at - anchor) / (7 * DAY)) * 7 * DAY;
  /** A date that is 30 days ahead both for the server (the wall clock) and for the local Stripe's clock. */
  const effectiveFrom = async () => earliestEffectiveDate(new Date(Math.max(Date.now(), (await clockNow()) * 1000)));

  let weekly: { change: ApiPriceChange; switchAt: number; a: Awaited<ReturnType<typeof subscriber>> } | undefined;

  it("scheduling creates the Stripe price, emails each subscriber once, and gives each a schedule: today's price until the first renewal on or after the date, then the new one", async () => {
    const a = await subscriber("weekly");
    const b = await subscriber("weekly");
    const monthly = await subscriber("monthly");
    const op = await operatorAuth();
    const effective = await effectiveFrom();

    const res = await client.admin["price-changes"].$post(
      { json: { planType: "weekly", amountCents: 1299, effectiveDate: day(effective) } },
      { headers: op.auth },
    );
    expect(res.status).toBe(201);
    const change = await res.json();
    expect(change).toMatchObject({
      planType: "weekly",
      oldAmountCents: 999,
      newAmountCents: 1299,
      currency: "eur",
      effectiveDate: effective.toISOString(),
      createdBy: op.email,
      inEffect: false,
    });
    const price = await stripe().prices.retrieve(change.stripePriceId);
    expect(price).toMatchObject({
      unit_amount: 1299,
      currency: "eur",
      recurring: { interval: "week", interval_count: 1 },
      metadata: { plan_type: "weekly" },
    });
    expect(price.product).toBe((await stripe().prices.retrieve(prices().weekly)).product);

    const effectiveUnix = effective.getTime() / 1000;
    for (const u of [a, b]) {
      const mail = await notices(u.user.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe(`The price of your Weekly plan changes on ${dateText(effective)}`);
      expect(mail[0]!.text).toContain("from €9.99 to €12.99 a week, from " + dateText(effective));
      expect(mail[0]!.text).toMatch(/cancel at any time before .+ from your account settings/);
      expect(mail[0]!.text).toContain("http://app.test/account");

      const sub = await liveSub(u.user.id);
      const switchAt = weeklyRenewal(sub.billing_cycle_anchor, effectiveUnix);
      expect(switchAt).toBeGreaterThanOrEqual(effectiveUnix);
      expect(switchAt - 7 * DAY).toBeLessThan(effectiveUnix);
      expect(mail[0]!.text).toContain(`renews at the new price of €12.99 on ${dateText(new Date(switchAt * 1000))}`);
      const schedule = await stripe().subscriptionSchedules.retrieve(sub.schedule as string);
      expect(schedule).toMatchObject({ status: "active", end_behavior: "release", metadata: { price_change: change.id } });
      expect(schedule.phases.map((p) => [p.items[0]!.price, p.start_date, p.end_date])).toEqual([
        [prices().weekly, sub.items.data[0]!.current_period_start, switchAt],
        [change.stripePriceId, switchAt, switchAt + 7 * DAY],
      ]);
      const [notice] = await rows((db) =>
        db
          .select()
          .from(priceChangeNotices)
          .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.userId, u.user.id))),
      );
      expect(notice).toMatchObject({ stripeSubscriptionId: sub.id, stripeScheduleId: schedule.id, switchAt: new Date(switchAt * 1000) });
      // The schedule's webhooks are not taken for a downgrade: the plan stays Weekly.
      const answers = await deliverEvents(u.customerId);
      expect(
        answers.every((x) => x.status === 200),
        JSON.stringify(answers),
      ).toBe(true);
      expect(await downgrade(u.auth)).toBeNull();
      expect(await subscription(u.auth)).toMatchObject({ planType: "weekly", stripePriceId: prices().weekly });
    }
    expect(await notices(monthly.user.email)).toHaveLength(0);
    expect((await liveSub(monthly.user.id)).schedule).toBeNull();

    // Retries tell nobody twice: the cron's resume of a run, and each person's settle after a sync.
    const scheduleOfA = (await liveSub(a.user.id)).schedule;
    await rows((db) => db.update(priceChanges).set({ status: "notifying" }).where(eq(priceChanges.id, change.id)));
    await runJob((deps) => resumePriceChangeNotices(deps.db, deps.config, createMailer(deps.config, { IMAGES: deps.bucket })));
    expect((await client.stripe["sync-subscription"].$post({}, { headers: a.auth })).status).toBe(200);
    for (const u of [a, b]) expect(await notices(u.user.email)).toHaveLength(1);
    expect((await liveSub(a.user.id)).schedule).toBe(scheduleOfA);

    // /admin lists it; /api/stripe/plans keeps today's price and announces the new one.
    const listed = (await (await client.admin["price-changes"].$get({}, { headers: op.auth })).json()).priceChanges;
    expect(listed.find((c) => c.id === change.id)).toMatchObject({ status: "notified", newAmountCents: 1299 });
    expect(listed.find((c) => c.id === change.id)!.subscribersNotified).toBeGreaterThanOrEqual(2);
    const { plans } = await (await client.stripe.plans.$get({})).json();
    expect(plans[0]).toMatchObject({
      id: "weekly",
      amountCents: 999,
      priceId: prices().weekly,
      upcoming: { amountCents: 1299, effectiveDate: effective.toISOString() },
    });

    // A second change overlapping this one is refused.
    const again = await client.admin["price-changes"].$post(
      { json: { planType: "weekly", amountCents: 1499, effectiveDate: day(new Date(effective.getTime() + 10 * DAY * 1000)) } },
      { headers: op.auth },
    );
    expect(again.status).toBe(409);
    expect((await errorBody(again)).message).toMatch(
      /^The Weekly plan already has a price change on .+\. A new one can start on .+ at the earliest/,
    );

    const sub = await liveSub(a.user.id);
    weekly = { change, a, switchAt: weeklyRenewal(sub.billing_cycle_anchor, effectiveUnix) };
  });

  it("each subscriber moves at the first renewal on or after the date (test clock); new subscriptions then pay the new price", async () => {
    const { change, a, switchAt } = weekly!;
    // every renewal before the switch is at today's price
    await advanceClock(switchAt - (await clockNow()) - DAY);
    expect((await deliverEvents(a.customerId)).every((x) => x.status === 200)).toBe(true);
    expect(await subscription(a.auth)).toMatchObject({ status: "active", planType: "weekly", stripePriceId: prices().weekly });
    const before = await rows((db) => db.select().from(invoices).where(eq(invoices.userId, a.user.id)));
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((i) => i.amountCents === 999)).toBe(true);

    await advanceClock(2 * DAY);
    expect((await deliverEvents(a.customerId)).every((x) => x.status === 200)).toBe(true);
    expect(await subscription(a.auth)).toMatchObject({ status: "active", planType: "weekly", stripePriceId: change.stripePriceId });
    expect(await downgrade(a.auth)).toBeNull();
    const after = await rows((db) =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.userId, a.user.id), eq(invoices.periodStart, new Date(switchAt * 1000)))),
    );
    expect(after).toMatchObject([{ amountCents: 1299, planType: "weekly", billingReason: "subscription_cycle" }]);
    expect((await liveSub(a.user.id)).items.data[0]!.price.id).toBe(change.stripePriceId);
    // the schedule is released after its last phase: the subscription simply goes on at the new price
    await advanceClock(7 * DAY);
    expect((await deliverEvents(a.customerId)).every((x) => x.status === 200)).toBe(true);
    const sub = await liveSub(a.user.id);
    expect(sub.schedule).toBeNull();
    expect(sub.items.data[0]!.price.id).toBe(change.stripePriceId);
    expect(await subscription(a.auth)).toMatchObject({ status: "active", stripePriceId: change.stripePriceId });
    // in /account's invoice list too
    const { invoices: listed } = await (await client.stripe.invoices.$get({}, { headers: a.auth })).json();
    expect(listed.slice(0, 2)).toMatchObject([
      { planType: "weekly", amountCents: 1299 },
      { planType: "weekly", amountCents: 1299 },
    ]);

    // Once the date has passed (for the server too), the plan costs the new price: /api/stripe/plans,
    // and a checkout sent with the old price id (a page loaded before) buys at the new one.
    const effectiveAt = new Date(change.effectiveDate);
    await rows((db) =>
      db
        .update(priceChanges)
        .set({ effectiveAt: new Date(Date.now() - 1000) })
        .where(eq(priceChanges.id, change.id)),
    );
    try {
      const { plans } = await (await client.stripe.plans.$get({})).json();
      expect(plans[0]).toMatchObject({
        id: "weekly",
        amountCents: 1299,
        priceId: change.stripePriceId,
        upcoming: null,
        dailyPrice: "1.86",
      });
      const late = await createTestUser({ freeUsed: 2 });
      const res = await client.stripe["create-checkout-session"].$post({ json: { priceId: prices().weekly } }, { headers: late.auth });
      expect(res.status).toBe(200);
      expect((await payCheckout(await checkoutUrl(res), "4242 4242 4242 4242")).status).toBe(303);
      const customerId = await customerOf(late.user.id);
      expect((await deliverEvents(customerId)).every((x) => x.status === 200)).toBe(true);
      expect(await subscription(late.auth)).toMatchObject({ planType: "weekly", stripePriceId: change.stripePriceId });
      expect(await notices(late.user.email)).toHaveLength(0); // nothing changes for them
    } finally {
      await rows((db) => db.update(priceChanges).set({ effectiveAt }).where(eq(priceChanges.id, change.id)));
    }
  });

  it("someone who joins before the date is told at once and moves 30 days later at the earliest; a cancel drops the schedule, a resume brings it back; a downgrade replaces it", async () => {
    const stay = await subscriber("yearly");
    const leave = await subscriber("yearly");
    const op = await operatorAuth();
    const effective = await effectiveFrom();
    const res = await client.admin["price-changes"].$post(
      { json: { planType: "yearly", amountCents: 7200, effectiveDate: day(effective) } },
      { headers: op.auth },
    );
    expect(res.status).toBe(201);
    const change = await res.json();

    // joins between scheduling and the date: emailed by the settle that follows their checkout's webhooks
    const joiner = await subscriber("yearly");
    expect(await notices(joiner.user.email)).toHaveLength(1);
    const [notice] = await rows((db) =>
      db
        .select()
        .from(priceChangeNotices)
        .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.userId, joiner.user.id))),
    );
    expect(notice!.switchAt!.getTime()).toBeGreaterThanOrEqual(
      Math.max(effective.getTime(), notice!.emailedAt!.getTime() + 30 * DAY * 1000),
    );
    const joined = await liveSub(joiner.user.id);
    const phases = (await stripe().subscriptionSchedules.retrieve(joined.schedule as string)).phases;
    expect(phases.map((p) => p.items[0]!.price)).toEqual([prices().yearly, change.stripePriceId]);
    expect(phases[0]!.end_date).toBe(notice!.switchAt!.getTime() / 1000);

    // cancels at the period end: nothing renews, so the schedule goes (the cancel wins); resumes: it is back
    const staying = await liveSub(stay.user.id);
    expect(staying.schedule).toBeTruthy();
    await stripe().subscriptions.update(staying.id, { cancel_at_period_end: true });
    expect((await deliverEvents(stay.customerId)).every((x) => x.status === 200)).toBe(true);
    expect((await liveSub(stay.user.id)).schedule).toBeNull();
    expect(await subscription(stay.auth)).toMatchObject({ cancelAtPeriodEnd: true, stripePriceId: prices().yearly });
    await stripe().subscriptions.update(staying.id, { cancel_at_period_end: false });
    expect((await deliverEvents(stay.customerId)).every((x) => x.status === 200)).toBe(true);
    const resumed = await liveSub(stay.user.id);
    expect((await stripe().subscriptionSchedules.retrieve(resumed.schedule as string)).phases.map((p) => p.items[0]!.price)).toEqual([
      prices().yearly,
      change.stripePriceId,
    ]);
    expect(await notices(stay.user.email)).toHaveLength(1);

    // downgrades: the downgrade's schedule replaces the price change's; they leave the plan at the period end
    const down = await client.stripe["change-subscription"].$post({ json: { priceId: prices().monthly } }, { headers: leave.auth });
    expect((await down.json()).type).toBe("downgrade");
    expect((await deliverEvents(leave.customerId)).every((x) => x.status === 200)).toBe(true);
    expect(await downgrade(leave.auth)).toMatchObject({ targetPlanType: "monthly" });
    const leaving = await stripe().subscriptionSchedules.retrieve((await liveSub(leave.user.id)).schedule as string);
    expect(leaving.phases.map((p) => p.items[0]!.price)).toEqual([prices().yearly, prices().monthly]);
  });
});
