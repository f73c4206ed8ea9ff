/**
 * One limiter per image model, shared by every isolate (issue 34, decision 191): a Durable Object that hands out
 * the model's calls as evenly spaced slots, `60 / GEMINI_IMAGES_PER_MINUTE` seconds apart, so no minute ever
 * holds more than the project's quota. A consumer asks for a slot before it calls the model: a slot that is now
 * is its token; a later one is a reservation it keeps on the row (`headshots.wait_until`) while the job is
 * re-queued to arrive then, and the status poll tells the person how long that is. A 429 from Google (the quota
 * is shared, or the number is set too high) pushes every later slot past the delay Google asked for.
 */
import { DurableObject } from "cloudflare:workers";
import { GEMINI_TIMEOUT_MS } from "./gemini";

/**
 * The longest a generation waits for the model's quota, counted from when it was queued: a slot further away
 * fails it with a refund (MESSAGES.generationQueuedTooLong) instead of keeping the person waiting, and keeps the
 * re-queue's delay within what Queues accepts (12 h).
 */
export const MAX_QUOTA_WAIT_SECONDS = 6 * 3600;

/** A delay Google asked for (RetryInfo, seconds) with up to 10 % jitter on top, so the jobs it stopped do not all come back at once; 15 s when it asked none. */
export function jitteredDelayMs(askedSeconds: number | undefined, random = Math.random): number {
  const seconds = askedSeconds ?? 15;
  return Math.ceil(seconds * 1000 * (1 + 0.1 * random()));
}

/** Jobs per consumer invocation (wrangler.toml `max_batch_size`): up to this many model calls share an isolate's 128 MB. */
export const CONSUMER_BATCH_SIZE = 4;

/**
 * wrangler.toml's consumer settings for a quota of `imagesPerMinute`: enough invocations for every slot of the
 * longest call (the model's timeout) to be in flight at once, so the limiter, not the queue, sets the pace
 * (worker/config-files.test.ts checks wrangler.toml against CONFIG_DEFAULTS.GEMINI_IMAGES_PER_MINUTE).
 */
export function consumerSettings(imagesPerMinute: number): { max_batch_size: number; max_concurrency: number } {
  const inFlight = Math.ceil((imagesPerMinute * GEMINI_TIMEOUT_MS) / 60_000);
  return { max_batch_size: CONSUMER_BATCH_SIZE, max_concurrency: Math.max(1, Math.ceil(inFlight / CONSUMER_BATCH_SIZE)) };
}

export class ModelLimiter extends DurableObject<Env> {
  /**
   * Reserves the next free slot for one image (epoch ms): now when the model has room, else the first moment
   * that keeps the pace of `imagesPerMinute`; never before `notBefore` (a delay Google asked for), which then
   * holds for every later caller too. One caller at a time (a Durable Object's input gate), so no slot is given twice.
   */
  async reserve(imagesPerMinute: number, notBefore = 0): Promise<number> {
    const next = (await this.ctx.storage.get<number>("next")) ?? 0;
    const slot = Math.max(Date.now(), next, notBefore);
    await this.ctx.storage.put("next", slot + 60_000 / imagesPerMinute);
    return slot;
  }
}

/** The slot of one image of `model` (epoch ms), from that model's limiter. */
export function reserveSlot(env: Env, model: string, imagesPerMinute: number, notBefore?: number): Promise<number> {
  return env.MODEL_LIMITER.get(env.MODEL_LIMITER.idFromName(model)).reserve(imagesPerMinute, notBefore);
}
