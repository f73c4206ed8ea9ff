/**
 * The Team plan's subscriptions, copied from Stripe like a person's (./sync.ts): re-read, upserted by
 * Stripe's id, so replays and events in any order leave the same state. The team is the one named in
 * the subscription's metadata (set at Checkout), and only when the paying customer is that team's
 * owner; anything else is logged and ignored. A seat reduction is a schedule whose next phase has a
 * smaller quantity: stored as `scheduled_seats` from `scheduled_at` (decision 143).
 */
import type Stripe from "stripe";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { teams, teamSubscriptions, users } from "../../db/schema";
import type { Config } from "../config";
import { log } from "../lib";
import { fromUnix, idOf, subscriptionTimes } from "./stripe";

/** The customer's own user id: the one stored on the user, else the one the customer carries. */
async function customerIsUser(db: Db | Tx, stripe: Stripe, customerId: string, userId: string): Promise<boolean> {
  const [user] = await db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return false;
  if (user.customerId) return user.customerId === customerId;
  const customer = await stripe.customers.retrieve(customerId);
  return !("deleted" in customer && customer.deleted) && customer.metadata?.userId === userId;
}

export async function syncTeamSubscription(db: Db | Tx, _config: Config, stripe: Stripe, sub: Stripe.Subscription) {
  const item = sub.items.data[0]!;
  const teamId = sub.metadata?.teamId;
  const customerId = idOf(sub.customer)!;
  const [team] =
    teamId && /^[0-9a-f-]{36}$/i.test(teamId)
      ? await db.select({ id: teams.id, ownerUserId: teams.ownerUserId }).from(teams).where(eq(teams.id, teamId)).limit(1)
      : [];
  if (!team || !(await customerIsUser(db, stripe, customerId, team.ownerUserId))) {
    log("warn", "billing: a Team subscription without its team was ignored", { subscriptionId: sub.id, teamId, customerId });
    return null;
  }
  const scheduled = await scheduledSeats(stripe, sub);
  const values = {
    teamId: team.id,
    stripeSubscriptionId: sub.id,
    stripePriceId: item.price.id,
    status: sub.status,
    seats: item.quantity ?? 1,
    scheduledSeats: scheduled?.seats ?? null,
    scheduledAt: scheduled?.at ?? null,
    stripeScheduleId: idOf(sub.schedule),
    ...subscriptionTimes(sub, item),
  };
  const { createdAt: _created, ...changes } = values;
  await db.insert(teamSubscriptions).values(values).onConflictDoUpdate({ target: teamSubscriptions.stripeSubscriptionId, set: changes });
  return team;
}

/** The smaller quantity the subscription's schedule sets when the current phase ends, if any. */
async function scheduledSeats(stripe: Stripe, sub: Stripe.Subscription): Promise<{ seats: number; at: Date } | null> {
  const scheduleId = idOf(sub.schedule);
  if (!scheduleId || sub.status === "canceled") return null;
  const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
  const currentEnd = schedule.current_phase?.end_date;
  const next = schedule.status === "active" && currentEnd ? schedule.phases.find((p) => p.start_date >= currentEnd) : undefined;
  const seats = next?.items[0]?.quantity;
  const current = sub.items.data[0]?.quantity ?? 1;
  return next && seats && seats !== current ? { seats, at: fromUnix(next.start_date)! } : null;
}
