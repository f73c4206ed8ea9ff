/**
 * Retention (privacy policy "How long we keep your data", docs/decisions/025-retention.md): the cron
 * deletes the photos (original, result, cached downloads: everything under the headshot's prefix; a
 * shoot's shared photos with the last of its pictures: ./photo-objects.ts) of finished headshots whose
 * owner no longer keeps them:
 * - an owner with an entitled subscription (ENTITLED_STATUSES, period not over) keeps everything, and so do a
 *   Team plan's owner and members (decision 264);
 * - otherwise a headshot's photos go RETENTION_DAYS after the later of its creation and the end of its
 *   owner's last subscription period (a former subscriber: after the period; never subscribed: after
 *   creation).
 * `processing` rows are never touched, `pending` ones are the unused-uploads sweep's (one day).
 *
 * Order, per headshot: the row first (images_deleted_at set: from then on every route answers 410, so a
 * deleted object is never served), then the objects, then the keys are nulled (the job is done). The cron
 * marks; the objects are deleted by the chores queue's consumer, 50 headshots a message, so deleting keeps
 * up with marking at any volume (decision 260). A message that is lost, or a delete that fails for good,
 * leaves its rows marked with their keys still set; the cron sends those again an hour later, so nothing
 * stays behind unreachable. The row stays as a tombstone.
 */
import { and, asc, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { headshots, subscriptions, teamMembers, teams } from "../../db/schema";
import { ENTITLED_STATUSES } from "../../domain/subscription-status";
import { RETENTION_MS } from "../../domain/limits";
import type { ChoreMessage } from "../env";
import { type JobDeps, currentRequestId, errorFields, log } from "../lib";
import { countEvent, OPS_EVENTS } from "../ops";
import { forgetFinished } from "./finished-status";
import { deletePhotoObjects, ownerColumns, type PhotoOwner } from "./photo-objects";

/**
 * Headshots marked per statement, and statements per cron run at most: 6,000 a run, at one run every 5 minutes
 * 1.7 million a day, over three times the 500,000 the design must keep up with (issue 38; decision 260;
 * bench/retention.ts). A statement stays well inside the cron's 30 s statement timeout (decision 189).
 */
export const RETENTION_BATCH = 2000;
export const RETENTION_STATEMENTS_PER_RUN = 3;
/**
 * Headshots per chores message. Each costs an R2 list and a delete (a few objects), so a message is about
 * 100 R2 operations and a batch of 10 about 1,000, far inside a Worker's subrequests; the body is ~6 KB.
 */
export const PURGE_MESSAGE_SIZE = 50;
/**
 * Messages per `sendBatch`: Cloudflare Queues takes at most 100 messages and 256 KB in one call
 * (https://developers.cloudflare.com/queues/platform/limits/); 25 of ~6 KB stay well inside both.
 */
const MESSAGES_PER_SEND = 25;
/** A row marked this long ago whose objects are not confirmed deleted (a lost or dead message) is sent again. */
export const PURGE_RESEND_MS = 3_600_000;

/** R2 operations in flight at once for one message. */
const PURGE_PARALLEL = 10;

/**
 * The consumer's part: deletes the owners' objects (its own prefix, and the shoot's shared photos no picture keeps),
 * then nulls the keys of those whose objects are gone. A delete that fails leaves its row marked with its keys; the
 * error is thrown so the queue tries the message again (a retry redoes only what is left: deleting is idempotent).
 * Returns how many finished.
 */
export async function purgeImages({ db, bucket }: Pick<JobDeps, "db" | "bucket">, owners: PhotoOwner[]): Promise<number> {
  const done: string[] = [];
  let failure: unknown = null;
  for (let i = 0; i < owners.length; i += PURGE_PARALLEL) {
    await Promise.all(
      owners.slice(i, i + PURGE_PARALLEL).map(async (o) => {
        try {
          await deletePhotoObjects(db, bucket, [o]);
          done.push(o.id);
        } catch (err) {
          failure = err;
          log("error", "retention: objects not deleted", { headshotId: o.id, ...errorFields(err) });
        }
      }),
    );
  }
  if (done.length) {
    await db.update(headshots).set({ originalKey: null, resultKey: null }).where(inArray(headshots.id, done));
    await countEvent(db, OPS_EVENTS.photosPurged, new Date(), done.length);
  }
  if (failure) throw failure;
  return done.length;
}

/** Sends the owners to the chores queue, PURGE_MESSAGE_SIZE a message. */
async function sendPurges(chores: Queue<ChoreMessage>, owners: PhotoOwner[]): Promise<void> {
  const requestId = currentRequestId();
  const messages: MessageSendRequest<ChoreMessage>[] = [];
  for (let i = 0; i < owners.length; i += PURGE_MESSAGE_SIZE)
    messages.push({ body: { purge: owners.slice(i, i + PURGE_MESSAGE_SIZE), requestId } });
  for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND) await chores.sendBatch(messages.slice(i, i + MESSAGES_PER_SEND));
}

