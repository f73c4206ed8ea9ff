/**
 * A price change on each subscription's Stripe schedule (decisions 093, 271): the subscription's first renewal at
 * or after the day it may move, and its schedule to the new price from then, through the one schedule writer
 * (../schedules.ts); and the new price taken off again when the change is withdrawn (a Team's seat cut stays).
 */
import type Stripe from "stripe";
import type { PriceChange } from "../../../db/schema";
import { fromUnix, idOf } from "../stripe";
import { NOTHING_PENDING, pendingOf, writeSchedule } from "../schedules";

/**
 * The subscription's first renewal at or after `from`: its period end, or a later one counted from the
 * billing cycle anchor as Stripe counts (no drift on short months).
 */
export function renewalOnOrAfter(sub: Stripe.Subscription, from: Date): Date {
  const item = sub.items.data[0]!;
  const { interval, interval_count: count } = item.price.recurring!;
  const target = Math.floor(from.getTime() / 1000);
  let end = item.current_period_end;
  for (let k = 1; end < target; k += 1) end = Math.max(end, addInterval(sub.billing_cycle_anchor, interval, count * k));
  return fromUnix(end)!;
}

function addInterval(ts: number, interval: Stripe.Price.Recurring.Interval, count: number): number {
  if (interval === "day") return ts + count * 86_400;
  if (interval === "week") return ts + count * 7 * 86_400;
  const d = new Date(ts * 1000);
  const months = interval === "month" ? count : count * 12;
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const day = Math.min(d.getUTCDate(), new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  return Date.UTC(y, m, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000;
}

/**
 * The subscription's schedule to the new price: ours already (nothing to do), none (made), an older
 * price change's (replaced). None for a subscription that will not renew (cancelled at the period end:
 * the cancel wins and our schedule is released, as for a downgrade, decision 091) or that has a
 * downgrade pending (it leaves the plan). Answers the schedule's id, or null.
 */
export async function ensureSchedule(
  stripe: Stripe,
  sub: Stripe.Subscription,
  change: PriceChange,
  switchAt: Date,
): Promise<string | null> {
  const existingId = idOf(sub.schedule);
  const existing = existingId ? await stripe.subscriptionSchedules.retrieve(existingId) : null;
  const ours = existing?.metadata?.price_change === change.id;
  if (sub.cancel_at_period_end || sub.status === "canceled") {
    if (existing && ours) {
      await writeSchedule(stripe, sub.id, existing.id, NOTHING_PENDING, { releaseKey: `price-change-cancel-releases-${existing.id}` });
    }
    return null;
  }
  if (existing && ours) return existing.id;
  // A Team's seat reduction (./team-billing.ts) stays on the schedule beside the new price; any other
  // unmarked schedule is a downgrade: the subscription leaves the plan.
  const { seats } = pendingOf(existing, sub.items.data[0]!);
  if (existing && !existing.metadata?.price_change && !seats) return null;
  // (no idempotency key when a schedule is made: after a cancel and a resume the subscription needs a
  // second, new schedule; two runs at once make Stripe refuse the second, "already attached to a
  // schedule", and its retry finds ours)
  return writeSchedule(stripe, sub.id, existing?.id ?? null, {
    ...NOTHING_PENDING,
    seats,
    price: { priceId: change.stripePriceId, at: Math.floor(switchAt.getTime() / 1000), changeId: change.id },
  });
}

/**
 * A withdrawn change leaves the subscription's schedule (decision 196) if the schedule is still this change's: its
 * new price goes, anything else pending stays (a Team's seat cut, decision 271); with nothing left it is released.
 */
export async function dropPriceChange(stripe: Stripe, scheduleId: string, changeId: string): Promise<void> {
  const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
  if (schedule.metadata?.price_change !== changeId || !(schedule.status === "active" || schedule.status === "not_started")) return;
  const sub = await stripe.subscriptions.retrieve(idOf(schedule.subscription)!);
  const pending = pendingOf(schedule, sub.items.data[0]!);
  await writeSchedule(
    stripe,
    sub.id,
    schedule.id,
    { ...pending, price: null },
    { releaseKey: `price-change-withdraw-releases-${schedule.id}` },
  );
}
