/**
 * A Team plan price change end to end (issue 37; decisions 093, 210) against the file's own local Stripe and its
 * test clock: the Team plan's price is a seat's, so each team's owner is told of its seats and its new total, its
 * Stripe schedule keeps its seat quantity, and at the first renewal on or after max(effective date, notice + 30
 * days) the team pays the new seat price for the same seats, which is what we store.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { invoices, priceChangeNotices, subscriptions, teams } from "../../db/schema";
import { TEAM_PLAN } from "../../domain/plans";
import { operatorAuth, withTestDb as rows } from "../test/admin";
import { choresClient, client, env, postPriceChange } from "../test/helpers";
import { getConfig } from "../config";
import { readLandingFigures } from "../landing/figures";
import { renderLanding } from "../landing/serve";
import { formatDate } from "../../copy";

/** A billing day as an English email writes it (copy/format.ts: en-IE, "5 January 2027"). */
const mailDay = (d: Date) => formatDate(d, "en", "long", { timeZone: "UTC" });
import { earliestEffectiveDate, latestEffectiveDate } from "./price-changes/rules";
import { NOTHING_PENDING, writeSchedule } from "./schedules";
import { DAY, advanceClock, deliverEvents, prices, stripe, teamOwner, whileInEffect } from "../test/billing";

