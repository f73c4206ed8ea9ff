import { Hono } from "hono";
import { sql } from "drizzle-orm";
import type { AppEnv } from "../env";
import { errorFields, log } from "../lib";

type Check = "ok" | "error";

async function check(name: string, requestId: string, fn: () => Promise<unknown>): Promise<Check> {
  try {
    await fn();
    return "ok";
  } catch (err) {
    log("error", `health: ${name} failed`, { requestId, ...errorFields(err) });
    return "error";
  }
}

/** GET /api/health — touches the database, the bucket and the queue for real. */
export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const requestId = c.get("requestId");
  const [database, storage, queue] = await Promise.all([
    check("database", requestId, () => c.var.db.execute(sql`select 1`)),
    check("storage", requestId, async () => {
      const key = `health/${crypto.randomUUID()}`;
      await c.env.IMAGES.put(key, "ok");
      const obj = await c.env.IMAGES.get(key);
      if ((await obj?.text()) !== "ok") throw new Error("read back mismatch");
      await c.env.IMAGES.delete(key);
    }),
    check("queue", requestId, () => c.env.GENERATIONS.send({ ping: requestId })),
  ]);
  const ok = database === "ok" && storage === "ok" && queue === "ok";
  c.header("Cache-Control", "no-store");
  return c.json({ status: ok ? "ok" : "degraded", database, storage, queue }, ok ? 200 : 503);
});
