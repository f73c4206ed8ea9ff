/**
 * Who may generate, and starting a generation atomically (docs/decisions/021-generate-one-transaction.md,
 * 240-edge-round-trips.md).
 *
 * Two round trips over SQL-over-HTTP, no session: one batch reads the allowance, the headshot and the
 * fair-use counts (the refusals a person sees); then one transaction (a batch: its statements run in
 * order in one transaction, each seeing the ones before) locks the user's row (so one user's generate
 * calls run one at a time, which keeps the fair-use count exact) and flips the headshot pending →
 * processing with a conditional UPDATE whose conditions are the rules: for a subscriber, room within fair
 * use counted under the lock; for a free account, the free generation the ledger took (worker/credits)
 * in the statement before, itself only while the headshot is pending. A refusal writes nothing. The
 * queue message is sent only after the commit.
 */
import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import { headshots, users } from "../../db/schema";
import type { Db, HttpDb, Tx } from "../../db";
import type { Config } from "../config";
import {
  type Allowance,
  allowanceOfRows,
  allowanceStatements,
  chargeStatement,
  chargedAll,
  chargeGenerations,
  chargesFreeGenerations,
  dailyCapOf,
  hasPaidFeatures,
  refundGenerations,
} from "../credits";
import { emailUnverified, notFound, subscriptionRequired, tooManyRequests } from "../lib";
import { MESSAGES } from "../../domain/limits";
import { count } from "../../domain/words";
import type { HeadshotStatus } from "../../domain/api";
import { moveHeadshots, moveStatement } from "./lifecycle";

export const verifyFirst = () => emailUnverified(MESSAGES.verifyFirst);
export const freeUsed = () => subscriptionRequired(MESSAGES.freeUsed);

/**
 * Fair use of a subscriber's unlimited generations: refuses `n` more images when they would pass
 * FAIR_USE_PER_HOUR in the last hour or `perDay` (the plan's FAIR_USE_PER_DAY, decision 163) in the last
 * 24 hours. Counts images (a shoot of 5 is 5). Run it under the user's row lock.
 */
export async function refuseBeyondFairUse(
  tx: Tx,
  config: Pick<Config, "FAIR_USE_PER_HOUR">,
  userId: string,
  n: number,
  perDay: number,
): Promise<void> {
  const [recent] = await fairUseStatement(tx, userId);
  judgeFairUse(config, recent, n, perDay);
}

/** The images a user started in the last hour and the last 24 hours. */
const fairUseStatement = (db: Tx | HttpDb, userId: string) =>
  db
    .select({
      hour: sql<number>`count(*) filter (where ${headshots.queuedAt} >= now() - interval '1 hour')::int`,
      day: sql<number>`count(*)::int`,
    })
    .from(headshots)
    .where(and(eq(headshots.userId, userId), gte(headshots.queuedAt, sql`now() - interval '1 day'`)));

/** `refuseBeyondFairUse`'s condition in SQL, for a guarded write: true while `n` more fit both limits. */
function fairUseRoom(config: Pick<Config, "FAIR_USE_PER_HOUR">, userId: string, n: number, perDay: number): SQL {
  return sql`(select count(*) filter (where ${headshots.queuedAt} >= now() - interval '1 hour') + ${n} <= ${config.FAIR_USE_PER_HOUR}
      and count(*) + ${n} <= ${perDay}
    from ${headshots} where ${headshots.userId} = ${userId} and ${headshots.queuedAt} >= now() - interval '1 day')`;
}

/** Throws the fair-use refusal when `n` more images would pass either limit. */
function judgeFairUse(
  config: Pick<Config, "FAIR_USE_PER_HOUR">,
  recent: { hour: number; day: number } | undefined,
  n: number,
  perDay: number,
) {
  if ((recent?.hour ?? 0) + n > config.FAIR_USE_PER_HOUR) {
    throw tooManyRequests(
      `You've reached the fair-use limit of ${config.FAIR_USE_PER_HOUR} generations an hour. Please try again a little later.`,
      15 * 60,
    );
  }
  if ((recent?.day ?? 0) + n > perDay) {
    throw tooManyRequests(
      `You've reached your plan's fair-use limit of ${count(perDay, "generation")} a day. You can generate again as your earlier generations pass 24 hours.`,
      60 * 60,
    );
  }
}

/** Refuses the allowance that could not generate one more image (unknown user, unverified, no free generation left). */
export function refuseIfCannotGenerate(allowance: Allowance | null): asserts allowance is Allowance {
  if (!allowance) throw notFound("User not found.");
  if (allowance.kind === "unverified") throw verifyFirst();
  if (allowance.kind === "free" && allowance.remaining === 0) throw freeUsed();
}

