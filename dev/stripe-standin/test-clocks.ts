/**
 * The test clock: customers all live on one clock that moves only when asked. Advancing it does what
 * falls due on the way, in time order — schedule phases, renewals, cancellations at period end,
 * payment retries — with the events Stripe sends for each.
 */
import { invalid, missing } from "./params";
import { draftInvoice, finalizeInvoice, fullLine, reactivateIfSettled } from "./invoices";
import { attemptPayment } from "./payments";
import { paymentMethodFor } from "./payment-methods";
import { list } from "./objects";
import type { Api } from "./router";
import type { Standin } from "./standin";
import { periodEndAfter, type InvoiceRecord, type SubscriptionRecord } from "./store";
import { applySchedule } from "./subscription-schedules";
import { cancelNow, isBilled, updateSubscription } from "./subscriptions";

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
    throw invalid(`The frozen_time must be after the test clock's current frozen_time (${clock.frozenTime}).`, "frozen_time", "parameter_invalid");
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
    if (inv.status === "open" && inv.nextPaymentAttempt !== null && inv.nextPaymentAttempt <= at) retry(s, inv);
  }
}

/** Starts the next period and bills it (with any prorations saved for it), as at a real period end. */
function renew(s: Standin, sub: SubscriptionRecord): void {
  const price = s.store.prices.get(sub.item.price)!;
  const before = s.objects.subscription(sub);
  const { periodStart: oldStart, periodEnd: oldEnd } = sub.item;
  sub.item.periodStart = oldEnd;
  sub.item.periodEnd = periodEndAfter(sub.billingCycleAnchor, price.interval, price.intervalCount, oldEnd);
  // Stripe's renewal invoice covers the period that just ended; its line covers the new one.
  const lines = [...sub.pendingProrations, fullLine(s, price, sub.item.quantity, sub.item.periodStart, sub.item.periodEnd)];
  sub.pendingProrations = [];
  const inv = draftInvoice(s, sub, "subscription_cycle", lines, oldStart, oldEnd);
  s.events.emitUpdated("customer.subscription.updated", before, s.objects.subscription(sub));
  finalizeInvoice(s, inv);
  if (!attemptPayment(s, inv, paymentMethodFor(s, sub)) && sub.status === "active") {
    updateSubscription(s, sub, (r) => (r.status = "past_due"));
  }
}

function retry(s: Standin, inv: InvoiceRecord): void {
  const sub = inv.subscription ? s.store.subscriptions.get(inv.subscription) : undefined;
  if (!sub || sub.status === "canceled") {
    inv.nextPaymentAttempt = null;
    return;
  }
  if (attemptPayment(s, inv, paymentMethodFor(s, sub))) reactivateIfSettled(s, sub);
  else if (inv.nextPaymentAttempt === null) cancelNow(s, sub, "payment_failed");
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
