/**
 * Photos that were uploaded but never generated (issue 12). The wizard uploads right before it starts a
 * generation, and the upload route refuses users who could not generate, so a photo that stays `pending`
 * was abandoned (a closed tab, a failed generate call). We keep few of them and not for long:
 * - a user keeps at most MAX_UNUSED_UPLOADS, the newest — an upload beyond that removes the oldest;
 * - the cron deletes any older than UNUSED_UPLOAD_TTL_MS.
 * Rows go first, in one statement that only takes rows still `pending` (a generation starting at the
 * same moment keeps its row), then their objects. See docs/decisions/024-upload-limits.md.
 */
import { and, asc, desc, eq, inArray, lt, notInArray, sql } from "drizzle-orm";
import { headshots } from "../../db/schema";
import type { Db, HttpDb } from "../../db";
import { MAX_UNUSED_UPLOADS, UNUSED_UPLOAD_TTL_MS } from "../../domain/limits";
import { type JobDeps, errorFields, log } from "../lib";
import { deletePhotoObjects, ownerColumns, type PhotoOwner } from "./photo-objects";

/** Rows deleted per cron run; the rest wait for the next run. */
const SWEEP_BATCH = 500;

/**
 * The deleted rows' objects: a single upload's original (under its own prefix), and the shared photos of
 * a shoot (its pictures go back to pending when its start could not be queued) once none of its pictures
 * keeps them (./photo-objects.ts).
 */
export async function deleteUnusedObjects(db: Db, bucket: R2Bucket, gone: PhotoOwner[]) {
  if (gone.length === 0) return;
  try {
    await deletePhotoObjects(db, bucket, gone);
  } catch (err) {
    // The rows are gone; say which objects remain so they can be removed by hand.
    log("error", "unused uploads: objects not deleted", { headshots: gone, ...errorFields(err) });
  }
}

/**
 * Uploads of one user, one at a time: the first statement of the upload's batch-transaction. Without it,
 * 30 uploads at once each count the rows committed before them plus their own, and more than
 * MAX_UNUSED_UPLOADS stay (seen on PostgreSQL in CI: 7). An advisory lock rather than the user's row, so no
 * other writer of users or headshots can deadlock against an upload; released at commit.
 */
export function lockUserUploads(db: HttpDb, userId: string) {
  return db.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${userId}`}))`);
}

/**
 * Keeps the user's newest MAX_UNUSED_UPLOADS never-generated uploads: the statement deleting the rest's
 * rows (for the upload's batch, one round trip with its insert); `deleteUnusedObjects` then takes their objects.
 */
export function unusedBeyondNewest(db: HttpDb, userId: string) {
  const pending = and(eq(headshots.userId, userId), eq(headshots.status, "pending"));
  const newest = db
    .select({ id: headshots.id })
    .from(headshots)
    .where(pending)
    .orderBy(desc(headshots.createdAt), desc(headshots.id))
    .limit(MAX_UNUSED_UPLOADS);
  return db
    .delete(headshots)
    .where(and(pending, notInArray(headshots.id, newest)))
    .returning(ownerColumns);
}

/** The cron: deletes never-generated uploads older than UNUSED_UPLOAD_TTL_MS, rows and objects. */
export async function sweepUnusedUploads({ db, bucket, now }: Pick<JobDeps, "db" | "bucket" | "now">): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_UPLOAD_TTL_MS);
  const stale = and(eq(headshots.status, "pending"), lt(headshots.createdAt, cutoff));
  const batch = db.select({ id: headshots.id }).from(headshots).where(stale).orderBy(asc(headshots.createdAt)).limit(SWEEP_BATCH);
  const gone = await db
    .delete(headshots)
    .where(and(stale, inArray(headshots.id, batch)))
    .returning(ownerColumns);
  await deleteUnusedObjects(db, bucket, gone);
  return gone.length;
}
