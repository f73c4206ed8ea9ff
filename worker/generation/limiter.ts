/**
 * One limiter per image model, shared by every isolate (issue 34, decisions 191 and 235): a Durable Object that
 * plans the model's calls and counts them the way Google does.
 *
 * Google counts a project's requests (and, for image models, images) per model "within a minute": with a limit
 * of 20, a 21st request within a minute is refused (https://ai.google.dev/gemini-api/docs/rate-limits, "How rate
 * limits work"), 429 RESOURCE_EXHAUSTED with a RetryInfo delay. The page does not say whether the minute is a
 * calendar minute or any 60 s, so the limiter keeps to the stricter reading, any 60 s (as the stand-in does,
 * dev/genai-standin.ts), and a full bucket of a minute's tokens at once would break it (two buckets' worth in one
 * rolling minute). So:
 * - **the plan**: slots `WINDOW_MS / imagesPerMinute` apart (about 1 s at 60 a minute). A slot that is now is
 *   the call's token; a later one is a reservation the job keeps on its row (`headshots.wait_until`) while it is
 *   re-queued to arrive then, and the status poll tells the person how long that is;
 * - **the count**: when a job's turn comes, the call is granted only if fewer than `imagesPerMinute` calls were
 *   granted in the last WINDOW_MS, the minute plus WINDOW_MARGIN_MS for the time between the grant and the
 *   request reaching Google (reading and decrypting the photos). A job the queue delivered late therefore never
 *   puts one call too many into Google's minute: the next one waits in place for the gap instead;
 * - **giving back**: a job that took a slot and then did not call (it was failed meanwhile, its photo was
 *   missing) returns it, so the next job takes that place instead of the end of the queue;
 * - a 429 from Google (the quota is shared, or the number is set too high) holds every call, reserved or new,
 *   until the delay Google asked for;
 * - **the day** (issue 45, decision 296): Google also counts requests per day, and "Requests per day (RPD) quotas
 *   reset at midnight Pacific time" (same page, read 5 Dec 2026). The limiter counts the calls it granted in the
 *   current Pacific day; once they reach `requestsPerDay` (GEMINI_REQUESTS_PER_DAY), or Google answers a per-day
 *   429, every call waits for the next Pacific midnight (`daily` slots, planned from then at the minute's pace)
 *   instead of retrying into the same refusal for hours.
 */
import { DurableObject } from "cloudflare:workers";
import { GEMINI_TIMEOUT_MS } from "./gemini";
import { nextPacificMidnight, pacificDay } from "../../domain/quota-day";

/**
 * The longest a generation waits for the model's quota, counted from when it was queued: a slot further away
 * fails it with a refund (MESSAGES.generationQueuedTooLong) instead of keeping the person waiting, and keeps the
 * re-queue's delay within what Queues accepts (12 h).
 */
export const MAX_QUOTA_WAIT_SECONDS = 6 * 3600;

/**
 * The longest delay Queues accept on a message (12 hours; the limit MAX_QUOTA_WAIT_SECONDS keeps within). A wait for
 * the day's quota (up to a day) is re-queued in hops of at most this, each carrying the slot it waits for.
 */
export const QUEUE_MAX_DELAY_SECONDS = 12 * 3600;

/** Between granting a call and the request reaching Google (photos read and decrypted): counted as part of the minute. */
export const WINDOW_MARGIN_MS = 2000;
/** The span in which at most `imagesPerMinute` calls are granted: Google's minute plus the margin. */
export const WINDOW_MS = 60_000 + WINDOW_MARGIN_MS;
/** A planned slot at most this far ahead is waited for in place rather than re-queued (Queues' delays are whole seconds). */
export const SLOT_IN_PLACE_MS = 1000;
/**
 * A turn held back by the count (a call the minute before ran late, by about a queue delivery's lateness) waits
 * in place up to this long before it takes a new place; the consumer's invocation waits, using no CPU.
 */
export const WAIT_IN_PLACE_MS = 5000;

/** A delay Google asked for (RetryInfo, seconds) with up to 10 % jitter on top, so the jobs it stopped do not all come back at once; 15 s when it asked none. */
export function jitteredDelayMs(askedSeconds: number | undefined, random = Math.random): number {
  const seconds = askedSeconds ?? 15;
  return Math.ceil(seconds * 1000 * (1 + 0.1 * random()));
}

/** Jobs per consumer invocation (wrangler.toml `max_batch_size`): up to this many model calls share an isolate's 128 MB. */
export const CONSUMER_BATCH_SIZE = 4;
/** Queues' most concurrent consumer invocations (https://developers.cloudflare.com/queues/platform/limits/: 250). */
export const QUEUES_MAX_CONCURRENCY = 250;

