/**
 * Which subscription is "theirs", for a person and for a team alike (issue 37: one table, one ranking): the
 * one every screen shows and every paid-feature check reads (worker/credits/ builds "what may this person do
 * now" on it; a team's seats come from its team's). Live before ended, newest first, and, since several
 * objects can share a timestamp on a test clock, Stripe's id last, so the answer never depends on the order
 * rows were written in.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, HttpDb, Tx } from "../../db";
import { subscriptions, teamMembers, teams, type Subscription } from "../../db/schema";
import type { PlanType } from "../../domain/plans";
import { ENTITLED_STATUSES, LIVE_STATUSES, PAYMENT_FAILING_STATUSES } from "../../domain/subscription-status";

/** The subscription's status is in this group of domain/subscription-status.ts (drizzle's `inArray` on the one list). */
export const statusIn = (group: readonly string[]) => inArray(subscriptions.status, [...group]);

/** The subscription grants the paid features now: an entitled status (domain/subscription-status.ts), its period not over. */
export const entitledNow = sql`(${statusIn(ENTITLED_STATUSES)} and (${subscriptions.currentPeriodEnd} is null or ${subscriptions.currentPeriodEnd} > now()))`;

/**
 * 0: paid features now (`entitledNow`); 1: alive at Stripe but its payment failing (the account page says the
 * payment failed); 2: everything else (ended, or an entitled status whose period is over).
 */
export const shownRank = sql<number>`case
  when ${entitledNow} then 0
  when ${statusIn(PAYMENT_FAILING_STATUSES)} then 1
  else 2 end`;

/** The order of the shown subscription, for SQL elsewhere that needs the same row (the admin's users list). */
export const SHOWN_ORDER = [shownRank, desc(subscriptions.createdAt), desc(subscriptions.stripeSubscriptionId)] as const;

/** Whose subscriptions: a person's own plans, or a team's. */
export type Owner = { userId: string } | { teamId: string };
const ownedBy = (owner: Owner) => ("userId" in owner ? eq(subscriptions.userId, owner.userId) : eq(subscriptions.teamId, owner.teamId));

/** A shown subscription: `entitled` grants the paid features now; `live` is alive at Stripe (entitled, or a payment failing). */
export type Shown<S extends Subscription = Subscription> = S & { entitled: boolean; live: boolean };
/** A person's own plan (never the Team plan: the table's check keeps a Team plan's row person-less). */
export type PersonalSubscription = Subscription & { userId: string; planType: PlanType };
export type ShownSubscription = Shown<PersonalSubscription>;
export type ShownTeamSubscription = Shown;

/** `shownOf`'s statement, unexecuted: for a batch of statements sent as one round trip (issue 38). */
const shownStatement = (db: Db | Tx | HttpDb, owner: Owner) =>
  db
    .select({ row: subscriptions, rank: shownRank })
    .from(subscriptions)
    .where(ownedBy(owner))
    .orderBy(...SHOWN_ORDER)
    .limit(1);

/** What a shown statement answered: the row with whether it is entitled and live, or null. */
const shownRow = ([row]: { row: Subscription; rank: number }[]): Shown | null => {
  if (!row) return null;
  const rank = Number(row.rank);
  return { ...row.row, entitled: rank === 0, live: rank <= 1 };
};

/** The subscription shown for this owner, or null when they never had one. */
export async function shownOf(db: Db | Tx, owner: Owner): Promise<Shown | null> {
  return shownRow(await shownStatement(db, owner));
}

/** The subscription the app shows for this person, with whether it grants paid features now; null if they never had one. */
export async function shownSubscription(db: Db | Tx, userId: string): Promise<ShownSubscription | null> {
  return shownFrom(await shownSubscriptionStatement(db, userId));
}

/** `shownSubscription`'s statement, unexecuted: for a batch of statements sent as one round trip (issue 38). */
export const shownSubscriptionStatement = (db: Db | Tx | HttpDb, userId: string) => shownStatement(db, { userId });

/** What `shownSubscriptionStatement` answered, as `shownSubscription` gives it. */
export const shownFrom = (rows: { row: Subscription; rank: number }[]): ShownSubscription | null =>
  shownRow(rows) as ShownSubscription | null;

/** Does the person have paid access of their own right now? The same row the screens show (`shownSubscription`). */
export async function hasActiveSubscription(db: Db | Tx, userId: string): Promise<boolean> {
  return (await shownSubscription(db, userId))?.entitled ?? false;
}

/** The team's subscription (the one its page shows), or null when it never had one. */
export const teamSubscriptionOf = (db: Db | Tx, teamId: string): Promise<ShownTeamSubscription | null> => shownOf(db, { teamId });

/** The owner's subscriptions still running at Stripe, the first started first (one-live keeps that one, decision 090). */
export function runningSubscriptions(db: Db | Tx, owner: Owner): Promise<Subscription[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(ownedBy(owner), statusIn(LIVE_STATUSES)))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.stripeSubscriptionId));
}

/** The owner's first subscription (the money-back guarantee covers only it), or null. */
export async function firstSubscriptionOf(db: Db | Tx, owner: Owner): Promise<Subscription | null> {
  const [first] = await db
    .select()
    .from(subscriptions)
    .where(ownedBy(owner))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.stripeSubscriptionId))
    .limit(1);
  return first ?? null;
}

/**
 * The seats the team may fill: the live subscription's quantity, or the smaller quantity already
 * scheduled for the period end (so what is promised now still fits then; decision 142). 0 without one.
 */
export const seatsToFill = (sub: ShownTeamSubscription | null): number =>
  sub?.live ? Math.min(sub.seats, sub.scheduledSeats ?? sub.seats) : 0;

/**
 * The team a person has a paid seat in now (a member of a team whose subscription grants the paid
 * features), or null. past_due pauses it as it pauses a person's own plan.
 */
export async function paidTeamSeat(db: Db | Tx, userId: string): Promise<{ teamId: string } | null> {
  const [row] = await paidTeamSeatStatement(db, userId);
  return row ?? null;
}

/** `paidTeamSeat`'s statement, unexecuted: for a batch of statements sent as one round trip (issue 38). */
export const paidTeamSeatStatement = (db: Db | Tx | HttpDb, userId: string) =>
  db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .innerJoin(subscriptions, eq(subscriptions.teamId, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), sql`${shownRank} = 0`))
    .limit(1);

/**
 * The team whose live Team plan covers this person (a member or its owner, with a seat of a subscription
 * alive at Stripe: entitled, or a payment failing), or null. A person it covers is never sold a plan of
 * their own (decision 212): it would charge them twice for the same thing.
 */
export async function teamCover(db: Db | Tx, userId: string): Promise<{ teamName: string; role: "owner" | "member" } | null> {
  const [row] = await db
    .select({ teamName: teams.name, role: teamMembers.role, teamId: teamMembers.teamId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .limit(1);
  if (!row) return null;
  return (await teamSubscriptionOf(db, row.teamId))?.live ? { teamName: row.teamName, role: row.role } : null;
}
