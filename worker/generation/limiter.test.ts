import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { CONFIG_DEFAULTS } from "../config";
import { GEMINI_TIMEOUT_MS } from "./gemini";
import {
  CONSUMER_BATCH_SIZE,
  QUEUES_MAX_CONCURRENCY,
  SLOT_IN_PLACE_MS,
  WINDOW_MS,
  consumerSettings,
  giveBackSlot,
  takeSlot,
} from "./limiter";

/** A limiter of its own (one per model name), so tests never share a plan. */
const fresh = () => `limiter-test-${crypto.randomUUID()}`;

describe("the model's limiter (issue 34, decisions 191 and 235)", () => {
  it("plans calls WINDOW_MS / imagesPerMinute apart: the first is granted now, the others are reservations", async () => {
    const model = fresh();
    const before = Date.now();
    const slots = [];
    for (let i = 0; i < 3; i++) slots.push(await takeSlot(env, model, 2));
    expect(slots.map((s) => s.granted)).toEqual([true, false, false]);
    expect(slots[0]!.at).toBeGreaterThanOrEqual(before);
    expect(slots[0]!.at).toBeLessThanOrEqual(Date.now());
    expect(slots[1]!.at - slots[0]!.at).toBe(WINDOW_MS / 2);
    expect(slots[2]!.at - slots[1]!.at).toBe(WINDOW_MS / 2);
  });

  it("counts like Google, any minute: a job whose turn comes while the last minute already holds the quota's calls (others ran late) gets the first place after it", async () => {
    const model = fresh();
    const first = await takeSlot(env, model, 2);
    // two reservations whose messages arrive now, both late for their slots: the first fits the minute, the second not
    const late = await takeSlot(env, model, 2, { reserved: Date.now() - 5000 });
    const tooMany = await takeSlot(env, model, 2, { reserved: Date.now() - 4000 });
    expect(late.granted).toBe(true);
    expect(tooMany.granted).toBe(false);
    expect(tooMany.at).toBeGreaterThanOrEqual(first.at + WINDOW_MS);
  });

  it("a call granted but not made is given back: the next job is granted at once instead of waiting a slot", async () => {
    const model = fresh();
    const unused = await takeSlot(env, model, 1);
    expect(unused.granted).toBe(true);
    await giveBackSlot(env, model, 1, unused.at);
    expect((await takeSlot(env, model, 1)).granted).toBe(true);
    // a reserved job's turn too: the call it was granted but did not make leaves the count
    const other = fresh();
    const granted = await takeSlot(env, other, 1, { reserved: Date.now() });
    await giveBackSlot(env, other, 1, granted.at);
    expect((await takeSlot(env, other, 1, { reserved: Date.now() })).granted).toBe(true);
    // and without a give-back the minute is full
    expect((await takeSlot(env, other, 1, { reserved: Date.now() })).granted).toBe(false);
  });

  it("a reservation given back is the next job's place; the plan's last one given back shortens the plan", async () => {
    const model = fresh();
    const [, a, b, c] = [
      await takeSlot(env, model, 2),
      await takeSlot(env, model, 2),
      await takeSlot(env, model, 2),
      await takeSlot(env, model, 2),
    ];
    await giveBackSlot(env, model, 2, a!.at);
    const next = await takeSlot(env, model, 2);
    expect(next).toEqual({ at: a!.at, granted: false }); // the hole, not after c
    await giveBackSlot(env, model, 2, c!.at);
    await giveBackSlot(env, model, 2, b!.at);
    // both tail slots given back: the plan ends after `a` again
    expect((await takeSlot(env, model, 2)).at).toBe(b!.at);
    expect((await takeSlot(env, model, 2)).at).toBe(c!.at);
  });

  it("a delay Google asked for holds every call, reserved or new, until it has passed", async () => {
    const model = fresh();
    const notBefore = Date.now() + 30_000;
    const waiting = await takeSlot(env, model, 60, { notBefore });
    expect(waiting.granted).toBe(false);
    expect(waiting.at).toBeGreaterThanOrEqual(notBefore);
    const arriving = await takeSlot(env, model, 60, { reserved: Date.now() });
    expect(arriving.granted).toBe(false);
    expect(arriving.at).toBeGreaterThanOrEqual(notBefore);
    const newcomer = await takeSlot(env, model, 60);
    expect(newcomer.at).toBeGreaterThan(waiting.at);
  });

  it("a planned slot under SLOT_IN_PLACE_MS away is granted for its moment, a later one is a reservation", async () => {
    const model = fresh();
    const perMinute = Math.ceil((2 * WINDOW_MS) / SLOT_IN_PLACE_MS); // a slot every half second
    const first = await takeSlot(env, model, perMinute);
    const second = await takeSlot(env, model, perMinute);
    const third = await takeSlot(env, model, perMinute);
    const fourth = await takeSlot(env, model, perMinute);
    expect([first, second].map((s) => s.granted)).toEqual([true, true]);
    expect(second.at - first.at).toBeCloseTo(WINDOW_MS / perMinute, 6);
    expect(fourth.granted).toBe(false); // 1.5 s ahead
    expect(third.at).toBeLessThan(fourth.at);
  });
});

describe("consumerSettings: the queue's batch and concurrency from the quota (issue 34)", () => {
  it("gives enough invocations for every call of the model's longest call to be in flight, for any quota, within Queues' maximum", () => {
    for (const perMinute of [1, 10, CONFIG_DEFAULTS.GEMINI_IMAGES_PER_MINUTE, 100, 150]) {
      const { max_batch_size, max_concurrency } = consumerSettings(perMinute);
      expect(max_batch_size).toBe(CONSUMER_BATCH_SIZE);
      const inFlight = (perMinute * GEMINI_TIMEOUT_MS) / 60_000; // calls started during one timeout
      expect(max_concurrency * max_batch_size, `${perMinute}/min`).toBeGreaterThanOrEqual(inFlight);
      expect((max_concurrency - 1) * max_batch_size, `${perMinute}/min`).toBeLessThan(Math.max(inFlight, 1)); // not more than needed
    }
    expect(consumerSettings(10)).toEqual({ max_batch_size: 4, max_concurrency: 4 }); // 15 in flight
    expect(consumerSettings(1)).toEqual({ max_batch_size: 4, max_concurrency: 1 });
  });

  it("never asks Queues for more than its 250 concurrent invocations", () => {
    expect(consumerSettings(1000).max_concurrency).toBe(QUEUES_MAX_CONCURRENCY);
    expect(consumerSettings(100_000).max_concurrency).toBe(QUEUES_MAX_CONCURRENCY);
  });
});
