/**
 * Photos without rows (issue 35): a worker that died between storing a headshot's (or a shoot's) objects and
 * writing its row left encrypted objects nobody could reach or delete, beyond the 30-day promise. The cron sweeps
 * them: every object under a headshot's prefix (`u/<user>/h/<headshot>/…`) uploaded more than a day ago
 * whose headshot has no row is deleted, with the rest of that prefix. A day is far beyond any upload or
 * generation in flight.
 *
 * At scale (issue 47: 1–2 million objects) the bucket is walked a little at a time, never whole: each cron run
 * lists at most ORPHAN_PAGES_PER_RUN pages from where the last run stopped (the last key seen, kept in the bucket
 * itself at ORPHAN_CURSOR_KEY, outside every user's prefix), checks each page's candidates against the rows with
 * one query, and hands the orphans' prefixes to the chores queue, whose consumer deletes them (as retention does,
 * decision 260). Only one page is held at a time, so memory does not grow with the bucket (bench/orphans.ts). At
 * the end of the bucket the walk starts again from the beginning. docs/decisions/315-orphan-sweep-cursor.md.
 *
 * The same pages give made download files their lifetime (issue 46 item 9, decision 307): a copy in a headshot's
 * download cache (`…/cache/<hash>`) uploaded more than DOWNLOAD_CACHE_DAYS ago is deleted as its page is read; the
 * next identical download makes it again. (An R2 lifecycle rule matches prefixes only, and these sit under each
 * person's prefix.) With the walk's pace, a copy lives DOWNLOAD_CACHE_DAYS plus at most one walk of the bucket.
 */
import { inArray } from "drizzle-orm";
import { headshots, shoots } from "../../db/schema";
import type { ChoreMessage } from "../env";
import { DOWNLOAD_CACHE_DAYS } from "../../domain/limits";
import { currentRequestId, log, type JobDeps } from "../lib";
import { deletePrefix } from "../storage";

export const ORPHAN_AFTER_MS = 86_400_000;
/** Objects per listing (R2's maximum). */
export const ORPHAN_PAGE_SIZE = 1000;
/**
 * Pages per cron run: 10,000 objects every 5 minutes is 2.9 million a day, so a bucket of 2 million objects is
 * walked in about 17 hours, and an orphan goes at most about two days after its upload. Ten listings and ten
 * short queries take a second or two of the run.
 */
export const ORPHAN_PAGES_PER_RUN = 10;
/** Where the walk stopped: the last key listed (plain text). Outside `u/`, so never listed or deleted by a sweep. */
export const ORPHAN_CURSOR_KEY = "ops/orphan-sweep-cursor";
/** Orphaned prefixes per chores message: each costs a list and a delete, as a retention message's headshots do. */
export const ORPHAN_MESSAGE_SIZE = 50;
/** A headshot's objects (`u/<user>/h/<id>/…`) or a shoot's shared photos (`u/<user>/s/<id>/…`, decision 171). */
const OWNED_OBJECT = /^u\/[0-9a-f-]{36}\/([hs])\/([0-9a-f-]{36})\//;
const TABLES = { h: headshots, s: shoots } as const;
/** A made download file in a headshot's cache (worker/downloads/file.ts). */
const CACHED_DOWNLOAD = /^u\/[0-9a-f-]{36}\/h\/[0-9a-f-]{36}\/cache\//;

/** The prefixes of one page's objects older than `before` whose headshot or shoot has no row. */
async function orphansIn(deps: Pick<JobDeps, "db">, objects: R2Object[], before: number): Promise<string[]> {
  const candidates = { h: new Map<string, string>(), s: new Map<string, string>() }; // row id → its prefix
  for (const object of objects) {
    const m = OWNED_OBJECT.exec(object.key);
    if (m && object.uploaded.getTime() < before) candidates[m[1] as "h" | "s"].set(m[2]!, m[0]);
  }
  const orphans: string[] = [];
  for (const kind of ["h", "s"] as const) {
    const ids = [...candidates[kind].keys()];
    if (ids.length === 0) continue;
    const table = TABLES[kind];
    const known = new Set((await deps.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id));
    for (const id of ids) if (!known.has(id)) orphans.push(candidates[kind].get(id)!);
  }
  return orphans;
}

/**
 * One cron run's share of the walk: up to ORPHAN_PAGES_PER_RUN pages from the kept cursor; the orphans found are
 * sent to the chores queue (deleteOrphans), and the cursor is kept for the next run (removed at the end of the
 * bucket, so the next run starts again). Answers how many orphaned prefixes were sent.
 */
export async function sweepOrphanedObjects(deps: Pick<JobDeps, "db" | "bucket" | "now" | "chores">): Promise<number> {
  const { bucket, chores } = deps;
  const before = deps.now.getTime() - ORPHAN_AFTER_MS;
  const cacheBefore = deps.now.getTime() - DOWNLOAD_CACHE_DAYS * 86_400_000;
  let expiredCopies = 0;
  let startAfter = (await (await bucket.get(ORPHAN_CURSOR_KEY))?.text()) || undefined;
  let sent = 0;
  for (let i = 0; i < ORPHAN_PAGES_PER_RUN; i++) {
    const page = await bucket.list({ prefix: "u/", startAfter, limit: ORPHAN_PAGE_SIZE });
    const expired = page.objects.filter((o) => CACHED_DOWNLOAD.test(o.key) && o.uploaded.getTime() < cacheBefore).map((o) => o.key);
    if (expired.length) await bucket.delete(expired); // at most a page: 1,000 keys, R2's limit per call
    expiredCopies += expired.length;
    const orphans = await orphansIn(deps, page.objects, before);
    const messages: MessageSendRequest<ChoreMessage>[] = [];
    for (let j = 0; j < orphans.length; j += ORPHAN_MESSAGE_SIZE)
      messages.push({ body: { orphans: orphans.slice(j, j + ORPHAN_MESSAGE_SIZE), requestId: currentRequestId() } });
    // at most 20 messages of ~4 KB: one sendBatch (100 messages, 256 KB at most)
    if (messages.length) await chores.sendBatch(messages);
    sent += orphans.length;
    const last = page.objects.at(-1)?.key;
    if (!page.truncated || !last) {
      startAfter = undefined; // the end of the bucket: the next run starts again from the beginning
      break;
    }
    startAfter = last;
  }
  if (expiredCopies) log("info", "cron: download copies past their lifetime deleted", { count: expiredCopies });
  if (startAfter) await bucket.put(ORPHAN_CURSOR_KEY, startAfter);
  else await bucket.delete(ORPHAN_CURSOR_KEY);
  return sent;
}

/**
 * The chores consumer's part: deletes each orphaned prefix (idempotent, so a message delivered twice or retried
 * does no harm). No row can appear for an id a day after its objects were stored, so the cron's check stands.
 */
export async function deleteOrphans(bucket: R2Bucket, prefixes: string[]): Promise<number> {
  let deleted = 0;
  for (const prefix of prefixes) deleted += await deletePrefix(bucket, prefix);
  return deleted;
}
