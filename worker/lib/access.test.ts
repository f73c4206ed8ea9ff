/**
 * The operator guard, hono's way: a tiny app with the real middleware. Each test names its own operator
 * address in the config, so tests never share (or fight over) the one configured operator row.
 */
import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { errorHandler } from "../app";
import { getConfig } from "../config";
import type { AppEnv } from "../env";
import { withServices } from "./context";
import { api, client, createTestUser, env, uniqueEmail } from "../test/helpers";
import { toApiUser } from "../auth/accounts";
import { isOperatorUser, requireOperator } from "./access";

function appFor(operatorEmail: string) {
  return new Hono<AppEnv>()
    .use(withServices)
    .use(async (c, next) => {
      c.set("config", { ...c.var.config, OPERATOR_EMAIL: operatorEmail });
      await next();
    })
    .use("/admin/*", requireOperator)
    .get("/admin/ping", (c) => c.json({ ok: true, email: c.var.user.email }))
    .onError(errorHandler);
}

describe("requireOperator", () => {
  it("401 without a token or with a bad one", async () => {
    const app = appFor(uniqueEmail("op"));
    expect((await app.request("/admin/ping", {}, env)).status).toBe(401);
    expect((await app.request("/admin/ping", { headers: { Authorization: "Bearer nope" } }, env)).status).toBe(401);
  });

  it("403 for a signed-in user who is not the operator", async () => {
    const app = appFor(uniqueEmail("op"));
    const { auth } = await createTestUser({ verified: true });
    const res = await app.request("/admin/ping", { headers: auth }, env);
    expect(res.status).toBe(403);
    expect((await res.json<{ message: string }>()).message).toBe("You don't have permission to access this page.");
  });

  it("403 for the operator address while it is unverified; 200 once verified", async () => {
    const email = uniqueEmail("op");
    const app = appFor(email);
    const unverified = await createTestUser({ email, verified: false });
    expect((await app.request("/admin/ping", { headers: unverified.auth }, env)).status).toBe(403);

    const email2 = uniqueEmail("op");
    const verified = await createTestUser({ email: email2, verified: true });
    const res = await appFor(email2).request("/admin/ping", { headers: verified.auth }, env);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, email: email2 });
  });

  it("is what guards /api/admin/* in the real app (any path, existing or not)", async () => {
    expect((await client.admin.users.$get({ query: {} })).status).toBe(401);
    const { auth } = await createTestUser({ verified: true });
    expect((await client.admin.users.$get({ query: {} }, { headers: auth })).status).toBe(403);
    expect((await api("/api/admin/anything/else", { headers: auth })).status).toBe(403); // raw: a path no route has
  });
});

describe("isOperator in the ApiUser", () => {
  it("is true only for the configured address once verified", () => {
    const config = { ...getConfig(env), OPERATOR_EMAIL: "boss@headshot.test" };
    const row = {
      id: crypto.randomUUID(),
      email: "boss@headshot.test",
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      emailVerifiedAt: null,
      googleSub: null,
      stripeCustomerId: null,
      locale: null,
      termsAcceptedAt: null,
      sessionEpoch: 0,
      fairUseTokens: null,
      fairUseAt: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    expect(toApiUser(config, row).isOperator).toBe(false);
    expect(toApiUser(config, { ...row, emailVerifiedAt: new Date() }).isOperator).toBe(true);
    expect(toApiUser(config, { ...row, email: "other@headshot.test", emailVerifiedAt: new Date() }).isOperator).toBe(false);
    expect(isOperatorUser(config, { email: "boss@headshot.test", emailVerifiedAt: new Date() })).toBe(true);
  });
});
