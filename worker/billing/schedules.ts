/**
 * The one schedule writer (issue 49, decision 346; decisions 271 and 301 before it). A subscription's Stripe
 * schedule carries what changes at a later date, and there is one shape for it, `Pending`: another plan (a person's
 * downgrade, ./plan-changes.ts), fewer seats (a Team's seat cut, ./team-billing.ts) and a new price (a price change,
 * ./price-change-schedules.ts; the schedule's metadata `price_change` is the change's id). Every change flow reads
 * what a schedule still has ahead with `pendingOf`, changes its own part, and gives the rest back to
 * `writeSchedule`, the only code that writes or releases a schedule: so a seat change keeps a price change's date
 * and marker, a withdrawn price change keeps a seat cut, and a downgrade replaces a price change. Our copy of it,
 * the subscription row's pending change, is `nextChange` of the same reading (./sync.ts).
 */
import type Stripe from "stripe";
import type { BillingPlan } from "../../domain/plans";
import { fromUnix, idOf } from "./stripe";

/** What a subscription's schedule changes after its current period: every date in unix seconds. */
export interface Pending {
  /** another plan's price from `at` (a person's downgrade): unmarked, the subscription leaves its plan */
  plan: { priceId: string; at: number } | null;
  /** fewer (or other) seats from `at` */
  seats: { quantity: number; at: number } | null;
  /** another price from `at`, for the price change `changeId` (the schedule's marker) */
  price: { priceId: string; at: number; changeId: string } | null;
}

/** Nothing pending: `writeSchedule` releases the schedule. */
export const NOTHING_PENDING: Pending = { plan: null, seats: null, price: null };

const quantityOf = (p: { quantity?: number | null }) => p.quantity ?? 1;
const isOpen = (schedule: Stripe.SubscriptionSchedule) => schedule.status === "active" || schedule.status === "not_started";

/**
 * What the schedule still changes after the subscription's current period: its phases from the period's end
 * on, compared with the subscription's item now. Another price ahead is a price change's under its marker, else
 * a change of plan (a person's downgrade, which no seat change or price change rewrites).
 */
export function pendingOf(schedule: Stripe.SubscriptionSchedule | null, item: Stripe.SubscriptionItem): Pending {
  const ahead = schedule && isOpen(schedule) ? schedule.phases : [];
  const later = ahead.filter((p) => p.start_date >= item.current_period_end);
  const seats = later.find((p) => quantityOf(p.items[0]!) !== quantityOf(item));
  const other = later.find((p) => idOf(p.items[0]!.price) !== item.price.id);
  const changeId = schedule?.metadata?.price_change;
  return {
    plan: other && !changeId ? { priceId: idOf(other.items[0]!.price)!, at: other.start_date } : null,
    seats: seats ? { quantity: quantityOf(seats.items[0]!), at: seats.start_date } : null,
    price: other && changeId ? { priceId: idOf(other.items[0]!.price)!, at: other.start_date, changeId } : null,
  };
}

/**
 * The pending change as the subscription's row keeps it (db/schema.ts `scheduled_*`): the first date at which
 * the plan or the seats change, and to what; null when neither does (a price change's date is its notice's).
 */
export function nextChange(
  pending: Pending,
  currentPlan: BillingPlan | null,
  planOf: (priceId: string) => BillingPlan | null,
): { scheduledPlanType: BillingPlan | null; scheduledSeats: number | null; scheduledAt: Date | null } {
  const plan = pending.plan ? planOf(pending.plan.priceId) : null;
  const planAt = plan && plan !== currentPlan ? pending.plan!.at : null;
  const at = [planAt, pending.seats?.at ?? null].filter((d): d is number => d !== null).sort((a, b) => a - b)[0];
  if (at === undefined) return { scheduledPlanType: null, scheduledSeats: null, scheduledAt: null };
  return {
    scheduledPlanType: planAt === at ? plan : null,
    scheduledSeats: pending.seats?.at === at ? pending.seats.quantity : null,
    scheduledAt: fromUnix(at),
  };
}

/**
 * Gives the subscription's schedule exactly the intents `pending` (today's price and seats until the first,
 * then each from its date; released after the last phase), and the price change's marker when one is pending,
 * none otherwise. With nothing pending the schedule is released (when it still runs; `releaseKey` makes that
 * release idempotent at Stripe). Answers the schedule's id, or null.
 * Today's price and seats are read from Stripe here, not taken from the caller's copy of the subscription: a
 * price change's job that read it before the owner added a seat would otherwise write the old quantity into
 * every phase, and the seat would be lost at the switch (issue 46, decision 301).
 */
export async function writeSchedule(
  stripe: Stripe,
  subscriptionId: string,
  scheduleId: string | null,
  pending: Pending,
  { releaseKey }: { releaseKey?: string } = {},
): Promise<string | null> {
  const dates = [...new Set([pending.plan?.at, pending.seats?.at, pending.price?.at].filter((d): d is number => d !== undefined))].sort(
    (a, b) => a - b,
  );
  if (dates.length === 0) {
    if (scheduleId && isOpen(await stripe.subscriptionSchedules.retrieve(scheduleId))) {
      await stripe.subscriptionSchedules.release(scheduleId, {}, releaseKey ? { idempotencyKey: releaseKey } : {});
    }
    return null;
  }
  const schedule = scheduleId
    ? await stripe.subscriptionSchedules.retrieve(scheduleId)
    : await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
  const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
  const priceAt = (at: number) =>
    pending.plan && at >= pending.plan.at
      ? pending.plan.priceId
      : pending.price && at >= pending.price.at
        ? pending.price.priceId
        : item.price.id;
  const itemsAt = (at: number) => [
    { price: priceAt(at), quantity: pending.seats && at >= pending.seats.at ? pending.seats.quantity : quantityOf(item) },
  ];
  // the last phase lasts one period of its own price (a downgrade's may be another interval than today's)
  const lastPrice = priceAt(dates[dates.length - 1]!);
  const recurring = lastPrice === item.price.id ? item.price.recurring! : (await stripe.prices.retrieve(lastPrice)).recurring!;
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: "release",
    // Stripe merges metadata: "" removes the key, so a schedule without a price change loses its marker
    metadata: { price_change: pending.price && !pending.plan ? pending.price.changeId : "" },
    phases: [
      { items: itemsAt(schedule.phases[0]!.start_date), start_date: schedule.phases[0]!.start_date, end_date: dates[0]! },
      ...dates.map((at, i) =>
        i < dates.length - 1
          ? { items: itemsAt(at), start_date: at, end_date: dates[i + 1]! }
          : { items: itemsAt(at), start_date: at, duration: { interval: recurring.interval, interval_count: recurring.interval_count } },
      ),
    ],
  });
  return schedule.id;
}
