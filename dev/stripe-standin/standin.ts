/**
 * What every part of the stand-in shares: the state (store.ts), the renderers of Stripe's objects
 * (objects.ts) and the recorder of the events a call causes (events.ts). Each Stripe resource has its
 * own module taking this as its first argument: its behaviour and its `/v1` routes.
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
