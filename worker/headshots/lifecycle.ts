/**
 * The one writer of a headshot's `status` (eslint.config.js fails on any other): every change is a move
 * of domain/headshot-lifecycle.ts's STATUS_MOVES, applied as one guarded UPDATE — only rows still in
 * `from` (and matching `where`) move, so two racing writers can never both move a row, and a finished
 * row never moves again. A move the table does not allow throws before touching the database.
 * Run it inside the caller's transaction when something else (a charge, a refund) must move with it.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db";
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
  if (!canMove(move.from, move.to)) throw new ForbiddenMove(move.from, move.to);
  return db
    .update(headshots)
    .set({ ...fields, status: move.to, updatedAt: sql`now()` })
    .where(and(eq(headshots.status, move.from), where))
    .returning({ id: headshots.id, userId: headshots.userId, chargedCredit: headshots.chargedCredit });
}
