/** Auth helpers for worker tests: a tiny cookie jar, a unique client IP, and sign-up through the API. */
import { eq, sql } from "drizzle-orm";
import { refreshTokenFamilies } from "../../db/schema";
import { api, client, testDb, uniqueEmail } from "./helpers";

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
export async function signUp(opts: { email?: string; password?: string; ip?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? "correct horse battery";
  const res = await client.auth.signup.$post(
    { json: { email, password, acceptTerms: true } },
    { headers: { "CF-Connecting-IP": opts.ip ?? uniqueIp() } },
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
