/**
 * DELETE /api/headshots/:id: the owner deletes one headshot — its original, its result, every cached
 * download (all under the headshot's prefix; a shoot's shared photos with its last picture: ./photo-objects.ts) and its row (the privacy policy's control over your photos;
 * decision 101). Like deleting a user: the objects, then the row, then the prefix again for anything a
 * download written in between left (download.ts deletes its own copy when it finds the row gone, too).
 * A headshot still being made is refused: its generation would write a result after the delete. One
 * removed by moderation is refused too: its photos are already gone and its row is the moderators' record.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db";
import { headshots } from "../../db/schema";
import { conflict, notFound } from "../lib";
import { MESSAGES } from "../../domain/limits";
import { deletePrefix, headshotPrefix } from "../storage";
import { forgetFinished } from "./finished-status";
import { deletePhotoObjects } from "./photo-objects";

const stillProcessing = () => conflict("This headshot is still being made. You can delete it once it's finished.");

export async function deleteHeadshot(db: Db, bucket: R2Bucket, userId: string, id: string): Promise<{ objects: number }> {
  const mine = and(eq(headshots.id, id), eq(headshots.userId, userId));
  const [row] = await db
    .select({ status: headshots.status, moderationStatus: headshots.moderationStatus, shootId: headshots.shootId })
    .from(headshots)
    .where(mine)
    .limit(1);
  if (!row) throw notFound("Headshot not found.");
  if (row.status === "processing") throw stillProcessing();
  // its photos are gone already; the row stays as the moderators' record (decision 061)
  if (row.moderationStatus === "removed") throw conflict(MESSAGES.headshotRemoved);
  const prefix = headshotPrefix(userId, id);
  let objects = await deletePrefix(bucket, prefix);
  const deleted = await db
    .delete(headshots)
    .where(and(mine, ne(headshots.status, "processing")))
    .returning({ id: headshots.id });
  if (deleted.length === 0) throw stillProcessing(); // its generation started meanwhile; it fails without its photo, refunded
  forgetFinished([id]);
  // its own prefix again (a download written in between), and the shoot's shared photos if it was their last picture
  objects += await deletePhotoObjects(db, bucket, [{ id, userId, shootId: row.shootId }]);
  return { objects };
}
