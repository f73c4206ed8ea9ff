import { createMiddleware } from "hono/factory";
import { createDb, directDatabaseUrl, type Db } from "../../db";
import { getConfig, type Config } from "../config";
import type { AppEnv, ChoreMessage } from "../env";

/** Validated config and a per-request database client, closed once the response is done. */
export const withServices = createMiddleware<AppEnv>(async (c, next) => {
  const config = getConfig(c.env);
  c.set("config", config);
  const { db, http, close } = createDb(config);
  c.set("db", db);
  c.set("httpDb", http);
  try {
    await next();
  } finally {
    const closing = close().catch(() => {});
    try {
      c.executionCtx.waitUntil(closing);
    } catch {
      await closing; // no execution context (app.request in unit tests)
    }
  }
});

/**
 * What a cron job is given (worker/scheduled.ts builds it once per run; tests build their own, with any
 * clock): one database session, the images bucket, the chores queue, the validated config and the run's time.
 */
export interface JobDeps {
  db: Db;
  bucket: R2Bucket;
  /** Work the cron hands off to be done in parallel (retention's deletes, decision 260). */
  chores: Queue<ChoreMessage>;
  config: Config;
  now: Date;
}

/**
 * Run `fn` with the config and a database client outside a request (queue consumer, cron); closed after. `direct`:
 * on the database's direct address rather than Neon's pooler, for a session that relies on `SET` (the cron's
 * statement timeout, decision 317).
 */
export async function withDb<T>(env: Env, fn: (db: Db, config: Config) => Promise<T>, options: { direct?: boolean } = {}): Promise<T> {
  const config = getConfig(env);
  const { db, close } = createDb(options.direct ? { ...config, DATABASE_URL: directDatabaseUrl(config.DATABASE_URL) } : config);
  try {
    return await fn(db, config);
  } finally {
    await close().catch(() => {});
  }
}
