/**
 * The one writer of a headshot's `status` (eslint.config.js fails on any other): every change is a move
 * of domain/headshot-lifecycle.ts's STATUS_MOVES, applied as one guarded UPDATE — only rows still in
 * `from` (and matching `where`) move, so two racing writers can never both move a row, and a finished
 * row never moves again. A move the table does not allow throws before touching the database.
 * Run it inside the caller's transaction when something else (a charge, a refund) must move with it.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, HttpDb, Tx } from "../../db";
import { headshots } from "../../db/schema";
import { canMove, type StatusMove } from "../../domain/headshot-lifecycle";

/** Columns a move may set besides `status` (and `updated_at`, always set). */
export type MoveFields = Omit<PgUpdateSetSource<typeof headshots>, "status" | "id" | "userId" | "updatedAt">;

export interface Moved {
  id: string;
  userId: string;
  chargedCredit: boolean;
}

export class ForbiddenMove extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`headshot lifecycle: ${from} → ${to} is not a move (domain/headshot-lifecycle.ts)`);
    this.name = "ForbiddenMove";
  }
}

/**
 * Moves every headshot matching `where` that is still in `move.from` to `move.to`, setting `fields` with
 * it. Returns the rows moved (none when they had left `from` already).
 */
export async function moveHeadshots(db: Db | Tx, move: StatusMove, where: SQL | undefined, fields: MoveFields = {}): Promise<Moved[]> {
  const { set, guard } = checkedMove(move, where, fields);
  return db.update(headshots).set(set).where(guard).returning(movedColumns);
}

/**
 * `moveHeadshots` as a statement for a batch sent as one round trip (`HttpDb.batch`, one transaction:
 * issue 38); its answer is the rows moved.
 */
export function moveStatement(db: HttpDb, move: StatusMove, where: SQL | undefined, fields: MoveFields = {}) {
  const { set, guard } = checkedMove(move, where, fields);
  return db.update(headshots).set(set).where(guard).returning(movedColumns);
}

const movedColumns = { id: headshots.id, userId: headshots.userId, chargedCredit: headshots.chargedCredit };

function checkedMove(move: StatusMove, where: SQL | undefined, fields: MoveFields) {
  if (!canMove(move.from, move.to)) throw new ForbiddenMove(move.from, move.to);
  return { set: { ...fields, status: move.to, updatedAt: sql`now()` }, guard: and(eq(headshots.status, move.from), where) };
}
