import { describe, expect, it } from "vitest";
import { api, client, createTestUser, testDb } from "../test/helpers";
import { hasActiveSubscription } from "../billing";

describe("GET /api/stripe/subscription", () => {
  it("needs a signed-in user", async () => {
    expect((await client.stripe.subscription.$get({})).status).toBe(401);
  });

  it("answers null without a subscription", async () => {
    const { auth } = await createTestUser();
    const res = await client.stripe.subscription.$get({}, { headers: auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
  });

  it("answers the caller's own subscription only", async () => {
    const subscriber = await createTestUser({ subscription: { planType: "monthly" } });
    const other = await createTestUser();
    const body = await (await client.stripe.subscription.$get({}, { headers: subscriber.auth })).json();
    expect(body).toMatchObject({ status: "active", planType: "monthly", stripePriceId: "price_monthly" });
    expect(Date.parse(body!.currentPeriodEnd!)).toBeGreaterThan(Date.now());
    expect(await (await client.stripe.subscription.$get({}, { headers: other.auth })).json()).toBeNull();
  });

  it("counts only entitled statuses as active", async () => {
    const canceled = await createTestUser({ subscription: { planType: "weekly", status: "canceled" } });
    const pastDue = await createTestUser({ subscription: { planType: "weekly", status: "past_due" } });
    const active = await createTestUser({ subscription: { planType: "yearly" } });
    const { db, close } = testDb();
    try {
      expect(await hasActiveSubscription(db, canceled.user.id)).toBe(false);
      expect(await hasActiveSubscription(db, pastDue.user.id)).toBe(false);
      expect(await hasActiveSubscription(db, active.user.id)).toBe(true);
    } finally {
      await close();
    }
  });
});

describe("/api/stripe guards", () => {
  it("are attached per route, so an unknown path is a 404 rather than a 401 (public routes can live here)", async () => {
    const res = await api("/api/stripe/no-such-route", { method: "POST" });
    expect(res.status).toBe(404);
  });
});
