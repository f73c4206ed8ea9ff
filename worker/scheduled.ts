import { sweepStuckGenerations } from "./generation/fail";
import { log } from "./lib/log";

/** Cron trigger: periodic housekeeping. Each job is a plain function that tests call directly. */
export async function handleScheduled(_controller: ScheduledController, env: Env): Promise<void> {
  const failed = await sweepStuckGenerations(env);
  if (failed.length) log("warn", "cron: failed stuck generations", { count: failed.length, ids: failed.map((f) => f.id) });
}
