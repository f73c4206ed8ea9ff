/**
 * Refresh-token families (docs/decisions/010-refresh-token-families.md). One family per sign-in; the
 * cookie holds `<familyId>.<random>` and the database only the SHA-256 of the current token. Every refresh
 * rotates the token. Presenting a token of the family that is not the current one means a copy exists
 * somewhere else: the whole family is revoked, so both the thief's and the owner's copies stop working.
 *
 * Every token carries a MAC over `<familyId>.<random>` (HMAC-SHA256 with JWT_SECRET), so only a token we
 * issued for that family is taken as a stale copy: a cookie with someone else's family id and a made-up
 * secret revokes nothing (docs/decisions/015-refresh-token-mac.md).
 *
 * Tabs refreshing at once (decision 087): the token that follows a token is derived from it (an HMAC),
 * so every request presenting the same token computes the same successor. For GRACE_SECONDS after a
 * rotation, the token it replaced is answered with that successor instead of being taken as reuse —
 * only while the successor is still the family's current token; after that, or two rotations back, it
 * is reuse as before.
 */
import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Db, Tx } from "../../db";
import { refreshTokenFamilies, users } from "../../db/schema";
import type { Config } from "../config";
import type { AppEnv } from "../env";
import { constantTimeEqual, fromBase64Url, randomToken, sha256, toBase64Url } from "./crypto";
import { SIGNED_IN_HINT_COOKIE } from "../../domain/api";
import { hmacSha256 } from "../lib";

export const REFRESH_COOKIE = "hs_refresh";
export const REFRESH_COOKIE_PATH = "/api/auth";
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
/** How long after a rotation the token it replaced still gets the new one (decision 087). */
export const REFRESH_GRACE_SECONDS = 20;

export type AuthMethod = "password" | "google";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the session functions need from the request: the database and the MAC secret. */
export interface SessionServices {
  db: Db;
  config: Pick<Config, "JWT_SECRET">;
}

const hmac = (config: SessionServices["config"], text: string) => hmacSha256(config.JWT_SECRET, text);

const mac = async (config: SessionServices["config"], body: string) => (await hmac(config, `refresh:${body}`)).subarray(0, 16);

async function issue(config: SessionServices["config"], familyId: string, random = randomToken()): Promise<string> {
  const body = `${familyId}.${random}`;
  return `${body}.${toBase64Url(await mac(config, body))}`;
}

/** The token that follows `token` in its family: the same for every request that presents `token`. */
async function successor(config: SessionServices["config"], familyId: string, token: string): Promise<string> {
  return issue(config, familyId, toBase64Url(await hmac(config, `next:${token}`)));
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
export async function startFamily(
  { db, config }: { db: Db | Tx; config: SessionServices["config"] },
  userId: string,
  method: AuthMethod,
): Promise<string> {
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
  /** users.session_epoch, carried by the access tokens minted for this session. */
  epoch: number;
  /** The family id, carried by the access tokens minted for this session (a re-confirmation is this session's). */
  session?: string;
}

/** The session (family id) a refresh token belongs to. */
export const sessionOf = (token: string) => token.slice(0, token.indexOf("."));

async function revokeOnReuse(db: Db, familyId: string, hash: string) {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: "reuse" })
    .where(
      and(eq(refreshTokenFamilies.id, familyId), ne(refreshTokenFamilies.currentTokenHash, hash), isNull(refreshTokenFamilies.revokedAt)),
    );
}

const alive = (familyId: string) =>
  and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revokedAt), gt(refreshTokenFamilies.expiresAt, sql`now()`));

const live = (familyId: string, hash: string) => and(alive(familyId), eq(refreshTokenFamilies.currentTokenHash, hash));

/** `hash` is the token the last rotation replaced, within the grace window, and `nextHash` (its successor) is still current. */
const justRotated = (familyId: string, hash: string, nextHash: string) =>
  and(
    alive(familyId),
    eq(refreshTokenFamilies.previousTokenHash, hash),
    eq(refreshTokenFamilies.currentTokenHash, nextHash),
    gt(refreshTokenFamilies.rotatedAt, sql`now() - make_interval(secs => ${REFRESH_GRACE_SECONDS})`),
  );

/**
 * Exchanges the current token for its successor (atomically: only one request rotates a given token).
 * A request presenting the token just replaced, within the grace window, gets the same successor.
 * Returns null if the token is unknown, expired or revoked; a stale token revokes its family.
 */
