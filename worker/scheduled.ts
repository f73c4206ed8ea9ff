import { sql } from "drizzle-orm";
import { checkModelsWithGoogle, noticeModelShutdown, sweepStuckGenerations } from "./generation";
import { finishShootsOf } from "./shoots";
import { queueExpiredImages, sweepOrphanedObjects, sweepUnusedUploads } from "./headshots";
import { getConfig } from "./config";
import { currentRequestId, withDb, type JobDeps, errorFields, log, pruneRateLimits, withRequestId } from "./lib";
import { refreshLandingFigures } from "./landing";
import { foldDayTotalShards } from "./admin";
import { resumePriceChangeNotices } from "./billing";
import { createMailer } from "./mail";
import { countEvent, OPS_EVENTS, pruneOpsCounts, reportError, sendAlerts } from "./ops";
import { sendDueReminders } from "./teams";

/** Rate-limit windows are at most an hour long; a day-old counter can never matter again. */
const RATE_LIMIT_KEEP_MS = 86_400_000;
/** Monitoring reads the last day of ops counters; a week is kept for a look back. */
const OPS_COUNTS_KEEP_MS = 7 * 86_400_000;
/** No statement of a cron job may run longer than this (decision 189): a stuck one ends, the next job runs. */
export const CRON_STATEMENT_TIMEOUT_MS = 30_000;
/** The hour (UTC) of the daily models.list check: before Europe's morning, so a missing model is mailed before people's shoots. */
export const MODEL_CHECK_HOUR_UTC = 4;

export interface CronJob {
  name: string;
  run: (deps: JobDeps) => Promise<void>;
}

/** The cron's jobs, in order. Each runs on its own: one that throws is logged and counted, and the next runs. */
export const HOUSEKEEPING: CronJob[] = [
  {
    name: "stuck generations",
    run: async (deps) => {
      const failed = await sweepStuckGenerations(deps);
      if (failed.length) log("warn", "cron: failed stuck generations", { count: failed.length, ids: failed.map((f) => f.id) });
      // a shoot whose last picture the sweeper failed finishes now, with its email if asked (worker/shoots/finish.ts)
      await finishShootsOf(
        deps,
        failed.map((f) => f.id),
      );
    },
  },
  {
    name: "unused uploads",
    run: async (deps) => {
      const unused = await sweepUnusedUploads(deps);
      if (unused) log("info", "cron: deleted uploads never generated", { count: unused });
    },
  },
  {
    name: "retention",
    run: async (deps) => {
      const expired = await queueExpiredImages(deps);
      if (expired) log("info", "cron: photos past retention marked, their objects sent to be deleted", { count: expired });
    },
  },
  {
    // objects a dead worker left without rows (issue 35): a few pages of the bucket a run, from where the last stopped
    name: "orphaned photos",
    run: async (deps) => {
      const orphans = await sweepOrphanedObjects(deps);
      if (orphans) log("warn", "cron: photos that had no rows sent to be deleted", { count: orphans });
    },
  },
  {
    name: "counters",
    run: async ({ db, now }) => {
      const pruned = await pruneRateLimits(db, new Date(now.getTime() - RATE_LIMIT_KEEP_MS));
      if (pruned) log("info", "cron: pruned rate-limit counters", { count: pruned });
      await pruneOpsCounts(db, new Date(now.getTime() - OPS_COUNTS_KEEP_MS));
    },
  },
  {
    name: "price change notices",
    run: async (deps) => {
      const queued = await resumePriceChangeNotices(deps);
      if (queued) log("info", "cron: price change notices and withdrawals queued again", { count: queued });
    },
  },
  {
    // teams that asked for weekly reminders (issue 37, decision 222): each person at most once a week, so hourly is enough
    name: "team photo reminders",
    run: async (deps) => {
      if (deps.now.getUTCMinutes() >= 5) return;
      const sent = await sendDueReminders(deps.db, createMailer(deps.config, { IMAGES: deps.bucket }), deps.config.APP_URL ?? "");
      if (sent) log("info", "cron: team photo reminders sent", { count: sent });
    },
  },
  {
    name: "model shutdown notice",
    run: async (deps) => {
      if (await noticeModelShutdown(deps))
        log("warn", "cron: told the operator of the image model's coming shutdown", { model: deps.config.GEMINI_MODEL });
    },
  },
  {
    // once a day (the cron runs every 5 minutes): Google's own list of models against the chain and the table (decision 293)
    name: "models with Google",
    run: async (deps) => {
      if (deps.now.getUTCHours() !== MODEL_CHECK_HOUR_UTC || deps.now.getUTCMinutes() >= 5) return;
      const missing = await checkModelsWithGoogle(deps);
      if (missing.chain.length || missing.table.length) log("warn", "cron: Google no longer lists some image models", { ...missing });
    },
  },
  {
    // the day totals' shards of days that are over, back into one row per day and status (decision 241)
    name: "day totals",
    run: async (deps) => {
      await foldDayTotalShards(deps);
    },
  },
  {
    name: "alerts",
    run: async (deps) => {
      const sent = await sendAlerts(deps);
      if (sent.length) log("warn", "cron: alerts sent to the operator", { alerts: sent });
    },
  },
  // this isolate's landing figures (each isolate also refreshes its own, worker/landing/figures.ts)
  { name: "landing figures", run: (deps) => refreshLandingFigures(deps.config) },
];

/**
 * Runs `jobs` one after another on one session. Before each, the session's statement timeout is set (a job that
 * lost its connection gets a new one without it): a statement that runs longer is cancelled by the server, the
 * job fails, and the next one runs. A session `SET` holds only on a session of its own, so the cron's session is
 * opened on the database's direct address, not through Neon's pooler, whose transaction mode does not keep it
 * (handleScheduled; decision 317). A job that throws is logged and counted (`cron.failure`), and the next one
 * runs. Returns the names of the jobs that failed.
 */
export async function runJobs(jobs: CronJob[], deps: JobDeps, statementTimeoutMs = CRON_STATEMENT_TIMEOUT_MS): Promise<string[]> {
  const failed: string[] = [];
  for (const job of jobs) {
    try {
      await deps.db.execute(sql.raw(`set statement_timeout = ${Math.trunc(statementTimeoutMs)}`));
      await job.run(deps);
    } catch (err) {
      failed.push(job.name);
      log("error", `cron: ${job.name} failed`, { job: job.name, ...errorFields(err) });
      reportError(err, currentRequestId());
      await countEvent(deps.db, OPS_EVENTS.cronFailure, deps.now).catch((e: unknown) =>
        log("error", "cron: failure not counted", errorFields(e)),
      );
    }
  }
  return failed;
}

/** The cron's housekeeping on the dependencies given (tests call this, or one job, with their own clock). */
export const runHousekeeping = (deps: JobDeps) => runJobs(HOUSEKEEPING, deps);

/**
 * Cron trigger: periodic housekeeping, with one database session for the whole run (on the direct address, so its
 * statement timeout holds: runJobs), in its own request id.
 */
export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const now = new Date(controller.scheduledTime || Date.now());
  await withRequestId(`cron-${now.toISOString()}`, () =>
    withDb(env, (db) => runHousekeeping({ db, bucket: env.IMAGES, chores: env.CHORES, config: getConfig(env), now }), { direct: true }),
  );
}
