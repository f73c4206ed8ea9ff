/**
 * Retention (privacy policy, docs/decisions/025-retention.md): the cron deletes the photos of headshots
 * whose owner no longer keeps them, keeps the rows as tombstones, and the owner sees 410s.
 * The file has a database of its own (decision 003), shared by its tests: every test makes its own users
 * and seeds old timestamps for them (2002: long expired), and asserts only on its own rows.
 */
import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { headshots, subscriptions } from "../../db/schema";
import { MESSAGES, RETENTION_DAYS } from "../../domain/limits";
import { api, billedAs, client, createTestUser, env, errorBody, recordingQueue, runJob } from "../test/helpers";
import { jpegBytes } from "../test/images";
import { creditsRow, headshotRow, seedProcessing, statusOf } from "../test/headshots";
import { withTestDb } from "../test/admin";
import { joinedMember, setTeamSubscription, teamWithSeats } from "../test/teams";
import { getConfig } from "../config";
import { putEncrypted } from "../storage/encrypted";
import { headshotPrefix, resultKey } from "../storage/keys";
import { PURGE_MESSAGE_SIZE, PURGE_RESEND_MS, queueExpiredImages } from "./retention";
import { handleQueueBatch } from "../queue";
import { OPS_EVENTS, opsMonitoring } from "../ops";
import { countsBetween } from "../ops/counters";
import type { ChoreMessage } from "../env";

const purgedCount = async () =>
  (await withTestDb((db) => countsBetween(db, [OPS_EVENTS.photosPurged], new Date(0), new Date(Date.now() + 60_000))))[
    OPS_EVENTS.photosPurged
  ]!;
const opsMonitoringNow = () => withTestDb((db) => opsMonitoring(db, getConfig(env)));

const DAY = 864e5;
/** The headshots retention's messages carry (the chores queue also carries price-change notices, decision 275). */
const purges = (sent: ChoreMessage[]) => sent.flatMap((m) => ("purge" in m ? m.purge : []));
const OLD = new Date("2002-01-01T00:00:00Z");

/** A completed headshot with its result stored, created at `createdAt`. */
async function completed(userId: string, createdAt: Date) {
  const id = await seedProcessing(userId, { chargedCredit: false });
  const key = resultKey(userId, id);
  await putEncrypted(env.IMAGES, getConfig(env), key, jpegBytes(32, 32, 7), "image/jpeg");
  await withTestDb((db) =>
    db
      .update(headshots)
      .set({ status: "completed", resultKey: key, resultMime: "image/jpeg", completedAt: createdAt, createdAt })
      .where(eq(headshots.id, id)),
  );
  return id;
}

/** A subscription of `userId` whose period ends at `periodEnd` (null: an entitled one without an end, as isEntitled reads it). */
async function subscription(userId: string, status: string, periodEnd: Date | null) {
  const end = periodEnd ?? OLD;
  await withTestDb((db) =>
    db.insert(subscriptions).values({
      userId,
      stripeSubscriptionId: `sub_ret_${crypto.randomUUID()}`,
      stripePriceId: "price_monthly",
      planType: "monthly",
      ...billedAs("monthly"),
      status,
      currentPeriodStart: new Date(end.getTime() - 30 * DAY),
      currentPeriodEnd: periodEnd,
      updatedAt: end,
      createdAt: new Date(end.getTime() - 30 * DAY),
    }),
  );
}

const objects = async (userId: string, id: string) =>
  (await env.IMAGES.list({ prefix: headshotPrefix(userId, id) })).objects.map((o) => o.key);

/** One cron run of the purge, at `now`. */
async function purge(now = new Date()) {
  return runJob(queueExpiredImages, now);
}

