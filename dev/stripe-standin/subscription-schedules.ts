/**
 * Subscription schedules: taking over a subscription, replacing its phases, releasing or cancelling
 * it, and the `/v1/subscription_schedules` routes. Bringing the subscription in line with the current
 * phase as the clock moves is the billing engine's (engine/schedule.ts).
 */
import { applySchedule } from "./engine/schedule";
import { cancelNow, updateSubscription, type ProrationBehavior } from "./engine/subscription";
import { invalid, positiveQuantity, StripeError, type Reader } from "./params";
import type { Api } from "./router";
import type { Standin } from "./standin";
import { addInterval, newId, type PhaseRecord, type ScheduleRecord, type SubscriptionRecord } from "./store";

/** A schedule that takes over the subscription: one phase, the current price until the period ends. */
export function scheduleFromSubscription(s: Standin, sub: SubscriptionRecord): ScheduleRecord {
  if (sub.schedule)
    throw invalid(
      `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`,
      "from_subscription",
      "parameter_invalid",
    );
  if (sub.status === "canceled")
    throw invalid("You cannot create a schedule from a canceled subscription.", "from_subscription", "parameter_invalid");
  const schedule: ScheduleRecord = {
    id: newId("sub_sched"),
    seq: s.store.nextSeq(),
    created: s.store.now(),
    customer: sub.customer,
    subscription: sub.id,
    status: "active",
    phases: [
      {
        startDate: sub.item.periodStart,
        endDate: sub.item.periodEnd,
        price: sub.item.price,
        quantity: sub.item.quantity,
        prorationBehavior: "create_prorations",
        metadata: {},
      },
    ],
    appliedPhase: { startDate: sub.item.periodStart, endDate: sub.item.periodEnd },
    endBehavior: "release",
    releasedAt: null,
    releasedSubscription: null,
    completedAt: null,
    canceledAt: null,
    metadata: {},
  };
  s.store.schedules.set(schedule.id, schedule);
  s.events.emit("subscription_schedule.created", s.objects.schedule(schedule));
  updateSubscription(s, sub, (r) => (r.schedule = schedule.id));
  return schedule;
}

export function updateSchedule(
  s: Standin,
  schedule: ScheduleRecord,
  change: { phases?: PhaseRecord[]; endBehavior?: "release" | "cancel"; metadata?: Record<string, string> },
): void {
  if (schedule.status !== "active" && schedule.status !== "not_started") {
    throw invalid(`You cannot update a subscription schedule that is ${schedule.status}.`, undefined, "parameter_invalid");
  }
  const before = s.objects.schedule(schedule);
  if (change.phases) schedule.phases = change.phases;
  if (change.endBehavior) schedule.endBehavior = change.endBehavior;
  if (change.metadata) schedule.metadata = change.metadata;
  s.events.emitUpdated("subscription_schedule.updated", before, s.objects.schedule(schedule));
  // A phase that starts now (start_date=now) applies at once.
  const sub = schedule.subscription ? s.store.subscriptions.get(schedule.subscription) : undefined;
  if (sub) applySchedule(s, sub, s.store.now());
}

export function releaseSchedule(s: Standin, schedule: ScheduleRecord): void {
  if (schedule.status !== "active" && schedule.status !== "not_started") {
    throw invalid(
      `You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status.`,
      undefined,
      "parameter_invalid",
    );
  }
  const sub = schedule.subscription ? s.store.subscriptions.get(schedule.subscription) : undefined;
  schedule.status = "released";
  schedule.releasedAt = s.store.now();
  schedule.releasedSubscription = schedule.subscription;
  schedule.subscription = null;
  s.events.emit("subscription_schedule.released", s.objects.schedule(schedule));
  if (sub) updateSubscription(s, sub, (r) => (r.schedule = null));
}

export function cancelSchedule(s: Standin, schedule: ScheduleRecord): void {
  if (schedule.status !== "active" && schedule.status !== "not_started") {
    throw invalid(
      `You cannot cancel a subscription schedule that is currently in the \`${schedule.status}\` status.`,
      undefined,
      "parameter_invalid",
    );
  }
  const sub = schedule.subscription ? s.store.subscriptions.get(schedule.subscription) : undefined;
  if (sub) cancelNow(s, sub, "cancellation_requested");
  else {
    schedule.status = "canceled";
    schedule.canceledAt = s.store.now();
    s.events.emit("subscription_schedule.canceled", s.objects.schedule(schedule));
  }
}

/**
 * `phases[i]`: one item with a price; `start_date` (a timestamp or "now", default: where the previous
 * phase ends), `end_date`, else `duration`, else the next phase's start (the last phase: one period).
 * Phases must follow each other without gaps, and the current phase cannot be moved.
 */
