/**
 * One at a time across requests (issue 35, decision 177): `oneAtATime` takes a lease on `key` (a row of
 * `leases`), waiting for the holder to finish, runs `fn`, and gives the lease back. A request that died
 * holding it stops blocking once the lease expires. Unlike a Postgres advisory lock, no connection stays
 * open while `fn` calls Stripe.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { leases } from "../../db/schema";
import { conflict, type Said } from "./errors";

export interface LeaseOptions {
  /** How long a holder may keep it before others may take it (a request that died). */
  ttlSeconds?: number;
  /** How long to wait for it before answering 409. */
  waitMs?: number;
}

const POLL_MS = 150;

async function take(db: Db, key: string, holder: string, ttlSeconds: number): Promise<boolean> {
  const expiresAt = sql`now() + make_interval(secs => ${ttlSeconds})`;
  const taken = await db
    .insert(leases)
    .values({ key, holder, expiresAt })
    .onConflictDoUpdate({ target: leases.key, set: { holder, expiresAt }, setWhere: sql`${leases.expiresAt} < now()` })
    .returning({ key: leases.key });
  return taken.length > 0;
}

export async function oneAtATime<T>(db: Db, key: string, busyMessage: Said, fn: () => Promise<T>, opts: LeaseOptions = {}): Promise<T> {
  const { ttlSeconds = 60, waitMs = 25_000 } = opts;
  const holder = crypto.randomUUID();
  const deadline = Date.now() + waitMs;
  while (!(await take(db, key, holder, ttlSeconds))) {
    if (Date.now() > deadline) throw conflict(busyMessage, "busy");
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return holding(db, key, holder, fn);
}

/**
 * Runs `fn` under the lease on `key` only if nobody holds it; `{ ran: false }` at once (without waiting)
 * when someone does. For work that a later pass finishes anyway (decision 250).
 */
export async function ifFree<T>(
  db: Db,
  key: string,
  fn: () => Promise<T>,
  ttlSeconds = 60,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const holder = crypto.randomUUID();
  if (!(await take(db, key, holder, ttlSeconds))) return { ran: false };
  return { ran: true, value: await holding(db, key, holder, fn) };
}

async function holding<T>(db: Db, key: string, holder: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } finally {
    await db.delete(leases).where(and(eq(leases.key, key), eq(leases.holder, holder)));
  }
}