export async function rotate(
  { db, config }: SessionServices,
  presented: string | undefined,
): Promise<{ user: SessionUser; token: string } | null> {
  const parsed = await parse(config, presented);
  if (!parsed) return null;
  const hash = await sha256(parsed.token);
  const next = await successor(config, parsed.familyId, parsed.token);
  const nextHash = await sha256(next);
  let [row] = await db
    .update(refreshTokenFamilies)
    .set({
      previousTokenHash: sql`${refreshTokenFamilies.currentTokenHash}`,
      currentTokenHash: nextHash,
      rotatedAt: sql`now()`,
      generation: sql`${refreshTokenFamilies.generation} + 1`,
      lastUsedAt: new Date(),
    })
    .where(live(parsed.familyId, hash))
    .returning({ userId: refreshTokenFamilies.userId });
  // Another tab rotated this very token a moment ago: answer with the token it got.
  row ??= (
    await db
      .select({ userId: refreshTokenFamilies.userId })
      .from(refreshTokenFamilies)
      .where(justRotated(parsed.familyId, hash, nextHash))
      .limit(1)
  )[0];
  if (!row) {
    await revokeOnReuse(db, parsed.familyId, hash);
    return null;
  }
  const user = await userById(db, row.userId);
  return user ? { user: { ...user, session: parsed.familyId }, token: next } : null;
}

/**
 * Checks a token without rotating it (GET /session, the verification link): the current token, or the
 * one just replaced within the grace window. A stale token still revokes its family.
 *
 * `token` is the family's current token: the one presented, or its successor when the presented one was
 * just replaced. They differ when a rotation's answer never reached the browser (the page navigated away
 * while its POST /refresh was under way): the caller hands the successor back (`setRefreshCookie`), or the
 * browser would keep presenting the replaced token and, once the grace window has passed, be taken for a
 * thief and signed out (decision 087).
 */
export async function peek(
  { db, config }: SessionServices,
  presented: string | undefined,
): Promise<(SessionUser & { familyId: string; token: string }) | null> {
  const parsed = await parse(config, presented);
  if (!parsed) return null;
  const hash = await sha256(parsed.token);
  const next = await successor(config, parsed.familyId, parsed.token);
  const nextHash = await sha256(next);
  const [row] = await db
    .select({ userId: refreshTokenFamilies.userId, currentTokenHash: refreshTokenFamilies.currentTokenHash })
    .from(refreshTokenFamilies)
    .where(or(live(parsed.familyId, hash), justRotated(parsed.familyId, hash, nextHash)))
    .limit(1);
  if (!row) {
    await revokeOnReuse(db, parsed.familyId, hash);
    return null;
  }
  const user = await userById(db, row.userId);
  return user ? { ...user, familyId: parsed.familyId, token: row.currentTokenHash === hash ? parsed.token : next } : null;
}

/**
 * The session of the request's refresh cookie, without rotating it (`peek`). A browser that presents the token
 * a rotation just replaced, because that rotation's answer was lost, is handed the current one here.
 */
export async function requestSession(c: Context<AppEnv>) {
  const cookie = readRefreshCookie(c);
  const session = await peek(c.var, cookie);
  if (session && session.token !== cookie) setRefreshCookie(c, session.token);
  return session;
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

/**
 * Ends every session of a user but `exceptFamilyId` (password reset or change, the first proof of the
 * address): revokes the refresh-token families and bumps the session epoch, so access tokens issued
 * before can no longer write or act as the operator (decision 085).
 */
export async function endSessions(db: Db | Tx, userId: string, reason: string, exceptFamilyId?: string): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(refreshTokenFamilies.userId, userId),
        isNull(refreshTokenFamilies.revokedAt),
        exceptFamilyId ? ne(refreshTokenFamilies.id, exceptFamilyId) : undefined,
      ),
    );
  await moveSessionEpoch(db, userId);
}

/** Access tokens issued before now can no longer write or act as the operator; every session stays (decision 085). */
export async function moveSessionEpoch(db: Db | Tx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionEpoch: sql`${users.sessionEpoch} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

async function userById(db: Db, id: string): Promise<SessionUser | null> {
  const [u] = await db.select({ id: users.id, email: users.email, epoch: users.sessionEpoch }).from(users).where(eq(users.id, id)).limit(1);
  return u ?? null;
}

const secure = (config: Config) => config.ENVIRONMENT !== "development" && config.ENVIRONMENT !== "test";

export function readRefreshCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, REFRESH_COOKIE);
}

/**
 * The refresh cookie (HttpOnly, /api/auth only) and beside it the signed-in hint (readable by the page,
 * site-wide, value "1", same lifetime): a public page's first script shows the Account menu from the hint
 * without any request (decision 120). The hint grants nothing; the refresh cookie stays the session.
 */
export function setRefreshCookie(c: Context<AppEnv>, token: string) {
  const common = { sameSite: "Lax", secure: secure(c.var.config), maxAge: REFRESH_TTL_SECONDS } as const;
  setCookie(c, REFRESH_COOKIE, token, { ...common, httpOnly: true, path: REFRESH_COOKIE_PATH });
  setCookie(c, SIGNED_IN_HINT_COOKIE, "1", { ...common, path: "/" });
}

export function clearRefreshCookie(c: Context<AppEnv>) {
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: "Lax", secure: secure(c.var.config) });
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: "/", sameSite: "Lax", secure: secure(c.var.config) });
}

/** A signed-in hint is present (to clear one that outlived its session). */
export const hasSignedInHint = (c: Context<AppEnv>) => getCookie(c, SIGNED_IN_HINT_COOKIE) !== undefined;

export { secure as secureCookies };
