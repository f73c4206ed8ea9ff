/**
 * Billing end to end against the local Stripe (issue 9): checkout, plan changes, schedules, renewals,
 * cancellation, the money-back refund and the webhook's guarantees. One file, so the shared test clock
 * only moves when a test here moves it.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { invoices, refreshTokenFamilies, refunds, subscriptions, users } from "../../db/schema";
import { api, createTestUser, json, testDb } from "../test/helpers";
import { upload } from "../test/headshots";
import { DAY, advanceClock, deliverEvents, payCheckout, postWebhook, prices, signature, stripe } from "../test/billing";

const post = (path: string, auth: Record<string, string>, body?: unknown) =>
  api(path, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

async function customerOf(userId: string) {
  const { db, close } = testDb();
  try {
    const [row] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
    return row!.id!;
  } finally {
    await close();
  }
}

async function rows<T>(fn: (db: ReturnType<typeof testDb>["db"]) => Promise<T>) {
  const { db, close } = testDb();
  try {
    return await fn(db);
  } finally {
    await close();
  }
}

const subscription = async (auth: Record<string, string>) => json(await api("/api/stripe/subscription", { headers: auth }));
const downgrade = async (auth: Record<string, string>) => json(await api("/api/stripe/scheduled-downgrade", { headers: auth }));

/** A verified user with no free generations left who subscribes to `plan` with the 4242 card. */
async function subscriber(plan: "weekly" | "monthly" | "yearly" = "monthly") {
  const u = await createTestUser({ freeUsed: 2 });
  const res = await post("/api/stripe/create-checkout-session", u.auth, { priceId: prices()[plan] });
  expect(res.status).toBe(200);
  const { type, url } = await json(res);
  expect(type).toBe("checkout");
  const paid = await payCheckout(url, "4242 4242 4242 4242");
  expect(paid.status).toBe(303);
  const customerId = await customerOf(u.user.id);
  const answers = await deliverEvents(customerId);
  expect(answers.every((a) => a.status === 200), JSON.stringify(answers)).toBe(true);
  return { ...u, customerId, paid, answers };
}

/** Makes every later charge to this customer fail (Stripe's pm_card_chargeCustomerFail, card 0341). */
async function failingCard(customerId: string, subscriptionId: string) {
  const pm = await stripe().paymentMethods.attach("pm_card_chargeCustomerFail", { customer: customerId });
  await stripe().customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
  await stripe().subscriptions.update(subscriptionId, { default_payment_method: pm.id });
}

describe("GET /api/stripe/plans", () => {
  it("is public and lists the three plans in order with their Stripe price ids", async () => {
    const res = await api("/api/stripe/plans");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/public/);
    const { plans } = await json(res);
    expect(plans.map((p: { id: string }) => p.id)).toEqual(["weekly", "monthly", "yearly"]);
    expect(plans[1]).toMatchObject({ priceId: prices().monthly, amountCents: 2999, currency: "EUR", periodDays: 30, popular: true, dailyPrice: "1.00" });
    expect(plans[2]).toMatchObject({ priceId: prices().yearly, amountCents: 6000, description: "Best value - Save 83%" });
    expect(plans[0].features).toContain("Unlimited generations");
  });
});

describe("checkout", () => {
  it("pays with 4242 on the hosted page → webhooks → an active subscription that unlocks generation", async () => {
    const u = await subscriber("monthly");
    expect(u.paid.location).toMatch(/\/dashboard\?checkout=success&session_id=cs_/);
    expect(u.answers.map((a) => a.type)).toEqual(expect.arrayContaining(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]));
    expect(await subscription(u.auth)).toMatchObject({ status: "active", planType: "monthly", stripePriceId: prices().monthly, cancelAtPeriodEnd: false });
    const [invoice] = await rows((db) => db.select().from(invoices).where(eq(invoices.userId, u.user.id)));
    expect(invoice).toMatchObject({ amountCents: 2999, planType: "monthly", billingReason: "subscription_create", status: "paid" });
    expect(invoice!.stripePaymentIntentId).toMatch(/^pi_/);
    expect((await upload(u.auth)).res.status).toBe(201); // free generations used, the subscription counts
    // a second checkout for the same plan is the change flow: 'Already Subscribed'
    const again = await post("/api/stripe/create-checkout-session", u.auth, { priceId: prices().monthly });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe("Already Subscribed");
  });

  it("a declined card (0002) leaves the user on the free plan", async () => {
    const u = await createTestUser({ freeUsed: 2 });
    const { url } = await json(await post("/api/stripe/create-checkout-session", u.auth, { priceId: prices().weekly }));
    const paid = await payCheckout(url, "4000 0000 0000 0002");
    expect(paid.status).toBe(402);
    expect(paid.html).toContain("Your card was declined.");
    await deliverEvents(await customerOf(u.user.id));
    expect(await subscription(u.auth)).toBeNull();
    expect((await upload(u.auth)).res.status).toBe(402);
  });

  it("refuses a price that is not one of our plans, and a missing body, with a 400", async () => {
    const u = await createTestUser();
    for (const body of [{ priceId: "price_somebody_else" }, {}, undefined]) {
      const res = await post("/api/stripe/create-checkout-session", u.auth, body);
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBeTruthy();
    }
  });
});

