/**
 * One isolate's memory for download transforms (issue 47, decision 318): two of the largest fit, a third waits
 * briefly and is then refused with 503 and Retry-After; one waiting is let in as soon as room frees; a ZIP's file
 * waits; a transform alone always runs.
 */
import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { MESSAGES } from "../../domain/limits";
import { errorHandler } from "../app";
import type { AppEnv } from "../env";
import { normaliseDownload } from "./options";
import {
  TRANSFORM_BUDGET_BYTES,
  TRANSFORM_RETRY_AFTER_SECONDS,
  transformBytesReserved,
  transformCost,
  withTransformBudget,
} from "./memory-budget";

/** The start of a PNG of `width` × `height` (signature and IHDR): all a cost needs to read. */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(40);
  bytes.set([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

/** A transform that holds its reservation until `finish()`. */
function held<T>(cost: number, waitMs: number, value: T) {
  let finish!: () => void;
  const release = new Promise<void>((r) => (finish = r));
  const done = withTransformBudget(cost, waitMs, async () => {
    await release;
    return value;
  });
  return { done, finish };
}

const LARGE = 48 * 1024 * 1024;

describe("the isolate's memory budget for download transforms", () => {
  it("counts a custom 2048² file from a 2048² PNG as one of the largest, and a web-size file as far smaller", () => {
    const source = pngHeader(2048, 2048);
    expect(transformCost(source, normaliseDownload({ width: 2048, height: 2048, fileFormat: "webp" }))).toBe(LARGE);
    expect(transformCost(source, normaliseDownload({ resolution: "web" }))).toBeLessThan(LARGE / 2);
    expect(2 * LARGE).toBeLessThanOrEqual(TRANSFORM_BUDGET_BYTES);
    expect(3 * LARGE).toBeGreaterThan(TRANSFORM_BUDGET_BYTES);
  });

  it("refuses the third concurrent large transform with 503, Retry-After and a clear message; room frees when one ends", async () => {
    const app = new Hono<AppEnv>()
      .get("/third", () => withTransformBudget(LARGE, 0, async () => new Response("made")))
      .onError(errorHandler);
    const first = held(LARGE, 0, "first");
    const second = held(LARGE, 0, "second");
    expect(transformBytesReserved()).toBe(2 * LARGE);

    const refused = await app.request("/third");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe(String(TRANSFORM_RETRY_AFTER_SECONDS));
    expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.downloadBusy);

    first.finish();
    expect(await first.done).toBe("first");
    const admitted = await app.request("/third");
    expect(admitted.status).toBe(200);
    second.finish();
    await second.done;
    expect(transformBytesReserved()).toBe(0);
  });

  it("lets one waiting in as soon as room frees, and a ZIP's file waits however long it takes", async () => {
    const first = held(LARGE, 0, "first");
    const second = held(LARGE, 0, "second");
    const waiting = held(LARGE, 60_000, "waited");
    const zipFile = held(LARGE, Infinity, "zip");
    expect(transformBytesReserved()).toBe(2 * LARGE);
    first.finish();
    second.finish();
    await Promise.all([first.done, second.done]);
    waiting.finish();
    zipFile.finish();
    expect(await waiting.done).toBe("waited");
    expect(await zipFile.done).toBe("zip");
    expect(transformBytesReserved()).toBe(0);
  });

  it("always runs a transform alone in the isolate, whatever its cost, and gives its room back when it throws", async () => {
    await expect(withTransformBudget(2 * TRANSFORM_BUDGET_BYTES, 0, async () => "alone")).resolves.toBe("alone");
    await expect(
      withTransformBudget(LARGE, 0, async () => {
        throw new Error("decode failed");
      }),
    ).rejects.toThrow("decode failed");
    expect(transformBytesReserved()).toBe(0);
  });
});
