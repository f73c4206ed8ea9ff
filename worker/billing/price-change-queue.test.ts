/**
 * Price-change notices through the CHORES queue (issue 38, decision 275): the operator's action and the cron queue
 * the subscriptions a batch a message, and each message is one bounded run of the consumer. This file's own world:
 * its Weekly plan has no other change. Withdrawals fan out the same way (decision 276), on its Monthly plan.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { leases, priceChangeNotices, priceChanges, subscriptions } from "../../db/schema";
import type { ChoreMessage, PriceNoticeChore, PriceWithdrawalChore } from "../env";
import { getConfig } from "../config";
import type { Mailer } from "../mail/mailer";
import { opsMonitoring } from "../ops";
import { runChore } from "../queue";
import { operatorAuth, withTestDb as rows } from "../test/admin";
import { choresClient, client, deliverChores, env, postPriceChange, recordingQueue, runJob } from "../test/helpers";
import { stripe, subscriber } from "../test/billing";
import { queueNotices, sendNoticeBatch } from "./price-changes/notices";
import { resumePriceChangeNotices } from "./price-changes/resume";
import { NOTICES_PER_MESSAGE, NOTICES_RESEND_MS } from "./price-changes/batches";
import { earliestEffectiveDate } from "./price-changes/rules";
import { queueWithdrawals, sendWithdrawalBatch } from "./price-changes/withdrawals";

const day = (d: Date) => d.toISOString().slice(0, 10);
const noticesTo = async (email: string) => {
  const { messages } = await (await client.dev.mailbox.$get({ query: { to: email } })).json();
  return (messages as { subject: string }[]).filter((m) => /^The price of your Weekly plan changes/.test(m.subject));
};
const batchesOf = (sent: ChoreMessage[]) => sent.flatMap((m) => ("priceNotices" in m ? [m.priceNotices] : []));
const changeRow = async (id: string) => (await rows((db) => db.select().from(priceChanges).where(eq(priceChanges.id, id))))[0]!;
const waiting = async () => (await rows((db) => opsMonitoring(db, getConfig(env)))).priceNotices.waiting;
const withdrawalsWaiting = async () => (await rows((db) => opsMonitoring(db, getConfig(env)))).priceNotices.withdrawals;

describe("price-change notices fan out through the chores queue (decision 275)", () => {
  it("more subscribers than one batch: each batch is one message, each subscriber is told once, a redelivered batch and a busy plan send nothing twice, a failed batch loses no one", async () => {
    const subs = [];
    for (let i = 0; i < 5; i++) subs.push(await subscriber("weekly"));
    const subIds = await rows((db) =>
      db.select({ id: subscriptions.stripeSubscriptionId }).from(subscriptions).where(eq(subscriptions.planType, "weekly")),
    );
    expect(subIds).toHaveLength(5);

    // The operator's action answers after queueing: one message of up to NOTICES_PER_MESSAGE, nobody told yet.
    const op = await operatorAuth();
    const clock = (await stripe().testHelpers.testClocks.list()).data[0]?.frozen_time ?? 0;
    const effective = earliestEffectiveDate(new Date(Math.max(Date.now(), clock * 1000)));
    const chores = choresClient();
    const res = await chores.api.admin["price-changes"].$post(
      { json: { planType: "weekly", amountCents: 1199, effectiveDate: day(effective) } },
      { headers: op.auth },
    );
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const first = batchesOf(chores.sent);
    expect(first).toHaveLength(1);
    expect(first[0]!.subscriptionIds.sort()).toEqual(subIds.map((s) => s.id).sort());
    expect(first[0]!.subscriptionIds.length).toBeLessThanOrEqual(NOTICES_PER_MESSAGE);
    for (const u of subs) expect(await noticesTo(u.user.email)).toHaveLength(0);
    expect(await waiting()).toBe(5);
    expect((await changeRow(id)).status).toBe("notifying");

    // The same run two to a message: three messages, every subscriber in exactly one.
    const queue = recordingQueue<ChoreMessage>();
    expect(await rows(async (db) => queueNotices(db, queue.queue, await changeRow(id), { perMessage: 2 }))).toBe(5);
    const batches = batchesOf(queue.sent);
    expect(batches.map((b) => b.subscriptionIds.length)).toEqual([2, 2, 1]);
    expect(batches.flatMap((b) => b.subscriptionIds).sort()).toEqual(subIds.map((s) => s.id).sort());
    const deliver = (b: PriceNoticeChore["priceNotices"], q = recordingQueue<ChoreMessage>()) =>
      rows((db) => runChore({ db, bucket: env.IMAGES, chores: q.queue, config: getConfig(env) }, { priceNotices: b }));

    // The plan is busy (a withdrawal holds its lease, decision 250): the batch goes back on the queue, nobody is told.
    await rows((db) =>
      db.insert(leases).values({ key: "price-change-run:weekly", holder: "test", expiresAt: new Date(Date.now() + 60_000) }),
    );
    const requeued = recordingQueue<ChoreMessage>();
    await deliver(batches[0]!, requeued);
    expect(batchesOf(requeued.sent)).toEqual([batches[0]]);
    for (const u of subs) expect(await noticesTo(u.user.email)).toHaveLength(0);
    await rows((db) => db.delete(leases).where(eq(leases.key, "price-change-run:weekly")));

    // The second batch fails (the mail provider is down): the others go on, its subscribers stay owed.
    const down: Mailer = { send: () => Promise.reject(new Error("mail provider unavailable")) };
    await expect(rows((db) => sendNoticeBatch(db, getConfig(env), down, batches[1]!))).rejects.toThrow("mail provider unavailable");
    await deliverChores(requeued); // the first, now that the plan is free
    await deliver(batches[2]!);
    expect(await waiting()).toBe(2);
    expect((await changeRow(id)).status).toBe("notifying");
    // Its message ran out of retries: the cron queues again only those owed, once the change saw no activity for
    // NOTICES_RESEND_MS (before that it leaves the change to its batches).
    const early = recordingQueue<ChoreMessage>();
    await runJob((deps) => resumePriceChangeNotices(deps), new Date(), early.queue);
    expect(batchesOf(early.sent)).toEqual([]);
    const later = recordingQueue<ChoreMessage>();
    await runJob((deps) => resumePriceChangeNotices(deps), new Date(Date.now() + NOTICES_RESEND_MS + 60_000), later.queue);
    expect(
      batchesOf(later.sent)
        .flatMap((b) => b.subscriptionIds)
        .sort(),
    ).toEqual([...batches[1]!.subscriptionIds].sort());
    await deliverChores(later);

    // Everyone told exactly once, each with a schedule to the new price; the change is notified, nothing waits.
    for (const u of subs) expect(await noticesTo(u.user.email)).toHaveLength(1);
    const notices = await rows((db) => db.select().from(priceChangeNotices).where(eq(priceChangeNotices.priceChangeId, id)));
    expect(notices).toHaveLength(5);
    expect(notices.every((n) => n.emailedAt && n.stripeScheduleId)).toBe(true);
    expect((await changeRow(id)).status).toBe("notified");
    expect(await waiting()).toBe(0);

    // Every message delivered again (a redelivery, the operator's first message too): nothing is sent twice.
    const schedules = notices.map((n) => n.stripeScheduleId).sort();
    for (const b of [...first, ...batches]) await deliver(b);
    for (const u of subs) expect(await noticesTo(u.user.email)).toHaveLength(1);
    const again = await rows((db) => db.select().from(priceChangeNotices).where(eq(priceChangeNotices.priceChangeId, id)));
    expect(again.map((n) => n.stripeScheduleId).sort()).toEqual(schedules);
  }, 180_000);

  it("a withdrawal told to more subscribers than one batch: the request releases and emails nothing, each batch does its own, a redelivery nothing twice, a failed batch's notices are finished by the cron (decision 276)", async () => {
    const subs = [];
    for (let i = 0; i < 3; i++) subs.push(await subscriber("monthly"));
    const op = await operatorAuth();
    const clock = (await stripe().testHelpers.testClocks.list()).data[0]?.frozen_time ?? 0;
    const effective = earliestEffectiveDate(new Date(Math.max(Date.now(), clock * 1000)));
    const scheduled = await postPriceChange(
      { json: { planType: "monthly", amountCents: 3199, effectiveDate: day(effective) } },
      { headers: op.auth },
    );
    expect(scheduled.status).toBe(201);
    const { id } = await scheduled.json();
    const noticesOf = () =>
      rows((db) => db.select().from(priceChangeNotices).where(eq(priceChangeNotices.priceChangeId, id)).orderBy(priceChangeNotices.id));
    const told = await noticesOf();
    expect(told).toHaveLength(3);
    expect(told.every((n) => n.emailedAt && n.stripeScheduleId)).toBe(true);
    const scheduleIds = told.map((n) => n.stripeScheduleId!);
    const withdrawalsTo = async (email: string) => {
      const { messages } = await (await client.dev.mailbox.$get({ query: { to: email } })).json();
      return (messages as { subject: string }[]).filter((m) => m.subject === "The price change of your Monthly plan is withdrawn");
    };
    const released = async () => Promise.all(scheduleIds.map(async (s) => (await stripe().subscriptionSchedules.retrieve(s)).status));

    // The operator's withdrawal answers after marking the change and queueing its notices: nothing released, nobody emailed.
    const chores = choresClient();
    const res = await chores.api.admin["price-changes"][":id"].withdraw.$post({ param: { id } }, { headers: op.auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, withdrawnAt: expect.any(String) });
    const withdrawalsOf = (sent: ChoreMessage[]) => sent.flatMap((m) => ("priceWithdrawals" in m ? [m.priceWithdrawals] : []));
    const first = withdrawalsOf(chores.sent);
    expect(first).toHaveLength(1);
    expect(first[0]!.noticeIds.sort()).toEqual(told.map((n) => n.id).sort());
    expect((await released()).every((s) => s === "active" || s === "not_started")).toBe(true);
    for (const u of subs) expect(await withdrawalsTo(u.user.email)).toHaveLength(0);
    expect((await noticesOf()).every((n) => n.stripeScheduleId && !n.withdrawalEmailedAt)).toBe(true);
    expect(await withdrawalsWaiting()).toBe(3); // Monitoring shows the work left

    // The same withdrawal two notices to a message: two messages, every notice in exactly one.
    const queue = recordingQueue<ChoreMessage>();
    expect(await rows(async (db) => queueWithdrawals(db, queue.queue, await changeRow(id), { perMessage: 2 }))).toBe(3);
    const batches = withdrawalsOf(queue.sent);
    expect(batches.map((b) => b.noticeIds.length)).toEqual([2, 1]);
    const deliver = (b: PriceWithdrawalChore["priceWithdrawals"], q = recordingQueue<ChoreMessage>()) =>
      rows((db) => runChore({ db, bucket: env.IMAGES, chores: q.queue, config: getConfig(env) }, { priceWithdrawals: b }));

    // The plan is busy (a batch of notices holds its lease, decision 250): the batch goes back on the queue, untouched.
    await rows((db) =>
      db.insert(leases).values({ key: "price-change-run:monthly", holder: "test", expiresAt: new Date(Date.now() + 60_000) }),
    );
    const requeued = recordingQueue<ChoreMessage>();
    await deliver(batches[1]!, requeued);
    expect(withdrawalsOf(requeued.sent)).toEqual([batches[1]]);
    await rows((db) => db.delete(leases).where(eq(leases.key, "price-change-run:monthly")));

    // The first batch fails (the mail provider is down): its schedules are released, its emails stay owed; the
    // second batch is done in full.
    const down: Mailer = { send: () => Promise.reject(new Error("mail provider unavailable")) };
    await expect(rows((db) => sendWithdrawalBatch(db, getConfig(env), down, batches[0]!))).rejects.toThrow("mail provider unavailable");
    await deliverChores(requeued);
    const owedNow = (await noticesOf()).filter((n) => !n.withdrawalEmailedAt).map((n) => n.id);
    expect(owedNow.sort()).toEqual([...batches[0]!.noticeIds].sort());
    expect((await noticesOf()).every((n) => n.stripeScheduleId === null && n.switchAt === null)).toBe(true);
    expect(await released()).toEqual(["released", "released", "released"]);

    // Its message ran out of retries: the cron queues again only its notices, once the change was quiet for NOTICES_RESEND_MS.
    const early = recordingQueue<ChoreMessage>();
    await runJob((deps) => resumePriceChangeNotices(deps), new Date(), early.queue);
    expect(withdrawalsOf(early.sent)).toEqual([]);
    const later = recordingQueue<ChoreMessage>();
    await runJob((deps) => resumePriceChangeNotices(deps), new Date(Date.now() + NOTICES_RESEND_MS + 60_000), later.queue);
    expect(
      withdrawalsOf(later.sent)
        .flatMap((b) => b.noticeIds)
        .sort(),
    ).toEqual([...batches[0]!.noticeIds].sort());
    await deliverChores(later);

    // Everyone emailed exactly once, nobody keeps a schedule to the withdrawn price.
    for (const u of subs) expect(await withdrawalsTo(u.user.email)).toHaveLength(1);
    expect((await noticesOf()).every((n) => n.withdrawalEmailedAt && !n.stripeScheduleId)).toBe(true);
    expect(await withdrawalsWaiting()).toBe(0);
    for (const n of told) {
      const sub = await stripe().subscriptions.retrieve(n.stripeSubscriptionId);
      expect(sub.schedule).toBeNull();
      expect(sub.items.data[0]!.price.id).not.toBe((await changeRow(id)).stripePriceId);
    }

    // Every message delivered again (a redelivery, the operator's first message too): nothing changes.
    const before = await noticesOf();
    for (const b of [...first, ...batches]) await deliver(b);
    for (const u of subs) expect(await withdrawalsTo(u.user.email)).toHaveLength(1);
    expect(await noticesOf()).toEqual(before);
    expect(await released()).toEqual(["released", "released", "released"]);
    // and the cron has nothing left to queue for it
    const after = recordingQueue<ChoreMessage>();
    await runJob((deps) => resumePriceChangeNotices(deps), new Date(Date.now() + 2 * NOTICES_RESEND_MS), after.queue);
    expect(withdrawalsOf(after.sent)).toEqual([]);
  }, 180_000);
});
