/**
 * Deleting a user, the one way (self-deletion at /api/account/delete and the operator's
 * DELETE /api/admin/users/:id): Stripe first — a deleted account must never be charged again, and a
 * failure there stops the deletion — then the stored objects, then the rows (everything the user owns
 * cascades; invoices, refunds and audit entries stay with the owner set to null), then a second sweep
 * of objects for anything a generation in flight wrote in between.
 */
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { teams, users } from "../../db/schema";
import { conflict, rememberAddress, said } from "../lib";
import { m } from "../../copy";
import { cancelAllSubscriptions } from "../billing";
import type { Config } from "../config";
import { deletePrefix, userPrefix } from "../storage";
import { forgetLandingFigures } from "../landing";

export interface DeletedUser {
  objects: number;
  canceledSubscriptions: number;
}

/**
 * `alongside` runs in the transaction that deletes the row (the operator's audit entry), so the row is
 * gone exactly when the record of its deletion exists.
 */
export async function deleteUser(
  db: Db,
  config: Config,
  bucket: R2Bucket,
  userId: string,
  alongside?: (tx: Tx, result: DeletedUser) => Promise<void>,
): Promise<DeletedUser> {
  // A team's owner is deleted only once the team is closed (decision 141): checked before anything is
  // cancelled or deleted, so a refusal leaves the account exactly as it was.
  const [owned] = await db.select({ name: teams.name }).from(teams).where(eq(teams.ownerUserId, userId)).limit(1);
  if (owned) throw conflict(said(m.errors_owns_team, { team: owned.name }));
  const canceledSubscriptions = await cancelAllSubscriptions(db, config, userId);
  const prefix = userPrefix(userId);
  let objects = await deletePrefix(bucket, prefix);
  await db.transaction(async (tx) => {
    await rememberAddress(tx, config, userId); // once-only benefits outlive the account (decision 176)
    await tx.delete(users).where(eq(users.id, userId));
    await alongside?.(tx, { objects, canceledSubscriptions });
  });
  objects += await deletePrefix(bucket, prefix);
  forgetLandingFigures(); // a picture of theirs may have been on the landing (decisions 183, 252)
  return { objects, canceledSubscriptions };
}