describe("retention: who keeps their photos", () => {
  it("a subscriber keeps every headshot, however old (a period ending later, or an entitled one with no end)", async () => {
    const { user } = await createTestUser({ subscription: { planType: "monthly" } });
    const old = await completed(user.id, OLD);
    const open = await createTestUser();
    await subscription(open.user.id, "active", null);
    const openOld = await completed(open.user.id, OLD);
    await purge();
    expect((await headshotRow(old)).imagesDeletedAt).toBeNull();
    expect(await objects(user.id, old)).toHaveLength(2);
    expect((await headshotRow(openOld)).imagesDeletedAt).toBeNull();
    expect(await objects(open.user.id, openOld)).toHaveLength(2);
  });

  it(`a Team plan keeps its owner's and members' photos; ${RETENTION_DAYS} days after it ended they go (decision 264)`, async () => {
    const live = await teamWithSeats(3);
    const member = await joinedMember(live.owner);
    const ended = await teamWithSeats(3);
    const former = await joinedMember(ended.owner);
    await setTeamSubscription(ended.teamId, {
      status: "canceled",
      currentPeriodEnd: new Date(Date.now() - (RETENTION_DAYS + 1) * DAY),
    });
    const kept = [await completed(live.owner.user.id, OLD), await completed(member.user.id, OLD)];
    const gone = [await completed(ended.owner.user.id, OLD), await completed(former.user.id, OLD)];
    await purge();
    for (const id of kept) expect((await headshotRow(id)).imagesDeletedAt).toBeNull();
    for (const id of gone) expect((await headshotRow(id)).imagesDeletedAt).not.toBeNull();
  });

  it(`a former subscriber's photos go ${RETENTION_DAYS} days after the last period ended: objects gone, row kept, credits untouched`, async () => {
    const now = new Date();
    // period ended RETENTION_DAYS + 1 days ago: past the window
    const former = await createTestUser({ freeUsed: 1 });
    await subscription(former.user.id, "canceled", new Date(now.getTime() - (RETENTION_DAYS + 1) * DAY));
    const a = await completed(former.user.id, OLD);
    const b = await completed(former.user.id, new Date(now.getTime() - (RETENTION_DAYS + 5) * DAY));
    // a cached download too: everything under the prefix goes
    expect(
      (await client.headshots[":id"].download.$get({ param: { id: a }, query: { resolution: "web" } }, { headers: former.auth })).status,
    ).toBe(200);
    expect(await objects(former.user.id, a)).toHaveLength(3);
    const creditsBefore = await creditsRow(former.user.id);

    // period ended RETENTION_DAYS - 1 days ago: still within the window, everything kept
    const recent = await createTestUser();
    await subscription(recent.user.id, "canceled", new Date(now.getTime() - (RETENTION_DAYS - 1) * DAY));
    const kept = await completed(recent.user.id, OLD);

    await purge(now);

    for (const id of [a, b]) {
      expect(await objects(former.user.id, id)).toEqual([]);
      const row = await headshotRow(id);
      expect(row).toMatchObject({ status: "completed", originalKey: null, resultKey: null, imagesDeletedAt: now });
    }
    const creditsAfter = await creditsRow(former.user.id);
    expect({ granted: creditsAfter.granted, used: creditsAfter.used }).toEqual({
      granted: creditsBefore.granted,
      used: creditsBefore.used,
    });

    expect((await headshotRow(kept)).imagesDeletedAt).toBeNull();
    expect(await objects(recent.user.id, kept)).toHaveLength(2);
  });

  it(`without a subscription, a headshot's photos go ${RETENTION_DAYS} days after it was created; a newer one stays`, async () => {
    const now = new Date();
    const { user } = await createTestUser();
    const old = await completed(user.id, new Date(now.getTime() - (RETENTION_DAYS + 1) * DAY));
    const young = await completed(user.id, new Date(now.getTime() - (RETENTION_DAYS - 1) * DAY));
    // a failed generation keeps its original until the same time
    const failedOld = await seedProcessing(user.id, { chargedCredit: false });
    await withTestDb((db) => db.update(headshots).set({ status: "failed", createdAt: OLD }).where(eq(headshots.id, failedOld)));

    await purge(now);

    expect(await objects(user.id, old)).toEqual([]);
    expect((await headshotRow(old)).imagesDeletedAt).toEqual(now);
    expect(await objects(user.id, failedOld)).toEqual([]);
    expect((await headshotRow(failedOld)).imagesDeletedAt).toEqual(now);
    expect(await objects(user.id, young)).toHaveLength(2);
    expect((await headshotRow(young)).imagesDeletedAt).toBeNull();
  });

  it("a headshot that is processing is never touched, however old and whoever owns it", async () => {
    const { user } = await createTestUser();
    const generating = await seedProcessing(user.id, { chargedCredit: false });
    await withTestDb((db) => db.update(headshots).set({ createdAt: OLD }).where(eq(headshots.id, generating)));
    await purge();
    const row = await headshotRow(generating);
    expect(row).toMatchObject({ status: "processing", imagesDeletedAt: null });
    expect(row.originalKey).toBeTruthy();
    expect(await objects(user.id, generating)).toHaveLength(1);
  });

  it("a second run finds nothing more to do with them (the first run's mark stays)", async () => {
    const { user } = await createTestUser();
    const id = await completed(user.id, OLD);
    const first = new Date();
    await purge(first);
    expect((await headshotRow(id)).imagesDeletedAt).toEqual(first);
    const second = new Date(first.getTime() + 60_000);
    await purge(second);
    expect((await headshotRow(id)).imagesDeletedAt).toEqual(first);
    expect(await objects(user.id, id)).toEqual([]);
  });

  it("a row marked whose message was lost is sent again an hour later, not before: objects deleted, keys nulled", async () => {
    const { user } = await createTestUser();
    const id = await completed(user.id, OLD);
    const marked = new Date();
    // as if a run had marked the row and its chores message never arrived
    await withTestDb((db) => db.update(headshots).set({ imagesDeletedAt: marked, updatedAt: marked }).where(eq(headshots.id, id)));
    const early = recordingQueue<ChoreMessage>();
    await runJob(queueExpiredImages, new Date(marked.getTime() + PURGE_RESEND_MS - 60_000), early.queue);
    expect(purges(early.sent).map((o) => o.id)).not.toContain(id);
    expect(await objects(user.id, id)).toHaveLength(2);
    await purge(new Date(marked.getTime() + PURGE_RESEND_MS + 60_000));
    expect(await objects(user.id, id)).toEqual([]);
    expect(await headshotRow(id)).toMatchObject({ originalKey: null, resultKey: null, imagesDeletedAt: marked });
  });
});

