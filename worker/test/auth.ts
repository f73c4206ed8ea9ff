/** Auth helpers for worker tests: a tiny cookie jar, a unique client IP, and sign-up through the API. */
import { eq, sql } from "drizzle-orm";
import { refreshTokenFamilies } from "../../db/schema";
import { api, testDb, uniqueEmail } from "./helpers";

/** Like api(), but redirects are answered, not followed (as a browser's fetch with redirect: "manual"). */
export const call = (path: string, init: RequestInit = {}) => api(path, { redirect: "manual", ...init });

/** A unique CF-Connecting-IP per test, so per-IP rate limits never couple tests together. */
export const uniqueIp = () => `10.${rand()}.${rand()}.${rand()}`;
const rand = () => Math.floor(Math.random() * 254) + 1;

/** The value of cookie `name` set by `res` (undefined if not set, "" if cleared). */
export function setCookieValue(res: Response, name: string): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    if (pair!.slice(0, eq).trim() === name) return decodeURIComponent(pair!.slice(eq + 1));
  }
  return undefined;
}

/** The full Set-Cookie line for `name`. */
export function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
}

export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json", ...headers },
});

/** Signs up through the API; returns the response body, the refresh token and the credentials used. */
export async function signUp(opts: { email?: string; password?: string; ip?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? "correct horse battery";
  const res = await api("/api/auth/signup", json({ email, password, acceptTerms: true }, { "CF-Connecting-IP": opts.ip ?? uniqueIp() }));
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string; email: string }; accessToken: string };
  return { ...body, email, password, refresh: setCookieValue(res, "hs_refresh")! };
}

export const refreshWith = (token: string) =>
  api("/api/auth/refresh", { method: "POST", headers: { Cookie: `hs_refresh=${token}` } });

/** The newest dev-mailbox message to `to`. */
export async function latestMail(to: string) {
  const res = await api(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  const { messages } = (await res.json()) as { messages: { to: string; subject: string; text: string; links: string[]; sentAt: string }[] };
  return messages[0];
}

/**
 * GET /api/auth/session with this refresh cookie (none when undefined): the session, or null. Having no
 * session is not an error: the answer is 200 `null` either way.
 */
export async function sessionFor(refresh?: string) {
  const res = await api("/api/auth/session", refresh === undefined ? {} : { headers: { Cookie: `hs_refresh=${refresh}` } });
  if (res.status !== 200) throw new Error(`session lookup answered ${res.status}`);
  return (await res.json()) as { user: { id: string; emailVerified: boolean }; accessToken: string } | null;
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