/**
 * wrangler.toml's consumer settings for a quota of `imagesPerMinute`: enough invocations for every call the
 * limiter grants during the model's longest call (its timeout) to be in flight at once, so the limiter, not the
 * queue, sets the pace; never more than Queues allows (worker/config-files.test.ts checks wrangler.toml against
 * CONFIG_DEFAULTS.GEMINI_IMAGES_PER_MINUTE).
 */
export function consumerSettings(imagesPerMinute: number): { max_batch_size: number; max_concurrency: number } {
  const inFlight = Math.ceil((imagesPerMinute * GEMINI_TIMEOUT_MS) / 60_000);
  const invocations = Math.ceil(inFlight / CONSUMER_BATCH_SIZE);
  return { max_batch_size: CONSUMER_BATCH_SIZE, max_concurrency: Math.min(QUEUES_MAX_CONCURRENCY, Math.max(1, invocations)) };
}

/**
 * The limiter's answer: the call starts at `at` (granted: within WAIT_IN_PLACE_MS, counted), else `at` is a
 * reservation to come back for; `daily`: it waits for the day's quota to reset (the next Pacific midnight).
 * `retired`: Google answered 404 NOT_FOUND for this model (ModelLimiter.retire): no slot, the next model of the chain serves (decision 290).
 */
export interface Slot {
  at: number;
  granted: boolean;
  retired?: true;
  daily?: true;
}

/** What `take` may be told beside the minute's quota. */
export interface TakeOptions {
  /** The job's reservation, come for. */
  reserved?: number;
  /** No call before this (a delay Google asked for); `daily`: Google said the day's quota is spent. */
  notBefore?: number;
  daily?: boolean;
  /** The project's requests per day for the model (GEMINI_REQUESTS_PER_DAY). */
  requestsPerDay?: number;
}

/** What a limiter keeps (one storage value; a Durable Object runs one call at a time, so it is never read stale). */
interface State {
  /** The end of the plan: the first slot nobody holds after the reservations handed out. */
  next: number;
  /** Reservations given back before their time, ascending: the next jobs take these first. */
  free: number[];
  /** When each of the last `imagesPerMinute` calls was granted, ascending. */
  granted: number[];
  /** No call before this (a 429's RetryInfo). */
  heldUntil: number;
  /** The Pacific day `dayCount` counts, and the calls granted in it. */
  day?: string;
  dayCount?: number;
  /** The day's quota is spent until this instant (a Pacific midnight). */
  dailyUntil?: number;
}

export class ModelLimiter extends DurableObject<Env> {
  private async load(now: number): Promise<State> {
    const state = (await this.ctx.storage.get<State>("state")) ?? { next: 0, free: [], granted: [], heldUntil: 0 };
    state.free = state.free.filter((t) => t > now);
    state.granted = state.granted.filter((t) => t > now - WINDOW_MS);
    return state;
  }

  /**
   * A call's slot. `reserved`: the job holds this reservation and has come for it; else a new place in the plan,
   * never before `notBefore` (a delay Google asked for, which then holds every call until it has passed). When the
   * turn is within SLOT_IN_PLACE_MS the call is granted (counted) if the day's quota has room and the last
   * WINDOW_MS has room or will within WAIT_IN_PLACE_MS; else it gets the first place after the gap (or after the
   * day's reset).
   */
  async take(imagesPerMinute: number, opts: TakeOptions = {}): Promise<Slot> {
    const now = Date.now();
    if (await this.ctx.storage.get<number>(RETIRED_KEY)) return { at: now, granted: false, retired: true };
    const state = await this.load(now);
    const interval = WINDOW_MS / imagesPerMinute;
    const today = pacificDay(now);
    if (state.day !== today) Object.assign(state, { day: today, dayCount: 0 });
    if (opts.notBefore) state.heldUntil = Math.max(state.heldUntil, opts.notBefore);
    if (opts.daily && opts.notBefore) state.dailyUntil = Math.max(state.dailyUntil ?? 0, opts.notBefore);
    const place = (from: number): number => {
      const hole = state.free.findIndex((t) => t >= from);
      if (hole >= 0) return state.free.splice(hole, 1)[0]!;
      const slot = Math.max(from, state.next);
      state.next = slot + interval;
      return slot;
    };
    const answer = async (slot: Slot): Promise<Slot> => {
      await this.ctx.storage.put("state", state);
      return !slot.granted && state.dailyUntil && state.dailyUntil > now && slot.at >= state.dailyUntil ? { ...slot, daily: true } : slot;
    };
    let slot = opts.reserved ?? place(Math.max(now, state.heldUntil));
    if (slot <= now + SLOT_IN_PLACE_MS) {
      if (opts.requestsPerDay !== undefined && (state.dayCount ?? 0) >= opts.requestsPerDay) {
        // the day's quota is spent: every call waits for the reset
        const reset = nextPacificMidnight(now);
        state.heldUntil = Math.max(state.heldUntil, reset);
        state.dailyUntil = Math.max(state.dailyUntil ?? 0, reset);
        return answer({ at: place(reset), granted: false });
      }
      const full = state.granted.length >= imagesPerMinute ? state.granted[state.granted.length - imagesPerMinute]! + WINDOW_MS : 0;
      const at = Math.max(slot, now, full, state.heldUntil);
      if (at <= now + WAIT_IN_PLACE_MS) {
        state.granted.push(at);
        state.granted.sort((a, b) => a - b);
        state.granted = state.granted.slice(-imagesPerMinute);
        state.dayCount = (state.dayCount ?? 0) + 1;
        return answer({ at, granted: true });
      }
      slot = place(at); // its turn came but Google's minute is full: the first place after the gap
    }
    return answer({ at: slot, granted: false });
  }

