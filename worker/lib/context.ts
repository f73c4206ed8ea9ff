import { createMiddleware } from "hono/factory";
import { createDb } from "../../db";
import { getConfig } from "../config";
import { Semaphore } from "./semaphore";
import type { AppEnv } from "../env";

/**
 * At most this many requests of one isolate hold a database session at once; the rest wait their turn
 * instead of failing when the server (or Neon's pooler) runs out of connections. Each request's pool
 * holds at most one connection (db/index.ts), so this is also the isolate's connection count.
 */
export const DB_SESSIONS_PER_ISOLATE = 32;
const dbSessions = new Semaphore(DB_SESSIONS_PER_ISOLATE);

/** Validated config and a per-request database client, closed once the response is done. */
export const withServices = createMiddleware<AppEnv>(async (c, next) => {
  const config = getConfig(c.env);
  c.set("config", config);
  const release = await dbSessions.acquire();
  const { db, close } = createDb(config);
  c.set("db", db);
  try {
    await next();
  } finally {
    const closing = close().catch(() => {}).finally(release);
    try {
      c.executionCtx.waitUntil(closing);
    } catch {
      await closing; // no execution context (app.request in unit tests)
    }
  }
});

/** Run `fn` with the config and a database client outside a request (queue consumer, cron). */
export async function withDb<T>(env: Env, fn: (db: ReturnType<typeof createDb>["db"], config: ReturnType<typeof getConfig>) => Promise<T>): Promise<T> {
  const config = getConfig(env);
  const release = await dbSessions.acquire();
  const { db, close } = createDb(config);
  try {
    return await fn(db, config);
  } finally {
    await close().catch(() => {});
    release();
  }
}
