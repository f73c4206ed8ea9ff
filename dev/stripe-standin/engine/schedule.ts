/** A subscription schedule's effect on its subscription as time passes: the current phase, or the schedule's end. */
import type { Standin } from "../standin";
import type { SubscriptionRecord } from "../store";
import { cancelNow, changePrice, updateSubscription } from "./subscription";

/**
 * Brings the subscription in line with its schedule at time `at`: switches to the phase that is now
 * current, or ends the schedule after its last phase (`release` keeps the subscription, `cancel` ends
 * it). A phase starting exactly at the period end changes the price for the renewal that follows;
 * one starting mid-period changes it now with the phase's proration behaviour.
 */
export function applySchedule(s: Standin, sub: SubscriptionRecord, at: number): void {
  const schedule = sub.schedule ? s.store.schedules.get(sub.schedule) : undefined;
  if (!schedule || schedule.status !== "active") return;
  const last = schedule.phases[schedule.phases.length - 1]!;
  if (at >= last.endDate) {
    if (schedule.endBehavior === "cancel") {
      schedule.status = "completed";
      schedule.completedAt = at;
      cancelNow(s, sub, "cancellation_requested", at);
      s.events.emit("subscription_schedule.completed", s.objects.schedule(schedule));
    } else {
      schedule.status = "released";
      schedule.releasedAt = at;
      schedule.releasedSubscription = sub.id;
      schedule.subscription = null;
      s.events.emit("subscription_schedule.released", s.objects.schedule(schedule));
      updateSubscription(s, sub, (r) => (r.schedule = null));
    }
    return;
  }
  const phase = schedule.phases.find((p) => p.startDate <= at && at < p.endDate);
  if (
    !phase ||
    (schedule.appliedPhase && schedule.appliedPhase.startDate === phase.startDate && schedule.appliedPhase.endDate === phase.endDate)
  )
    return;
  const previous = schedule.appliedPhase;
  schedule.appliedPhase = { startDate: phase.startDate, endDate: phase.endDate };
  if (phase.price !== sub.item.price || phase.quantity !== sub.item.quantity) {
    const price = s.store.prices.get(phase.price)!;
    if (at === sub.item.periodEnd) {
      // The renewal follows right away (processDue in test-clocks.ts) at the new price; a new interval starts a new cycle.
      const oldPrice = s.store.prices.get(sub.item.price)!;
      if (oldPrice.interval !== price.interval || oldPrice.intervalCount !== price.intervalCount) sub.billingCycleAnchor = at;
      sub.item.price = price.id;
      sub.item.quantity = phase.quantity;
    } else {
      changePrice(s, sub, price, phase.quantity, { proration: phase.prorationBehavior, payment: "allow_incomplete" });
    }
  }
  const current_phase = previous ? { end_date: previous.endDate, start_date: previous.startDate } : null;
  s.events.emit("subscription_schedule.updated", s.objects.schedule(schedule), { current_phase });
}
