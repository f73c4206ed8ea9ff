/**
 * A seat cut racing capture-link joins (issue 46, item 1): seats are one reservation under the team's lock, so a
 * cut below the members plus open invitations is refused, a join never takes a seat the cut removes, and at the
 * renewal Stripe bills at least as many seats as there are members. On the file's own local Stripe; the races need
 * overlapping transactions: run with TEST_DATABASE_URL (the real PostgreSQL) to see them.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { priceChanges, subscriptions, teamMembers } from "../../db/schema";
import { TEAM_MESSAGES } from "../../domain/teams";
import { client, createTestUser, errorBody, testDb } from "../test/helpers";
import { DAY, advanceClock, deliverEvents, stripe, teamOwner } from "../test/billing";
import { withDb } from "../test/teams";

type Auth = Record<string, string>;
const tag = () => crypto.randomUUID().slice(0, 8);
const join = (auth: Auth, token: string) => client.team.capture.join.$post({ json: { token } }, { headers: auth });
const cut = (auth: Auth, seats: number) => client.team.seats.$post({ json: { seats } }, { headers: auth });

async function makeLink(auth: Auth, domain: string, maxJoins: number) {
  const res = await client.team["capture-links"].$post({ json: { domains: [domain], maxJoins } }, { headers: auth });
  expect(res.status).toBe(201);
  return new URL((await res.json()).link).searchParams.get("token")!;
}

async function teamOf(auth: Auth) {
  const mine = await (await client.team.$get({}, { headers: auth })).json();
  if (!mine || mine.role !== "owner") throw new Error("not an owner");
  return mine;
}

const memberCount = async (teamId: string) =>
  (await withDb((db) => db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId)))).length;

/** Whether the file's database is a real PostgreSQL server (TEST_DATABASE_URL), where transactions overlap; PGlite is one session. */
async function realServer(): Promise<boolean> {
  const [row] = await withDb((db) => db.execute<{ v: string }>(sql`select version() as v`)).then((r) => r.rows);
  return !/emscripten|wasm/i.test(String(row?.v));
}

/** Sessions of this database waiting for a lock. */
const waitingForLocks = () =>
  withDb(async (db) => {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return Number(rows[0]?.n ?? 0);
  });

async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 2000; i += 1) if (await condition()) return;
  throw new Error("the condition never held");
}

/**
 * The interleaving of issue 46 made certain on a real server: the price book is held (a table the seat route reads
 * only once Stripe has answered, when it stores the outcome; no join reads it) until the cut waits on it, as if
 * Stripe were slow; then the joins run. Before the fix they all got in (the cut had counted "seats in use" before
 * Stripe); with it they queue behind the cut's reservation or see it. Then the table is let go.
 */
async function cutWhileJoining<C, J>(cutting: () => Promise<C>, joining: () => Promise<J>[]): Promise<[C, ...J[]]> {
  const { db, close } = testDb();
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let holding!: () => void;
  const isHeld = new Promise<void>((resolve) => (holding = resolve));
  const holder = db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${priceChanges} in access exclusive mode`);
    holding();
    await held;
  });
  try {
    await isHeld;
    const cutAnswer = cutting();
    await until(async () => (await waitingForLocks()) >= 1);
    const joins = await Promise.all(joining());
    letGo();
    await holder;
    return [await cutAnswer, ...joins];
  } finally {
    letGo();
    await close();
  }
}

describe("a seat cut and capture-link joins at once (issue 46)", () => {
  it("a cut to 3 of 10 seats while 8 people join: never more members than the seats paid for, now and after the renewal", async () => {
    const owner = await teamOwner(10);
    const team = await teamOf(owner.auth);
    const acme = `acme-${tag()}.com`;
    const token = await makeLink(owner.auth, acme, 20);
    const people = await Promise.all(Array.from({ length: 8 }, () => createTestUser({ email: `p-${tag()}@${acme}` })));

    const [cutAnswer, ...joins] = (await realServer())
      ? await cutWhileJoining(
          () => cut(owner.auth, 3),
          () => people.map((p) => join(p.auth, token)),
        )
      : await Promise.all([cut(owner.auth, 3), ...people.map((p) => join(p.auth, token))]);
    const joined = joins.filter((r) => r.status === 200).length;
    expect(joins.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const members = await memberCount(team.team.id);
    expect(members).toBe(1 + joined);

    const [row] = await withDb((db) => db.select().from(subscriptions).where(eq(subscriptions.teamId, team.team.id)));
    if (cutAnswer.status === 200) {
      // the cut came first: at most two people join (3 seats: the owner and two)
      expect(members).toBeLessThanOrEqual(3);
      expect(row!.scheduledSeats).toBe(3);
    } else {
      // the joins came first: the cut is refused, clearly, and nothing is scheduled
      expect(cutAnswer.status).toBe(409);
      expect((await errorBody(cutAnswer)).message).toBe(TEAM_MESSAGES.seatsBelowMembers);
      expect(row!.scheduledSeats).toBeNull();
    }
    const shown = await teamOf(owner.auth);
    expect(shown.seats.used + shown.seats.invited).toBeLessThanOrEqual(shown.seats.paid);

    // the renewal: Stripe bills at least one seat per member
    const live = await stripe().subscriptions.retrieve(row!.stripeSubscriptionId);
    const clock = (await stripe().testHelpers.testClocks.list()).data[0]!.frozen_time;
    await advanceClock(live.items.data[0]!.current_period_end - clock + DAY);
    await deliverEvents(owner.customerId);
    const renewed = await stripe().subscriptions.retrieve(row!.stripeSubscriptionId);
    expect(renewed.items.data[0]!.quantity).toBeGreaterThanOrEqual(await memberCount(team.team.id));
  });

  it("a cut refused by Stripe gives the reserved seats back", async () => {
    const owner = await teamOwner(5);
    const team = await teamOf(owner.auth);
    const [row] = await withDb((db) => db.select().from(subscriptions).where(eq(subscriptions.teamId, team.team.id)));
    // cancelled at Stripe behind our back (our copy still says active): Stripe refuses the cut's schedule
    await stripe().subscriptions.cancel(row!.stripeSubscriptionId);
    const refused = await cut(owner.auth, 2);
    expect(refused.status).toBe(502);
    expect((await errorBody(refused)).message).toBe(TEAM_MESSAGES.seatCutNotMade);
    const [after] = await withDb((db) => db.select().from(subscriptions).where(eq(subscriptions.teamId, team.team.id)));
    expect(after!.scheduledSeats).toBeNull();
  });
});
