/**
 * Google sign-in end to end against the local OpenID provider (dev/oidc-standin.ts, started by the test
 * setup): the worker's real discovery, code exchange, PKCE and ID-token verification run every time.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { credits, passwordCredentials, users } from "../../db/schema";
import { client, clientWith, createTestUser, env, errorBody, testDb, uniqueEmail } from "../test/helpers";
import { call, googleSignIn, manual, type GoogleHooks, sessionFor, setCookieValue, signUp, uniqueIp } from "../test/auth";
import { INVALID_CREDENTIALS } from "./routes";
import { app } from "../app";

async function session(refresh: string) {
  const res = await client.auth.session.$get({}, { headers: { Cookie: `hs_refresh=${refresh}` } });
  expect(res.status).toBe(200);
  const body = await res.json();
  if (!body) throw new Error("no session");
  return body;
}

const refusedTo = (res: { status: number; headers: Headers }) => {
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/auth?error=oauth_error");
  expect(setCookieValue(res, "hs_refresh")).toBeUndefined();
};

describe("GET /api/auth/google", () => {
  it("redirects to the provider with state, nonce and a PKCE S256 challenge, and keeps them in a short HttpOnly cookie", async () => {
    const res = await client.auth.google.$get({ query: {} }, { init: manual });
    const url = new URL(res.headers.get("Location")!);
    const p = url.searchParams;
    expect(p.get("client_id")).toBe(env.GOOGLE_CLIENT_ID);
    expect(p.get("redirect_uri")).toBe("http://app.test/api/auth/google/callback");
    expect(p.get("response_type")).toBe("code");
    expect(p.get("scope")).toBe("openid email profile");
    expect(p.get("code_challenge_method")).toBe("S256");
    for (const k of ["state", "nonce", "code_challenge"]) expect(p.get(k)!.length).toBeGreaterThanOrEqual(43);
    const line = res.headers.getSetCookie().find((l) => l.startsWith("hs_oauth="))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/Max-Age=600/);
    expect(line).toMatch(/Path=\/api\/auth\/google/);
    // the cookie is sealed: neither the state nor the verifier can be read from it
    expect(decodeURIComponent(line)).not.toContain(p.get("state")!);
  });

  it("the provider's chooser page is served for those parameters", async () => {
    const res = await client.auth.google.$get({ query: {} }, { init: manual });
    const page = await fetch(res.headers.get("Location")!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Choose an account");
    expect(html).toContain('type="email"');
  });
});

describe("Google sign-in end to end", () => {
  it("creates a verified user with the free grant, sets the refresh cookie and lands on /oauth/callback", async () => {
    const email = uniqueEmail("jane.doe");
    const { res, refresh } = await googleSignIn(email.toUpperCase());
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/oauth/callback?registered=1");
    expect(refresh).toBeTruthy();
    const { user } = await session(refresh!);
    expect(user).toMatchObject({ email, emailVerified: true, firstName: "Jane" });
    const { db, close } = testDb();
    try {
      const [c] = await db.select().from(credits).where(eq(credits.userId, user.id));
      expect(c).toMatchObject({ granted: 2, used: 0 });
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      expect(row!.googleSub).toBeTruthy();
    } finally {
      await close();
    }
    // signing in again finds the same user and grants nothing more
    const again = await googleSignIn(email);
    expect((await session(again.refresh!)).user.id).toBe(user.id);
  });

  it("links to an existing verified password account by email, keeping its password", async () => {
    const { email, password, user } = await signUp();
    const { db, close } = testDb();
    try {
      await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    } finally {
      await close();
    }
    const { refresh } = await googleSignIn(email);
    expect((await session(refresh!)).user.id).toBe(user.id);
    const signin = await client.auth.signin.$post({ json: { email, password } }, { headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(signin.status).toBe(200);
  });

  it("claiming an unverified password account removes the squatter's password and sessions, and verifies it", async () => {
    const { email, password, user, refresh: squatter, accessToken } = await signUp();
    const { refresh } = await googleSignIn(email);
    const s = await session(refresh!);
    expect(s.user).toMatchObject({ id: user.id, emailVerified: true });
    const signin = await client.auth.signin.$post({ json: { email, password } }, { headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(signin.status).toBe(401);
    expect((await errorBody(signin)).message).toBe(INVALID_CREDENTIALS("en"));
    expect(await sessionFor(squatter)).toBeNull();
    // the squatter's access token no longer writes anything (issue 22)
    const write = await client.auth["resend-verification"].$post(
      { json: {} },
      { headers: { Authorization: `Bearer ${accessToken}`, "CF-Connecting-IP": uniqueIp() } },
    );
    expect(write.status).toBe(401);
    const { db, close } = testDb();
    try {
      expect(await db.select().from(passwordCredentials).where(eq(passwordCredentials.userId, user.id))).toHaveLength(0);
      const [c] = await db.select().from(credits).where(eq(credits.userId, user.id));
      expect(c!.granted).toBe(2);
    } finally {
      await close();
    }
  });

  it("refuses an address already linked to a different Google account", async () => {
    const email = uniqueEmail();
    await googleSignIn(email);
    refusedTo((await googleSignIn(email, { x_sub: "someone-else" })).res);
  });

  it.each<[string, GoogleHooks]>([
    ["a wrong audience", { x_aud: "some-other-client" }],
    ["a bad nonce", { x_nonce: "not-the-nonce" }],
    ["a wrong issuer", { x_iss: "https://evil.example" }],
    ["an expired ID token", { x_exp: "-60" }],
    ["an address Google has not verified", { x_email_verified: "false" }],
    ["a signature by a key not in the JWKS", { x_foreign_key: "1" }],
  ])("refuses %s → /auth?error=oauth_error, and creates no user", async (_name, hooks) => {
    const email = uniqueEmail("refused");
    refusedTo((await googleSignIn(email, hooks)).res);
    const { db, close } = testDb();
    try {
      expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    } finally {
      await close();
    }
  });

  it("refuses a mismatched state and a missing state cookie", async () => {
    refusedTo((await googleSignIn(uniqueEmail(), {}, { state: "forged-state" })).res);
    refusedTo((await googleSignIn(uniqueEmail(), {}, { dropCookie: true })).res);
  });

  it("refuses a provider error, a missing code and a replayed code", async () => {
    refusedTo(await call("/api/auth/google/callback?error=access_denied")); // the provider's query, not in the contract
    refusedTo(await client.auth.google.callback.$get({}, { init: manual }));
    const email = uniqueEmail();
    const start = await client.auth.google.$get({ query: { terms: "accepted" } }, { init: manual });
    const cookie = setCookieValue(start, "hs_oauth")!;
    const form = new URLSearchParams(new URL(start.headers.get("Location")!).searchParams);
    form.set("email", email);
    const back = new URL(
      (await fetch(`${env.GOOGLE_ISSUER}/authorize`, { method: "POST", body: form, redirect: "manual" })).headers.get("Location")!,
    );
    const first = await call(back.pathname + back.search, { headers: { Cookie: `hs_oauth=${cookie}` } });
    expect(first.headers.get("Location")).toBe("/oauth/callback?registered=1");
    refusedTo(await call(back.pathname + back.search, { headers: { Cookie: `hs_oauth=${cookie}` } }));
  });

  it("a Google sign-in of an existing Google user whose address is the same keeps one account", async () => {
    const { user } = await createTestUser({ verified: true });
    const { refresh } = await googleSignIn(user.email);
    expect((await session(refresh!)).user.id).toBe(user.id);
  });

  it("creates no account without the age and terms confirmation: it waits for it on /auth, where confirming creates it", async () => {
    const email = uniqueEmail("google-no-terms");
    const { res } = await googleSignIn(email, {}, undefined, "/api/auth/google");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth?tab=signup&google=confirm");
    expect(setCookieValue(res, "hs_refresh")).toBeUndefined();
    const pending = setCookieValue(res, "hs_google_pending")!;
    expect(res.headers.get("Set-Cookie")).toMatch(/hs_google_pending=[^;]+; Max-Age=600; Path=\/api\/auth\/google; HttpOnly; SameSite=Lax/);
    const accounts = async () => {
      const { db, close } = testDb();
      try {
        return await db.select().from(users).where(eq(users.email, email));
      } finally {
        await close();
      }
    };
    expect(await accounts()).toEqual([]);

    const withCookie = (cookie: string) => ({ Cookie: `hs_google_pending=${cookie}` });
    expect(await (await client.auth.google.pending.$get({}, { headers: withCookie(pending) })).json()).toEqual({
      pending: { email, firstName: expect.any(String) },
    });
    expect(await (await client.auth.google.pending.$get({}, { headers: withCookie("forged") })).json()).toEqual({ pending: null });
    const confirm = (cookie = pending) =>
      client.auth.google.confirm.$post({ json: { acceptTerms: true } }, { headers: withCookie(cookie) });
    // raw: a refused confirmation is a body the contract does not allow
    const unconfirmed = await call("/api/auth/google/confirm", {
      method: "POST",
      headers: { ...withCookie(pending), "Content-Type": "application/json" },
      body: JSON.stringify({ acceptTerms: false }),
    });
    expect(unconfirmed.status).toBe(400);
    expect((await errorBody(unconfirmed)).message).toMatch(/13 or older/);
    expect((await confirm("forged")).status).toBe(400);
    expect(await accounts()).toEqual([]);

    const created = await confirm();
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({ registered: true });
    const refresh = setCookieValue(created, "hs_refresh")!;
    expect((await session(refresh)).user.email).toBe(email);
    const [account] = await accounts();
    expect(account!.termsAcceptedAt).not.toBeNull();
  });

  it("answers 400 to a confirmation value other than 'accepted'", async () => {
    const res = await call("/api/auth/google?terms=no"); // raw: a query the contract does not allow
    expect(res.status).toBe(400);
    expect((await errorBody(res)).message).toMatch(/^terms: /);
  });

  it("records the confirmation on the new account, and an existing account signs in without it", async () => {
    const email = uniqueEmail("google-terms");
    const before = Date.now();
    const { refresh } = await googleSignIn(email);
    const { user } = await session(refresh!);
    const { db, close } = testDb();
    try {
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      expect(row!.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 5000);
    } finally {
      await close();
    }
    const again = await googleSignIn(email, {}, undefined, "/api/auth/google");
    expect(again.res.headers.get("Location")).toBe("/oauth/callback");
    expect((await session(again.refresh!)).user.id).toBe(user.id);
  });
});

describe("Google sign-in and the rate limits (issue 22)", () => {
  it("a Google sign-up counts against the same per-address limit as password sign-ups", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) await signUp({ ip });
    const email = uniqueEmail("google-throttled");
    const { res, refresh } = await googleSignIn(email, {}, undefined, undefined, { ip });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth?tab=signup&error=signup_throttled");
    expect(refresh).toBeUndefined();
    const { db, close } = testDb();
    try {
      expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    } finally {
      await close();
    }
    // signing in to an existing account is not a sign-up: it is not counted or refused
    const existing = uniqueEmail("google-existing");
    expect((await googleSignIn(existing)).refresh).toBeTruthy();
    expect((await googleSignIn(existing, {}, undefined, undefined, { ip })).refresh).toBeTruthy();
  });

  it("ten Google sign-ups from one address, then the eleventh is refused", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await googleSignIn(uniqueEmail("g"), {}, undefined, undefined, { ip })).refresh).toBeTruthy();
    const { res } = await googleSignIn(uniqueEmail("g"), {}, undefined, undefined, { ip });
    expect(res.headers.get("Location")).toBe("/auth?tab=signup&error=signup_throttled");
  });
});

describe("Google sign-in of the operator's address a squatter registered (issue 22)", () => {
  it("ends the squatter's password, sessions and access token; the Google session reaches /admin", async () => {
    const email = uniqueEmail("operator");
    const asOperator = { ...env, OPERATOR_EMAIL: email } as Env;
    const worker: typeof call = async (path, init = {}) =>
      app.request(new URL(path, "http://app.test").toString(), { ...manual, ...init }, asOperator);
    const operatorClient = clientWith(asOperator, manual);
    const squatter = await signUp({ email });
    const { refresh } = await googleSignIn(email, {}, undefined, undefined, { worker });
    const admin = (token: string) => operatorClient.admin.stats.$get({}, { headers: { Authorization: `Bearer ${token}` } });
    expect((await admin(squatter.accessToken)).status).toBe(403);
    expect(await sessionFor(squatter.refresh)).toBeNull();
    const session = await operatorClient.auth.session.$get({}, { headers: { Cookie: `hs_refresh=${refresh}` } });
    const { accessToken } = (await session.json())!;
    expect((await admin(accessToken)).status).toBe(200);
  });
});
