/**
 * Photos without rows (issue 35): objects a dead worker stored for a headshot whose row was never written
 * are swept by the cron once they are a day old; a headshot with a row, and a fresh upload, are untouched.
 */
import { describe, expect, it } from "vitest";
import { createTestUser, env, recordingQueue, runJob, testDb } from "../test/helpers";
import { seedPending } from "../test/headshots";
import { listedKey, listingBucket } from "../test/listing-bucket";
import { downloadCacheKey, originalKey, resultKey, shootPhotoKey } from "../storage/keys";
import { DOWNLOAD_CACHE_DAYS } from "../../domain/limits";
import type { ChoreMessage, OrphanChore } from "../env";
import { sweepOrphanedObjects, ORPHAN_AFTER_MS, ORPHAN_CURSOR_KEY, ORPHAN_PAGE_SIZE, ORPHAN_PAGES_PER_RUN } from "./orphans";
import { runHousekeeping } from "../scheduled";

const exists = async (key: string) => (await env.IMAGES.head(key)) !== null;

describe("the sweep of photos without rows", () => {
  it("deletes a day-old headshot prefix with no row; keeps headshots with rows and anything newer", async () => {
    const { user } = await createTestUser();
    const orphan = crypto.randomUUID();
    await env.IMAGES.put(originalKey(user.id, orphan), "encrypted original");
    await env.IMAGES.put(resultKey(user.id, orphan), "encrypted result");
    const kept = await seedPending(user.id);
    await env.IMAGES.put(originalKey(user.id, kept), "a row has it");
    // a shoot's shared photos whose shoot row was never written (decision 171)
    const orphanShoot = crypto.randomUUID();
    await env.IMAGES.put(shootPhotoKey(user.id, orphanShoot, 1), "encrypted photo");

    // the same day: nothing is old enough
    expect(await runJob(sweepOrphanedObjects)).toBe(0);
    expect(await exists(originalKey(user.id, orphan))).toBe(true);

    // a day later, at the top of an hour (the cron's clock), and more than a day after every upload of this test:
    // the next full hour at least a day and 5 minutes away. (Rounding down to the hour once gave exactly a day
    // when the test ran in an hour's first minute: workerd's clock stands still between I/O, so the photo put
    // just after was not yet a day old.)
    const later = new Date(Math.ceil((Date.now() + ORPHAN_AFTER_MS + 5 * 60_000) / 3_600_000) * 3_600_000);
    expect(await runJob(sweepOrphanedObjects, later)).toBeGreaterThanOrEqual(1);
    expect(await exists(originalKey(user.id, orphan))).toBe(false);
    expect(await exists(resultKey(user.id, orphan))).toBe(false);
    expect(await exists(shootPhotoKey(user.id, orphanShoot, 1))).toBe(false);
    expect(await exists(originalKey(user.id, kept))).toBe(true);

    // and the cron's housekeeping runs it (every run: it walks a few pages from where the last stopped)
    const another = crypto.randomUUID();
    await env.IMAGES.put(originalKey(user.id, another), "encrypted original");
    await runJob(runHousekeeping, new Date(later.getTime() + 10 * 60_000));
    expect(await exists(originalKey(user.id, another))).toBe(false);
  });

  it("walks a large bucket a few pages a run, from where the last run stopped, and starts again at its end", async () => {
    // 2.5 runs' worth of day-old objects, none with a row: every one an orphan
    const size = ORPHAN_PAGE_SIZE * ORPHAN_PAGES_PER_RUN * 2.5;
    const { bucket, lists, others } = listingBucket(size);
    const { db, close } = testDb();
    const { sent, queue } = recordingQueue<ChoreMessage>();
    const run = () => sweepOrphanedObjects({ db, bucket, chores: queue, now: new Date() });
    const sentPrefixes = () => sent.flatMap((m) => (m as OrphanChore).orphans);
    try {
      // the first run lists ORPHAN_PAGES_PER_RUN pages of at most a thousand, no more (main listed all 25 at once)
      expect(await run()).toBe(ORPHAN_PAGE_SIZE * ORPHAN_PAGES_PER_RUN);
      expect(lists).toHaveLength(ORPHAN_PAGES_PER_RUN);
      expect(lists.every((l) => l.limit! <= ORPHAN_PAGE_SIZE && l.prefix === "u/")).toBe(true);
      expect(others.get(ORPHAN_CURSOR_KEY)).toBe(listedKey(ORPHAN_PAGE_SIZE * ORPHAN_PAGES_PER_RUN - 1));
      // each orphan's prefix goes to the chores queue, 50 a message, for the consumer to delete
      expect(sent.every((m) => (m as OrphanChore).orphans.length <= 50)).toBe(true);
      expect(sentPrefixes()[0]).toBe(listedKey(0).replace(/original$/, ""));

      // the next run carries on after the last key, the third reaches the end and forgets the cursor
      lists.length = 0;
      expect(await run()).toBe(ORPHAN_PAGE_SIZE * ORPHAN_PAGES_PER_RUN);
      expect(lists[0]!.startAfter).toBe(listedKey(ORPHAN_PAGE_SIZE * ORPHAN_PAGES_PER_RUN - 1));
      expect(await run()).toBe(size - 2 * ORPHAN_PAGE_SIZE * ORPHAN_PAGES_PER_RUN);
      expect(others.has(ORPHAN_CURSOR_KEY)).toBe(false);
      expect(new Set(sentPrefixes()).size).toBe(size);

      // and the walk starts again from the first key
      lists.length = 0;
      await run();
      expect(lists[0]!.startAfter).toBeUndefined();
    } finally {
      await close();
    }
  });

  it(`deletes made download files ${DOWNLOAD_CACHE_DAYS} days old with the same listing; keeps newer ones and the picture (issue 46)`, async () => {
    const { user } = await createTestUser();
    const id = await seedPending(user.id);
    const copy = downloadCacheKey(user.id, id, "a1b2c3");
    await env.IMAGES.put(resultKey(user.id, id), "encrypted result");
    await env.IMAGES.put(copy, "encrypted copy");
    const justBefore = new Date(Date.now() + DOWNLOAD_CACHE_DAYS * 86_400_000 - 60_000);
    await runJob(sweepOrphanedObjects, justBefore);
    expect(await exists(copy)).toBe(true);
    const after = new Date(Date.now() + DOWNLOAD_CACHE_DAYS * 86_400_000 + 60_000);
    await runJob(sweepOrphanedObjects, after);
    expect(await exists(copy)).toBe(false);
    expect(await exists(resultKey(user.id, id))).toBe(true);
  });
});
