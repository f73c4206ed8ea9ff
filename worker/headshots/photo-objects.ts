/**
 * Deleting the objects of headshots whose photos go — deleted by their owner, expired by retention,
 * removed by moderation, never-generated uploads swept (issue 34; docs/decisions/171-shoot-photos-once.md):
 * each headshot's own objects (its prefix: a single upload's original, the result, cached downloads),
 * and a shoot's shared photos (storage/keys.ts shootPhotoKey) exactly when no picture of that shoot
 * still keeps its photos. Call it after the rows changed (deleted, or marked expired or removed): two
 * pictures going at once each look after their own change, so the later one finds none left and
 * deletes the shared photos; a picture that keeps them (still live, pending or processing) keeps them.
 */
import { and, inArray, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db";
import { headshots } from "../../db/schema";
import { deletePrefix, headshotPrefix, shootPrefix } from "../storage";

export interface PhotoOwner {
  id: string;
  userId: string;
  shootId: string | null;
}

/** Shoots among `shootIds` with a picture that still keeps its photos. */
async function shootsInUse(db: Db, shootIds: string[]): Promise<Set<string>> {
  if (shootIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ shootId: headshots.shootId })
    .from(headshots)
    .where(and(inArray(headshots.shootId, shootIds), isNull(headshots.imagesDeletedAt), ne(headshots.moderationStatus, "removed")));
  return new Set(rows.map((r) => r.shootId!));
}

/** The shared photos of the owners' shoots that no picture keeps any more. Returns how many objects went. */
export async function releaseShootPhotos(db: Db, bucket: R2Bucket, owners: PhotoOwner[]): Promise<number> {
  const shoots = new Map(owners.flatMap((o) => (o.shootId ? [[o.shootId, o.userId] as const] : [])));
  const kept = await shootsInUse(db, [...shoots.keys()]);
  let deleted = 0;
  for (const [shootId, userId] of shoots) if (!kept.has(shootId)) deleted += await deletePrefix(bucket, shootPrefix(userId, shootId));
  return deleted;
}

/** Each owner's own objects, then the shared photos no picture keeps. Returns how many objects went. */
export async function deletePhotoObjects(db: Db, bucket: R2Bucket, owners: PhotoOwner[]): Promise<number> {
  let deleted = 0;
  for (const o of owners) deleted += await deletePrefix(bucket, headshotPrefix(o.userId, o.id));
  return deleted + (await releaseShootPhotos(db, bucket, owners));
}

/** The columns a PhotoOwner is selected (or returned) with. */
export const ownerColumns = { id: headshots.id, userId: headshots.userId, shootId: headshots.shootId };
