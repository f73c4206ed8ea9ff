/** `oneAtATime` (issue 35, decision 177): what makes one team's billing changes run one at a time. */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { leases } from "../../db/schema";
import { testDb } from "../test/helpers";
import { oneAtATime } from "./lease";

const BUSY = "busy";

describe("oneAtATime", () => {
  it("runs holders of one key one after the other, and different keys side by side", async () => {
    const { db, close } = testDb();
    try {
      const key = `test:${crypto.randomUUID()}`;
      const events: string[] = [];
      let release!: () => void;
      const firstHolds = new Promise<void>((r) => (release = r));
      const first = oneAtATime(db, key, BUSY, async () => {
        events.push("first starts");
        await firstHolds;
        events.push("first ends");
      });
      while (!events.includes("first starts")) await new Promise((r) => setTimeout(r, 10));
      const second = oneAtATime(db, key, BUSY, async () => void events.push("second runs"));
      const other = oneAtATime(db, `test:${crypto.randomUUID()}`, BUSY, async () => void events.push("other key runs"));
      await other;
      await new Promise((r) => setTimeout(r, 400)); // the second polls meanwhile
      expect(events).toEqual(["first starts", "other key runs"]);
      release();
      await Promise.all([first, second]);
      expect(events).toEqual(["first starts", "other key runs", "first ends", "second runs"]);
    } finally {
      await close();
    }
  });

  it("answers 409 when the holder keeps it longer than the wait, and takes over a lease that expired", async () => {
    const { db, close } = testDb();
    try {
      const key = `test:${crypto.randomUUID()}`;
      await db.insert(leases).values({ key, holder: "a request that died", expiresAt: sql`now() + interval '1 hour'` });
      await expect(oneAtATime(db, key, BUSY, async () => "ran", { waitMs: 300 })).rejects.toMatchObject({ status: 409, message: BUSY });
      await db
        .update(leases)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(leases.key, key));
      expect(await oneAtATime(db, key, BUSY, async () => "ran", { waitMs: 300 })).toBe("ran");
    } finally {
      await close();
    }
  });
});
