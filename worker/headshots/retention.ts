/**
 * Retention (privacy policy "How long we keep your data", docs/decisions/025-retention.md): the cron
 * deletes the photos (original, result, cached downloads: everything under the headshot's prefix; a
 * shoot's shared photos with the last of its pictures: ./photo-objects.ts) of finished headshots whose
 * owner no longer keeps them:
 * - an owner with an entitled subscription (ENTITLED_STATUSES, period not over) keeps everything;
 * - otherwise a headshot's photos go RETENTION_DAYS after the later of its creation and the end of its
 *   owner's last subscription period (a former subscriber: after the period; never subscribed: after
 *   creation).
 * `processing` rows are never touched, `pending` ones are the unused-uploads sweep's (one day).
 *
 * Order, per headshot: the row first (images_deleted_at set: from then on every route answers 410, so a
 * deleted object is never served), then the objects, then the keys are nulled (the job is done). A run
 * that dies or an object delete that fails leaves a row marked with its keys still set; every run starts
 * by finishing those, so nothing stays behind unreachable. The row stays as a tombstone.
 */
import { and, asc, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { headshots, subscriptions } from "../../db/schema";
import { ENTITLED_STATUSES } from "../../domain/plans";
import { RETENTION_MS } from "../../domain/limits";
import { type JobDeps, errorFields, log } from "../lib";
import { forgetFinished } from "./finished-status";
import { deletePhotoObjects, ownerColumns, type PhotoOwner } from "./photo-objects";

/**
 * Headshots per cron run. Each costs one R2 list and one delete (a few objects), so 200 keep a run to a
 * few hundred subrequests and a few seconds, well inside a Worker's limits; the rest wait 5 minutes.
 */
export const RETENTION_BATCH = 200;

/** Deletes the targets' objects, then nulls the keys of those whose objects are gone. Returns how many finished. */
async function deleteObjects({ db, bucket }: Pick<JobDeps, "db" | "bucket">, targets: PhotoOwner[]): Promise<number> {
  const done: string[] = [];
  for (const t of targets) {
    try {
      // its own objects, and its shoot's shared photos when no picture of the shoot keeps them (./photo-objects.ts)
      await deletePhotoObjects(db, bucket, [t]);
      done.push(t.id);
    } catch (err) {
      // The row stays marked with its keys: the next run tries again.
      log("error", "retention: objects not deleted", { headshotId: t.id, ...errorFields(err) });
    }
  }
  if (done.length) {
    await db.update(headshots).set({ originalKey: null, resultKey: null }).where(inArray(headshots.id, done));
  }
  return done.length;
}

/**
 * One cron run: finishes rows marked earlier whose objects are not confirmed deleted, then marks and
 * purges up to RETENTION_BATCH expired headshots. Returns how many headshots lost their photos this run.
 */
export async function purgeExpiredImages(deps: Pick<JobDeps, "db" | "bucket" | "now">): Promise<number> {
  const { db, now } = deps;
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  const unfinished = await db
    .select(ownerColumns)
    .from(headshots)
    .where(and(isNotNull(headshots.imagesDeletedAt), isNotNull(headshots.originalKey)))
    .orderBy(asc(headshots.imagesDeletedAt))
    .limit(RETENTION_BATCH);

  const expired = and(
    isNull(headshots.imagesDeletedAt),
    inArray(headshots.status, ["completed", "failed"]),
    // necessary for every expiry (creation + RETENTION_DAYS is passed); walks headshots_retention_idx oldest first
    lt(headshots.createdAt, cutoff),
    // The owner keeps it while entitled or within RETENTION_DAYS of any subscription period's end. The
    // kept users are a small set read once and hashed (NOT IN, user_id is never null), so the walk
    // stays an index-only scan even past the many old headshots subscribers keep (decision 025).
    sql`${headshots.userId} not in (
      select s.user_id from ${subscriptions} s
      where (s.status in (${sql.join(
        ENTITLED_STATUSES.map((x) => sql`${x}`),
        sql`, `,
      )})
             and (s.current_period_end is null or s.current_period_end > ${now.toISOString()}))
         or coalesce(s.current_period_end, s.updated_at) >= ${cutoff.toISOString()})`,
  );
  const batch = db
    .select({ id: headshots.id })
    .from(headshots)
    .where(expired)
    .orderBy(asc(headshots.createdAt))
    .limit(Math.max(0, RETENTION_BATCH - unfinished.length));
  // One conditional statement: a row that stopped qualifying in between (a new subscription) is left alone.
  const marked = await db
    .update(headshots)
    .set({ imagesDeletedAt: now, updatedAt: new Date() })
    .where(and(expired, inArray(headshots.id, batch)))
    .returning(ownerColumns);
  // a headshot's later versions (issue 36) share its photos: they go with it
  const versions =
    marked.length === 0
      ? []
      : await db
          .update(headshots)
          .set({ imagesDeletedAt: now, updatedAt: new Date() })
          .where(
            and(
              inArray(
                headshots.versionOf,
                marked.map((m) => m.id),
              ),
              isNull(headshots.imagesDeletedAt),
              inArray(headshots.status, ["completed", "failed"]),
            ),
          )
          .returning(ownerColumns);
  marked.push(...versions);
  forgetFinished(marked.map((m) => m.id));
  await deleteObjects(deps, [...unfinished, ...marked]);
  return marked.length;
}
