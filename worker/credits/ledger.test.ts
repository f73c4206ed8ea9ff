import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { credits, users } from "../../db/schema";
import { FREE_GENERATIONS } from "../../domain/limits";
import { createTestUser, env, testDb, uniqueEmail } from "../test/helpers";
import { getConfig } from "../config";
import { addressKey } from "../lib";
import { creditsRow, headshotRow, seedPending } from "../test/headshots";
import { allowanceOf, chargeGenerations, grantFreeGenerations, openCredits, refundGenerations } from ".";

async function withSession<T>(fn: (db: ReturnType<typeof testDb>["db"]) => Promise<T>): Promise<T> {
  const { db, close } = testDb();
  try {
    return await fn(db);
  } finally {
    await close();
  }
}

describe("the credits ledger", () => {
  it("opens a new account with nothing granted, grants FREE_GENERATIONS once", async () => {
    const email = uniqueEmail();
    const userId = await withSession(async (db) => (await db.insert(users).values({ email }).returning())[0]!.id);
    const key = await addressKey(getConfig(env), email);
    await withSession((db) => openCredits(db, userId));
    expect(await creditsRow(userId)).toMatchObject({ granted: 0, used: 0, grantedAt: null });
    expect(await withSession((db) => grantFreeGenerations(db, userId, key))).toBe(true);
    const first = await creditsRow(userId);
    expect(first).toMatchObject({ granted: FREE_GENERATIONS, used: 0 });
    await withSession((db) => db.update(credits).set({ used: 1 }).where(eq(credits.userId, userId))); // test setup
    expect(await withSession((db) => grantFreeGenerations(db, userId, key))).toBe(false);
    expect(await creditsRow(userId)).toMatchObject({ granted: FREE_GENERATIONS, used: 1, grantedAt: first.grantedAt });
    // another account of the same address (issue 35): its grant is recorded, with none in it
    const again = await withSession(async (db) => (await db.insert(users).values({ email: uniqueEmail() }).returning())[0]!.id);
    expect(await withSession((db) => grantFreeGenerations(db, again, key))).toBe(true);
    expect(await creditsRow(again)).toMatchObject({ granted: 0, used: 0 });
  });

  it("charges N headshots all or none, and marks each charged", async () => {
    const { user } = await createTestUser({ freeGranted: 3 });
    const ids = [await seedPending(user.id), await seedPending(user.id)];
    expect(await withSession((db) => chargeGenerations(db, user.id, ids))).toBe(true);
    expect((await creditsRow(user.id)).used).toBe(2);
    for (const id of ids) expect((await headshotRow(id)).chargedCredit).toBe(true);
    // two more when one is left: nothing is taken, nothing is marked
    const more = [await seedPending(user.id), await seedPending(user.id)];
    expect(await withSession((db) => chargeGenerations(db, user.id, more))).toBe(false);
    expect((await creditsRow(user.id)).used).toBe(2);
    for (const id of more) expect((await headshotRow(id)).chargedCredit).toBe(false);
  });

  it("refuses to charge another user's headshot (the caller's transaction rolls back)", async () => {
    const { user } = await createTestUser();
    const other = await createTestUser();
    const theirs = await seedPending(other.user.id);
    await expect(withSession((db) => db.transaction((tx) => chargeGenerations(tx, user.id, [theirs])))).rejects.toThrow(/not chargeable/);
    expect((await creditsRow(user.id)).used).toBe(0);
  });

  it("charges exactly what is left under concurrency (real Postgres in CI)", async () => {
    const { user } = await createTestUser({ freeGranted: 3 });
    const ids = await Promise.all(Array.from({ length: 10 }, () => seedPending(user.id)));
    const results = await Promise.all(ids.map((id) => withSession((db) => db.transaction((tx) => chargeGenerations(tx, user.id, [id])))));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect((await creditsRow(user.id)).used).toBe(3);
  });

  it("refunds each headshot once, however often it is asked", async () => {
    const { user } = await createTestUser();
    const ids = [await seedPending(user.id), await seedPending(user.id)];
    await withSession((db) => chargeGenerations(db, user.id, ids));
    const refunds = await Promise.all([0, 1, 2].map(() => withSession((db) => db.transaction((tx) => refundGenerations(tx, ids)))));
    expect(
      refunds
        .flat()
        .map((r) => r.headshotId)
        .sort(),
    ).toEqual([...ids].sort());
    expect((await creditsRow(user.id)).used).toBe(0);
    expect(await withSession((db) => refundGenerations(db, ids))).toEqual([]);
    expect((await creditsRow(user.id)).used).toBe(0);
  });
});

describe("allowanceOf: what may this person do now", () => {
  it("unverified, free with what is left, or subscriber", async () => {
    const unverified = await createTestUser({ verified: false });
    const free = await createTestUser({ freeUsed: 1 });
    const usedUp = await createTestUser({ freeUsed: 2 });
    const subscriber = await createTestUser({ freeUsed: 2, subscription: { planType: "monthly" } });
    const lapsed = await createTestUser({ freeUsed: 2, subscription: { planType: "monthly", status: "canceled" } });
    await withSession(async (db) => {
      expect(await allowanceOf(db, unverified.user.id)).toEqual({ kind: "unverified" });
      expect(await allowanceOf(db, free.user.id)).toEqual({ kind: "free", remaining: 1, used: 1 });
      expect(await allowanceOf(db, usedUp.user.id)).toEqual({ kind: "free", remaining: 0, used: 2 });
      expect(await allowanceOf(db, subscriber.user.id)).toEqual({ kind: "subscriber", plan: "monthly" });
      expect(await allowanceOf(db, lapsed.user.id)).toEqual({ kind: "free", remaining: 0, used: 2 });
      expect(await allowanceOf(db, crypto.randomUUID())).toBeNull();
    });
  });
});