describe("retention at volume: the cron marks, the chores queue deletes (decision 260)", () => {
  /** `n` finished headshots of one new user, created long ago, as rows only (keys that point at no object). */
  async function expiredRows(n: number) {
    const { user } = await createTestUser();
    const ids = Array.from({ length: n }, () => crypto.randomUUID());
    await withTestDb((db) =>
      db.insert(headshots).values(
        ids.map((id) => ({
          id,
          userId: user.id,
          style: "corporate",
          status: "completed" as const,
          originalKey: `u/${user.id}/h/${id}/original`,
          originalMime: "image/jpeg",
          encryptionKeyId: "t1",
          resultKey: resultKey(user.id, id),
          resultMime: "image/jpeg",
          createdAt: OLD,
          completedAt: OLD,
        })),
      ),
    );
    return { userId: user.id, ids };
  }

  it("one run marks every expired row in one statement and sends them 50 to a message, 25 messages to a send", async () => {
    const { ids } = await expiredRows(120);
    const sends: number[] = [];
    const { sent, queue } = recordingQueue<ChoreMessage>();
    const counting = { ...queue, sendBatch: (b: MessageSendRequest<ChoreMessage>[]) => (sends.push(b.length), queue.sendBatch(b)) };
    const now = new Date();
    const marked = await runJob(queueExpiredImages, now, counting as Queue<ChoreMessage>);
    expect(marked).toBeGreaterThanOrEqual(120);
    const mine = purges(sent).filter((o) => ids.includes(o.id));
    expect(mine.map((o) => o.id).sort()).toEqual([...ids].sort());
    expect(sent.every((m) => "purge" in m && m.purge.length <= PURGE_MESSAGE_SIZE)).toBe(true);
    expect(sends.every((n) => n <= 25)).toBe(true);
    // unreachable at once (410 on every route), objects waiting for the consumer
    const rows = await withTestDb((db) => db.select().from(headshots).where(inArray(headshots.id, ids)));
    expect(rows.every((r) => r.imagesDeletedAt?.getTime() === now.getTime() && r.originalKey !== null)).toBe(true);
  });

  it("the chores consumer deletes, nulls the keys, counts them for Monitoring, and acks; a failing delete is retried with the row kept", async () => {
    const good = await expiredRows(3);
    const bad = await expiredRows(2);
    const { sent, queue } = recordingQueue<ChoreMessage>();
    await runJob(queueExpiredImages, new Date(), queue);
    const toMessage = (ids: string[]) => ({ purge: purges(sent).filter((o) => ids.includes(o.id)) });
    const outcome: string[] = [];
    const message = (body: ChoreMessage, id: string) =>
      ({
        id,
        body,
        attempts: 1,
        timestamp: new Date(),
        ack: () => outcome.push(`${id}:ack`),
        retry: () => outcome.push(`${id}:retry`),
      }) as unknown as Message<ChoreMessage>;
    const batch = (msgs: Message<ChoreMessage>[]) =>
      ({ queue: "headshot-chores", messages: msgs, ackAll() {}, retryAll() {} }) as unknown as MessageBatch<ChoreMessage>;
    const before = await purgedCount();

    await handleQueueBatch(batch([message(toMessage(good.ids), "good")]), env);
    const down = () => Promise.reject(new Error("R2 is down"));
    const failing = { list: down, delete: down };
    await handleQueueBatch(batch([message(toMessage(bad.ids), "bad")]), { ...env, IMAGES: failing as unknown as R2Bucket });

    expect(outcome).toEqual(["good:ack", "bad:retry"]);
    const rows = await withTestDb((db) =>
      db
        .select()
        .from(headshots)
        .where(inArray(headshots.id, [...good.ids, ...bad.ids])),
    );
    for (const r of rows) expect(r.originalKey === null).toBe(good.ids.includes(r.id));
    expect((await purgedCount()) - before).toBe(3);
    expect((await opsMonitoringNow()).retention.waiting).toBeGreaterThanOrEqual(2);
  });
});

