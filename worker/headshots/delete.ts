/**
 * DELETE /api/headshots/:id: the owner deletes one headshot — its original, its result, every cached
 * download (all under the headshot's prefix; a shoot's shared photos with its last picture: ./photo-objects.ts) and its row (the privacy policy's control over your photos;
 * decision 101). Like deleting a user: the objects, then the row, then the prefix again for anything a
 * download written in between left (download.ts deletes its own copy when it finds the row gone, too).
 * A headshot still being made is refused: its generation would write a result after the delete. One
 * removed by moderation is refused too: its photos are already gone and its row is the moderators' record.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { headshots } from "../../db/schema";
import { conflict, notFound, said } from "../lib";
import { m } from "../../copy";
import { MESSAGES } from "../../domain/limits";
import { deletePrefix, headshotPrefix } from "../storage";
import { forgetFinished } from "./finished-status";
import { deletePhotoObjects } from "./photo-objects";

const stillProcessing = () => conflict(said(m.errors_headshot_still_processing));

export async function deleteHeadshot(db: Db, bucket: R2Bucket, userId: string, id: string): Promise<{ objects: number }> {
  const mine = and(eq(headshots.id, id), eq(headshots.userId, userId));
  const [row] = await db
    .select({ status: headshots.status, moderationStatus: headshots.moderationStatus, shootId: headshots.shootId })
    .from(headshots)
    .where(mine)
    .limit(1);
  if (!row) throw notFound(said(m.errors_headshot_not_found), "headshot_not_found");
  if (row.status === "processing") throw stillProcessing();
  // its photos are gone already; the row stays as the moderators' record (decision 061)
  if (row.moderationStatus === "removed") throw conflict(MESSAGES.headshotRemoved);
  // a headshot goes with every later version of it (issue 36; the rows by the foreign key's cascade)
  const versions = await db
    .select({ id: headshots.id, status: headshots.status })
    .from(headshots)
    .where(and(eq(headshots.versionOf, id), eq(headshots.userId, userId)));
  if (versions.some((v) => v.status === "processing")) throw stillProcessing();
  const ids = [id, ...versions.map((v) => v.id)];
  let objects = 0;
  for (const each of ids) objects += await deletePrefix(bucket, headshotPrefix(userId, each));
  const deleted = await db
    .delete(headshots)
    .where(
      and(
        mine,
        ne(headshots.status, "processing"),
        sql`not exists (select 1 from headshots v where v.version_of = ${id} and v.status = 'processing')`,
      ),
    )
    .returning({ id: headshots.id });
  if (deleted.length === 0) throw stillProcessing(); // its generation started meanwhile; it fails without its photo, refunded
  forgetFinished(ids);
  // its own prefixes again (a download written in between), and the shoot's shared photos if it was their last picture
  objects += await deletePhotoObjects(
    db,
    bucket,
    ids.map((each) => ({ id: each, userId, shootId: each === id ? row.shootId : null })),
  );
  return { objects };
}
