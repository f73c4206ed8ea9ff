/**
 * What every part of the stand-in shares: the state (store.ts), the renderers of Stripe's objects
 * (objects.ts) and the recorder of the events a call causes (events.ts). The billing engine (engine/:
 * cards, customer, invoicing, charging, subscription, schedule) takes this as its first argument and
 * holds every step more than one resource takes; each Stripe resource has its own module with its
 * `/v1` routes, calling the engine. Dependencies point one way: resources → engine → this (decision 149).
 */
import type { EventRecorder } from "./events";
import type { Objects } from "./objects";
import type { Store } from "./store";

export interface Standin {
  readonly store: Store;
  readonly objects: Objects;
  readonly events: EventRecorder;
}

export const DAY = 86_400;
