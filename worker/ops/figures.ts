/**
 * Monitoring's figures (decision 188), from recorded data only: the ops counters (model calls, 429s, dead letters,
 * cron failures) and the headshot rows (generations, their cost and time, the queue). Admin → Monitoring shows
 * them; the cron's alerts compare the last hour's with the configured thresholds.
 */
import { and, count, gte, inArray, isNotNull, eq, min, sql } from "drizzle-orm";
import type { Db, HttpDb } from "../../db";
import { headshots } from "../../db/schema";
import type { OpsAlert, OpsMonitoring, OpsWindow } from "../../domain/admin-api";
import type { Config } from "../config";
import { countsBetween, OPS_EVENTS } from "./counters";
import { noticesOwed, withdrawalsOwed } from "../billing";

const WINDOWS = { hour: 3_600_000, day: 86_400_000 } as const;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

async function opsWindow(db: Db | HttpDb, window: keyof typeof WINDOWS, now: Date): Promise<OpsWindow> {
  const from = new Date(now.getTime() - WINDOWS[window]);
  const e = OPS_EVENTS;
  const counts = await countsBetween(db, Object.values(e), from, now);
  const modelCalls = {
    ok: counts[e.modelOk]!,
    blocked: counts[e.modelBlocked]!,
    rateLimited: counts[e.modelRateLimited]!,
    error: counts[e.modelError]!,
    total: 0,
  };
  modelCalls.total = modelCalls.ok + modelCalls.blocked + modelCalls.rateLimited + modelCalls.error;
  const rows = await db
    .select({
      status: headshots.status,
      n: count(),
      costCents: sql<number>`coalesce(sum(${headshots.costCents}), 0)::int`,
      avgTimeMs: sql<number | null>`avg(${headshots.durationMs})::int`,
    })
    .from(headshots)
    .where(and(inArray(headshots.status, ["completed", "failed"]), gte(headshots.queuedAt, from)))
    .groupBy(headshots.status);
  const completed = rows.find((r) => r.status === "completed");
  const failed = rows.find((r) => r.status === "failed");
  return {
    window,
    from: from.toISOString(),
    modelCalls,
    modelFailurePercent: percent(modelCalls.error + modelCalls.rateLimited, modelCalls.total),
    model429Percent: percent(modelCalls.rateLimited, modelCalls.total),
    generations: {
      completed: completed?.n ?? 0,
      failed: failed?.n ?? 0,
      costCents: (completed?.costCents ?? 0) + (failed?.costCents ?? 0),
      avgTimeMs: completed?.avgTimeMs ?? null,
    },
    http429: counts[e.http429]!,
    deadLettered: counts[e.deadLettered]!,
    cronFailures: counts[e.cronFailure]!,
    photosPurged: counts[e.photosPurged]!,
    webhookFailures: counts[e.webhookFailure]!,
  };
}

type Thresholds = Pick<
  Config,
  | "ALERT_MODEL_FAILURE_PERCENT"
  | "ALERT_MODEL_RATE_LIMITED_PERCENT"
  | "ALERT_MIN_MODEL_CALLS"
  | "ALERT_QUEUE_AGE_SECONDS"
  | "ALERT_DEAD_LETTERS"
  | "ALERT_WEBHOOK_FAILURES"
>;

/** The alerts' state from the last hour's figures and the queue: a rate fires only over enough calls to mean something. */
export function alertsOf(hour: OpsWindow, queue: OpsMonitoring["queue"], t: Thresholds): OpsAlert[] {
  const enough = hour.modelCalls.total >= t.ALERT_MIN_MODEL_CALLS;
  const failure = hour.modelFailurePercent ?? 0;
  const rate429 = hour.model429Percent ?? 0;
  const age = queue.oldestAgeSeconds ?? 0;
  return [
    {
      kind: "modelFailureRate",
      value: failure,
      threshold: t.ALERT_MODEL_FAILURE_PERCENT,
      firing: enough && failure >= t.ALERT_MODEL_FAILURE_PERCENT,
    },
    {
      kind: "model429Rate",
      value: rate429,
      threshold: t.ALERT_MODEL_RATE_LIMITED_PERCENT,
      firing: enough && rate429 >= t.ALERT_MODEL_RATE_LIMITED_PERCENT,
    },
    { kind: "queueAge", value: age, threshold: t.ALERT_QUEUE_AGE_SECONDS, firing: age >= t.ALERT_QUEUE_AGE_SECONDS },
    { kind: "deadLetters", value: hour.deadLettered, threshold: t.ALERT_DEAD_LETTERS, firing: hour.deadLettered >= t.ALERT_DEAD_LETTERS },
    {
      kind: "webhookFailures",
      value: hour.webhookFailures,
      threshold: t.ALERT_WEBHOOK_FAILURES,
      firing: hour.webhookFailures >= t.ALERT_WEBHOOK_FAILURES,
    },
  ];
}

/** Everything Monitoring shows, as recorded up to `now`. */
export async function opsMonitoring(db: Db | HttpDb, config: Thresholds, now = new Date()): Promise<OpsMonitoring> {
  const hour = await opsWindow(db, "hour", now);
  const day = await opsWindow(db, "day", now);
  const [waiting] = await db
    .select({ n: count(), oldest: min(headshots.queuedAt) })
    .from(headshots)
    .where(eq(headshots.status, "processing"));
  const oldest = waiting?.oldest ? new Date(waiting.oldest) : null;
  const queue = {
    processing: waiting?.n ?? 0,
    oldestAgeSeconds: oldest ? Math.max(0, Math.round((now.getTime() - oldest.getTime()) / 1000)) : null,
  };
  const [purging] = await db
    .select({ n: count() })
    .from(headshots)
    .where(and(isNotNull(headshots.imagesDeletedAt), isNotNull(headshots.originalKey)));
  return {
    at: now.toISOString(),
    windows: [hour, day],
    queue,
    retention: { waiting: purging?.n ?? 0 },
    priceNotices: { waiting: await noticesOwed(db), withdrawals: await withdrawalsOwed(db) },
    alerts: alertsOf(hour, queue, config),
  };
}
