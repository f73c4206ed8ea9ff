/**
 * The runtime's native zlib through `node:zlib` (workerd implements it natively under nodejs_compat;
 * Node is Node): the zlib format PNG IDAT and TIFF compression 8 use. Not CompressionStream: it has no
 * level, and its fixed level 6 took 2–4× sharp's whole PNG encode (sharp ships zlib-ng); level 4 gives
 * files no larger than sharp's in a third of the time (docs/decisions/033-download-encoders.md).
 */
import { deflateSync, inflateSync } from "node:zlib";

/** zlib level for PNG and TIFF: see bench/downloads.ts for the size/time trade. */
export const DEFLATE_LEVEL = 4;

export const deflate = (data: Uint8Array): Uint8Array => deflateSync(data, { level: DEFLATE_LEVEL });
/**
 * `expected` (the size the caller knows the output has, e.g. a PNG's rows) lets zlib write it in one
 * buffer instead of 16 KB chunks joined at the end: about half the time for a 1024² image.
 */
export const inflate = (data: Uint8Array, expected?: number): Uint8Array =>
  inflateSync(data, expected ? { chunkSize: Math.max(64, expected + 1) } : undefined);