describe("a Team plan price change: each team moves at its renewal after 30 days' notice (issue 37)", () => {
  const NEW_SEAT_CENTS = 2499;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;
  const clockNow = async () => (await stripe().testHelpers.testClocks.list()).data[0]!.frozen_time;
  const notices = async (email: string) => {
    const { messages } = await (await client.dev.mailbox.$get({ query: { to: email } })).json();
    return (messages as { subject: string; text: string }[]).filter((m) => /^The price of your \w+ plan changes/.test(m.subject));
  };
  /** The team's row in the one subscriptions table (decision 210). */
  const teamRow = async (ownerId: string) => {
    const [row] = await rows((db) =>
      db
        .select({ sub: subscriptions })
        .from(subscriptions)
        .innerJoin(teams, eq(teams.id, subscriptions.teamId))
        .where(eq(teams.ownerUserId, ownerId)),
    );
    return row!.sub;
  };
  const delivered = async (customerId: string) => {
    const answers = await deliverEvents(customerId);
    expect(
      answers.every((x) => x.status === 200),
      JSON.stringify(answers),
    ).toBe(true);
  };
  /** One month before `unix` (seconds), as Stripe counts a monthly renewal (the anchor's day is at most the 28th here or clamped alike). */
  const monthBefore = (unix: number) => {
    const d = new Date(unix * 1000);
    d.setUTCMonth(d.getUTCMonth() - 1);
    return d.getTime() / 1000;
  };

  /** The seat price the owner's team page says: the team's own (GET /api/team). */
  const seatCentsShown = async (auth: Record<string, string>) => {
    const mine = await (await client.team.$get({}, { headers: auth })).json();
    return mine && mine.role === "owner" ? mine.subscription?.seatCents : undefined;
  };

  let scheduled: { id: string; stripePriceId: string; effectiveDate: string } | undefined;

  /** The schedule's phases as [price, seats, end] (the last phase's end is one period on). */
  const phasesOf = async (subscriptionId: string) => {
    const live = await stripe().subscriptions.retrieve(subscriptionId);
    if (!live.schedule) return { marker: null, phases: [] };
    const schedule = await stripe().subscriptionSchedules.retrieve(live.schedule as string);
    return {
      marker: schedule.metadata?.price_change ?? null,
      phases: schedule.phases.map((p) => [p.items[0]!.price, p.items[0]!.quantity, p.end_date] as const),
    };
  };
  /** A price change's schedule with a seat reduction from `periodEnd`: the reduction first, the new price from its switch. */
  const bothPhases = (priceId: string, newPriceId: string, from: number, to: number, periodEnd: number, switchAt: number) =>
    periodEnd === switchAt
      ? [
          [priceId, from, periodEnd],
          [newPriceId, to, expect.any(Number)],
        ]
      : [
          [priceId, from, periodEnd],
          [priceId, to, switchAt],
          [newPriceId, to, expect.any(Number)],
        ];

  it("a seat reduction on a price change's schedule keeps the change's switch and marker; withdrawing the change keeps the reduction (decision 271)", async () => {
    const op = await operatorAuth();
    const effective = earliestEffectiveDate(new Date(Math.max(Date.now(), (await clockNow()) * 1000)));
    const res = await client.admin["price-changes"].$post(
      { json: { planType: "team", amountCents: NEW_SEAT_CENTS + 100, effectiveDate: day(effective) } },
      { headers: op.auth },
    );
    expect(res.status).toBe(201);
    const change = await res.json();
    const owner = await teamOwner(4);
    const row = await teamRow(owner.user.id);
    const periodEnd = (await stripe().subscriptions.retrieve(row.stripeSubscriptionId)).items.data[0]!.current_period_end;
    const [notice] = await rows((db) =>
      db
        .select()
        .from(priceChangeNotices)
        .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.stripeSubscriptionId, row.stripeSubscriptionId))),
    );
    const switchAt = notice!.switchAt!.getTime() / 1000;
    expect(await phasesOf(row.stripeSubscriptionId)).toEqual({
      marker: change.id,
      phases: [
        [prices().team, 4, switchAt],
        [change.stripePriceId, 4, expect.any(Number)],
      ],
    });

    // 2 seats from the period end: the reduction joins the change's phases; the new price still comes at the switch told
    expect((await client.team.seats.$post({ json: { seats: 2 } }, { headers: owner.auth })).status).toBe(200);
    await delivered(owner.customerId);
    expect(await phasesOf(row.stripeSubscriptionId)).toEqual({
      marker: change.id,
      phases: bothPhases(prices().team, change.stripePriceId, 4, 2, periodEnd, switchAt),
    });
    expect(await teamRow(owner.user.id)).toMatchObject({ seats: 4, scheduledSeats: 2, stripePriceId: prices().team });

    // withdrawn: the new price and its marker leave the schedule, the 2 seats from the period end stay
    const chores = choresClient();
    const withdrawn = await chores.api.admin["price-changes"][":id"].withdraw.$post({ param: { id: change.id } }, { headers: op.auth });
    expect(withdrawn.status).toBe(200);
    await chores.deliver(); // the schedules are released by the chores consumer (decision 276)
    await delivered(owner.customerId);
    expect(await phasesOf(row.stripeSubscriptionId)).toEqual({
      marker: null,
      phases: [
        [prices().team, 4, periodEnd],
        [prices().team, 2, expect.any(Number)],
      ],
    });
    expect(await teamRow(owner.user.id)).toMatchObject({ seats: 4, scheduledSeats: 2, stripePriceId: prices().team });
  });

  it("two teams of 3 and 5 seats: one notice each naming seats and the new total, schedules keep the quantity, and each pays the new seat price × its seats from its renewal", async () => {
    const teamsOf = [
      { seats: 3, owner: await teamOwner(3) },
      { seats: 5, owner: await teamOwner(5) },
    ];
    for (const { seats, owner } of teamsOf) {
      expect(await teamRow(owner.user.id)).toMatchObject({
        planType: "team",
        seats,
        stripePriceId: prices().team,
        amountCents: TEAM_PLAN.pricePerSeatCents * seats,
      });
    }

    // The operator schedules a new seat price from the first day allowed (30 days ahead for the server and the clock).
    const op = await operatorAuth();
    const effective = earliestEffectiveDate(new Date(Math.max(Date.now(), (await clockNow()) * 1000)));
    expect(effective.getTime()).toBeLessThanOrEqual(latestEffectiveDate(new Date()).getTime());
    const res = await postPriceChange(
      { json: { planType: "team", amountCents: NEW_SEAT_CENTS, effectiveDate: day(effective) } },
      { headers: op.auth },
    );
    expect(res.status).toBe(201);
    const change = await res.json();
    scheduled = change;
    expect(change).toMatchObject({
      planType: "team",
      oldAmountCents: TEAM_PLAN.pricePerSeatCents,
      newAmountCents: NEW_SEAT_CENTS,
      currency: "eur",
      effectiveDate: effective.toISOString(),
    });
    const price = await stripe().prices.retrieve(change.stripePriceId);
    expect(price).toMatchObject({ unit_amount: NEW_SEAT_CENTS, recurring: { interval: "month", interval_count: 1 } });
    expect(price.product).toBe((await stripe().prices.retrieve(prices().team)).product);

    const switches: number[] = [];
    for (const { seats, owner } of teamsOf) {
      const row = await teamRow(owner.user.id);
      const [notice] = await rows((db) =>
        db
          .select()
          .from(priceChangeNotices)
          .where(
            and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.stripeSubscriptionId, row.stripeSubscriptionId)),
          ),
      );
      expect(notice).toMatchObject({ userId: owner.user.id, email: owner.user.email });
      // the first renewal on or after max(effective date, notice + 30 days)
      const due = Math.max(effective.getTime(), notice!.emailedAt!.getTime() + 30 * DAY * 1000) / 1000;
      const switchAt = notice!.switchAt!.getTime() / 1000;
      expect(switchAt).toBeGreaterThanOrEqual(due);
      expect(monthBefore(switchAt)).toBeLessThan(due);
      switches.push(switchAt);

      // one notice to the owner: a seat's old and new price, the team's seats and its new total
      const mail = await notices(owner.user.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe(`The price of your Team plan changes on ${mailDay(effective)}`);
      expect(mail[0]!.text).toContain(`from €19.99 to ${euro(NEW_SEAT_CENTS)} a seat a month, from ${mailDay(effective)}`);
      expect(mail[0]!.text).toContain(
        `renews at the new price on ${mailDay(new Date(switchAt * 1000))}, the first renewal on or after that date: ${seats} seats, ${euro(NEW_SEAT_CENTS * seats)} a month`,
      );
      expect(mail[0]!.text).toContain("http://app.test/team");

      // the schedule keeps the seats: today's seat price until the switch, then the new one, same quantity
      const live = await stripe().subscriptions.retrieve(row.stripeSubscriptionId);
      expect(live.items.data[0]).toMatchObject({ quantity: seats, price: { id: prices().team } });
      const schedule = await stripe().subscriptionSchedules.retrieve(live.schedule as string);
      expect(schedule).toMatchObject({ status: "active", end_behavior: "release", metadata: { price_change: change.id } });
      expect(schedule.phases.map((p) => [p.items[0]!.price, p.items[0]!.quantity, p.end_date ?? null])).toEqual([
        [prices().team, seats, switchAt],
        [change.stripePriceId, seats, expect.any(Number)],
      ]);
      expect(notice!.stripeScheduleId).toBe(schedule.id);

      // the schedule's webhooks are not a seat change: the team keeps its seats and today's price
      await delivered(owner.customerId);
      expect(await teamRow(owner.user.id)).toMatchObject({
        seats,
        scheduledSeats: null,
        stripePriceId: prices().team,
        amountCents: TEAM_PLAN.pricePerSeatCents * seats,
      });
      expect(await notices(owner.user.email)).toHaveLength(1);
    }

    // Up to a day before the first switch, nothing changes: the team page still says the team's own seat price.
    await advanceClock(Math.min(...switches) - (await clockNow()) - DAY);
    for (const { seats, owner } of teamsOf) {
      await delivered(owner.customerId);
      expect(await teamRow(owner.user.id)).toMatchObject({
        status: "active",
        seats,
        stripePriceId: prices().team,
        amountCents: TEAM_PLAN.pricePerSeatCents * seats,
      });
      expect(await seatCentsShown(owner.auth)).toBe(TEAM_PLAN.pricePerSeatCents);
    }

    // Past each team's renewal: the new seat price for the same seats, in Stripe and in our row and invoice.
    await advanceClock(Math.max(...switches) - (await clockNow()) + DAY);
    for (const [i, { seats, owner }] of teamsOf.entries()) {
      await delivered(owner.customerId);
      const row = await teamRow(owner.user.id);
      expect(row).toMatchObject({
        status: "active",
        planType: "team",
        seats,
        scheduledSeats: null,
        stripePriceId: change.stripePriceId,
        amountCents: NEW_SEAT_CENTS * seats,
      });
      const live = await stripe().subscriptions.retrieve(row.stripeSubscriptionId);
      expect(live.items.data[0]).toMatchObject({ quantity: seats, price: { id: change.stripePriceId } });
      const renewal = await rows((db) =>
        db
          .select()
          .from(invoices)
          .where(and(eq(invoices.userId, owner.user.id), eq(invoices.periodStart, new Date(switches[i]! * 1000)))),
      );
      expect(renewal).toMatchObject([{ amountCents: NEW_SEAT_CENTS * seats, planType: "team", billingReason: "subscription_cycle" }]);
      expect(await seatCentsShown(owner.auth)).toBe(NEW_SEAT_CENTS);
      expect(await notices(owner.user.email)).toHaveLength(1);
    }
  });

  it("a seat reduction while the change's schedule is attached: the team gets its fewer seats at its period end and the new seat price at the very renewal it was told (decisions 210, 271)", async () => {
    const change = scheduled!;
    // joins before the date (for the server): told at once by the settle after its Checkout, and scheduled
    const owner = await teamOwner(4);
    expect(await notices(owner.user.email)).toHaveLength(1);
    const before = await teamRow(owner.user.id);
    const live = await stripe().subscriptions.retrieve(before.stripeSubscriptionId);
    const periodEnd = live.items.data[0]!.current_period_end;
    const [notice] = await rows((db) =>
      db
        .select()
        .from(priceChangeNotices)
        .where(
          and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.stripeSubscriptionId, before.stripeSubscriptionId)),
        ),
    );
    const firstSwitch = notice!.switchAt!.getTime() / 1000;
    expect(firstSwitch).toBeGreaterThanOrEqual(periodEnd);

    // fewer seats from the period end: the schedule has the reduction and the change's price, under the change's marker
    const removed = await client.team.seats.$post({ json: { seats: 2 } }, { headers: owner.auth });
    expect(removed.status).toBe(200);
    await delivered(owner.customerId);
    expect(await teamRow(owner.user.id)).toMatchObject({ seats: 4, scheduledSeats: 2, stripePriceId: prices().team });
    expect(await phasesOf(before.stripeSubscriptionId)).toEqual({
      marker: change.id,
      phases: bothPhases(prices().team, change.stripePriceId, 4, 2, periodEnd, firstSwitch),
    });

    // renewal by renewal: 2 seats from the period end, the new seat price from the switch it was told, not later
    for (let renewal = 0; renewal < 3; renewal += 1) {
      const end = (await stripe().subscriptions.retrieve(before.stripeSubscriptionId)).items.data[0]!.current_period_end;
      await advanceClock(end - (await clockNow()) + DAY);
      await delivered(owner.customerId);
      const row = await teamRow(owner.user.id);
      expect(row).toMatchObject({ status: "active", seats: 2, scheduledSeats: null });
      const moved = row.currentPeriodStart!.getTime() / 1000 >= firstSwitch;
      expect(row).toMatchObject(
        moved
          ? { stripePriceId: change.stripePriceId, amountCents: NEW_SEAT_CENTS * 2 }
          : { stripePriceId: prices().team, amountCents: TEAM_PLAN.pricePerSeatCents * 2 },
      );
    }
    expect(await teamRow(owner.user.id)).toMatchObject({ stripePriceId: change.stripePriceId, amountCents: NEW_SEAT_CENTS * 2 });
    expect(await notices(owner.user.email)).toHaveLength(1);
  });

  it("a seat added while the change is pending: the team page and Stripe say the new seats now, and after the switch renewal too (issue 46)", async () => {
    const change = scheduled!;
    const owner = await teamOwner(8);
    const row = await teamRow(owner.user.id);
    const paidShown = async () => {
      const mine = await (await client.team.$get({}, { headers: owner.auth })).json();
      return mine && mine.role === "owner" ? mine.seats.paid : undefined;
    };
    const [notice] = await rows((db) =>
      db
        .select()
        .from(priceChangeNotices)
        .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.stripeSubscriptionId, row.stripeSubscriptionId))),
    );
    const switchAt = notice!.switchAt!.getTime() / 1000;
    expect((await phasesOf(row.stripeSubscriptionId)).phases.map((p) => p[1])).toEqual([8, 8]);

    // The price-change job read the subscription (8 seats) when the owner added a ninth: the seat route releases
    // the change's schedule and charges the seat, and the job, racing it, writes the change's schedule again.
    const seenByTheJob = await stripe().subscriptions.retrieve(row.stripeSubscriptionId);
    const added = await client.team.seats.$post({ json: { seats: 9 } }, { headers: owner.auth });
    expect(added.status).toBe(200);
    expect(await paidShown()).toBe(9);
    await writeSchedule(stripe(), seenByTheJob.id, null, {
      ...NOTHING_PENDING,
      price: { priceId: change.stripePriceId, at: switchAt, changeId: change.id },
    });
    await delivered(owner.customerId);
    expect(await teamRow(owner.user.id)).toMatchObject({ seats: 9, scheduledSeats: null });
    expect(await paidShown()).toBe(9);
    // the change is scheduled again, from the same switch, for the 9 seats
    expect(await phasesOf(row.stripeSubscriptionId)).toEqual({
      marker: change.id,
      phases: [
        [prices().team, 9, switchAt],
        [change.stripePriceId, 9, expect.any(Number)],
      ],
    });

    await advanceClock(switchAt - (await clockNow()) + DAY);
    await delivered(owner.customerId);
    const live = await stripe().subscriptions.retrieve(row.stripeSubscriptionId);
    expect(live.items.data[0]).toMatchObject({ quantity: 9, price: { id: change.stripePriceId } });
    expect(await teamRow(owner.user.id)).toMatchObject({ seats: 9, stripePriceId: change.stripePriceId, amountCents: NEW_SEAT_CENTS * 9 });
    expect(await paidShown()).toBe(9);
  });

  it("the seat price shown and charged to a new team is today's: the launch price with the change announced, then the new one once it is in effect (decision 288)", async () => {
    const change = scheduled!;
    const teamPrice = async () => (await (await client.stripe.plans.$get({})).json()).team;
    expect(await teamPrice()).toEqual({
      priceId: prices().team,
      seatCents: TEAM_PLAN.pricePerSeatCents,
      currency: "EUR",
      upcoming: { seatCents: NEW_SEAT_CENTS, effectiveDate: change.effectiveDate },
    });

    // the business page names the seat price (issue 25) as it was built until the change is in effect (decision 289)
    const businessPage = async () =>
      renderLanding(`<span data-live="price-team">${euro(TEAM_PLAN.pricePerSeatCents)}</span>`, await readLandingFigures(getConfig(env)));
    expect(await businessPage()).toContain(`>${euro(TEAM_PLAN.pricePerSeatCents)}<`);

    // once the date has passed (for the server too), a new team buys its seats at the new price
    await whileInEffect(change, async () => {
      expect(await teamPrice()).toEqual({ priceId: change.stripePriceId, seatCents: NEW_SEAT_CENTS, currency: "EUR", upcoming: null });
      expect(await businessPage()).toContain(`>${euro(NEW_SEAT_CENTS)}<`);
      const late = await teamOwner(3);
      await delivered(late.customerId);
      expect(await teamRow(late.user.id)).toMatchObject({
        planType: "team",
        seats: 3,
        stripePriceId: change.stripePriceId,
        amountCents: NEW_SEAT_CENTS * 3,
      });
      // adding a seat: a month is the team's own seat price × the seats
      const preview = await client.team["seats-preview"].$get({ query: { seats: "4" } }, { headers: late.auth });
      expect(preview.status).toBe(200);
      expect(await preview.json()).toMatchObject({ seats: 4, monthlyCents: NEW_SEAT_CENTS * 4 });
    });
  });
});