/**
 * Starts one pending headshot under the user's row lock (`allowance` read with `lock: true` in `tx`): refuses an
 * unverified user, holds a paid allowance to fair use, moves it pending → processing and takes a free person's
 * free generation. `free` (a free redo, issue 36): neither fair use nor a free generation. Throws to roll back.
 */
export async function startLocked(
  tx: Tx,
  config: Pick<Config, "FAIR_USE_PER_HOUR">,
  allowance: Allowance,
  userId: string,
  headshotId: string,
  opts: { free?: boolean } = {},
): Promise<void> {
  if (allowance.kind === "unverified") throw verifyFirst();
  if (!opts.free && hasPaidFeatures(allowance)) await refuseBeyondFairUse(tx, config, userId, 1, dailyCapOf(allowance));
  const flipped = await moveHeadshots(
    tx,
    { from: "pending", to: "processing" },
    and(eq(headshots.id, headshotId), eq(headshots.userId, userId)),
    { queuedAt: sql`now()`, attempts: 0, error: null },
  );
  if (flipped.length === 0) throw new AlreadyStarted("processing");
  if (!opts.free && chargesFreeGenerations(allowance) && !(await chargeGenerations(tx, userId, [headshotId]))) throw freeUsed();
}

export type StartResult = { started: true } | { started: false; status: HeadshotStatus };

/** Thrown inside a start's transaction when the headshot is no longer pending (rolls the transaction back). */
export class AlreadyStarted extends Error {
  constructor(readonly status: HeadshotStatus) {
    super("already started");
  }
}

/**
 * Starts the generation of a pending headshot (see the top of this file): two round trips over HTTP.
 * Idempotent: a headshot already started answers its status, and nothing is charged again.
 */
export async function startGeneration(
  db: HttpDb,
  config: Pick<Config, "FAIR_USE_PER_HOUR">,
  userId: string,
  headshotId: string,
): Promise<StartResult> {
  const mine = and(eq(headshots.id, headshotId), eq(headshots.userId, userId));
  const headshotStatus = () => db.select({ status: headshots.status }).from(headshots).where(mine);
  // 1. what the person may do, where the headshot stands, their fair use: the refusals they are told
  const [user, subscription, seat, credit, [headshot], [recent]] = await db.batch([
    ...allowanceStatements(db, userId),
    headshotStatus(),
    fairUseStatement(db, userId),
  ]);
  const allowance = allowanceOfRows([user, subscription, seat, credit]);
  if (!allowance || !headshot) throw notFound("Headshot not found.");
  if (headshot.status !== "pending") return { started: false, status: headshot.status };
  refuseIfCannotGenerate(allowance);
  const cap = hasPaidFeatures(allowance) ? dailyCapOf(allowance) : 0;
  if (hasPaidFeatures(allowance)) judgeFairUse(config, recent, 1, cap);

  // 2. the start, one transaction: the user's row locked, then writes whose conditions are the rules
  const lock = db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const start = (condition: SQL) =>
    moveStatement(db, { from: "pending", to: "processing" }, and(mine, condition), { queuedAt: sql`now()`, attempts: 0, error: null });
  if (chargesFreeGenerations(allowance)) {
    // The ledger takes the free generation only while the headshot is pending and uncharged; the flip
    // only a headshot charged by this transaction (its now(): the transaction's start, set by the charge).
    const stillPending = sql`exists (select 1 from ${headshots} where ${mine} and ${headshots.status} = 'pending' and not ${headshots.chargedCredit})`;
    const [, charge, flipped, [after]] = await db.batch([
      lock,
      chargeStatement(db, userId, [headshotId], stillPending),
      start(sql`${headshots.chargedCredit} and ${headshots.updatedAt} = now()`),
      headshotStatus(),
    ]);
    if (flipped.length > 0 && chargedAll(charge, 1)) return { started: true };
    if (!after) throw notFound("Headshot not found.");
    if (after.status !== "pending") return { started: false, status: after.status };
    throw freeUsed();
  }
  const [, [recentNow], flipped, [after]] = await db.batch([
    lock,
    fairUseStatement(db, userId),
    start(fairUseRoom(config, userId, 1, cap)),
    headshotStatus(),
  ]);
  if (flipped.length > 0) return { started: true };
  if (!after) throw notFound("Headshot not found.");
  if (after.status !== "pending") return { started: false, status: after.status };
  judgeFairUse(config, recentNow, 1, cap);
  throw new Error("startGeneration: not started, and no rule says why");
}

/** Undo a start whose queue message could not be sent: back to pending, free generation returned. */
export async function undoStart(db: Db, userId: string, headshotId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await moveHeadshots(
      tx,
      { from: "processing", to: "pending" },
      and(eq(headshots.id, headshotId), eq(headshots.userId, userId)),
      { queuedAt: null },
    );
    await refundGenerations(
      tx,
      moved.map((m) => m.id),
    );
  });
}
