import { and, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { subscriptions } from "../../db/schema";
import { ENTITLED_STATUSES } from "../../domain/plans";


/** The user's current subscription row (newest first), whatever its status; null if they never had one. */
export async function currentSubscription(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/** Does the user have paid access right now (domain/plans.ts ENTITLED_STATUSES, period not over)? One indexed query. */
export async function hasActiveSubscription(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(
      eq(subscriptions.userId, userId),
      inArray(subscriptions.status, [...ENTITLED_STATUSES]),
      or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, sql`now()`)),
    ))
    .limit(1);
  return Boolean(row);
}
