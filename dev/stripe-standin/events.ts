/**
 * Events: every state change records Stripe's events (with a snapshot rendered at that moment); the
 * server delivers them after the call that caused them. `/v1/events` lists and retrieves them.
 */
import type { Json } from "./objects";
import type { Api } from "./router";
import type { Standin } from "./standin";
import { newId, type EventRecord, type Store } from "./store";

/** Top-level fields whose JSON changed: Stripe's `previous_attributes` for *.updated events. */
function previousAttributes(before: Json, after: Json): Json | null {
  const changed: Json = {};
  for (const key of Object.keys(before)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key];
  }
  return Object.keys(changed).length > 0 ? changed : null;
}

export class EventRecorder {
  private recorded: EventRecord[] = [];
  /** The request whose events are being recorded (shown as `event.request`). */
  request: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null };

  constructor(private readonly store: Store) {}

  /** Events recorded since the last call, in order; the server delivers them. */
  take(): EventRecord[] {
    const events = this.recorded;
    this.recorded = [];
    return events;
  }

  emit(type: string, object: Json, previous: Json | null = null): void {
    const e: EventRecord = {
      id: newId("evt"),
      seq: this.store.nextSeq(),
      created: this.store.now(),
      type,
      object: structuredClone(object),
      previousAttributes: previous,
      request: { ...this.request },
      pendingWebhooks: 0,
    };
    this.store.events.set(e.id, e);
    this.recorded.push(e);
  }

  /** Records `type` if anything changed between the two snapshots. */
  emitUpdated(type: string, before: Json, after: Json): void {
    const previous = previousAttributes(before, after);
    if (previous) this.emit(type, after, previous);
  }
}

export function eventRoutes(api: Api): void {
  const { store, objects } = api.s;
  api.route("GET", "/v1/events/:id", ({ path }) => objects.event(api.get(store.events, path[0], "event")));
  api.route("GET", "/v1/events", ({ params }) => {
    const type = params.string("type");
    const types = params.strings("types");
    const matches = (t: string) =>
      (!type || (type.endsWith("*") ? t.startsWith(type.slice(0, -1)) : t === type)) && (!types || types.includes(t));
    params.raw("created");
    params.raw("delivery_success");
    return api.page(
      params,
      "/v1/events",
      [...store.events.values()].filter((e) => matches(e.type)),
      (e) => objects.event(e),
    );
  });
}

/**
 * A test hook, not Stripe's API (Stripe's `/v1/events` has no customer filter): the events about one
 * customer — whose object is the customer or names it — oldest first.
 * Worker tests deliver these themselves (worker/test/billing.ts deliverEvents) instead of paging through
 * every event of the stand-in on each delivery.
 */
export function customerEvents(s: Standin, customer: string): Json[] {
  const about = (e: EventRecord) => {
    const object = e.object as { id?: unknown; customer?: unknown };
    const named = object.customer as string | { id?: string } | null | undefined;
    return (typeof named === "string" ? named : named?.id) === customer || (!named && object.id === customer);
  };
  return [...s.store.events.values()]
    .filter(about)
    .sort((a, b) => a.seq - b.seq)
    .map((e) => s.objects.event(e));
}
