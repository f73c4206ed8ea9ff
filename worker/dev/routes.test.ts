import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { api, createTestUser, env, json, uniqueEmail } from "../test/helpers";
import { getConfig } from "../config";
import { errorHandler } from "../app";
import type { AppEnv } from "../env";
import { withServices } from "../lib/context";
import { devRoutes } from "./routes";

const post = (body: unknown) =>
  api("/api/dev/subscription", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

describe("POST /api/dev/subscription", () => {
  it("makes an account a subscriber for the plan's period", async () => {
    const { user, auth } = await createTestUser();
    const res = await post({ email: user.email.toUpperCase(), planType: "weekly" });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({ status: "active", planType: "weekly" });
    const days = (Date.parse(body.currentPeriodEnd) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.01);
    const sub = await json(await api("/api/stripe/subscription", { headers: auth }));
    expect(sub).toMatchObject({ status: "active", planType: "weekly" });
  });

  it("refuses unknown accounts and bad plans with a 4xx", async () => {
    expect((await post({ email: uniqueEmail(), planType: "monthly" })).status).toBe(404);
    const bad = await post({ email: uniqueEmail(), planType: "lifetime" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toMatch(/^planType: /);
  });

  it("does not exist in production", async () => {
    const { user, auth } = await createTestUser();
    const app = new Hono<AppEnv>()
      .use(withServices)
      .use(async (c, next) => {
        c.set("config", { ...getConfig(env), ENVIRONMENT: "production" });
        await next();
      })
      .route("/api/dev", devRoutes)
      .onError(errorHandler);
    const res = await app.request(
      "/api/dev/subscription",
      { method: "POST", body: JSON.stringify({ email: user.email, planType: "yearly" }), headers: { "Content-Type": "application/json" } },
      env,
    );
    expect(res.status).toBe(404);
    expect(await json(await api("/api/stripe/subscription", { headers: auth }))).toBeNull();
  });
});
