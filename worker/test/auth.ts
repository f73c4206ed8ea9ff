/** Auth helpers for worker tests: a tiny cookie jar, a unique client IP, and sign-up through the API. */
import { expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { refreshTokenFamilies } from "../../db/schema";
import { api, client, env, testDb, uniqueEmail } from "./helpers";

/**
 * Like api(), but redirects are answered, not followed (as a browser's fetch with redirect: "manual"): for a
 * link as it was mailed or redirected to, opened as it stands. Typed requests use `{ init: manual }`.
 */
export const call = (path: string, init: RequestInit = {}) => api(path, { redirect: "manual", ...init });
export const manual: RequestInit = { redirect: "manual" };

/** A unique CF-Connecting-IP per test, so per-IP rate limits never couple tests together. */
export const uniqueIp = () => `10.${rand()}.${rand()}.${rand()}`;
const rand = () => Math.floor(Math.random() * 254) + 1;

/** The value of cookie `name` set by `res` (undefined if not set, "" if cleared). */
export function setCookieValue(res: { headers: Headers }, name: string): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    if (pair!.slice(0, eq).trim() === name) return decodeURIComponent(pair!.slice(eq + 1));
  }
  return undefined;
}

/** The full Set-Cookie line for `name`. */
export function setCookieLine(res: { headers: Headers }, name: string): string | undefined {
  return res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
}

/** A raw JSON POST, for a body the typed client would refuse (a missing or mistyped field). */
export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json", ...headers },
});

/** Signs up through the API; returns the response body, the refresh token and the credentials used. */
export async function signUp(opts: { email?: string; password?: string; ip?: string; headers?: Record<string, string> } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? "correct horse battery";
  const res = await client.auth.signup.$post(
    { json: { email, password, acceptTerms: true } },
    { headers: { "CF-Connecting-IP": opts.ip ?? uniqueIp(), ...opts.headers } },
  );
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const body = await res.json();
  return { ...body, email, password, refresh: setCookieValue(res, "hs_refresh")! };
}

export const refreshWith = (token: string) => client.auth.refresh.$post({}, { headers: { Cookie: `hs_refresh=${token}` } });

/** The newest dev-mailbox message to `to`. */
export async function latestMail(to: string) {
  const { messages } = await (await client.dev.mailbox.$get({ query: { to } })).json();
  return messages[0];
}

/** The newest dev-mailbox message to `to` with this subject (receipts may have come after it). */
export async function mailTitled(to: string, subject: string) {
  const { messages } = await (await client.dev.mailbox.$get({ query: { to } })).json();
  return messages.find((m) => m.subject === subject);
}

/**
 * GET /api/auth/session with this refresh cookie (none when undefined): the session, or null. Having no
 * session is not an error: the answer is 200 `null` either way.
 */
export async function sessionFor(refresh?: string) {
  const res = await client.auth.session.$get({}, refresh === undefined ? {} : { headers: { Cookie: `hs_refresh=${refresh}` } });
  if (res.status !== 200) throw new Error(`session lookup answered ${res.status}`);
  return res.json();
}

/**
 * Moves the family's last rotation out of the grace window (decision 087), so presenting the token it
 * replaced is reuse again.
 */
export async function ageRotation(refresh: string) {
  const { db, close } = testDb();
  try {
    await db
      .update(refreshTokenFamilies)
      .set({ rotatedAt: sql`now() - interval '10 minutes'` })
      .where(eq(refreshTokenFamilies.id, refresh.split(".")[0]!));
  } finally {
    await close();
  }
}

export type GoogleHooks = Partial<Record<"x_aud" | "x_nonce" | "x_iss" | "x_exp" | "x_email_verified" | "x_sub" | "x_foreign_key", string>>;

/**
 * Runs the browser's part: start, choose an account at the provider, come back. Returns the final answer.
 * Raw requests: the start path is the test's, the way back is the provider's redirect as it stands.
 */
export async function googleSignIn(
  email: string,
  hooks: GoogleHooks = {},
  tamper?: { state?: string; dropCookie?: boolean },
  startPath = "/api/auth/google?terms=accepted",
  via: { ip?: string; worker?: typeof call } = {},
) {
  const worker = via.worker ?? call;
  const start = await worker(startPath);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("Location")!);
  expect(authorize.origin).toBe(env.GOOGLE_ISSUER);
  const oauthCookie = setCookieValue(start, "hs_oauth")!;
  const form = new URLSearchParams(authorize.searchParams);
  form.set("email", email);
  for (const [k, v] of Object.entries(hooks)) form.set(k, v);
  if (tamper?.state) form.set("state", tamper.state);
  const chosen = await fetch(`${env.GOOGLE_ISSUER}/authorize`, { method: "POST", body: form, redirect: "manual" });
  expect(chosen.status).toBe(302);
  const back = new URL(chosen.headers.get("Location")!);
  expect(back.pathname).toBe("/api/auth/google/callback");
  // Each sign-in comes from its own address unless told (sign-ups are limited per address).
  const headers: Record<string, string> = { "CF-Connecting-IP": via.ip ?? uniqueIp() };
  if (!tamper?.dropCookie) headers.Cookie = `hs_oauth=${oauthCookie}`;
  const res = await worker(back.pathname + back.search, { headers });
  return { res, authorize, refresh: setCookieValue(res, "hs_refresh") };
}
