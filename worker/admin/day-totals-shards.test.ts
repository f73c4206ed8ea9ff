/**
 * headshot_day_totals in shards (issue 38, decision 241): every generation used to update the same
 * (day, status) row inside its transaction, so all generations queued on one row lock. A headshot is now
 * counted in the shard its id hashes to: two headshots of different shards write different rows (no
 * shared lock), a headshot's every move stays in its own shard, and the figures sum the shards exactly.
 */
import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { HEADSHOT_DAY_TOTALS_SHARDS, headshotDayTotals, headshots, users } from "../../db/schema";
import { uniqueEmail } from "../test/helpers";
import { withTestDb } from "../test/admin";
import * as figures from "./figures";
import { foldDayTotalShards } from "./day-totals";

const at = (iso: string) => new Date(iso);
const DAY = "1994-06-01"; // seen by no other test

describe("headshot_day_totals shards", () => {
  it("spreads one day's headshots over the shards, keeps each headshot's moves in its shard, and sums to the figures", async () => {
    await withTestDb(async (db) => {
      const [u] = await db
        .insert(users)
        .values({ email: uniqueEmail("shards"), createdAt: at("1994-01-01T00:00:00Z") })
        .returning();
      const base = { userId: u!.id, style: "Office", originalMime: "image/jpeg", encryptionKeyId: "t1", createdAt: at(`${DAY}T10:00:00Z`) };
      const rows = await db
        .insert(headshots)
        .values(Array.from({ length: 40 }, () => ({ ...base, originalKey: `shards/${crypto.randomUUID()}` })))
        .returning({ id: headshots.id });
      const ids = rows.map((r) => r.id);
      // the shard of each: the low bits of the id's hash, as the trigger computes it
      const shardOf = new Map<string, number>();
      for (const id of ids) {
        const res = await db.execute(sql`select (hashtext(${id}::text) & ${HEADSHOT_DAY_TOTALS_SHARDS - 1})::int as shard`);
        shardOf.set(id, Number((res.rows[0] as { shard: number }).shard));
      }
      // the moves of a generation: pending → processing → completed, with its cost and time
      for (const id of ids.slice(0, 30)) {
        await db.update(headshots).set({ status: "processing" }).where(eq(headshots.id, id));
        await db.update(headshots).set({ status: "completed", costCents: 4, durationMs: 2000 }).where(eq(headshots.id, id));
      }
      const totals = await db
        .select()
        .from(headshotDayTotals)
        .where(and(eq(headshotDayTotals.day, DAY)));
      // each shard row holds exactly the headshots hashed to it
      const expected = new Map<string, number>();
      ids.forEach((id, i) => {
        const key = `${i < 30 ? "completed" : "pending"}/${shardOf.get(id)}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      });
      const got = new Map(totals.filter((t) => t.headshots !== 0).map((t) => [`${t.status}/${t.shard}`, t.headshots]));
      expect(got).toEqual(expected);
      // processing came and went in every shard it touched: nothing left there
      expect(totals.filter((t) => t.status === "processing").every((t) => t.headshots === 0 && t.costCents === 0)).toBe(true);
      // 40 random ids over 16 shards: more than one row per status (the chance of one shard is 16^-39)
      expect(new Set(totals.filter((t) => t.status === "completed" && t.headshots > 0).map((t) => t.shard)).size).toBeGreaterThan(1);
      expect(totals.every((t) => t.shard >= 0 && t.shard < HEADSHOT_DAY_TOTALS_SHARDS)).toBe(true);

      // the figures sum the shards: 30 completed at 4 cents and 2 s each
      const g = await figures.generationAnalytics(db, at("1994-06-03T00:00:00Z"));
      expect(g.daily.find((d) => d.date === DAY)).toEqual({ date: DAY, successful: 30, failed: 0 });
      expect(await figures.generationCost(db, { from: at(`${DAY}T00:00:00Z`), to: at("1994-06-02T00:00:00Z") })).toBe(120);

      // the cron folds a day that is over back into shard 0: one row per status, the same figures
      const dayRows = () => db.select().from(headshotDayTotals).where(eq(headshotDayTotals.day, DAY));
      expect(await foldDayTotalShards({ db, now: at(`${DAY}T23:00:00Z`) })).toBe(0); // not over yet: untouched
      expect(await foldDayTotalShards({ db, now: at("1994-06-03T00:30:00Z") })).toBeGreaterThan(0);
      const folded = await dayRows();
      expect(folded.every((t) => t.shard === 0)).toBe(true);
      expect(new Map(folded.filter((t) => t.headshots).map((t) => [t.status, t.headshots]))).toEqual(
        new Map([
          ["completed", 30],
          ["pending", 10],
        ]),
      );
      expect(await figures.generationCost(db, { from: at(`${DAY}T00:00:00Z`), to: at("1994-06-02T00:00:00Z") })).toBe(120);
      // a late move of that day's headshot lands in its shard again, and the next fold takes it in
      await db.delete(headshots).where(eq(headshots.id, ids[0]!));
      expect((await dayRows()).some((t) => t.shard !== 0)).toBe(shardOf.get(ids[0]!) !== 0);
      await foldDayTotalShards({ db, now: at("1994-06-03T00:35:00Z") });
      const after = await dayRows();
      expect(after.every((t) => t.shard === 0)).toBe(true);
      expect(after.find((t) => t.status === "completed")?.headshots).toBe(29);
      expect(await figures.generationCost(db, { from: at(`${DAY}T00:00:00Z`), to: at("1994-06-02T00:00:00Z") })).toBe(116);
      await db.delete(users).where(eq(users.id, u!.id));
    });
  });
});
