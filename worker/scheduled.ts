import { sweepStuckGenerations } from "./generation";
import { finishShootsOf } from "./shoots";
import { purgeExpiredImages, sweepOrphanedObjects, sweepUnusedUploads } from "./headshots";
import { getConfig } from "./config";
import { withDb, type JobDeps, log, pruneRateLimits } from "./lib";
import { refreshLandingFigures } from "./landing";
import { resumePriceChangeNotices } from "./billing";
import { createMailer } from "./mail";

/** Rate-limit windows are at most an hour long; a day-old counter can never matter again. */
const RATE_LIMIT_KEEP_MS = 86_400_000;

/**
 * The cron's jobs, in order, on the dependencies they are given (one session, the bucket, the config,
 * the run's clock). Tests call this (or one job) with their own clock.
 */
export async function runHousekeeping(deps: JobDeps): Promise<void> {
  const failed = await sweepStuckGenerations(deps);
  if (failed.length) log("warn", "cron: failed stuck generations", { count: failed.length, ids: failed.map((f) => f.id) });
  // a shoot whose last picture the sweeper failed finishes now, with its email if asked (worker/shoots/finish.ts)
  await finishShootsOf(
    deps,
    failed.map((f) => f.id),
  );
  const unused = await sweepUnusedUploads(deps);
  if (unused) log("info", "cron: deleted uploads never generated", { count: unused });
  const expired = await purgeExpiredImages(deps);
  if (expired) log("info", "cron: deleted photos past retention", { count: expired });
  // objects a dead worker left without rows (issue 35); the whole bucket is listed, so once an hour
  if (deps.now.getUTCMinutes() < 5) {
    const orphans = await sweepOrphanedObjects(deps);
    if (orphans) log("warn", "cron: deleted photos that had no rows", { count: orphans });
  }
  const pruned = await pruneRateLimits(deps.db, new Date(deps.now.getTime() - RATE_LIMIT_KEEP_MS));
  if (pruned) log("info", "cron: pruned rate-limit counters", { count: pruned });
  const told = await resumePriceChangeNotices(deps.db, deps.config, createMailer(deps.config, { IMAGES: deps.bucket }), deps.now);
  if (told) log("info", "cron: price change notices sent on retry", { count: told });
  // this isolate's landing figures (each isolate also refreshes its own, worker/landing/figures.ts)
  await refreshLandingFigures(deps.config);
}

/** Cron trigger: periodic housekeeping, with one database session for the whole run. */
export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const now = new Date(controller.scheduledTime || Date.now());
  await withDb(env, (db) => runHousekeeping({ db, bucket: env.IMAGES, config: getConfig(env), now }));
}
