/**
 * The test clock: customers all live on one clock that moves only when asked. Advancing it does what
 * falls due on the way, in time order — schedule phases, renewals, cancellations at period end,
 * payment retries — with the events Stripe sends for each.
 */
import { applySchedule } from "./engine/schedule";
import { cancelNow, isBilled, renew, retryPayment } from "./engine/subscription";
import { list } from "./objects";
import { invalid, missing } from "./params";
import type { Api } from "./router";
import type { Standin } from "./standin";

/** The earliest moment after which something is due: a period end, a schedule phase end, a retry. */
function nextDue(s: Standin): number | null {
  let next: number | null = null;
  const consider = (t: number | null) => {
    if (t !== null && (next === null || t < next)) next = t;
  };
  for (const sub of s.store.subscriptions.values()) {
    if (isBilled(sub)) consider(sub.item.periodEnd);
  }
  const now = s.store.now();
  for (const schedule of s.store.schedules.values()) {
    const sub = schedule.subscription ? s.store.subscriptions.get(schedule.subscription) : undefined;
    if (schedule.status !== "active" || !sub || !isBilled(sub)) continue;
    const current = schedule.phases.find((p) => p.startDate <= now && now < p.endDate);
    consider(current ? current.endDate : schedule.phases[schedule.phases.length - 1]!.endDate);
  }
  for (const inv of s.store.invoices.values()) if (inv.status === "open") consider(inv.nextPaymentAttempt);
  return next;
}

/**
 * Moves the clock to `to`, doing everything that falls due on the way in time order — schedule phases,
 * renewals (charged to the default card: paid, or failed and past_due), cancellations at period end,
 * payment retries — with the events Stripe sends for each.
 */
export function advanceClock(s: Standin, to: number): void {
  const clock = s.store.clock;
  if (to <= clock.frozenTime) {
    throw invalid(
      `The frozen_time must be after the test clock's current frozen_time (${clock.frozenTime}).`,
      "frozen_time",
      "parameter_invalid",
    );
  }
  clock.status = "advancing";
  s.events.emit("test_helpers.test_clock.advancing", s.objects.testClock());
  for (let guard = 0; guard < 100_000; guard++) {
    const at = nextDue(s);
    if (at === null || at > to) break;
    clock.frozenTime = Math.max(clock.frozenTime, at);
    processDue(s, at);
  }
  clock.frozenTime = to;
  clock.status = "ready";
  s.events.emit("test_helpers.test_clock.ready", s.objects.testClock());
}

function processDue(s: Standin, at: number): void {
  const subs = [...s.store.subscriptions.values()].sort((a, b) => a.seq - b.seq);
  for (const sub of subs) {
    if (!isBilled(sub)) continue;
    applySchedule(s, sub, at);
    // The schedule may have ended the subscription.
    if (!isBilled(sub) || sub.item.periodEnd > at) continue;
    if (sub.cancelAt !== null && sub.cancelAt <= at) cancelNow(s, sub, "cancellation_requested", sub.cancelAt);
    else renew(s, sub);
  }
  for (const inv of [...s.store.invoices.values()]) {
    if (inv.status === "open" && inv.nextPaymentAttempt !== null && inv.nextPaymentAttempt <= at) retryPayment(s, inv);
  }
}

export function testClockRoutes(api: Api): void {
  const { s } = api;
  const { store, objects } = s;
  api.route("GET", "/v1/test_helpers/test_clocks", ({ params }) => {
    params.integer("limit");
    return list("/v1/test_helpers/test_clocks", [objects.testClock()]);
  });
  api.route("GET", "/v1/test_helpers/test_clocks/:id", ({ path }) => {
    if (path[0] !== store.clock.id) throw missing("test_helpers.test_clock", path[0]!);
    return objects.testClock();
  });
  api.route("POST", "/v1/test_helpers/test_clocks/:id/advance", ({ params, path }) => {
    if (path[0] !== store.clock.id) throw missing("test_helpers.test_clock", path[0]!);
    const to = params.integer("frozen_time");
    if (to === undefined) throw invalid("Missing required param: frozen_time.", "frozen_time", "parameter_missing");
    params.rejectUnknown();
    advanceClock(s, to);
    return objects.testClock();
  });
}
