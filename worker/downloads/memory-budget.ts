/**
 * One isolate's memory for download transforms (issue 47, decision 318). A Workers isolate has 128 MB and serves
 * many requests at once; a custom 2048² WebP takes 44–47 MB at its peak (bench/memory.ts), so two at once come near
 * the limit and a third would end every request of the isolate. Each transform reserves what it may take
 * (`transformCost`) from TRANSFORM_BUDGET_BYTES before it starts and gives it back when done:
 * - a single download that does not fit waits up to TRANSFORM_WAIT_MS for room, then is refused with 503 and
 *   Retry-After (the person tries again in a few seconds; nothing was charged for a download);
 * - a ZIP's file waits for room however long it takes (its response is already streaming);
 * - a transform alone in the isolate always runs, whatever its cost (the budget only stops them adding up).
 */
import type { DownloadOptions } from "../../domain/downloads";
import { MESSAGES } from "../../domain/limits";
import { refuse } from "../lib";
import { outputSize } from "./geometry";
import { isPng, pngSize } from "./png";

const MB = 1024 * 1024;
/** Room for two of the largest transforms (~46 MB each) beside the worker's own ~20 MB and a request's buffers. */
export const TRANSFORM_BUDGET_BYTES = 96 * MB;
/** How long a single download waits for room before it is refused. */
export const TRANSFORM_WAIT_MS = 3000;
/** What the refusal asks the client to wait: a large transform takes 1–3 s (bench/downloads.ts). */
export const TRANSFORM_RETRY_AFTER_SECONDS = 5;
/** Stored results that are not PNG (older JPEGs) are counted at the largest model size. */
const UNKNOWN_SIDE = 2048;

/**
 * What a transform of `source` with `o` may hold at its peak: the decoded source (RGBA) and the output canvas twice
 * (the resized pixels and the encoder's buffers). A 2048² output from a 2048² PNG: 16 + 2 × 16 = 48 MB, against the
 * 44–47 MB measured.
 */
export function transformCost(source: Uint8Array, o: DownloadOptions): number {
  const src = isPng(source) ? pngSize(source) : { width: UNKNOWN_SIDE, height: UNKNOWN_SIDE };
  const out = outputSize(src.width, src.height, o);
  return 4 * (src.width * src.height + 2 * out.width * out.height);
}

let reserved = 0;
const waiting = new Set<() => void>();

const fits = (cost: number) => reserved === 0 || reserved + cost <= TRANSFORM_BUDGET_BYTES;

/** Bytes reserved in this isolate right now, and transforms waiting for room (tests). */
export const transformBytesReserved = () => reserved;
export const transformsWaiting = () => waiting.size;

/**
 * Runs `fn` once `cost` bytes fit in this isolate's budget. `waitMs`: how long to wait for room before refusing
 * with 503 (Infinity: wait). The reservation is given back however `fn` ends.
 */
export async function withTransformBudget<T>(cost: number, waitMs: number, fn: () => Promise<T>): Promise<T> {
  if (!fits(cost)) {
    const admitted = await new Promise<boolean>((resolve) => {
      const wake = () => {
        if (!fits(cost)) return;
        cleanup();
        resolve(true);
      };
      const timer = Number.isFinite(waitMs)
        ? setTimeout(() => {
            cleanup();
            resolve(false);
          }, waitMs)
        : undefined;
      const cleanup = () => {
        waiting.delete(wake);
        clearTimeout(timer);
      };
      waiting.add(wake);
    });
    if (!admitted) throw refuse("overloaded", MESSAGES.downloadBusy, { retryAfterSeconds: TRANSFORM_RETRY_AFTER_SECONDS });
  }
  reserved += cost;
  try {
    return await fn();
  } finally {
    reserved -= cost;
    for (const wake of [...waiting]) wake();
  }
}
