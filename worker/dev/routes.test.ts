import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { api, env, uniqueEmail } from "../test/helpers";
import { getConfig } from "../config";
import { errorHandler } from "../app";
import type { AppEnv } from "../env";
import { withServices } from "../lib/context";
import { devRoutes } from "./routes";

describe("/api/dev", () => {
  it("offers no way to become a subscriber without paying (checkout through Stripe is the only one)", async () => {
    const res = await api("/api/dev/subscription", {
      // raw: a route that must not exist
      method: "POST",
      body: JSON.stringify({ email: uniqueEmail(), planType: "monthly" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(404);
  });

  it("does not exist in production", async () => {
    const app = new Hono<AppEnv>()
      .use(withServices)
      .use(async (c, next) => {
        c.set("config", { ...getConfig(env), ENVIRONMENT: "production" });
        await next();
      })
      .route("/api/dev", devRoutes)
      .onError(errorHandler);
    const res = await app.request(`/api/dev/mailbox?to=${encodeURIComponent(uniqueEmail())}`, {}, env);
    expect(res.status).toBe(404);
  });
});
