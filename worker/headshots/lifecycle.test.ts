import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { headshots } from "../../db/schema";
import { HEADSHOT_STATUSES, STATUS_MOVES, canMove, type HeadshotStatus, type StatusMove } from "../../domain/headshot-lifecycle";
import { createTestUser, testDb } from "../test/helpers";
import { ForbiddenMove, moveHeadshots } from "./lifecycle";

async function rowIn(userId: string, status: HeadshotStatus): Promise<string> {
  const { db, close } = testDb();
  try {
    const [row] = await db
      .insert(headshots)
      .values({ userId, style: "Corporate", status, originalKey: `u/${userId}/x`, originalMime: "image/jpeg", encryptionKeyId: "t1" })
      .returning({ id: headshots.id });
    return row!.id;
  } finally {
    await close();
  }
}

async function move(from: HeadshotStatus, to: HeadshotStatus, id: string) {
  const { db, close } = testDb();
  try {
    return await moveHeadshots(db, { from, to } as StatusMove, eq(headshots.id, id));
  } finally {
    await close();
  }
}

async function statusOf(id: string): Promise<HeadshotStatus> {
  const { db, close } = testDb();
  try {
    return (await db.select({ s: headshots.status }).from(headshots).where(eq(headshots.id, id)))[0]!.s;
  } finally {
    await close();
  }
}

const allPairs = HEADSHOT_STATUSES.flatMap((from) => HEADSHOT_STATUSES.map((to) => [from, to] as const));

describe("moveHeadshots: every status change is a move of domain/headshot-lifecycle.ts", () => {
  it("the table allows exactly these moves", () => {
    expect(allPairs.filter(([f, t]) => canMove(f, t)).map(([f, t]) => `${f}→${t}`)).toEqual([
      "pending→processing",
      "processing→pending",
      "processing→completed",
      "processing→failed",
    ]);
  });

  for (const [from, to] of allPairs) {
    if (canMove(from, to)) {
      it(`moves ${from} → ${to}, once, and only a row still ${from}`, async () => {
        const { user } = await createTestUser();
        const id = await rowIn(user.id, from);
        const moved = await move(from, to, id);
        expect(moved).toEqual([{ id, userId: user.id, chargedCredit: false }]);
        expect(await statusOf(id)).toBe(to);
        // the same move again finds no row in `from`: a racing writer cannot move it twice
        expect(await move(from, to, id)).toEqual([]);
        expect(await statusOf(id)).toBe(to);
        // a row in any other status is not moved by a move from `from`
        for (const other of HEADSHOT_STATUSES.filter((s) => s !== from)) {
          const otherId = await rowIn(user.id, other);
          expect(await move(from, to, otherId)).toEqual([]);
          expect(await statusOf(otherId)).toBe(other);
        }
      });
    } else {
      it(`refuses ${from} → ${to} before touching the row`, async () => {
        const { user } = await createTestUser();
        const id = await rowIn(user.id, from);
        await expect(move(from, to, id)).rejects.toBeInstanceOf(ForbiddenMove);
        expect(await statusOf(id)).toBe(from);
      });
    }
  }

  it("finished statuses have no moves out", () => {
    expect(STATUS_MOVES.completed).toEqual([]);
    expect(STATUS_MOVES.failed).toEqual([]);
  });
});
