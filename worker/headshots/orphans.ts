/**
 * Photos without rows (issue 35): a worker that died between storing a headshot's (or a shoot's) objects and
 * writing its row left encrypted objects nobody could reach or delete, beyond the 30-day promise. The cron sweeps
 * them: every object under a headshot's prefix (`u/<user>/h/<headshot>/…`) uploaded more than a day ago
 * whose headshot has no row is deleted, with the rest of that prefix. A day is far beyond any upload or
 * generation in flight. The bucket is listed in full, so the sweep runs once an hour, not every 5 minutes.
 * The same listing gives made download files their lifetime (issue 46 item 9, decision 307): a copy in a
 * headshot's download cache (`…/cache/<hash>`) uploaded more than DOWNLOAD_CACHE_DAYS ago is deleted; the next
 * identical download makes it again. (An R2 lifecycle rule matches prefixes only, and these sit under each
 * person's prefix, so that prefix deletes stay whole.)
 */
import { inArray } from "drizzle-orm";
import { headshots, shoots } from "../../db/schema";
import { DOWNLOAD_CACHE_DAYS } from "../../domain/limits";
import { log, type JobDeps } from "../lib";
import { deletePrefix } from "../storage";

export const ORPHAN_AFTER_MS = 86_400_000;
/** A headshot's objects (`u/<user>/h/<id>/…`) or a shoot's shared photos (`u/<user>/s/<id>/…`, decision 171). */
const OWNED_OBJECT = /^u\/[0-9a-f-]{36}\/([hs])\/([0-9a-f-]{36})\//;
const TABLES = { h: headshots, s: shoots } as const;
/** A made download file (worker/storage/keys.ts downloadCacheKey). */
const CACHED_DOWNLOAD = /^u\/[0-9a-f-]{36}\/h\/[0-9a-f-]{36}\/cache\//;

/**
 * Deletes the objects of headshots and shoots that have no row (older than a day); answers how many
 * prefixes went.
 */
export async function sweepOrphanedObjects(deps: Pick<JobDeps, "db" | "bucket" | "now">): Promise<number> {
  const before = deps.now.getTime() - ORPHAN_AFTER_MS;
  const cacheBefore = deps.now.getTime() - DOWNLOAD_CACHE_DAYS * 86_400_000;
  let expiredCopies = 0;
  const candidates = { h: new Map<string, string>(), s: new Map<string, string>() }; // row id → its prefix
  let cursor: string | undefined;
  do {
    const page = await deps.bucket.list({ prefix: "u/", cursor, limit: 1000 });
    const expired: string[] = [];
    for (const object of page.objects) {
      const m = OWNED_OBJECT.exec(object.key);
      if (m && object.uploaded.getTime() < before) candidates[m[1] as "h" | "s"].set(m[2]!, m[0]);
      if (CACHED_DOWNLOAD.test(object.key) && object.uploaded.getTime() < cacheBefore) expired.push(object.key);
    }
    if (expired.length) await deps.bucket.delete(expired); // at most a page: 1,000 keys, R2's limit per call
    expiredCopies += expired.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  if (expiredCopies) log("info", "cron: download copies past their lifetime deleted", { count: expiredCopies });
  let swept = 0;
  for (const kind of ["h", "s"] as const) {
    const table = TABLES[kind];
    const ids = [...candidates[kind].keys()];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const known = new Set((await deps.db.select({ id: table.id }).from(table).where(inArray(table.id, chunk))).map((r) => r.id));
      for (const id of chunk) {
        if (known.has(id)) continue;
        await deletePrefix(deps.bucket, candidates[kind].get(id)!);
        swept += 1;
      }
    }
  }
  return swept;
}
