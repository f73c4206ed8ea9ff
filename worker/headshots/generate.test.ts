import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MESSAGES } from "../../domain/limits";
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
