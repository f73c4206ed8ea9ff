/**
 * Failing generations and giving the free generation back, in one SQL statement so it happens exactly
 * once: only rows still `processing` are failed (the same condition a completion needs, so a row is
 * either completed or failed, never both), and only rows that had `charged_credit` refund it — the flag
 * is cleared in the same UPDATE, so a second attempt finds nothing to refund.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { withDb } from "../lib/context";

export interface FailedRow {
  id: string;
  userId: string;
  refunded: boolean;
}

async function failWhere(db: Db, condition: SQL, error: string): Promise<FailedRow[]> {
  const result = await db.execute(sql`
    with target as (
      select id, user_id, charged_credit from headshots
      where status = 'processing' and ${condition}
      for update
    ), failed as (
      update headshots h
      set status = 'failed', error = ${error}, charged_credit = false, completed_at = now(), updated_at = now()
      from target t
      where h.id = t.id and h.status = 'processing'
      returning h.id, t.user_id, t.charged_credit
    ), refunds as (
      update credits c
      set used = greatest(c.used - r.n, 0), updated_at = now()
      from (select user_id, count(*)::int as n from failed where charged_credit group by user_id) r
      where c.user_id = r.user_id
      returning c.user_id
    )
    select id, user_id, charged_credit from failed
  `);
  return (result.rows as { id: string; user_id: string; charged_credit: boolean }[]).map((r) => ({
    id: r.id,
    userId: r.user_id,
    refunded: r.charged_credit,
  }));
}

/** Fails one headshot (if still processing) and refunds its free generation. */
export async function failGeneration(db: Db, headshotId: string, error: string): Promise<FailedRow | null> {
  const [row] = await failWhere(db, sql`id = ${headshotId}`, error);
  return row ?? null;
}

/**
 * The cron sweeper: fails every row queued more than `STUCK_AFTER_MINUTES` ago and still processing
 * (a consumer that crashed, a message that went to the dead-letter queue), and refunds them.
 */
export async function sweepStuckGenerations(env: Env, now: Date = new Date()): Promise<FailedRow[]> {
  return withDb(env, (db, config) => {
    const cutoff = new Date(now.getTime() - config.STUCK_AFTER_MINUTES * 60_000);
    return failWhere(db, sql`queued_at < ${cutoff.toISOString()}::timestamptz`, "Generation failed");
  });
}
