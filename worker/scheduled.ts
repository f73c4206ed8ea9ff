import { sweepStuckGenerations } from "./generation/fail";
import { purgeExpiredImages } from "./headshots/retention";
import { sweepUnusedUploads } from "./headshots/unused-uploads";
import { withDb } from "./lib/context";
import { log } from "./lib/log";
import { pruneRateLimits } from "./lib/rate-limit";

/** Cron trigger: periodic housekeeping. Each job is a plain function that tests call directly. */
export async function handleScheduled(_controller: ScheduledController, env: Env): Promise<void> {
  const failed = await sweepStuckGenerations(env);
  if (failed.length) log("warn", "cron: failed stuck generations", { count: failed.length, ids: failed.map((f) => f.id) });
  const unused = await sweepUnusedUploads(env);
  if (unused) log("info", "cron: deleted uploads never generated", { count: unused });
  const expired = await purgeExpiredImages(env);
  if (expired) log("info", "cron: deleted photos past retention", { count: expired });
  // Rate-limit windows are at most an hour long; a day-old counter can never matter again.
  const pruned = await withDb(env, (db) => pruneRateLimits(db, new Date(Date.now() - 86_400_000)));
  if (pruned) log("info", "cron: pruned rate-limit counters", { count: pruned });
}
