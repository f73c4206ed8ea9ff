import { Hono } from "hono";
import { sql } from "drizzle-orm";
import type { AppEnv } from "../env";
import { errorFields, log } from "../lib";

/**
 * GET /api/health — public liveness: the isolate runs and its configuration is valid (a bad one is a 503 from
 * the error handler before this runs, decision 185). No database session, storage write or queue message, so
 * an anonymous caller costs nothing but the request (decision 186).
 */
export const healthRoutes = new Hono<AppEnv>().get("/", (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ status: "ok" as const });
});

type Check = "ok" | "error";

async function check(name: string, fn: () => Promise<unknown>): Promise<Check> {
  try {
    await fn();
    return "ok";
  } catch (err) {
    log("error", `health: ${name} failed`, errorFields(err));
    return "error";
  }
}

/**
 * GET /api/admin/health — the operator's deep check (mounted under the operator-only admin area): touches the
 * database, the bucket and the queue for real; 503 with the same body when one fails.
 */
export const deepHealthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const [database, storage, queue] = await Promise.all([
    check("database", () => c.var.db.execute(sql`select 1`)),
    check("storage", async () => {
      const key = `health/${crypto.randomUUID()}`;
      await c.env.IMAGES.put(key, "ok");
      const obj = await c.env.IMAGES.get(key);
      if ((await obj?.text()) !== "ok") throw new Error("read back mismatch");
      await c.env.IMAGES.delete(key);
    }),
    check("queue", () => c.env.GENERATIONS.send({ ping: "health", requestId: c.get("requestId") })),
  ]);
  const ok = database === "ok" && storage === "ok" && queue === "ok";
  c.header("Cache-Control", "no-store");
  return c.json({ status: ok ? "ok" : "degraded", database, storage, queue }, ok ? 200 : 503);
});
