/**
 * Price changes end to end against the file's own local Stripe and its test clock (decision 093; split from
 * flows.test.ts): the clock moves here only for these tests, and renews only this file's subscriptions.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { adminAuditLog, invoices, priceChangeNotices, priceChanges, subscriptions } from "../../db/schema";
import type { ApiPriceChange } from "../../domain/admin-api";
import { operatorAuth, withTestDb as rows } from "../test/admin";
import { formatDate } from "../../copy";

/** A billing day as an English email writes it (copy/format.ts: en-IE, "5 January 2027"). */
const mailDay = (d: Date) => formatDate(d, "en", "long", { timeZone: "UTC" });
import { earliestEffectiveDate, latestEffectiveDate } from "./price-changes/rules";
import { NOTICES_RESEND_MS } from "./price-changes/batches";
import { resumePriceChangeNotices } from "./price-changes/resume";
import { choresClient, client, createTestUser, errorBody, runJob, postPriceChange } from "../test/helpers";
import {
  DAY,
  advanceClock,
  checkoutUrl,
  customerOf,
  deliverEvents,
  downgrade,
  payCheckout,
  prices,
  stripe,
  subscriber,
  subscription,
  whileInEffect,
} from "../test/billing";

describe("price changes: 30 days' notice (decision 093)", () => {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const clockNow = async () => (await stripe().testHelpers.testClocks.list()).data[0]!.frozen_time;
  /** The mails to `email` whose subject matches. */
  const mailsTo = async (email: string, subject: RegExp) => {
    const { messages } = await (await client.dev.mailbox.$get({ query: { to: email } })).json();
    return (messages as { subject: string; text: string }[]).filter((m) => subject.test(m.subject));
  };
  const notices = (email: string) => mailsTo(email, /^The price of your \w+ plan changes/);
  const withdrawals = (email: string) => mailsTo(email, /^The price change of your \w+ plan is withdrawn$/);
  const liveSub = async (userId: string) => {
    const [row] = await rows((db) => db.select().from(subscriptions).where(eq(subscriptions.userId, userId)));
    return stripe().subscriptions.retrieve(row!.stripeSubscriptionId);
  };
  /** The first weekly renewal on or after `at` (seconds), counted from the anchor as Stripe counts. */
  const weeklyRenewal = (anchor: number, at: number) => anchor + Math.ceil((at - anchor) / (7 * DAY)) * 7 * DAY;
  /**
   * A date that is 30 days ahead both for the server (the wall clock) and for the local Stripe's clock. The
   * clock is this file's own (decision 003): it starts at the wall clock and moves about 40 days here, so
   * the date is also within the server's one-year horizon (decision 195), as checked.
   */
  const effectiveFrom = async () => {
    const from = earliestEffectiveDate(new Date(Math.max(Date.now(), (await clockNow()) * 1000)));
    expect(from.getTime()).toBeLessThanOrEqual(latestEffectiveDate(new Date()).getTime());
    return from;
  };

  let weekly: { change: ApiPriceChange; switchAt: number; a: Awaited<ReturnType<typeof subscriber>> } | undefined;

  it("scheduling creates the Stripe price, emails each subscriber once, and gives each a schedule: today's price until the first renewal on or after the date, then the new one", async () => {
    const a = await subscriber("weekly");
    const b = await subscriber("weekly");
    const monthly = await subscriber("monthly");
    const op = await operatorAuth();
    const effective = await effectiveFrom();

    const res = await postPriceChange(
      { json: { planType: "weekly", amountCents: 1299, effectiveDate: day(effective) } },
      { headers: op.auth },
    );
    expect(res.status).toBe(201);
    const change = await res.json();
    expect(change).toMatchObject({
      planType: "weekly",
      oldAmountCents: 999,
      newAmountCents: 1299,
      currency: "eur",
      effectiveDate: effective.toISOString(),
      createdBy: op.email,
      inEffect: false,
    });
    const price = await stripe().prices.retrieve(change.stripePriceId);
    expect(price).toMatchObject({
      unit_amount: 1299,
      currency: "eur",
      recurring: { interval: "week", interval_count: 1 },
      metadata: { plan_type: "weekly" },
    });
    expect(price.product).toBe((await stripe().prices.retrieve(prices().weekly)).product);

    const effectiveUnix = effective.getTime() / 1000;
    for (const u of [a, b]) {
      const mail = await notices(u.user.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe(`The price of your Weekly plan changes on ${mailDay(effective)}`);
      expect(mail[0]!.text).toContain("from €9.99 to €12.99 a week, from " + mailDay(effective));
      expect(mail[0]!.text).toMatch(/cancel at any time before .+ from your account settings/);
      expect(mail[0]!.text).toContain("http://app.test/account");

      const sub = await liveSub(u.user.id);
      const switchAt = weeklyRenewal(sub.billing_cycle_anchor, effectiveUnix);
      expect(switchAt).toBeGreaterThanOrEqual(effectiveUnix);
      expect(switchAt - 7 * DAY).toBeLessThan(effectiveUnix);
      expect(mail[0]!.text).toContain(`renews at the new price of €12.99 on ${mailDay(new Date(switchAt * 1000))}`);
      const schedule = await stripe().subscriptionSchedules.retrieve(sub.schedule as string);
      expect(schedule).toMatchObject({ status: "active", end_behavior: "release", metadata: { price_change: change.id } });
      expect(schedule.phases.map((p) => [p.items[0]!.price, p.start_date, p.end_date])).toEqual([
        [prices().weekly, sub.items.data[0]!.current_period_start, switchAt],
        [change.stripePriceId, switchAt, switchAt + 7 * DAY],
      ]);
      const [notice] = await rows((db) =>
        db
          .select()
          .from(priceChangeNotices)
          .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.userId, u.user.id))),
      );
      expect(notice).toMatchObject({ stripeSubscriptionId: sub.id, stripeScheduleId: schedule.id, switchAt: new Date(switchAt * 1000) });
      // The schedule's webhooks are not taken for a downgrade: the plan stays Weekly.
      const answers = await deliverEvents(u.customerId);
      expect(
        answers.every((x) => x.status === 200),
        JSON.stringify(answers),
      ).toBe(true);
      expect(await downgrade(u.auth)).toBeNull();
      expect(await subscription(u.auth)).toMatchObject({ planType: "weekly", stripePriceId: prices().weekly });
    }
    expect(await notices(monthly.user.email)).toHaveLength(0);
    expect((await liveSub(monthly.user.id)).schedule).toBeNull();

    // Retries tell nobody twice: the cron's resume of a run, and each person's settle after a sync.
    const scheduleOfA = (await liveSub(a.user.id)).schedule;
    await rows((db) => db.update(priceChanges).set({ status: "notifying" }).where(eq(priceChanges.id, change.id)));
    // (once the change saw no activity for NOTICES_RESEND_MS: its batches are done or lost)
    await runJob((deps) => resumePriceChangeNotices(deps), new Date(Date.now() + NOTICES_RESEND_MS + 60_000));
    expect((await client.stripe["sync-subscription"].$post({}, { headers: a.auth })).status).toBe(200);
    for (const u of [a, b]) expect(await notices(u.user.email)).toHaveLength(1);
    expect((await liveSub(a.user.id)).schedule).toBe(scheduleOfA);

    // /admin lists it; /api/stripe/plans keeps today's price and announces the new one.
    const listed = (await (await client.admin["price-changes"].$get({}, { headers: op.auth })).json()).priceChanges;
    expect(listed.find((c) => c.id === change.id)).toMatchObject({ status: "notified", newAmountCents: 1299 });
    expect(listed.find((c) => c.id === change.id)!.subscribersNotified).toBeGreaterThanOrEqual(2);
    const { plans } = await (await client.stripe.plans.$get({})).json();
    expect(plans[0]).toMatchObject({
      id: "weekly",
      amountCents: 999,
      priceId: prices().weekly,
      upcoming: { amountCents: 1299, effectiveDate: effective.toISOString() },
    });

    // A second change overlapping this one is refused.
    const again = await postPriceChange(
      { json: { planType: "weekly", amountCents: 1499, effectiveDate: day(new Date(effective.getTime() + 10 * DAY * 1000)) } },
      { headers: op.auth },
    );
    expect(again.status).toBe(409);
    expect((await errorBody(again)).message).toMatch(
      /^The Weekly plan already has a price change on .+\. A new one can start on .+ at the earliest/,
    );

    const sub = await liveSub(a.user.id);
    weekly = { change, a, switchAt: weeklyRenewal(sub.billing_cycle_anchor, effectiveUnix) };
  });

  it("each subscriber moves at the first renewal on or after the date (test clock); new subscriptions then pay the new price", async () => {
    const { change, a, switchAt } = weekly!;
    // every renewal before the switch is at today's price
    await advanceClock(switchAt - (await clockNow()) - DAY);
    expect((await deliverEvents(a.customerId)).every((x) => x.status === 200)).toBe(true);
    expect(await subscription(a.auth)).toMatchObject({ status: "active", planType: "weekly", stripePriceId: prices().weekly });
    const before = await rows((db) => db.select().from(invoices).where(eq(invoices.userId, a.user.id)));
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((i) => i.amountCents === 999)).toBe(true);

    await advanceClock(2 * DAY);
    expect((await deliverEvents(a.customerId)).every((x) => x.status === 200)).toBe(true);
    expect(await subscription(a.auth)).toMatchObject({ status: "active", planType: "weekly", stripePriceId: change.stripePriceId });
    expect(await downgrade(a.auth)).toBeNull();
    const after = await rows((db) =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.userId, a.user.id), eq(invoices.periodStart, new Date(switchAt * 1000)))),
    );
    expect(after).toMatchObject([{ amountCents: 1299, planType: "weekly", billingReason: "subscription_cycle" }]);
    expect((await liveSub(a.user.id)).items.data[0]!.price.id).toBe(change.stripePriceId);
    // the schedule is released after its last phase: the subscription simply goes on at the new price
    await advanceClock(7 * DAY);
    expect((await deliverEvents(a.customerId)).every((x) => x.status === 200)).toBe(true);
    const sub = await liveSub(a.user.id);
    expect(sub.schedule).toBeNull();
    expect(sub.items.data[0]!.price.id).toBe(change.stripePriceId);
    expect(await subscription(a.auth)).toMatchObject({ status: "active", stripePriceId: change.stripePriceId });
    // in /account's invoice list too
    const { invoices: listed } = await (await client.stripe.invoices.$get({}, { headers: a.auth })).json();
    expect(listed.slice(0, 2)).toMatchObject([
      { planType: "weekly", amountCents: 1299 },
      { planType: "weekly", amountCents: 1299 },
    ]);

    // Once the date has passed (for the server too), the plan costs the new price: /api/stripe/plans,
    // and a checkout sent with the old price id (a page loaded before) buys at the new one.
    await whileInEffect(change, async () => {
      const { plans } = await (await client.stripe.plans.$get({})).json();
      expect(plans[0]).toMatchObject({
        id: "weekly",
        amountCents: 1299,
        priceId: change.stripePriceId,
        upcoming: null,
        dailyPrice: "1.86",
      });
      const late = await createTestUser({ freeUsed: 2 });
      const res = await client.stripe["create-checkout-session"].$post({ json: { priceId: prices().weekly } }, { headers: late.auth });
      expect(res.status).toBe(200);
      expect((await payCheckout(await checkoutUrl(res), "4242 4242 4242 4242")).status).toBe(303);
      const customerId = await customerOf(late.user.id);
      expect((await deliverEvents(customerId)).every((x) => x.status === 200)).toBe(true);
      expect(await subscription(late.auth)).toMatchObject({ planType: "weekly", stripePriceId: change.stripePriceId });
      expect(await notices(late.user.email)).toHaveLength(0); // nothing changes for them
    });
  });

  it("someone who joins before the date is told at once and moves 30 days later at the earliest; a cancel drops the schedule, a resume brings it back; a downgrade replaces it", async () => {
    const stay = await subscriber("yearly");
    const leave = await subscriber("yearly");
    const op = await operatorAuth();
    const effective = await effectiveFrom();
    const res = await postPriceChange(
      { json: { planType: "yearly", amountCents: 7200, effectiveDate: day(effective) } },
      { headers: op.auth },
    );
    expect(res.status).toBe(201);
    const change = await res.json();

    // joins between scheduling and the date: emailed by the settle that follows their checkout's webhooks
    const joiner = await subscriber("yearly");
    expect(await notices(joiner.user.email)).toHaveLength(1);
    const [notice] = await rows((db) =>
      db
        .select()
        .from(priceChangeNotices)
        .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.userId, joiner.user.id))),
    );
    expect(notice!.switchAt!.getTime()).toBeGreaterThanOrEqual(
      Math.max(effective.getTime(), notice!.emailedAt!.getTime() + 30 * DAY * 1000),
    );
    const joined = await liveSub(joiner.user.id);
    const phases = (await stripe().subscriptionSchedules.retrieve(joined.schedule as string)).phases;
    expect(phases.map((p) => p.items[0]!.price)).toEqual([prices().yearly, change.stripePriceId]);
    expect(phases[0]!.end_date).toBe(notice!.switchAt!.getTime() / 1000);

    // cancels at the period end: nothing renews, so the schedule goes (the cancel wins); resumes: it is back
    const staying = await liveSub(stay.user.id);
    expect(staying.schedule).toBeTruthy();
    await stripe().subscriptions.update(staying.id, { cancel_at_period_end: true });
    expect((await deliverEvents(stay.customerId)).every((x) => x.status === 200)).toBe(true);
    expect((await liveSub(stay.user.id)).schedule).toBeNull();
    expect(await subscription(stay.auth)).toMatchObject({ cancelAtPeriodEnd: true, stripePriceId: prices().yearly });
    await stripe().subscriptions.update(staying.id, { cancel_at_period_end: false });
    expect((await deliverEvents(stay.customerId)).every((x) => x.status === 200)).toBe(true);
    const resumed = await liveSub(stay.user.id);
    expect((await stripe().subscriptionSchedules.retrieve(resumed.schedule as string)).phases.map((p) => p.items[0]!.price)).toEqual([
      prices().yearly,
      change.stripePriceId,
    ]);
    expect(await notices(stay.user.email)).toHaveLength(1);

    // downgrades: the downgrade's schedule replaces the price change's; they leave the plan at the period end
    const down = await client.stripe["change-subscription"].$post({ json: { priceId: prices().monthly } }, { headers: leave.auth });
    expect((await down.json()).type).toBe("downgrade");
    expect((await deliverEvents(leave.customerId)).every((x) => x.status === 200)).toBe(true);
    expect(await downgrade(leave.auth)).toMatchObject({ targetPlanType: "monthly" });
    const leaving = await stripe().subscriptionSchedules.retrieve((await liveSub(leave.user.id)).schedule as string);
    expect(leaving.phases.map((p) => p.items[0]!.price)).toEqual([prices().yearly, prices().monthly]);
  });

  it("withdrawing before anyone moved releases the Stripe schedules, tells each subscriber once, and lets the plan get a new change (decision 196)", async () => {
    const a = await subscriber("monthly");
    const b = await subscriber("monthly");
    const op = await operatorAuth();
    const effective = await effectiveFrom();
    const scheduled = await postPriceChange(
      { json: { planType: "monthly", amountCents: 3499, effectiveDate: day(effective) } },
      { headers: op.auth },
    );
    expect(scheduled.status).toBe(201);
    const change = await scheduled.json();
    const scheduleIds = await Promise.all([a, b].map(async (u) => (await liveSub(u.user.id)).schedule as string));
    expect(scheduleIds.every(Boolean)).toBe(true);

    const chores = choresClient();
    const withdraw = () => chores.api.admin["price-changes"][":id"].withdraw.$post({ param: { id: change.id } }, { headers: op.auth });
    const res = await withdraw();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: change.id, inEffect: false, withdrawnAt: expect.any(String) });
    // the answer comes before the work: the schedules and the emails are the queued chores' (decision 276)
    expect((await stripe().subscriptionSchedules.retrieve(scheduleIds[0]!)).status).not.toBe("released");
    expect(await withdrawals(a.user.email)).toHaveLength(0);
    await chores.deliver();
    for (const [i, u] of [a, b].entries()) {
      expect((await stripe().subscriptionSchedules.retrieve(scheduleIds[i]!)).status).toBe("released");
      const sub = await liveSub(u.user.id);
      expect(sub.schedule).toBeNull();
      expect(sub.items.data[0]!.price.id).toBe(prices().monthly);
      const told = await withdrawals(u.user.email);
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toContain(`That price change is withdrawn: you keep paying €29.99 a month`);
    }
    const [audited] = await rows((db) =>
      db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, "price_change.withdraw"), eq(adminAuditLog.targetId, change.id))),
    );
    expect(audited).toBeTruthy();

    // a second withdrawal is refused and tells nobody again
    const again = await withdraw();
    expect(again.status).toBe(409);
    expect((await errorBody(again)).message).toBe("This price change is already withdrawn.");
    await chores.deliver();
    expect(await withdrawals(a.user.email)).toHaveLength(1);
    // the change is out of the price book: the plan may get a new one, and the cron sends nothing for the old
    const next = await postPriceChange(
      { json: { planType: "monthly", amountCents: 3299, effectiveDate: day(effective) } },
      { headers: op.auth },
    );
    expect(next.status).toBe(201);
    const plans = (await (await client.stripe.plans.$get({})).json()).plans as { id: string; upcoming: unknown }[];
    expect(plans.find((p) => p.id === "monthly")!.upcoming).toMatchObject({ amountCents: 3299 });
  });

  it("withdrawing is refused once a subscriber has moved to the new price", async () => {
    const { change } = weekly!; // subscriber a moved to it at the renewal above (the date has not come for the server)
    const op = await operatorAuth();
    const res = await client.admin["price-changes"][":id"].withdraw.$post({ param: { id: change.id } }, { headers: op.auth });
    expect(res.status).toBe(409);
    expect((await errorBody(res)).message).toMatch(/already moved to the new price; this change can no longer be withdrawn\.$/);
    const [row] = await rows((db) => db.select().from(priceChanges).where(eq(priceChanges.id, change.id)));
    expect(row!.withdrawnAt).toBeNull();
  });
});
