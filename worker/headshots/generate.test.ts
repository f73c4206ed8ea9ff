import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { FAIR_USE_PER_DAY, MESSAGES } from "../../domain/limits";
import { count } from "../../domain/words";
import { headshots } from "../../db/schema";
import { createTestUser, errorBody, testDb } from "../test/helpers";
import { creditsRow, headshotRow, seedPending, upload, withRecordingQueue } from "../test/headshots";

const generate = (q: ReturnType<typeof withRecordingQueue>, auth: Record<string, string>, id: string) =>
  q.client.headshots[":id"].generate.$post({ param: { id } }, { headers: auth });

describe("POST /api/headshots/:id/generate", () => {
  it("takes one free generation, marks the row processing and enqueues {headshotId}", async () => {
    const { user, auth } = await createTestUser();
    const { body } = await upload(auth);
    const q = withRecordingQueue();
    const res = await generate(q, auth, body.id);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ id: body.id, status: "processing" });
    expect(q.sent).toEqual([{ headshotId: body.id, requestId: expect.any(String) }]);
    expect(await headshotRow(body.id)).toMatchObject({ status: "processing", chargedCredit: true, attempts: 0 });
    expect((await headshotRow(body.id)).queuedAt).toBeInstanceOf(Date);
    expect((await creditsRow(user.id)).used).toBe(1);
  });

  it("is idempotent: calling again charges nothing and enqueues nothing", async () => {
    const { user, auth } = await createTestUser();
    const { body } = await upload(auth);
    const q = withRecordingQueue();
    expect((await generate(q, auth, body.id)).status).toBe(202);
    for (let i = 0; i < 3; i++) {
      const again = await generate(q, auth, body.id);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ id: body.id, status: "processing" });
    }
    const { db, close } = testDb();
    await db.update(headshots).set({ status: "completed" }).where(eq(headshots.id, body.id));
    await close();
    const done = await generate(q, auth, body.id);
    expect(await done.json()).toEqual({ id: body.id, status: "completed" });
    expect(q.sent).toHaveLength(1);
    expect((await creditsRow(user.id)).used).toBe(1);
  });

  it("refuses an unverified user with 403 requiresEmailVerification", async () => {
    const { user, auth } = await createTestUser({ verified: false });
    const body = { id: await seedPending(user.id) }; // the upload route refuses them too (routes.test.ts)
    const q = withRecordingQueue();
    const res = await generate(q, auth, body.id);
    expect(res.status).toBe(403);
    expect(await errorBody(res)).toEqual({
      error: "Forbidden",
      message: MESSAGES.verifyFirst,
      code: "email_unverified",
      requiresEmailVerification: true,
    });
    expect(q.sent).toEqual([]);
    expect((await headshotRow(body.id)).status).toBe("pending");
    expect((await creditsRow(user.id)).used).toBe(0);
  });

  it("refuses a user with no free generation left and no subscription with 402 requiresSubscription", async () => {
    const { user, auth } = await createTestUser({ freeUsed: 2 });
    const body = { id: await seedPending(user.id) };
    const q = withRecordingQueue();
    const res = await generate(q, auth, body.id);
    expect(res.status).toBe(402);
    expect(await errorBody(res)).toEqual({
      error: "Payment Required",
      message: MESSAGES.freeUsed,
      code: "subscription_required",
      requiresSubscription: true,
    });
    expect(q.sent).toEqual([]);
    expect((await headshotRow(body.id)).status).toBe("pending"); // the flip was rolled back
  });

  it("lets an active subscriber generate without touching free generations, unwatermarked", async () => {
    const { user, auth } = await createTestUser({ freeUsed: 2, subscription: { planType: "weekly" } });
    const { body } = await upload(auth);
    const q = withRecordingQueue();
    expect((await generate(q, auth, body.id)).status).toBe(202);
    expect(await headshotRow(body.id)).toMatchObject({ status: "processing", chargedCredit: false });
    expect((await creditsRow(user.id)).used).toBe(2);
  });

  it("treats a canceled subscription as none", async () => {
    const { user, auth } = await createTestUser({ freeUsed: 2, subscription: { planType: "monthly", status: "canceled" } });
    expect((await generate(withRecordingQueue(), auth, await seedPending(user.id))).status).toBe(402);
  });

  it("holds subscribers to the fair-use limit per hour with a 429", async () => {
    const { user, auth } = await createTestUser({ subscription: { planType: "monthly" } });
    const q = withRecordingQueue({ FAIR_USE_PER_HOUR: "3" } as Partial<Env>);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await upload(auth)).body.id);
    for (const id of ids.slice(0, 3)) expect((await generate(q, auth, id)).status).toBe(202);
    const res = await generate(q, auth, ids[3]!);
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await errorBody(res)).message).toMatch(/fair-use limit of 3 generations an hour/);
    expect(q.sent).toHaveLength(3);
    expect((await headshotRow(ids[3]!)).status).toBe("pending");
    // an hour later the window has moved on
    const { db, close } = testDb();
    await db
      .update(headshots)
      .set({ queuedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(headshots.userId, user.id));
    await close();
    expect((await generate(q, auth, ids[3]!)).status).toBe(202);
  });

  it("holds subscribers to their plan's fair-use limit per day with a 429 (yearly: FAIR_USE_PER_DAY.yearly), counting the last 24 hours", async () => {
    const { user, auth } = await createTestUser({ subscription: { planType: "yearly" } });
    const q = withRecordingQueue();
    const cap = FAIR_USE_PER_DAY.yearly;
    const ids: string[] = [];
    for (let i = 0; i <= cap; i++) ids.push((await upload(auth)).body.id);
    for (const id of ids.slice(0, cap)) expect((await generate(q, auth, id)).status).toBe(202);
    const res = await generate(q, auth, ids[cap]!);
    expect(res.status).toBe(429);
    expect((await errorBody(res)).message).toBe(
      `You've reached your plan's fair-use limit of ${count(cap, "generation")} a day. You can generate again as your earlier generations pass 24 hours.`,
    );
    expect((await headshotRow(ids[cap]!)).status).toBe("pending");
    // 23 hours later it still counts; 25 hours later it does not
    const { db, close } = testDb();
    const moveBack = (hours: number) =>
      db
        .update(headshots)
        .set({ queuedAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(headshots.userId, user.id));
    await moveBack(23);
    expect((await generate(q, auth, ids[cap]!)).status).toBe(429);
    await moveBack(25);
    await close();
    expect((await generate(q, auth, ids[cap]!)).status).toBe(202);
  });

  it("puts the headshot back and returns the credit when the queue refuses the message", async () => {
    const { user, auth } = await createTestUser();
    const { body } = await upload(auth);
    const broken = withRecordingQueue({
      GENERATIONS: {
        send: async () => {
          throw new Error("queue down");
        },
      } as unknown as Queue,
    });
    const res = await broken.client.headshots[":id"].generate.$post({ param: { id: body.id } }, { headers: auth });
    expect(res.status).toBe(503);
    expect(await headshotRow(body.id)).toMatchObject({ status: "pending", chargedCredit: false });
    expect((await creditsRow(user.id)).used).toBe(0);
  });

  it("accepts exactly one of twenty parallel calls when one free generation is left (real Postgres in CI)", async () => {
    const { user, auth } = await createTestUser({ freeGranted: 2, freeUsed: 1 });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await seedPending(user.id));
    const q = withRecordingQueue();
    const results: number[] = await Promise.all(ids.map((id) => generate(q, auth, id).then((r) => r.status)));
    expect(results.filter((s) => s === 202)).toHaveLength(1);
    expect(results.filter((s) => s === 402)).toHaveLength(19);
    expect(q.sent).toHaveLength(1);
    expect((await creditsRow(user.id)).used).toBe(2);
    const { db, close } = testDb();
    const rows = await db.select({ status: headshots.status }).from(headshots).where(eq(headshots.userId, user.id));
    await close();
    expect(rows.filter((r) => r.status === "processing")).toHaveLength(1);
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(19);
  });

  it("charges once when the same headshot is generated ten times in parallel", async () => {
    const { user, auth } = await createTestUser();
    const { body } = await upload(auth);
    const q = withRecordingQueue();
    const results = await Promise.all(Array.from({ length: 10 }, () => generate(q, auth, body.id).then((r) => r.status)));
    expect(results.filter((s) => s === 202)).toHaveLength(1);
    expect(results.filter((s) => s === 200)).toHaveLength(9);
    expect(q.sent).toHaveLength(1);
    expect((await creditsRow(user.id)).used).toBe(1);
  });
});