  /**
   * A slot its job did not use (it was granted but the model was not called, or a reservation the job no longer
   * needs): a granted call leaves the count; a reservation still ahead becomes the next job's place (or shortens
   * the plan when it was the last).
   */
  async giveBack(imagesPerMinute: number, slot: number): Promise<void> {
    const now = Date.now();
    const state = await this.load(now);
    const interval = WINDOW_MS / imagesPerMinute;
    const granted = state.granted.indexOf(slot);
    if (granted >= 0) {
      state.granted.splice(granted, 1);
      if (state.day === pacificDay(slot)) state.dayCount = Math.max(0, (state.dayCount ?? 0) - 1);
      if (Math.abs(slot + interval - state.next) < 1) state.next = slot; // it was the plan's last: the next job takes it
    } else if (slot > now) {
      state.free.push(slot);
      state.free.sort((a, b) => a - b);
      // the plan's tail given back: the end moves back over it
      while (state.free.length > 0 && Math.abs(state.free.at(-1)! + interval - state.next) < 1) state.next = state.free.pop()!;
    }
    await this.ctx.storage.put("state", state);
  }

  /**
   * Google no longer serves this model (a 404 NOT_FOUND): every isolate's next `take` is told so and moves to the
   * next model of the chain, with no extra call on the way (decision 290). Returns whether this call retired it.
   */
  async retire(): Promise<boolean> {
    if (await this.ctx.storage.get<number>(RETIRED_KEY)) return false;
    await this.ctx.storage.put(RETIRED_KEY, Date.now());
    return true;
  }

  /** When the model was retired (ms), or null; `reinstate` clears it (Google lists the model again: the daily check, decision 293). */
  async retiredAt(opts: { reinstate?: boolean } = {}): Promise<number | null> {
    const at = (await this.ctx.storage.get<number>(RETIRED_KEY)) ?? null;
    if (at !== null && opts.reinstate) await this.ctx.storage.delete(RETIRED_KEY);
    return at;
  }
}

/** The storage value that marks a retired model's limiter (beside the plan's state, which it leaves alone). */
const RETIRED_KEY = "retired";

const limiterOf = (env: Env, model: string) => env.MODEL_LIMITER.get(env.MODEL_LIMITER.idFromName(model));

/** A slot for one image of `model` from that model's limiter (ModelLimiter.take). */
export function takeSlot(env: Env, model: string, imagesPerMinute: number, opts?: TakeOptions): Promise<Slot> {
  return limiterOf(env, model).take(imagesPerMinute, opts);
}

/** Returns a slot the job did not use to `model`'s limiter (ModelLimiter.giveBack). */
export function giveBackSlot(env: Env, model: string, imagesPerMinute: number, slot: number): Promise<void> {
  return limiterOf(env, model).giveBack(imagesPerMinute, slot);
}

/** Marks `model` retired in its limiter, for every isolate (ModelLimiter.retire); true for the call that did it. */
export function retireModel(env: Env, model: string): Promise<boolean> {
  return limiterOf(env, model).retire();
}

/** When `model` was retired (ms since the epoch), or null; `reinstate` clears the mark (ModelLimiter.retiredAt). */
export function modelRetiredAt(env: Env, model: string, opts?: { reinstate?: boolean }): Promise<number | null> {
  return limiterOf(env, model).retiredAt(opts);
}