function readPhases(api: Api, input: Reader[], existing: PhaseRecord[], defaultProration: ProrationBehavior | undefined): PhaseRecord[] {
  const now = api.s.store.now();
  const drafts = input.map((p, i) => {
    const items = p.list("items");
    if (!items || items.length !== 1)
      throw invalid(`Exactly one item is supported: phases[${i}][items][0][price].`, `phases[${i}][items]`, "parameter_missing");
    const price = api.price(items[0]!.required("price"), `phases[${i}][items][0][price]`);
    const quantity = positiveQuantity(items[0]!.integer("quantity") ?? 1, `phases[${i}][items][0][quantity]`);
    items[0]!.metadata("metadata");
    items[0]!.rejectUnknown(`phases[${i}][items][0]`);
    const startRaw = p.string("start_date");
    const start = startRaw === "now" ? now : startRaw ? Number(startRaw) : undefined;
    const endRaw = p.string("end_date");
    const end = endRaw === "now" ? now : endRaw ? Number(endRaw) : undefined;
    if ((startRaw && !Number.isFinite(start)) || (endRaw && !Number.isFinite(end)))
      throw invalid(`Invalid timestamp in phases[${i}]`, `phases[${i}]`, "parameter_invalid_integer");
    const duration = p.object("duration");
    const durationInterval = duration?.oneOf("interval", ["day", "week", "month", "year"]);
    const durationCount = duration?.integer("interval_count") ?? 1;
    duration?.rejectUnknown(`phases[${i}][duration]`);
    const proration =
      p.oneOf("proration_behavior", ["create_prorations", "none", "always_invoice"]) ?? defaultProration ?? "create_prorations";
    const metadata = p.metadata("metadata") ?? {};
    p.rejectUnknown(`phases[${i}]`);
    return { price, quantity, start, end, durationInterval, durationCount, proration, metadata };
  });
  const phases: PhaseRecord[] = [];
  drafts.forEach((d, i) => {
    const previousEnd = phases[i - 1]?.endDate;
    const start = d.start ?? previousEnd ?? existing[0]?.startDate ?? now;
    if (previousEnd !== undefined && start !== previousEnd) {
      throw invalid(
        `phases[${i}][start_date] must equal the end of the phase before it (${previousEnd}).`,
        `phases[${i}][start_date]`,
        "parameter_invalid",
      );
    }
    const current = existing.find((p) => p.startDate <= now && now < p.endDate);
    if (i === 0 && current && existing[0]!.startDate <= now && start !== existing[0]!.startDate && start !== now) {
      throw invalid("You can not modify the start date of the current phase.", "phases[0][start_date]", "parameter_invalid");
    }
    const end =
      d.end ??
      (d.durationInterval ? addInterval(start, d.durationInterval, d.durationCount) : undefined) ??
      drafts[i + 1]?.start ??
      (i === drafts.length - 1 ? addInterval(start, d.price.interval, d.price.intervalCount) : undefined);
    if (end === undefined) throw invalid(`phases[${i}] needs an end_date or a duration.`, `phases[${i}][end_date]`, "parameter_missing");
    if (end <= start) throw invalid(`phases[${i}][end_date] must be after its start_date.`, `phases[${i}][end_date]`, "parameter_invalid");
    phases.push({
      startDate: start,
      endDate: end,
      price: d.price.id,
      quantity: d.quantity,
      prorationBehavior: d.proration,
      metadata: d.metadata,
    });
  });
  return phases;
}

export function scheduleRoutes(api: Api): void {
  const { s } = api;
  const { store, objects } = s;
  api.route("POST", "/v1/subscription_schedules", ({ params }) => {
    const from = params.string("from_subscription");
    if (!from)
      throw invalid("The local Stripe stand-in creates schedules only with from_subscription.", "from_subscription", "parameter_missing");
    const sub = store.subscriptions.get(from);
    if (!sub)
      throw new StripeError(400, "invalid_request_error", `No such subscription: '${from}'`, {
        code: "resource_missing",
        param: "from_subscription",
      });
    params.rejectUnknown();
    return objects.schedule(scheduleFromSubscription(s, sub));
  });
  api.route("GET", "/v1/subscription_schedules/:id", ({ path }) =>
    objects.schedule(api.get(store.schedules, path[0], "subscription schedule")),
  );
  api.route("GET", "/v1/subscription_schedules", ({ params }) => {
    const customer = params.string("customer");
    return api.page(
      params,
      "/v1/subscription_schedules",
      [...store.schedules.values()].filter((sc) => !customer || sc.customer === customer),
      (sc) => objects.schedule(sc),
    );
  });
  api.route("POST", "/v1/subscription_schedules/:id", ({ params, path }) => {
    const schedule = api.get(store.schedules, path[0], "subscription schedule");
    const endBehavior = params.oneOf("end_behavior", ["release", "cancel"]);
    const defaultProration = params.oneOf("proration_behavior", ["create_prorations", "none", "always_invoice"]);
    const metadata = params.metadata("metadata", schedule.metadata);
    const phaseParams = params.list("phases");
    params.rejectUnknown();
    const phases = phaseParams ? readPhases(api, phaseParams, schedule.phases, defaultProration) : undefined;
    updateSchedule(s, schedule, { phases, endBehavior, metadata });
    return objects.schedule(schedule);
  });
  api.route("POST", "/v1/subscription_schedules/:id/release", ({ params, path }) => {
    const schedule = api.get(store.schedules, path[0], "subscription schedule");
    params.boolean("preserve_cancel_date");
    params.rejectUnknown();
    releaseSchedule(s, schedule);
    return objects.schedule(schedule);
  });
  api.route("POST", "/v1/subscription_schedules/:id/cancel", ({ params, path }) => {
    const schedule = api.get(store.schedules, path[0], "subscription schedule");
    params.boolean("invoice_now");
    params.boolean("prorate");
    params.rejectUnknown();
    cancelSchedule(s, schedule);
    return objects.schedule(schedule);
  });
}
