/**
 * A subscription schedule can carry two intents at once (issue 37, decision 271): a price change (./price-changes.ts:
 * the change's new price from a renewal; the schedule's metadata `price_change` is the change's id) and a Team
 * seat reduction (./team-billing.ts: fewer seats from the current period's end). Both modules read what a
 * schedule still has ahead with `pendingOf` and write it with `writeSchedule`, so a seat change keeps the
 * price change's date and marker, and a withdrawn price change keeps the seat reduction.
 */
import type Stripe from "stripe";
import { idOf } from "./stripe";

export interface Pending {
  /** fewer (or other) seats from `at` (unix seconds) */
  seats: { quantity: number; at: number } | null;
  /** another price from `at`, for the price change `changeId` (the schedule's marker) */
  price: { priceId: string; at: number; changeId: string } | null;
}

const quantityOf = (p: { quantity?: number | null }) => p.quantity ?? 1;

/**
 * What the schedule still changes after the subscription's current period: its phases from the period's end
 * on, compared with the subscription's item now. A price ahead counts only under a price change's marker
 * (an unmarked other price is a person's downgrade, which no seat change or price change rewrites).
 */
export function pendingOf(schedule: Stripe.SubscriptionSchedule, item: Stripe.SubscriptionItem): Pending {
  const ahead = schedule.status === "active" || schedule.status === "not_started" ? schedule.phases : [];
  const later = ahead.filter((p) => p.start_date >= item.current_period_end);
  const seats = later.find((p) => quantityOf(p.items[0]!) !== quantityOf(item));
  const changeId = schedule.metadata?.price_change;
  const price = changeId ? later.find((p) => idOf(p.items[0]!.price) !== item.price.id) : undefined;
  return {
    seats: seats ? { quantity: quantityOf(seats.items[0]!), at: seats.start_date } : null,
    price: price && changeId ? { priceId: idOf(price.items[0]!.price)!, at: price.start_date, changeId } : null,
  };
}

/**
 * Gives the subscription's schedule exactly the intents `pending` (today's price and seats until the first,
 * then each from its date; released after the last phase), and the price change's marker when one is pending,
 * none otherwise. With nothing pending the schedule is released. Answers the schedule's id, or null.
 * Today's price and seats are read from Stripe here, not taken from the caller's copy of the subscription: a
 * price change's job that read it before the owner added a seat would otherwise write the old quantity into
 * every phase, and the seat would be lost at the switch (issue 46).
 */
export async function writeSchedule(
  stripe: Stripe,
  subscriptionId: string,
  scheduleId: string | null,
  pending: Pending,
): Promise<string | null> {
  const dates = [...new Set([pending.seats?.at, pending.price?.at].filter((d): d is number => d !== undefined))].sort((a, b) => a - b);
  if (dates.length === 0) {
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
    return null;
  }
  const schedule = scheduleId
    ? await stripe.subscriptionSchedules.retrieve(scheduleId)
    : await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
  const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
  const { interval, interval_count } = item.price.recurring!;
  const itemsAt = (at: number) => [
    {
      price: pending.price && at >= pending.price.at ? pending.price.priceId : item.price.id,
      quantity: pending.seats && at >= pending.seats.at ? pending.seats.quantity : quantityOf(item),
    },
  ];
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: "release",
    // Stripe merges metadata: "" removes the key, so a schedule without a price change loses its marker
    metadata: { price_change: pending.price?.changeId ?? "" },
    phases: [
      { items: itemsAt(schedule.phases[0]!.start_date), start_date: schedule.phases[0]!.start_date, end_date: dates[0]! },
      ...dates.map((at, i) =>
        i < dates.length - 1
          ? { items: itemsAt(at), start_date: at, end_date: dates[i + 1]! }
          : { items: itemsAt(at), start_date: at, duration: { interval, interval_count } },
      ),
    ],
  });
  return schedule.id;
}
