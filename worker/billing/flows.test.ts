/**
 * Billing end to end against the file's own local Stripe (issue 9): checkout, plan changes, schedules,
 * renewals, cancellation, the money-back refund and the webhook's guarantees. More in flows-more.test.ts;
 * the Team plan and price changes have files of their own (team-billing.test.ts, price-changes.test.ts):
 * each file's Stripe clock moves only when a test of that file moves it, and renews only that file's
 * subscriptions.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { invoices, refreshTokenFamilies, refunds, subscriptions, users } from "../../db/schema";
import { withTestDb as rows } from "../test/admin";
import { accessTokenFor, api, client, createTestUser, errorBody, variant } from "../test/helpers";
import { upload } from "../test/headshots";
import {
  DAY,
  advanceClock,
  checkoutUrl,
  customerOf,
  deliverEvents,
  downgrade,
  failingCard,
  payCheckout,
  postWebhook,
  prices,
  signature,
  stripe,
  subscriber,
  subscription,
} from "../test/billing";

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
    // in the reader's language, the code unchanged (issue 50)
    const german = await client.stripe["change-subscription"].$post(
      { json: { priceId: prices().monthly } },
      { headers: { ...u.auth, "Accept-Language": "de-DE,de;q=0.9" } },
    );
    expect(await errorBody(german)).toMatchObject({ code: "already_subscribed", message: "Bereits abonniert" });
  });

  it("Checkout and the portal open in the person's language (issue 50): this browser's choice, else the account's, else the browser's", async () => {
    const u = await createTestUser({ freeUsed: 2 });
    const sessionLocale = async (headers: Record<string, string>) => {
      const url = await checkoutUrl(
        await client.stripe["create-checkout-session"].$post(
          { json: { priceId: prices().weekly } },
          { headers: { ...u.auth, ...headers } },
        ),
      );
      return (await stripe().checkout.sessions.retrieve(new URL(url).pathname.split("/").pop()!)).locale;
    };
    expect(await sessionLocale({ "Accept-Language": "es-ES,es;q=0.9" })).toBe("es");
    expect(await sessionLocale({})).toBe("en");
    await client.account.profile.$patch({ json: { locale: "fr" } }, { headers: u.auth });
    expect(await sessionLocale({ "Accept-Language": "es-ES" })).toBe("fr");
    expect(await sessionLocale({ Cookie: "locale=de", "Accept-Language": "es-ES" })).toBe("de");

    const portal = await client.stripe["create-portal-session"].$post({}, { headers: { ...u.auth, Cookie: "locale=it" } });
    expect(portal.status).toBe(200);
    const { url } = await portal.json();
    expect(await (await fetch(url)).text()).toContain('data-locale="it"'); // the stand-in's page names the session's locale
  });

  it("the Stripe customer carries the account's language as preferred_locales, and follows a change of it (issue 50)", async () => {
    const u = await createTestUser({ freeUsed: 2 });
    expect((await client.account.profile.$patch({ json: { locale: "de" } }, { headers: u.auth })).status).toBe(200);
    await checkoutUrl(await client.stripe["create-checkout-session"].$post({ json: { priceId: prices().weekly } }, { headers: u.auth }));
    const customerId = await customerOf(u.user.id);
    expect(((await stripe().customers.retrieve(customerId)) as { preferred_locales: string[] }).preferred_locales).toEqual(["de"]);

    expect((await client.account.profile.$patch({ json: { locale: "fr" } }, { headers: u.auth })).status).toBe(200);
    expect(((await stripe().customers.retrieve(customerId)) as { preferred_locales: string[] }).preferred_locales).toEqual(["fr"]);
  });

  const localesOf = async (customerId: string) => ((await stripe().customers.retrieve(customerId)) as Stripe.Customer).preferred_locales;
  const setLocale = (userId: string, locale: string) => rows((db) => db.update(users).set({ locale }).where(eq(users.id, userId)));

  it("a customer made before decision 385, or whose change of language Stripe missed, is told the account's at checkout and the portal (decision 410)", async () => {
    const u = await createTestUser({ freeUsed: 2 });
    // a customer as they were made before decision 385: Stripe's default language
    const old = await stripe().customers.create({ email: u.user.email, metadata: { userId: u.user.id } });
    await rows((db) => db.update(users).set({ stripeCustomerId: old.id, locale: "de" }).where(eq(users.id, u.user.id)));
    expect(await localesOf(old.id)).toEqual([]);
    await checkoutUrl(await client.stripe["create-checkout-session"].$post({ json: { priceId: prices().weekly } }, { headers: u.auth }));
    expect(await customerOf(u.user.id)).toBe(old.id);
    expect(await localesOf(old.id)).toEqual(["de"]);

    await setLocale(u.user.id, "fr"); // the account's language changed, and Stripe did not hear of it
    expect((await client.stripe["create-portal-session"].$post({}, { headers: u.auth })).status).toBe(200);
    expect(await localesOf(old.id)).toEqual(["fr"]);
  });

  it("a plan change tells the subscriber's Stripe customer the account's language too (decision 410)", async () => {
    const u = await subscriber("monthly");
    await setLocale(u.user.id, "it"); // changed without Stripe hearing of it
    expect(await localesOf(u.customerId)).toEqual(["en"]);
    const res = await client.stripe["change-subscription"].$post({ json: { priceId: prices().yearly } }, { headers: u.auth });
    expect(res.status).toBe(200);
    // the answer's words are in the account's language too (no cookie, no Accept-Language)
    expect(variant(await res.json(), "type", "upgrade").message).toBe(
      "Ora hai il piano Annuale. La differenza proporzionale è stata addebitata sulla tua carta.",
    );
    expect(await localesOf(u.customerId)).toEqual(["it"]);
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
    expect(await res.json()).toMatchObject({
      refundedCents: 2999,
      message: "Your payment of €29.99 has been refunded and your subscription has ended. The refund reaches your card in 5–10 days.",
    });
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
    // in the reader's language, as the refusal of POST /refund is (issue 50)
    const german = await client.stripe["refund-eligibility"].$get({}, { headers: { ...u.auth, "X-Locale": "de" } });
    expect(await german.json()).toEqual({ eligible: false, reason: "Dieses Abonnement ist bereits beendet." });
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
    // in the reader's language: the browser's, or this browser's choice over it (issue 50)
    const english = await errorBody(await client.stripe.refund.$post({}, { headers: u.auth }));
    expect(english).toMatchObject({ code: "invalid_input", message: "You don't have a subscription to refund." });
    const german = await client.stripe.refund.$post({}, { headers: { ...u.auth, "Accept-Language": "de-DE,de;q=0.9" } });
    expect(await errorBody(german)).toMatchObject({
      code: "invalid_input",
      message: "Sie haben kein Abonnement, das erstattet werden könnte.",
    });
    const french = await client.stripe.refund.$post({}, { headers: { ...u.auth, Cookie: "locale=fr", "Accept-Language": "de-DE" } });
    expect(await errorBody(french)).toMatchObject({ code: "invalid_input", message: "Vous n'avez pas d'abonnement à rembourser." });
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
