import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  REFRESH_RETRY_MS,
  apiFetch,
  client,
  data,
  errorText,
  getAccessToken,
  readErrorBody,
  errorCode,
  errorStatus,
  refreshAccessToken,
  setAccessToken,
  tokenExpiryMs,
} from "./client";
import { LOCALE_HEADER, getLocale, setLocale } from "@/lib/copy";

type Call = { url: string; init: RequestInit };

function mockFetch(responses: Array<() => Response>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error(`unexpected fetch ${url}`);
    return next();
  });
  vi.stubGlobal("fetch", fn);
  return calls;
}

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function jwt(expSecondsFromNow: number) {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${b64({ alg: "HS256" })}.${b64({ exp: Math.floor(Date.now() / 1000) + expSecondsFromNow })}.sig`;
}

beforeEach(() => setAccessToken(null));
afterEach(() => {
  setAccessToken(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("api client", () => {
  it("sends the bearer token and includes credentials", async () => {
    const calls = mockFetch([json({ ok: true })]);
    setAccessToken("tok-1");
    await data(client.api.users.credits.$get());
    expect(calls[0]!.url).toBe("/api/users/credits");
    expect(new Headers(calls[0]!.init.headers).get("Authorization")).toBe("Bearer tok-1");
    expect(calls[0]!.init.credentials).toBe("include");
  });

  it("names the page's language in every request, the refresh included, so refusals come back in it (decision 400)", async () => {
    const before = getLocale();
    setLocale("de", { reload: false });
    try {
      const calls = mockFetch([json({ error: "Unauthorized" }, 401), json({ accessToken: "tok-2" }), json({ ok: true })]);
      setAccessToken("tok-1");
      await data(client.api.users.credits.$get());
      expect(calls.map((c) => new Headers(c.init.headers).get(LOCALE_HEADER))).toEqual(["de", "de", "de"]);
      expect(calls[1]!.url).toBe("/api/auth/refresh");
    } finally {
      setLocale(before, { reload: false });
    }
  });

  it("sends no Authorization header without a token", async () => {
    const calls = mockFetch([json({})]);
    await apiFetch("/api/x");
    expect(new Headers(calls[0]!.init.headers).has("Authorization")).toBe(false);
  });

  it("throws '{status}: {body}' on a non-ok answer", async () => {
    mockFetch([() => new Response('{"error":"Bad Request","message":"nope"}', { status: 400, statusText: "Bad Request" })]);
    const err = await data(client.api.headshots[":id"].generate.$post({ param: { id: "1" } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as Error).message).toBe('400: {"error":"Bad Request","message":"nope"}');
    expect(readErrorBody(err)).toEqual({ error: "Bad Request", message: "nope" });
    expect(errorText(err, "fallback")).toBe("nope");
  });

  it("carries the status, the code and the body as fields (decision 331)", () => {
    const err = new ApiError(
      402,
      "Payment Required",
      '{"error":"Payment Required","message":"Subscribe","code":"subscription_required","requiresSubscription":true}',
    );
    expect(err.status).toBe(402);
    expect(err.code).toBe("subscription_required");
    expect(errorCode(err)).toBe("subscription_required");
    expect(errorStatus(err)).toBe(402);
    expect(readErrorBody(err)).toMatchObject({ message: "Subscribe", requiresSubscription: true });
    const bare = new ApiError(502, "Bad Gateway", "<html>upstream</html>");
    expect([bare.code, bare.body, errorStatus(bare)]).toEqual([null, null, 502]);
    expect(new ApiError(400, "", "[1]").body).toBeNull();
  });

  it("reads nothing out of another error's message text", () => {
    const lookalike = new Error('402: {"error":"Payment Required","message":"x","code":"subscription_required"}');
    expect([errorStatus(lookalike), errorCode(lookalike), readErrorBody(lookalike)]).toEqual([null, null, null]);
    expect(errorText(lookalike, "fallback")).toBe("fallback");
  });

  it("falls back to the status text when the body is empty", async () => {
    mockFetch([() => new Response("", { status: 503, statusText: "Service Unavailable" })]);
    await expect(apiFetch("/api/x")).rejects.toThrow("503: Service Unavailable");
  });

  it("on a 401 refreshes once with the cookie, then retries with the new token", async () => {
    const calls = mockFetch([() => new Response("expired", { status: 401 }), json({ accessToken: "tok-2" }), json({ remaining: 2 })]);
    setAccessToken("tok-1");
    const body = await data(client.api.users.credits.$get());
    expect(body).toEqual({ remaining: 2 });
    expect(calls.map((c) => c.url)).toEqual(["/api/users/credits", "/api/auth/refresh", "/api/users/credits"]);
    expect(calls[1]!.init.method).toBe("POST");
    expect(calls[1]!.init.credentials).toBe("include");
    expect(new Headers(calls[2]!.init.headers).get("Authorization")).toBe("Bearer tok-2");
    expect(getAccessToken()).toBe("tok-2");
  });

  it("gives up after a failed refresh: throws the 401 and forgets the token", async () => {
    const calls = mockFetch([() => new Response("expired", { status: 401 }), () => new Response("", { status: 401 })]);
    setAccessToken("tok-1");
    await expect(data(client.api.headshots.$get())).rejects.toThrow("401: expired");
    expect(calls).toHaveLength(2);
    expect(getAccessToken()).toBeNull();
  });

  it("does not refresh-and-retry for the session lookup", async () => {
    const calls = mockFetch([() => new Response("", { status: 401, statusText: "Unauthorized" })]);
    await expect(apiFetch("/api/auth/session")).rejects.toThrow("401: Unauthorized");
    expect(calls).toHaveLength(1);
  });

  it("concurrent 401s share one refresh", async () => {
    const calls = mockFetch([
      () => new Response("", { status: 401 }),
      () => new Response("", { status: 401 }),
      json({ accessToken: "tok-2" }),
      json({ a: 1 }),
      json({ b: 2 }),
    ]);
    setAccessToken("tok-1");
    await Promise.all([apiFetch("/api/a"), apiFetch("/api/b")]);
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
  });

  it("a refresh whose answer was lost is sent again within the server's grace window, and its token is used", async () => {
    vi.useFakeTimers();
    const lost = () => {
      throw new TypeError("Failed to fetch");
    };
    const calls = mockFetch([() => new Response("", { status: 401 }), lost, lost, json({ accessToken: "tok-2" }), json({ a: 1 })]);
    setAccessToken("tok-1");
    const answer = apiFetch("/api/a");
    await vi.advanceTimersByTimeAsync(4_000); // 1 s and 3 s: both well inside the 20 s window
    await expect(answer).resolves.toBeInstanceOf(Response);
    expect(calls.map((c) => c.url)).toEqual(["/api/a", "/api/auth/refresh", "/api/auth/refresh", "/api/auth/refresh", "/api/a"]);
    expect(getAccessToken()).toBe("tok-2");
    expect(REFRESH_RETRY_MS.reduce((a, b) => a + b)).toBeLessThan(20_000);
  });

  it("with no answer at all, the refresh gives up after its retries and keeps the token", async () => {
    vi.useFakeTimers();
    const lost = () => {
      throw new TypeError("Failed to fetch");
    };
    const calls = mockFetch([lost, lost, lost]);
    setAccessToken("tok-1");
    const token = refreshAccessToken();
    await vi.advanceTimersByTimeAsync(4_000);
    await expect(token).resolves.toBeNull();
    expect(calls).toHaveLength(3);
    expect(getAccessToken()).toBe("tok-1");
  });

  it("refreshes silently shortly before the token expires", async () => {
    vi.useFakeTimers();
    const calls = mockFetch([json({ accessToken: jwt(900) })]);
    setAccessToken(jwt(120)); // expires in 2 minutes → refresh after ~1 minute
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(61_000);
    expect(calls.map((c) => c.url)).toEqual(["/api/auth/refresh"]);
  });

  it("reads a JWT's exp", () => {
    const t = jwt(60);
    expect(Math.abs(tokenExpiryMs(t)! - (Date.now() + 60_000))).toBeLessThan(1500);
    expect(tokenExpiryMs("not-a-jwt")).toBeNull();
  });

  it("sends JSON bodies with a content type and forms as multipart without one", async () => {
    const calls = mockFetch([json({}), json({})]);
    await data(client.api.auth.signin.$post({ json: { email: "a@b.c", password: "secret" } }));
    expect(new Headers(calls[0]!.init.headers).get("Content-Type")).toBe("application/json");
    expect(calls[0]!.init.body).toBe('{"email":"a@b.c","password":"secret"}');
    const photo = new File([new Uint8Array([1, 2, 3])], "me.jpg", { type: "image/jpeg" });
    await data(client.api.headshots.upload.$post({ form: { photo, style: "Suit" } }));
    const body = calls[1]!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get("style")).toBe("Suit");
    expect(new Headers(calls[1]!.init.headers).has("Content-Type")).toBe(false);
  });
});
