/**
 * Withdrawing a price change against what runs beside it (issue 35): a person's settle making a schedule to
 * the change while it is withdrawn (the plan's lease, decision 250), and a withdrawal email that failed
 * (sent again by the cron, once, decision 251). This file's own world: its plans have no other changes.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { priceChangeNotices, priceChanges } from "../../db/schema";
import type { ApiPriceChange } from "../../domain/admin-api";
import { getConfig } from "../config";
import { createMailer, type Mailer } from "../mail/mailer";
import { operatorAuth, withTestDb as rows } from "../test/admin";
import type { ChoreMessage } from "../env";
import { choresClient, client, env, recordingQueue, runJob, postPriceChange } from "../test/helpers";
import { stripe, subscriber } from "../test/billing";
import { settlePriceChanges } from "./price-changes/notices";
import { resumePriceChangeNotices } from "./price-changes/resume";
import { NOTICES_RESEND_MS } from "./price-changes/batches";
import { earliestEffectiveDate } from "./price-changes/rules";
import { sendWithdrawalBatch, withdrawPriceChange } from "./price-changes/withdrawals";
import { stripeClient } from "./stripe";

const day = (d: Date) => d.toISOString().slice(0, 10);
const mailsTo = async (email: string, subject: RegExp) => {
  const { messages } = await (await client.dev.mailbox.$get({ query: { to: email } })).json();
  return (messages as { subject: string }[]).filter((m) => subject.test(m.subject));
};
const withdrawals = (email: string) => mailsTo(email, /^The price change of your \w+ plan is withdrawn$/);

async function scheduleChange(planType: "weekly" | "monthly" | "yearly", amountCents: number): Promise<ApiPriceChange> {
  const op = await operatorAuth();
  const clock = (await stripe().testHelpers.testClocks.list()).data[0]?.frozen_time ?? 0;
  const effective = earliestEffectiveDate(new Date(Math.max(Date.now(), clock * 1000)));
  const res = await postPriceChange({ json: { planType, amountCents, effectiveDate: day(effective) } }, { headers: op.auth });
  expect(res.status).toBe(201);
  return res.json();
}

/** The operator's withdrawal, with the chores it queues delivered through the CHORES consumer (decision 276). */
const withdrawByOperator = async (id: string) => {
  const op = await operatorAuth();
  const chores = choresClient();
  const res = await chores.api.admin["price-changes"][":id"].withdraw.$post({ param: { id } }, { headers: op.auth });
  await chores.deliver();
  return res;
};

describe("withdrawing a price change", () => {
  it("waits for a settle that is making a schedule to it, then releases that schedule too (decision 250)", async () => {
    const a = await subscriber("monthly");
    const change = await scheduleChange("monthly", 3599);
    // b joined and was settled; undo b's part, as if b's settle had not run yet (a joiner whose settle failed)
    const b = await subscriber("monthly");
    const [bNotice] = await rows((db) =>
      db
        .select()
        .from(priceChangeNotices)
        .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.userId, b.user.id))),
    );
    await stripe().subscriptionSchedules.release(bNotice!.stripeScheduleId!);
    await rows((db) => db.delete(priceChangeNotices).where(eq(priceChangeNotices.id, bNotice!.id)));
    expect((await stripe().subscriptions.retrieve(bNotice!.stripeSubscriptionId)).schedule).toBeNull();

    // b's settle, held at the moment it asks Stripe for the schedule
    let reached!: () => void;
    const atSchedule = new Promise<void>((resolve) => (reached = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const config = { ...getConfig(env) };
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      if (req.method === "POST" && new URL(req.url).pathname === "/v1/subscription_schedules") {
        reached();
        await gate;
      }
      return realFetch(req);
    };
    try {
      stripeClient(config); // this config's client sends through the gate
    } finally {
      globalThis.fetch = realFetch;
    }
    const settling = runJob((deps) => settlePriceChanges(deps.db, config, createMailer(config, { IMAGES: deps.bucket }), b.user.id));
    await atSchedule;

    const withdrawing = withdrawByOperator(change.id);
    // Without the lease the withdrawal finishes here, before b's schedule exists; with it, it waits.
    const early = await Promise.race([withdrawing.then(() => "done"), new Promise((r) => setTimeout(() => r("waiting"), 2000))]);
    open();
    await settling;
    const res = await withdrawing;
    expect(res.status).toBe(200);

    for (const u of [a, b]) {
      const [notice] = await rows((db) =>
        db
          .select()
          .from(priceChangeNotices)
          .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.userId, u.user.id))),
      );
      const sub = await stripe().subscriptions.retrieve(notice!.stripeSubscriptionId);
      expect(sub.schedule).toBeNull(); // nobody keeps a schedule to the withdrawn price
      expect(sub.items.data[0]!.price.id).not.toBe(change.stripePriceId);
      expect(await withdrawals(u.user.email)).toHaveLength(1);
    }
    // and a settle after the withdrawal makes nothing
    await runJob((deps) => settlePriceChanges(deps.db, deps.config, createMailer(deps.config, { IMAGES: deps.bucket }), b.user.id));
    expect((await stripe().subscriptions.retrieve(bNotice!.stripeSubscriptionId)).schedule).toBeNull();
    expect(early).toBe("waiting");
  });

  it("a withdrawal email that failed is sent by the cron's next pass, once (decision 251)", async () => {
    const a = await subscriber("yearly");
    const change = await scheduleChange("yearly", 24_999);
    const down: Mailer = {
      send: () => Promise.reject(new Error("mail provider unavailable")),
    };
    const queue = recordingQueue<ChoreMessage>();
    const withdrawn = await runJob((deps) => withdrawPriceChange(deps.db, queue.queue, change.id));
    expect(withdrawn.withdrawnAt).toEqual(expect.any(String));
    // its one message, delivered while the mail provider is down: the schedule is released, the email stays owed
    expect(queue.sent).toHaveLength(1);
    const body = queue.sent[0]!;
    if (!("priceWithdrawals" in body)) throw new Error("expected a withdrawal chore");
    await expect(rows((db) => sendWithdrawalBatch(db, getConfig(env), down, body.priceWithdrawals))).rejects.toThrow(
      "mail provider unavailable",
    );
    expect(await withdrawals(a.user.email)).toHaveLength(0);
    const [owed] = await rows((db) => db.select().from(priceChangeNotices).where(eq(priceChangeNotices.priceChangeId, change.id)));
    expect(owed!.withdrawalEmailedAt).toBeNull();
    expect(owed!.stripeScheduleId).toBeNull();
    expect((await stripe().subscriptions.retrieve(owed!.stripeSubscriptionId)).schedule).toBeNull();

    // the message ran out of retries: the cron queues the notice again once the change was quiet for NOTICES_RESEND_MS
    const later = new Date(Date.now() + NOTICES_RESEND_MS + 60_000);
    const cron = (at = later) => runJob((deps) => resumePriceChangeNotices(deps), at);
    expect(await cron(new Date())).toBe(0);
    expect(await withdrawals(a.user.email)).toHaveLength(0);
    expect(await cron()).toBe(1);
    expect(await withdrawals(a.user.email)).toHaveLength(1);
    expect(await cron()).toBe(0);
    expect(await withdrawals(a.user.email)).toHaveLength(1);
    const [row] = await rows((db) => db.select().from(priceChanges).where(eq(priceChanges.id, change.id)));
    expect(row!.withdrawnAt).not.toBeNull();
  });
});
