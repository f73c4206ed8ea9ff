/**
 * The free redo's record (decision 202, issue 46 item 3): every free redo a person starts is written to
 * `free_redos` in the transaction that starts it, and the offer counts those rows, not the redo versions that
 * still exist. Deleting the redo (or its whole headshot) leaves the record, so "once per picture" and "at most
 * FREE_REDOS_PER_DAY a day" hold whatever is deleted; a redo that fails is given back (`given_back_at`), by the
 * ledger's refund, and is offered again.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { freeRedos } from "../../db/schema";

/** Free redos taken and not given back: of the picture whose first version is `firstId`, and by the user in the last 24 hours. */
export async function freeRedosTaken(db: Db | Tx, userId: string, firstId: string): Promise<{ ofPicture: number; today: number }> {
  const [row] = await db
    .select({
      ofPicture: sql<number>`(count(*) filter (where ${freeRedos.firstId} = ${firstId}))::int`,
      today: sql<number>`(count(*) filter (where ${freeRedos.createdAt} >= now() - interval '1 day'))::int`,
    })
    .from(freeRedos)
    .where(and(eq(freeRedos.userId, userId), isNull(freeRedos.givenBackAt)));
  return { ofPicture: row?.ofPicture ?? 0, today: row?.today ?? 0 };
}

/** Records a free redo being started (in the transaction that starts it, under the user's row lock). */
export async function recordFreeRedo(tx: Tx, userId: string, firstId: string, redoId: string): Promise<void> {
  await tx.insert(freeRedos).values({ redoId, userId, firstId });
}

/** Gives back the free redo of each listed headshot that was one (it failed, or was removed): offered again. Once. */
export async function giveBackFreeRedos(db: Db | Tx, headshotIds: readonly string[]): Promise<void> {
  if (headshotIds.length === 0) return;
  await db.execute(sql`
    update free_redos set given_back_at = now()
    where redo_id in (${sql.join(
      headshotIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and given_back_at is null
  `);
}
