/**
 * Who may generate, and starting a generation atomically (docs/decisions/021-generate-one-transaction.md).
 *
 * One transaction: lock the user's row (so one user's generate calls run one at a time, which keeps
 * the fair-use count exact), flip the headshot pending → processing with a conditional UPDATE, and for
 * non-subscribers take a free generation from the credits ledger (worker/credits). Any refusal
 * throws, which rolls the flip back. The queue message is sent only after the commit.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { headshots } from "../../db/schema";
import type { Db, Tx } from "../../db";
import type { Config } from "../config";
import {
  type Allowance,
  allowanceOf,
  chargeGenerations,
  chargesFreeGenerations,
  dailyCapOf,
  hasPaidFeatures,
  refundGenerations,
} from "../credits";
import { ApiError, notFound, tooManyRequests } from "../lib";
import { MESSAGES } from "../../domain/limits";
import { count } from "../../domain/words";
import type { HeadshotStatus } from "../../domain/api";
import { moveHeadshots } from "./lifecycle";

export const verifyFirst = () => new ApiError(403, MESSAGES.verifyFirst, { requiresEmailVerification: true });
export const freeUsed = () => new ApiError(402, MESSAGES.freeUsed, { requiresSubscription: true });

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
  const [recent] = await tx
    .select({
      hour: sql<number>`count(*) filter (where ${headshots.queuedAt} >= now() - interval '1 hour')::int`,
      day: sql<number>`count(*)::int`,
    })
    .from(headshots)
    .where(and(eq(headshots.userId, userId), gte(headshots.queuedAt, sql`now() - interval '1 day'`)));
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

/**
 * The refusals of startGeneration, read-only, for the upload route: a photo that could not be generated
 * is never stored. (startGeneration still decides, atomically; this only saves a useless upload.)
 */
export async function refuseIfCannotGenerate(db: Db, userId: string): Promise<void> {
  const allowance = await allowanceOf(db, userId);
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

class AlreadyStarted extends Error {
  constructor(readonly status: HeadshotStatus) {
    super("already started");
  }
}

export async function startGeneration(
  db: Db,
  config: Pick<Config, "FAIR_USE_PER_HOUR">,
  userId: string,
  headshotId: string,
): Promise<StartResult> {
  try {
    await db.transaction(async (tx) => {
      const allowance = await allowanceOf(tx, userId, { lock: true });
      const [headshot] = await tx
        .select({ status: headshots.status })
        .from(headshots)
        .where(and(eq(headshots.id, headshotId), eq(headshots.userId, userId)));
      if (!allowance || !headshot) throw notFound("Headshot not found.");
      if (headshot.status !== "pending") throw new AlreadyStarted(headshot.status);
      await startLocked(tx, config, allowance, userId, headshotId);
    });
    return { started: true };
  } catch (err) {
    if (err instanceof AlreadyStarted) return { started: false, status: err.status };
    throw err;
  }
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