describe("plan changes", () => {
  it("upgrade: the price switches now and the prorated difference is invoiced and paid", async () => {
    const u = await subscriber("monthly");
    await advanceClock(10 * DAY); // a third of the month used: two thirds come back as credit
    const res = await post("/api/stripe/change-subscription", u.auth, { priceId: prices().yearly });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ type: "upgrade" });
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
    const res = await post("/api/stripe/change-subscription", u.auth, { priceId: prices().yearly });
    expect(res.status).toBe(402);
    expect((await json(res)).message).toMatch(/declined/i);
    expect((await stripe().subscriptions.retrieve(row!.stripeSubscriptionId)).items.data[0]!.price.id).toBe(prices().monthly);
    await deliverEvents(u.customerId);
    expect(await subscription(u.auth)).toMatchObject({ status: "active", planType: "monthly" });
  });

  it("downgrade is scheduled for the period end, can be cancelled, and applies when the clock passes the end", async () => {
    const u = await subscriber("yearly");
    const res = await post("/api/stripe/change-subscription", u.auth, { priceId: prices().weekly });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.type).toBe("downgrade");
    expect(body.message).toMatch(/Weekly/);
    const sub = await subscription(u.auth);
    expect(await downgrade(u.auth)).toEqual({ targetPlanType: "weekly", effectiveDate: sub.currentPeriodEnd });
    expect(sub.planType).toBe("yearly"); // nothing changes before the period ends

    expect((await post("/api/stripe/cancel-scheduled-downgrade", u.auth)).status).toBe(200);
    expect(await downgrade(u.auth)).toBeNull();
    expect((await post("/api/stripe/cancel-scheduled-downgrade", u.auth)).status).toBe(404);

    await post("/api/stripe/change-subscription", u.auth, { priceId: prices().monthly });
    expect(await downgrade(u.auth)).toMatchObject({ targetPlanType: "monthly" });
    await advanceClock(366 * DAY);
    const answers = await deliverEvents(u.customerId);
    expect(answers.every((a) => a.status === 200), JSON.stringify(answers)).toBe(true);
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
    for (const path of ["/api/stripe/create-checkout-session", "/api/stripe/change-subscription"]) {
      const again = await post(path, u.auth, { priceId: prices().monthly });
      expect(again.status).toBe(409);
      expect((await json(again)).message).toMatch(/Update your card/);
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
    const offer = await json(await api("/api/stripe/refund-eligibility", { headers: u.auth }));
    expect(offer).toMatchObject({ eligible: true, amountCents: 2999, currency: "eur" });
    const { subscription: sub } = await stripe().checkout.sessions.retrieve(new URL(u.paid.location!).searchParams.get("session_id")!, { expand: ["subscription"] });
    expect(new Date(offer.until).getTime() / 1000).toBe((sub as { created: number }).created + 30 * DAY);
    const res = await post("/api/stripe/refund", u.auth);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ refundedCents: 2999 });
    const recorded = await rows((db) => db.select().from(refunds).where(eq(refunds.userId, u.user.id)));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amountCents: 2999 });
    expect(await subscription(u.auth)).toMatchObject({ status: "canceled" });
    await deliverEvents(u.customerId); // charge.refunded: recorded once, not twice
    expect(await rows((db) => db.select().from(refunds).where(eq(refunds.userId, u.user.id)))).toHaveLength(1);
    expect((await post("/api/stripe/refund", u.auth)).status).toBe(400);
    expect(await json(await api("/api/stripe/refund-eligibility", { headers: u.auth }))).toEqual({ eligible: false, reason: "This subscription has already ended." });
  });

  it("is refused after 30 days and after a renewal", async () => {
    const u = await subscriber("monthly");
    await advanceClock(31 * DAY);
    await deliverEvents(u.customerId);
    const res = await post("/api/stripe/refund", u.auth);
    expect(res.status).toBe(400);
    const { message } = await json(res);
    expect(message).toMatch(/renewals|30 days/);
    expect(await json(await api("/api/stripe/refund-eligibility", { headers: u.auth }))).toEqual({ eligible: false, reason: message });
    expect(await rows((db) => db.select().from(refunds).where(eq(refunds.userId, u.user.id)))).toHaveLength(0);
  });

  it("without a subscription there is nothing to refund (400)", async () => {
    const u = await createTestUser();
    expect((await post("/api/stripe/refund", u.auth)).status).toBe(400);
    expect(await json(await api("/api/stripe/refund-eligibility", { headers: u.auth }))).toMatchObject({ eligible: false });
    expect((await api("/api/stripe/refund-eligibility")).status).toBe(401);
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
    const all = (await stripe().events.list({ limit: 100 })).data.filter((e) => (e.data.object as { customer?: string }).customer === u.customerId);
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
    await post("/api/stripe/change-subscription", owner.auth, { priceId: prices().weekly });
    const other = await createTestUser();
    expect(await subscription(other.auth)).toBeNull();
    expect(await downgrade(other.auth)).toBeNull();
    expect((await post("/api/stripe/cancel-scheduled-downgrade", other.auth)).status).toBe(404);
    expect(await downgrade(owner.auth)).toMatchObject({ targetPlanType: "weekly" });
    expect((await post("/api/stripe/refund", other.auth)).status).toBe(400);
  });

  it("deleting the account cancels the Stripe subscription first; invoices stay without an owner", async () => {
    const u = await subscriber("monthly");
    const [row] = await rows((db) => db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id)));
    // a Google account that signed in a moment ago may delete itself without a password
    await rows((db) => db.insert(refreshTokenFamilies).values({ userId: u.user.id, currentTokenHash: "x", authMethod: "google", expiresAt: new Date(Date.now() + DAY * 1000) }));
    const res = await post("/api/account/delete", u.auth, {});
    expect(res.status).toBe(200);
    expect((await stripe().subscriptions.retrieve(row!.stripeSubscriptionId)).status).toBe("canceled");
    const kept = await rows((db) => db.select().from(invoices).where(eq(invoices.stripeSubscriptionId, row!.stripeSubscriptionId)));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.userId).toBeNull();
  });
});
