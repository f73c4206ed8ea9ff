/**
 * Who may generate, and starting a generation atomically (docs/decisions/021-generate-one-transaction.md,
 * 240-edge-round-trips.md).
 *
 * Two round trips over SQL-over-HTTP, no session: one batch reads the allowance, the headshot and the
 * fair-use allowance (the refusals a person sees); then one transaction (a batch: its statements run in
 * order in one transaction, each seeing the ones before) locks the user's row (so one user's generate
 * calls run one at a time, which keeps the fair-use allowance exact) and flips the headshot pending →
 * processing with a conditional UPDATE whose conditions are the rules: for a subscriber, the picture the
 * fair-use allowance gave (worker/credits/fair-use.ts, decision 295); for a free account, the free
 * generation the ledger took (worker/credits); each taken in the statement before, only while the headshot
 * is pending. A refusal writes nothing. The queue message is sent only after the commit.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { headshots, users } from "../../db/schema";
import type { Db, HttpDb, Tx } from "../../db";
import {
  type Allowance,
  allowanceOfRows,
  allowanceStatements,
  chargeStatement,
  chargedAll,
  chargeGenerations,
  chargesFreeGenerations,
  fairUsePlanOf,
  fairUseRefusal,
  fairUseRowStatement,
  hasPaidFeatures,
  heldAt,
  refundGenerations,
  takeFairUse,
  takeStatement,
} from "../credits";
import { emailUnverified, notFound, subscriptionRequired, said } from "../lib";
import { m } from "../../copy";
import { MESSAGES } from "../../domain/limits";
import type { FairUsePlan } from "../../domain/plans";
import type { HeadshotStatus } from "../../domain/api";
import { moveHeadshots, moveStatement } from "./lifecycle";

export const verifyFirst = () => emailUnverified(MESSAGES.verifyFirst);
export const freeUsed = () => subscriptionRequired(MESSAGES.freeUsed);

/** Refuses the allowance that could not generate one more image (unknown user, unverified, no free generation left). */
export function refuseIfCannotGenerate(allowance: Allowance | null): asserts allowance is Allowance {
  if (!allowance) throw notFound(said(m.errors_user_not_found), "user_not_found");
  if (allowance.kind === "unverified") throw verifyFirst();
  if (allowance.kind === "free" && allowance.remaining === 0) throw freeUsed();
}

/**
 * Starts one pending headshot under the user's row lock (`allowance` read with `lock: true` in `tx`): refuses an
 * unverified user, takes a picture from a paid allowance's fair use, moves it pending → processing and takes a
 * free person's free generation. `free` (a free redo, issue 36): neither fair use nor a free generation.
 * Throws to roll back.
 */
export async function startLocked(
  tx: Tx,
  allowance: Allowance,
  userId: string,
  headshotId: string,
  opts: { free?: boolean } = {},
): Promise<void> {
  if (allowance.kind === "unverified") throw verifyFirst();
  const fairUse = !opts.free && hasPaidFeatures(allowance);
  if (!opts.free && hasPaidFeatures(allowance)) await takeFairUse(tx, userId, allowance, 1);
  const flipped = await moveHeadshots(
    tx,
    { from: "pending", to: "processing" },
    and(eq(headshots.id, headshotId), eq(headshots.userId, userId)),
    { queuedAt: sql`now()`, attempts: 0, error: null, fairUseCharged: fairUse },
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
export async function startGeneration(db: HttpDb, userId: string, headshotId: string): Promise<StartResult> {
  const mine = and(eq(headshots.id, headshotId), eq(headshots.userId, userId));
  const headshotStatus = () => db.select({ status: headshots.status }).from(headshots).where(mine);
  // 1. what the person may do, where the headshot stands, their fair use: the refusals they are told
  const [user, subscription, seat, credit, [headshot], [fairUseRow]] = await db.batch([
    ...allowanceStatements(db, userId),
    headshotStatus(),
    fairUseRowStatement(db, userId),
  ]);
  const allowance = allowanceOfRows([user, subscription, seat, credit]);
  if (!allowance || !headshot) throw notFound(said(m.errors_headshot_not_found), "headshot_not_found");
  if (headshot.status !== "pending") return { started: false, status: headshot.status };
  refuseIfCannotGenerate(allowance);
  const held = (row: typeof fairUseRow, plan: FairUsePlan) =>
    heldAt(plan, { tokens: row?.tokens ?? null, at: row?.at ?? null }, new Date(row?.now ?? Date.now()));
  if (hasPaidFeatures(allowance) && held(fairUseRow, fairUsePlanOf(allowance)) < 1) {
    throw fairUseRefusal(fairUsePlanOf(allowance), held(fairUseRow, fairUsePlanOf(allowance)), 1);
  }

  // 2. the start, one transaction: the user's row locked, then writes whose conditions are the rules
  const lock = db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const start = (condition: SQL, fairUseCharged = false) =>
    moveStatement(db, { from: "pending", to: "processing" }, and(mine, condition), {
      queuedAt: sql`now()`,
      attempts: 0,
      error: null,
      fairUseCharged,
    });
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
    if (!after) throw notFound(said(m.errors_headshot_not_found), "headshot_not_found");
    if (after.status !== "pending") return { started: false, status: after.status };
    throw freeUsed();
  }
  // The allowance gives the picture only while the headshot is pending; the flip only a headshot whose
  // picture this transaction took (the user's fair_use_at is its now()).
  if (!hasPaidFeatures(allowance)) throw verifyFirst(); // refused above already: the one case left
  const plan = fairUsePlanOf(allowance);
  const stillPending = sql`exists (select 1 from ${headshots} where ${mine} and ${headshots.status} = 'pending')`;
  const [, , flipped, [after], [rowNow]] = await db.batch([
    lock,
    takeStatement(db, userId, plan, 1, stillPending),
    start(sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.fairUseAt} = now())`, true),
    headshotStatus(),
    fairUseRowStatement(db, userId),
  ]);
  if (flipped.length > 0) return { started: true };
  if (!after) throw notFound(said(m.errors_headshot_not_found), "headshot_not_found");
  if (after.status !== "pending") return { started: false, status: after.status };
  throw fairUseRefusal(plan, held(rowNow, plan), 1);
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
