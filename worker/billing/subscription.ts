/**
 * Which of a person's subscriptions is "theirs": the one every screen shows and every paid-feature check
 * reads (worker/credits/ builds "what may this person do now" on it). Live before ended, newest first,
 * and, since several objects can share a timestamp on a test clock, Stripe's id last, so the answer
 * never depends on the order rows were written in.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { Db, HttpDb, Tx } from "../../db";
import { subscriptions, type Subscription } from "../../db/schema";
import { ENTITLED_STATUSES } from "../../domain/plans";

const entitledStatuses = sql.join(
  ENTITLED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * 0: paid features now (domain/plans.ts ENTITLED_STATUSES, period not over); 1: alive at Stripe but
 * unpaid (past_due, unpaid: the account page says the payment failed); 2: everything else (ended).
 */
export const shownRank = sql<number>`case
  when ${subscriptions.status} in (${entitledStatuses})
    and (${subscriptions.currentPeriodEnd} is null or ${subscriptions.currentPeriodEnd} > now()) then 0
  when ${subscriptions.status} in ('past_due', 'unpaid') then 1
  else 2 end`;

/** The order of `shownSubscription`, for SQL elsewhere that needs the same row (the admin's users list). */
export const SHOWN_ORDER = [shownRank, desc(subscriptions.createdAt), desc(subscriptions.stripeSubscriptionId)] as const;

export type ShownSubscription = Subscription & { entitled: boolean };

/** The subscription the app shows for this person, with whether it grants paid features now; null if they never had one. */
export async function shownSubscription(db: Db | Tx, userId: string): Promise<ShownSubscription | null> {
  return shownFrom(await shownSubscriptionStatement(db, userId));
}

/** `shownSubscription`'s statement, unexecuted: for a batch of statements sent as one round trip (issue 38). */
export const shownSubscriptionStatement = (db: Db | Tx | HttpDb, userId: string) =>
  db
    .select({ row: subscriptions, rank: shownRank })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(...SHOWN_ORDER)
    .limit(1);

/** What `shownSubscriptionStatement` answered, as `shownSubscription` gives it. */
export const shownFrom = ([row]: { row: Subscription; rank: number }[]): ShownSubscription | null =>
  row ? { ...row.row, entitled: Number(row.rank) === 0 } : null;

/** Does the person have paid access right now? The same row the screens show (`shownSubscription`). */
export async function hasActiveSubscription(db: Db | Tx, userId: string): Promise<boolean> {
  return (await shownSubscription(db, userId))?.entitled ?? false;
}
