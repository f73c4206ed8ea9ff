/**
 * Ending a headshot and giving its free generation back, in one transaction so it happens exactly once:
 * - a failure: only rows still `processing` are failed (the lifecycle's guarded move, the same condition
 *   a completion needs, so a row is either completed or failed, never both);
 * - a removal by moderation (decision 061): only rows not yet removed move, whatever their status.
 * The ledger refunds only headshots still marked charged, clearing the mark and recording
 * `credit_refunded`, so a second attempt (or a failure after a removal) finds nothing to refund, and the
 * owner can be told that the generation was given back.
 */
import { and, eq, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { headshots } from "../../db/schema";
import { MESSAGES } from "../../domain/limits";
import { refundGenerations } from "../credits";
import { moveHeadshots } from "../headshots";
import type { JobDeps } from "../lib";

export interface FailedRow {
  id: string;
  userId: string;
  refunded: boolean;
}

async function withRefunds(tx: Tx, rows: readonly { id: string; userId: string }[]): Promise<FailedRow[]> {
  const refunded = new Set(
    (
      await refundGenerations(
        tx,
        rows.map((r) => r.id),
      )
    ).map((r) => r.headshotId),
  );
  return rows.map((r) => ({ id: r.id, userId: r.userId, refunded: refunded.has(r.id) }));
}

async function failWhere(db: Db, condition: SQL, error: string): Promise<FailedRow[]> {
  return db.transaction(async (tx) => {
    const failed = await moveHeadshots(tx, { from: "processing", to: "failed" }, condition, { error, completedAt: sql`now()` });
    return withRefunds(tx, failed);
  });
}

/** Fails one headshot (if still processing) and refunds its free generation. */
export async function failGeneration(db: Db, headshotId: string, error: string): Promise<FailedRow | null> {
  const [row] = await failWhere(db, eq(headshots.id, headshotId), error);
  return row ?? null;
}

/**
 * Moderation's removal (decision 061): marks these headshots `removed` and gives back the free
 * generation each had cost (a completed one too: its owner can no longer have it). Headshots already
 * removed are left as they are, so removing twice refunds once. Runs in the caller's transaction.
 */
export async function removeWithRefund(tx: Tx, ids: string[]): Promise<FailedRow[]> {
  if (ids.length === 0) return [];
  const removed = await tx
    .update(headshots)
    .set({ moderationStatus: "removed", updatedAt: sql`now()` })
    .where(and(inArray(headshots.id, ids), ne(headshots.moderationStatus, "removed")))
    .returning({ id: headshots.id, userId: headshots.userId });
  return withRefunds(tx, removed);
}

/**
 * The cron sweeper: fails every row still processing whose lease ran out more than `STUCK_AFTER_MINUTES` ago
 * (a consumer that crashed, a message that went to the dead-letter queue), and refunds them. The lease is the
 * try under way's or the retry schedule's (process.ts, decision 190), so a job waiting for its next try or for
 * the model's quota is never swept; a row no try has claimed yet counts from when it was queued.
 */
export async function sweepStuckGenerations({ db, config, now }: Pick<JobDeps, "db" | "config" | "now">): Promise<FailedRow[]> {
  const cutoff = new Date(now.getTime() - config.STUCK_AFTER_MINUTES * 60_000);
  return failWhere(db, lt(sql`coalesce(${headshots.leaseUntil}, ${headshots.queuedAt})`, cutoff), MESSAGES.generationStuck);
}
