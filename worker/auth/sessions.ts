/**
 * Refresh-token families (docs/decisions/010-refresh-token-families.md). One family per sign-in; the
 * cookie holds `<familyId>.<random>` and the database only the SHA-256 of the current token. Every refresh
 * rotates the token. Presenting a token of the family that is not the current one means a copy exists
 * somewhere else: the whole family is revoked, so both the thief's and the owner's copies stop working.
 *
 * Every token carries a MAC over `<familyId>.<random>` (HMAC-SHA256 with JWT_SECRET), so only a token we
 * issued for that family is taken as a stale copy: a cookie with someone else's family id and a made-up
 * secret revokes nothing (docs/decisions/015-refresh-token-mac.md).
 */
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Db } from "../../db";
import { refreshTokenFamilies, users } from "../../db/schema";
import type { Config } from "../config";
import type { AppEnv } from "../env";
import { constantTimeEqual, fromBase64Url, randomToken, sha256, toBase64Url } from "./crypto";

export const REFRESH_COOKIE = "hs_refresh";
export const REFRESH_COOKIE_PATH = "/api/auth";
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export type AuthMethod = "password" | "google";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the session functions need from the request: the database and the MAC secret. */
export interface SessionServices {
  db: Db;
  config: Pick<Config, "JWT_SECRET">;
}

const macKeys = new Map<string, Promise<CryptoKey>>();
function macKey(secret: string): Promise<CryptoKey> {
  let key = macKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    macKeys.set(secret, key);
  }
  return key;
}

async function mac(config: SessionServices["config"], body: string): Promise<Uint8Array> {
  const sig = await crypto.subtle.sign("HMAC", await macKey(config.JWT_SECRET), new TextEncoder().encode(`refresh:${body}`));
  return new Uint8Array(sig).subarray(0, 16);
}

async function issue(config: SessionServices["config"], familyId: string): Promise<string> {
  const body = `${familyId}.${randomToken()}`;
  return `${body}.${toBase64Url(await mac(config, body))}`;
}

/** The family of a token we issued, or null for anything malformed or not ours (wrong MAC). */
async function parse(config: SessionServices["config"], token: string | undefined): Promise<{ familyId: string; token: string } | null> {
  if (!token || token.length > 200) return null;
  const [familyId, random, tag, ...rest] = token.split(".");
  if (!familyId || !random || !tag || rest.length > 0 || !UUID.test(familyId)) return null;
  let presented: Uint8Array;
  try {
    presented = fromBase64Url(tag);
  } catch {
    return null;
  }
  return constantTimeEqual(presented, await mac(config, `${familyId}.${random}`)) ? { familyId, token } : null;
}

/** Starts a family for a fresh sign-in and returns its first token. */
export async function startFamily({ db, config }: SessionServices, userId: string, method: AuthMethod): Promise<string> {
  const familyId = crypto.randomUUID();
  const token = await issue(config, familyId);
  await db.insert(refreshTokenFamilies).values({
    id: familyId,
    userId,
    currentTokenHash: await sha256(token),
    authMethod: method,
    expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
  });
  return token;
}

export interface SessionUser {
  id: string;
  email: string;
}

async function revokeOnReuse(db: Db, familyId: string, hash: string) {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: "reuse" })
    .where(and(eq(refreshTokenFamilies.id, familyId), ne(refreshTokenFamilies.currentTokenHash, hash), isNull(refreshTokenFamilies.revokedAt)));
}

const live = (familyId: string, hash: string) =>
  and(
    eq(refreshTokenFamilies.id, familyId),
    eq(refreshTokenFamilies.currentTokenHash, hash),
    isNull(refreshTokenFamilies.revokedAt),
    gt(refreshTokenFamilies.expiresAt, sql`now()`),
  );

/**
 * Exchanges the current token for a new one (atomically: only one request can win a given token).
 * Returns null if the token is unknown, expired or revoked; a stale token revokes its family.
 */
export async function rotate({ db, config }: SessionServices, presented: string | undefined): Promise<{ user: SessionUser; token: string } | null> {
  const parsed = await parse(config, presented);
  if (!parsed) return null;
  const hash = await sha256(parsed.token);
  const next = await issue(config, parsed.familyId);
  const [row] = await db
    .update(refreshTokenFamilies)
    .set({ currentTokenHash: await sha256(next), generation: sql`${refreshTokenFamilies.generation} + 1`, lastUsedAt: new Date() })
    .where(live(parsed.familyId, hash))
    .returning({ userId: refreshTokenFamilies.userId });
  if (!row) {
    await revokeOnReuse(db, parsed.familyId, hash);
    return null;
  }
  const user = await userById(db, row.userId);
  return user ? { user, token: next } : null;
}

/** Checks the current token without rotating it (GET /session). A stale token still revokes its family. */
export async function peek({ db, config }: SessionServices, presented: string | undefined): Promise<SessionUser | null> {
  const parsed = await parse(config, presented);
  if (!parsed) return null;
  const hash = await sha256(parsed.token);
  const [row] = await db
    .select({ userId: refreshTokenFamilies.userId })
    .from(refreshTokenFamilies)
    .where(live(parsed.familyId, hash))
    .limit(1);
  if (!row) {
    await revokeOnReuse(db, parsed.familyId, hash);
    return null;
  }
  return userById(db, row.userId);
}

/** Sign-out: revokes the family the token belongs to (current or stale, either way it ends). */
export async function revokeFamily({ db, config }: SessionServices, presented: string | undefined, reason = "signout"): Promise<void> {
  const parsed = await parse(config, presented);
  if (!parsed) return;
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.id, parsed.familyId), isNull(refreshTokenFamilies.revokedAt)));
}

/** Ends every session of a user (password reset, account takeover protection). */
export async function revokeAllForUser(db: Db, userId: string, reason: string): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)));
}

async function userById(db: Db, id: string): Promise<SessionUser | null> {
  const [u] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id)).limit(1);
  return u ?? null;
}

const secure = (config: Config) => config.ENVIRONMENT !== "development" && config.ENVIRONMENT !== "test";

export function readRefreshCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, REFRESH_COOKIE);
}

export function setRefreshCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secure(c.var.config),
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TTL_SECONDS,
  });
}

export function clearRefreshCookie(c: Context<AppEnv>) {
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: "Lax", secure: secure(c.var.config) });
}

export { secure as secureCookies };
