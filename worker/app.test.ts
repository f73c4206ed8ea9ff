import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { z } from "zod";
import { api, client, clientWith, env, errorBody } from "./test/helpers";
import { errorHandler, notFoundHandler } from "./app";
import { notFound, refuse, said, subscriptionRequired, tooManyRequests } from "./lib/errors";
import { m } from "../copy";
import { validate } from "./lib/validate";
import type { AppEnv } from "./env";

describe("GET /api/health", () => {
  it("answers liveness without the database, the bucket or the queue (decision 186)", async () => {
    const res = await client.health.$get({});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    // a worker whose database, bucket and queue all fail still answers: the liveness check touches none of them
    const refuse = () => {
      throw new Error("touched");
    };
    const broken = {
      ...env,
      DATABASE_WS_PROXY: "127.0.0.1:1/v1",
      DATABASE_HTTP_URL: "http://127.0.0.1:1/sql",
      IMAGES: { put: refuse, get: refuse, delete: refuse, head: refuse, list: refuse },
      GENERATIONS: { send: refuse, sendBatch: refuse },
    } as unknown as Env;
    const alive = await clientWith(broken).health.$get({});
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: "ok" });
  });
});

describe("unknown API paths", () => {
  it("answer a JSON 404, never the web app", async () => {
    const res = await api("/api/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await errorBody(res)).toEqual({ error: "Not Found", code: "not_found", message: "No API route for GET /api/nope" });
  });
});

describe("every response", () => {
  it("carries a request id and the security headers", async () => {
    for (const path of ["/api/health", "/api/nope"]) {
      const res = await api(path);
      expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
      expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    }
  });
});

describe("the error shape", () => {
  const app = new Hono<AppEnv>()
    .get("/flagged", () => {
      throw subscriptionRequired("You've used all 2 free generations. Upgrade to continue!");
    })
    .get("/fair-use", () => {
      throw refuse("fair_use", "Your next picture is possible in about 2 minutes.", { retryAfterSeconds: 119.2 });
    })
    .get("/said", () => {
      throw refuse("fair_use", said(m.errors_too_many_zips, { count: 5 }), { retryAfterSeconds: 60 });
    })
    .get("/missing", () => {
      throw notFound();
    })
    .get("/limited", () => {
      throw tooManyRequests("Slow down.", 42);
    })
    .post("/validated", validate("json", z.object({ email: z.email() })), (c) => c.json(c.req.valid("json")))
    .get("/boom", () => {
      throw new Error("secret internals");
    })
    .notFound(notFoundHandler)
    .onError(errorHandler);

  it("is { error, code, message, ...params }, the code bringing its status and SPEC §7's flag", async () => {
    const res = await app.request("/flagged");
    expect(res.status).toBe(402);
    expect(await errorBody(res)).toEqual({
      error: "Payment Required",
      code: "subscription_required",
      message: "You've used all 2 free generations. Upgrade to continue!",
      requiresSubscription: true,
    });
  });

  it("carries a code's params in the body, and a wait as Retry-After too (decision 350)", async () => {
    const res = await app.request("/fair-use");
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("120");
    expect(await errorBody(res)).toEqual({
      error: "Too Many Requests",
      code: "fair_use",
      message: "Your next picture is possible in about 2 minutes.",
      retryAfterSeconds: 120,
    });
  });

  it("answers an unknown path with the not_found code", async () => {
    const res = await app.request("/nowhere");
    expect(res.status).toBe(404);
    expect(await errorBody(res)).toMatchObject({ error: "Not Found", code: "not_found" });
  });

  it("says catalogue words in the reader's language: the cookie's, else the browser's (decision 395)", async () => {
    const german = await errorBody(await app.request("/said", { headers: { "Accept-Language": "de-DE,de;q=0.9" } }));
    expect(german).toMatchObject({ code: "fair_use", retryAfterSeconds: 60 });
    expect(german.message).toBe(m.errors_too_many_zips({ count: 5 }, { locale: "de" }));
    expect(german.message).not.toBe(m.errors_too_many_zips({ count: 5 }, { locale: "en" }));
    const french = await errorBody(await app.request("/said", { headers: { "Accept-Language": "de", Cookie: "locale=fr" } }));
    expect(french.message).toBe(m.errors_too_many_zips({ count: 5 }, { locale: "fr" }));
    const english = await errorBody(await app.request("/said"));
    expect(english.message).toContain("5 ZIP files");
    // a shorthand's default words and the generic 500 too
    expect((await errorBody(await app.request("/missing", { headers: { "Accept-Language": "it" } }))).message).toBe("Non trovato.");
    const boom = await errorBody(await app.request("/boom", { headers: { "Accept-Language": "es" } }));
    expect(boom.message).toBe(m.errors_internal({}, { locale: "es" }));
  });

  it("takes the page's language (the web app's X-Locale) before the cookie and the browser's (decision 400)", async () => {
    const answer = async (headers: Record<string, string>) => errorBody(await app.request("/said", { headers }));
    const de = await answer({ "X-Locale": "de", Cookie: "locale=fr", "Accept-Language": "en-GB,en" });
    expect(de).toMatchObject({ code: "fair_use", message: m.errors_too_many_zips({ count: 5 }, { locale: "de" }) });
    // a value that is not one of ours is ignored: the cookie's, then the browser's language decide
    expect((await answer({ "X-Locale": "pt", Cookie: "locale=fr" })).message).toBe(m.errors_too_many_zips({ count: 5 }, { locale: "fr" }));
    expect((await answer({ "X-Locale": "", "Accept-Language": "it" })).message).toBe(
      m.errors_too_many_zips({ count: 5 }, { locale: "it" }),
    );
  });

  it("sets headers such as Retry-After", async () => {
    const res = await app.request("/limited");
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("42");
    expect((await errorBody(res)).message).toBe("Slow down.");
  });

  it("names the bad field of a validated body", async () => {
    const res = await app.request("/validated", {
      method: "POST",
      body: JSON.stringify({ email: "nope" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    const body = await errorBody(res);
    expect(body.error).toBe("Bad Request");
    expect(body.code).toBe("invalid_input");
    expect(body.field).toBe("email");
    expect(body.message).toMatch(/^email: /);
  });

  it("turns a malformed JSON body into a 400, not a 500", async () => {
    const res = await app.request("/validated", {
      method: "POST",
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(await errorBody(res)).toMatchObject({ error: "Bad Request", code: "invalid_input" });
  });

  it("hides unknown errors behind a generic 500", async () => {
    const res = await app.request("/boom");
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret internals");
    expect(JSON.parse(text)).toMatchObject({ error: "Internal Server Error", code: "internal" });
  });
});
