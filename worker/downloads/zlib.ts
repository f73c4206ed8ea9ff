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
export const inflate = (data: Uint8Array): Uint8Array => inflateSync(data);
