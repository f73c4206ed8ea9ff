/**
 * A team's subscription as the team's rules read it: which of its Stripe subscriptions is "the team's"
 * (the same order as a person's, worker/billing/subscription.ts: live before ended, newest first), the
 * seats it pays for, and whether a member's seat grants the paid features now.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, HttpDb, Tx } from "../../db";
import { teamMembers, teamSubscriptions, type TeamSubscription } from "../../db/schema";
import { ENTITLED_STATUSES } from "../../domain/plans";

const entitledStatuses = sql.join(
  ENTITLED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** 0: grants the paid features now; 1: alive at Stripe but unpaid (past_due, unpaid); 2: ended or never started. */
const teamRank = sql<number>`case
  when ${teamSubscriptions.status} in (${entitledStatuses})
    and (${teamSubscriptions.currentPeriodEnd} is null or ${teamSubscriptions.currentPeriodEnd} > now()) then 0
  when ${teamSubscriptions.status} in ('past_due', 'unpaid') then 1
  else 2 end`;

export type ShownTeamSubscription = TeamSubscription & { entitled: boolean; live: boolean };

/** The team's subscription (the one its page shows), or null when it never had one. */
export async function teamSubscriptionOf(db: Db | Tx, teamId: string): Promise<ShownTeamSubscription | null> {
  const [row] = await db
    .select({ row: teamSubscriptions, rank: teamRank })
    .from(teamSubscriptions)
    .where(eq(teamSubscriptions.teamId, teamId))
    .orderBy(teamRank, desc(teamSubscriptions.createdAt), desc(teamSubscriptions.stripeSubscriptionId))
    .limit(1);
  if (!row) return null;
  const rank = Number(row.rank);
  return { ...row.row, entitled: rank === 0, live: rank <= 1 };
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
    .innerJoin(teamSubscriptions, eq(teamSubscriptions.teamId, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), sql`${teamRank} = 0`))
    .limit(1);