describe("retention: what the owner sees", () => {
  it("an expired headshot stays in the gallery with why, and answers 410 on status, download and its signed image URLs", async () => {
    const { user, auth } = await createTestUser();
    const id = await completed(user.id, OLD);
    const status = await statusOf(id, auth);
    const signedResult = status.generatedImageUrl!;
    const gallery = await (await client.headshots.$get({}, { headers: auth })).json();
    const signedOriginal = gallery.find((h) => h.id === id)!.originalImageUrl!;
    expect((await api(signedResult)).status).toBe(200);

    await purge();

    // listed with why, without images (issue 23)
    expect((await (await client.headshots.$get({}, { headers: auth })).json()).find((h) => h.id === id)).toMatchObject({
      unavailable: MESSAGES.headshotExpired,
      originalImageUrl: null,
      generatedImageUrl: null,
    });
    // the status route remembers finished answers per isolate; the purge forgets this one in this isolate
    const after = await client.headshots[":id"].status.$get({ param: { id } }, { headers: auth });
    expect(after.status).toBe(410);
    expect(await errorBody(after)).toMatchObject({ message: MESSAGES.headshotExpired });
    const download = await client.headshots[":id"].download.$get({ param: { id }, query: { resolution: "web" } }, { headers: auth });
    expect(download.status).toBe(410);
    expect(await errorBody(download)).toMatchObject({ message: MESSAGES.headshotExpired });
    for (const url of [signedResult, signedOriginal]) {
      const res = await api(url);
      expect(res.status).toBe(410);
      expect(await errorBody(res)).toMatchObject({ message: MESSAGES.headshotExpired });
    }
  });
});
