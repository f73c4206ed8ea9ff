/**
 * Starting a shoot (issue 24): one transaction takes the user's row lock, checks what they may do
 * (worker/credits allowance), writes the shoot and one headshot per style, moves them all
 * pending → processing (the lifecycle's one writer) and charges the whole set through the credits
 * ledger: a free person's generations all or none, exact under concurrency (the ledger's conditional
 * UPDATE under the row lock); a subscriber's set takes one picture each from their fair-use allowance, all or
 * none (worker/credits/fair-use.ts, decision 295). Any refusal
 * throws and rolls everything back; the caller then deletes the objects it stored (photo-intake.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { headshots, shoots } from "../../db/schema";
import { allowanceOf, chargeGenerations, chargesFreeGenerations, hasPaidFeatures, refundGenerations, takeFairUse } from "../credits";
import { ACCOUNT_GONE, subscriptionRequired, unauthorized, said } from "../lib";
import { m } from "../../copy";
import { moveHeadshots, freeUsed, verifyFirst } from "../headshots";
import type { Gender, StyleId } from "../../domain/styles";

export interface NewShoot {
  id: string;
  styles: StyleId[];
  gender: Gender | null;
  emailWhenReady: boolean;
  photoCount: number;
  /** The headshot of each style (same order), the shoot's first photo's object (shared) and how it was encrypted. */
  headshots: { id: string; style: StyleId; originalKey: string; originalMime: string; encryptionKeyId: string }[];
}

/** A free person asked for more pictures than they have generations left: nothing is taken. */
const notEnoughLeft = (remaining: number, asked: number) =>
  remaining === 0 ? freeUsed() : subscriptionRequired(said(m.errors_shoot_too_many_styles, { remaining, asked }));

/** Writes, starts and charges the whole shoot, or nothing. Returns the headshot ids to queue. */
export async function startShoot(db: Db, userId: string, shoot: NewShoot): Promise<string[]> {
  const n = shoot.headshots.length;
  return db.transaction(async (tx) => {
    const allowance = await allowanceOf(tx, userId, { lock: true });
    if (!allowance) throw unauthorized(ACCOUNT_GONE, "account_gone");
    if (allowance.kind === "unverified") throw verifyFirst();
    if (allowance.kind === "free" && allowance.remaining < n) throw notEnoughLeft(allowance.remaining, n);
    const fairUse = hasPaidFeatures(allowance);
    if (fairUse) await takeFairUse(tx, userId, allowance, n);

    await tx.insert(shoots).values({
      id: shoot.id,
      userId,
      styles: shoot.styles,
      photoCount: shoot.photoCount,
      emailWhenReady: shoot.emailWhenReady,
    });
    await tx.insert(headshots).values(shoot.headshots.map((h) => ({ ...h, userId, shootId: shoot.id, gender: shoot.gender })));
    const started = await moveHeadshots(
      tx,
      { from: "pending", to: "processing" },
      and(eq(headshots.shootId, shoot.id), eq(headshots.userId, userId)),
      { queuedAt: sql`now()`, attempts: 0, error: null, fairUseCharged: fairUse },
    );
    const ids = started.map((h) => h.id);
    // the ledger's conditional UPDATE decides under concurrency: false means fewer were left than asked
    if (chargesFreeGenerations(allowance) && !(await chargeGenerations(tx, userId, ids))) throw freeUsed();
    return shoot.headshots.map((h) => h.id);
  });
}

/** Undo a shoot whose queue messages could not be sent: its pictures back to pending, every generation returned. */
export async function undoShoot(db: Db, userId: string, shootId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await moveHeadshots(
      tx,
      { from: "processing", to: "pending" },
      and(eq(headshots.shootId, shootId), eq(headshots.userId, userId)),
      { queuedAt: null },
    );
    await refundGenerations(
      tx,
      moved.map((m) => m.id),
    );
  });
}
