/**
 * Operations counters (table `ops_counts`, decision 188): one row per event name and minute, one atomic
 * upsert per event. What Monitoring and the cron's alerts read that no other row records.
 */
import { and, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db, HttpDb, Tx } from "../../db";
import { opsCounts } from "../../db/schema";

/** The events counted. */
export const OPS_EVENTS = {
  /** A model call, by outcome (worker/ops/model-calls.ts). */
  modelOk: "model.ok",
  modelBlocked: "model.blocked",
  modelRateLimited: "model.rate_limited",
  modelError: "model.error",
  /** A 429 answered to a client (a rate limit or the fair-use cap). */
  http429: "http.429",
  /** A message that reached the dead-letter queue. */
  deadLettered: "queue.dead_lettered",
  /** A cron job that threw. */
  cronFailure: "cron.failure",
  /** Headshots whose photos retention deleted (counted by the chores consumer, decision 260). */
  photosPurged: "retention.purged",
  /** A Stripe webhook answered with an error: a bad signature, a failure while processing (issue 47, decision 319). */
  webhookFailure: "webhook.failure",
} as const;

export type OpsEvent = (typeof OPS_EVENTS)[keyof typeof OPS_EVENTS] | `alert.${string}`;

const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);

/** Counts `n` events named `name` at `at`. */
export async function countEvent(db: Db | Tx | HttpDb, name: OpsEvent, at = new Date(), n = 1): Promise<void> {
  await (db as Db)
    .insert(opsCounts)
    .values({ name, minute: minuteOf(at), count: n })
    .onConflictDoUpdate({ target: [opsCounts.name, opsCounts.minute], set: { count: sql`${opsCounts.count} + ${n}` } });
}

/** How many of each event were counted from `from` (inclusive) to `to` (exclusive, to the minute). */
export async function countsBetween(
  db: Db | Tx | HttpDb,
  names: readonly OpsEvent[],
  from: Date,
  to: Date,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ name: opsCounts.name, count: sql<number>`sum(${opsCounts.count})::int` })
    .from(opsCounts)
    .where(and(inArray(opsCounts.name, [...names]), gte(opsCounts.minute, minuteOf(from)), lt(opsCounts.minute, to)))
    .groupBy(opsCounts.name);
  const counts: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  for (const row of rows) counts[row.name] = Number(row.count);
  return counts;
}

/** Drops counters older than `before` (the cron, past the longest window anything reads). */
export async function pruneOpsCounts(db: Db | Tx, before: Date): Promise<number> {
  const gone = await db.delete(opsCounts).where(lt(opsCounts.minute, before)).returning({ name: opsCounts.name });
  return gone.length;
}
