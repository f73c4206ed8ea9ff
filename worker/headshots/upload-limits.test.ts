import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { headshots } from "../../db/schema";
import { MAX_UNUSED_UPLOADS, MESSAGES, UPLOADS_PER_MINUTE } from "../../domain/limits";
import { api, createTestUser, inOneWindow, testDb } from "../test/helpers";
import { seedPending, seedProcessing, upload } from "../test/headshots";
import { handleScheduled } from "../scheduled";

async function rowsOf(userId: string) {
  const { db, close } = testDb();
  try {
    return await db
      .select({ id: headshots.id, status: headshots.status, key: headshots.originalKey })
      .from(headshots)
      .where(eq(headshots.userId, userId));
  } finally {
    await close();
  }
}

async function objectKeys(userId: string) {
  return (await env.IMAGES.list({ prefix: `u/${userId}/` })).objects.map((o) => o.key).sort();
}

describe("uploads are only stored when they can be used (issue 12)", () => {
  it("refuses an unverified user before storing anything: 403 requiresEmailVerification", async () => {
    const { user, auth } = await createTestUser({ verified: false });
    const { res, body } = await upload(auth);
    expect(res.status).toBe(403);
    expect(body).toEqual({ error: "Forbidden", message: MESSAGES.verifyFirst, code: "email_unverified", requiresEmailVerification: true });
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await objectKeys(user.id)).toEqual([]);
  });

  it("refuses a user with no free generation and no subscription: 402 requiresSubscription, nothing stored", async () => {
    const { user, auth } = await createTestUser({ freeUsed: 2 });
    const { res, body } = await upload(auth);
    expect(res.status).toBe(402);
    expect(body).toEqual({
      error: "Payment Required",
      message: MESSAGES.freeUsed,
      code: "subscription_required",
      requiresSubscription: true,
    });
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await objectKeys(user.id)).toEqual([]);

    const subscriber = await createTestUser({ freeUsed: 2, subscription: { planType: "weekly" } });
    expect((await upload(subscriber.auth)).res.status).toBe(201);
  });
});

describe("upload limits per user", () => {
  it(`a flood of 30 uploads at once: ${UPLOADS_PER_MINUTE} are taken, the rest get 429 with a message; at most ${MAX_UNUSED_UPLOADS} are kept`, async () => {
    const { user, auth } = await createTestUser();
    await inOneWindow(60); // worker/headshots/routes.ts: uploads per user and clock minute
    const results = await Promise.all(Array.from({ length: 30 }, () => upload(auth)));
    const statuses = results.map((r) => r.res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(UPLOADS_PER_MINUTE);
    const refused = results.filter((r) => r.res.status === 429);
    expect(refused).toHaveLength(30 - UPLOADS_PER_MINUTE);
    expect(refused[0]!.body).toMatchObject({ error: "Too Many Requests", code: "rate_limited", message: MESSAGES.tooManyUploads });
    expect(Number(refused[0]!.res.headers.get("Retry-After"))).toBeGreaterThan(0);
    // never-generated uploads are capped; what is kept in rows is exactly what is in the bucket
    const rows = await rowsOf(user.id);
    expect(rows.length).toBeLessThanOrEqual(MAX_UNUSED_UPLOADS);
    expect(rows.length).toBeGreaterThan(0);
    expect(await objectKeys(user.id)).toEqual(rows.map((r) => r.key).sort());
  });

  it(`keeps only the newest ${MAX_UNUSED_UPLOADS} never-generated uploads; generated ones are never touched`, async () => {
    const { user, auth } = await createTestUser({ subscription: { planType: "monthly" } });
    const generating = await seedProcessing(user.id, { chargedCredit: false });
    const ids: string[] = [];
    for (let i = 0; i < MAX_UNUSED_UPLOADS + 2; i++) {
      const { res, body } = await upload(auth);
      expect(res.status).toBe(201);
      ids.push(body.id);
    }
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => r.id).sort()).toEqual([generating, ...ids.slice(2)].sort());
    expect(await objectKeys(user.id)).toEqual(rows.map((r) => r.key).sort());
  });

  it("the cron deletes uploads never generated after a day, rows and objects, and nothing else", async () => {
    const { user } = await createTestUser();
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    const stale = await seedPending(user.id, { createdAt: dayAgo });
    const fresh = await seedPending(user.id, { createdAt: new Date(Date.now() - 3600_000) });
    const oldButGenerating = await seedProcessing(user.id, { chargedCredit: false });
    const { db, close } = testDb();
    await db.update(headshots).set({ createdAt: dayAgo }).where(eq(headshots.id, oldButGenerating));
    await close();

    await handleScheduled({} as ScheduledController, env);
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => r.id).sort()).toEqual([fresh, oldButGenerating].sort());
    expect(rows.some((r) => r.id === stale)).toBe(false);
    expect(await objectKeys(user.id)).toEqual(rows.map((r) => r.key).sort());
  });
});

describe("request bodies", () => {
  it("a large JSON body to any route but the upload is a 413 with a message, before it is parsed", async () => {
    const big = JSON.stringify({ email: "a@example.test", password: "x".repeat(300 * 1024) });
    const res = await api("/api/auth/signin", { method: "POST", headers: { "Content-Type": "application/json" }, body: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Payload Too Large", code: "too_large", message: MESSAGES.requestTooLarge });
    const { auth } = await createTestUser();
    const other = await api("/api/stripe/create-checkout-session", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: big,
    });
    expect(other.status).toBe(413);
  });
});
