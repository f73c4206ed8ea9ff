import { createMiddleware } from "hono/factory";
import { createDb } from "../../db";
import { getConfig } from "../config";
import type { AppEnv } from "../env";

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

/** Run `fn` with the config and a database client outside a request (queue consumer, cron). */
export async function withDb<T>(env: Env, fn: (db: ReturnType<typeof createDb>["db"], config: ReturnType<typeof getConfig>) => Promise<T>): Promise<T> {
  const config = getConfig(env);
  const { db, close } = createDb(config);
  try {
    return await fn(db, config);
  } finally {
    await close().catch(() => {});
  }
}
