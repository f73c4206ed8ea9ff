/**
 * Fixed-window rate limits kept in Postgres (table `rate_limit_hits`), so they hold across isolates and
 * work the same in local runs. One atomic upsert per hit: the counter for (key, window) is created or
 * incremented and its new value returned, so two concurrent requests can never both see "under limit"
 * for the last slot. See docs/decisions/012-postgres-rate-limits.md.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db, HttpDb, Tx } from "../../db";
import { rateLimitHits } from "../../db/schema";
import { tooManyRequests, type Said } from "./errors";

export interface HitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  limit: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

/** Counts one hit against `key` and says whether it is within `limit` per `windowSeconds`. */
export async function hit(db: Db | Tx, key: string, limit: number, windowSeconds: number, now = Date.now()): Promise<HitResult> {
  const start = windowStart(windowSeconds, now);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart: new Date(start), count: 1 })
    .onConflictDoUpdate(countOne)
    .returning({ count: rateLimitHits.count });
  return hitResult(row, limit, windowSeconds, now);
}

/** Where the fixed window of `windowSeconds` that holds `now` began (ms since the epoch). */
export const windowStart = (windowSeconds: number, now: number) => Math.floor(now / (windowSeconds * 1000)) * windowSeconds * 1000;
const countOne = { target: [rateLimitHits.key, rateLimitHits.windowStart], set: { count: sql`${rateLimitHits.count} + 1` } };

function hitResult(row: { count: number } | undefined, limit: number, windowSeconds: number, now: number): HitResult {
  const count = row?.count ?? 1;
  const end = windowStart(windowSeconds, now) + windowSeconds * 1000;
  return { allowed: count <= limit, count, limit, retryAfterSeconds: Math.max(1, Math.ceil((end - now) / 1000)) };
}

/**
 * `enforce` as statements for a batch sent as one round trip with others (`HttpDb.batch`, issue 38):
 * `statements` count the hits, `judge` throws the 429 from their answers (in the same order).
 */
export function enforceStatements(db: HttpDb, limits: Limit[], message: string, now = Date.now()) {
  const statements = limits.map((l) =>
    db
      .insert(rateLimitHits)
      .values({ key: l.key, windowStart: new Date(windowStart(l.windowSeconds, now)), count: 1 })
      .onConflictDoUpdate(countOne)
      .returning({ count: rateLimitHits.count }),
  );
  const judge = (answers: { count: number }[][]) =>
    refuseBeyond(
      limits.map((l, i) => hitResult(answers[i]?.[0], l.limit, l.windowSeconds, now)),
      message,
    );
  return { statements, judge };
}

function refuseBeyond(results: HitResult[], message: Said) {
  const retryAfter = Math.max(0, ...results.filter((r) => !r.allowed).map((r) => r.retryAfterSeconds));
  if (retryAfter > 0) throw tooManyRequests(message, retryAfter);
}

export interface Limit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** Throws 429 if `limit` is already used up in the current window, without counting a hit. */
export async function refuseIfExhausted(db: Db | Tx, l: Limit, message: string, now = Date.now()) {
  const windowMs = l.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  const [row] = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, l.key), eq(rateLimitHits.windowStart, new Date(start))));
  if ((row?.count ?? 0) >= l.limit) throw tooManyRequests(message, Math.max(1, Math.ceil((start + windowMs - now) / 1000)));
}

/** Counts a hit against every limit; throws 429 (with Retry-After) if any of them is exceeded. */
export async function enforce(db: Db | Tx, limits: Limit[], message: Said = "Too many attempts. Please wait a moment and try again.") {
  const results: HitResult[] = [];
  for (const l of limits) results.push(await hit(db, l.key, l.limit, l.windowSeconds));
  refuseBeyond(results, message);
}

/** An IPv4 or IPv6 address as text (what Cloudflare puts in CF-Connecting-IP), at most 45 characters. */
const IP_ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * The caller's address: Cloudflare's CF-Connecting-IP, "local" when absent (local runs), and "invalid"
 * for anything that is not an address — it is used in rate-limit keys, so it must stay short and plain.
 */
export function clientIp(req: { header(name: string): string | undefined }): string {
  const value = req.header("CF-Connecting-IP")?.trim();
  if (!value) return "local";
  return IP_ADDRESS.test(value) ? value : "invalid";
}

/** A stable, non-identifying key part for personal data (emails) so the table holds no addresses. */
export async function hashKey(value: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
  return Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Housekeeping (cron): drops windows that ended before `before`. Returns how many rows went. */
export async function pruneRateLimits(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, before)).returning({ key: rateLimitHits.key });
  return rows.length;
}