/**
 * One cron run: sends again the rows marked over PURGE_RESEND_MS ago whose objects are not confirmed deleted, then
 * marks up to RETENTION_BATCH expired headshots a statement (RETENTION_STATEMENTS_PER_RUN at most) (from then on every route answers 410) and sends them to the
 * chores queue, whose consumer deletes the objects (purgeImages). A send that fails leaves its rows marked: they
 * go out again an hour later. Returns how many headshots were marked this run.
 */
export async function queueExpiredImages(deps: Pick<JobDeps, "db" | "now" | "chores">): Promise<number> {
  const { db, now, chores } = deps;
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  // updated_at is when the row was last sent: a row goes out again at most once an hour
  const stale = await db
    .update(headshots)
    .set({ updatedAt: now })
    .where(
      inArray(
        headshots.id,
        db
          .select({ id: headshots.id })
          .from(headshots)
          .where(
            and(
              isNotNull(headshots.imagesDeletedAt),
              isNotNull(headshots.originalKey),
              lt(headshots.updatedAt, new Date(now.getTime() - PURGE_RESEND_MS)),
            ),
          )
          .orderBy(asc(headshots.imagesDeletedAt))
          .limit(RETENTION_BATCH),
      ),
    )
    .returning(ownerColumns);

  // a subscription `s` that keeps its people's photos: entitled now, or its last period ended within RETENTION_DAYS
  const keeps = sql`((s.status in (${sql.join(
    ENTITLED_STATUSES.map((x) => sql`${x}`),
    sql`, `,
  )}) and (s.current_period_end is null or s.current_period_end > ${now.toISOString()}))
    or coalesce(s.current_period_end, s.updated_at) >= ${cutoff.toISOString()})`;
  const expired = and(
    isNull(headshots.imagesDeletedAt),
    inArray(headshots.status, ["completed", "failed"]),
    // necessary for every expiry (creation + RETENTION_DAYS is passed); walks headshots_retention_idx oldest first
    lt(headshots.createdAt, cutoff),
    // The owner keeps it while entitled or within RETENTION_DAYS of any subscription period's end, their own or
    // their team's (a seat is their subscription: the team page and ZIP show members' chosen photos; decision 264).
    // The kept users are a small set read once and hashed (NOT IN; NULLs are left out, as one would make NOT IN
    // match nothing), so the walk stays an index-only scan even past the many old headshots subscribers keep
    // (decision 025).
    sql`${headshots.userId} not in (
      select s.user_id from ${subscriptions} s where s.user_id is not null and ${keeps}
      union all
      select m.user_id from ${subscriptions} s join ${teamMembers} m on m.team_id = s.team_id where ${keeps}
      union all
      select t.owner_user_id from ${subscriptions} s join ${teams} t on t.id = s.team_id where ${keeps})`,
  );
  const batch = db.select({ id: headshots.id }).from(headshots).where(expired).orderBy(asc(headshots.createdAt)).limit(RETENTION_BATCH);
  await sendPurges(chores, stale);
  let total = 0;
  for (let i = 0; i < RETENTION_STATEMENTS_PER_RUN; i++) {
    // One conditional statement: a row that stopped qualifying in between (a new subscription) is left alone.
    const marked = await db
      .update(headshots)
      .set({ imagesDeletedAt: now, updatedAt: now })
      .where(and(expired, inArray(headshots.id, batch)))
      .returning(ownerColumns);
    // a headshot's later versions (issue 36) share its photos: they go with it
    const versions =
      marked.length === 0
        ? []
        : await db
            .update(headshots)
            .set({ imagesDeletedAt: now, updatedAt: now })
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
    forgetFinished([...marked, ...versions].map((m) => m.id));
    await sendPurges(chores, [...marked, ...versions]);
    total += marked.length + versions.length;
    if (marked.length < RETENTION_BATCH) break;
  }
  return total;
}
