/**
 * The runtime's native zlib through `node:zlib` (workerd implements it natively under nodejs_compat;
 * Node is Node): the zlib format PNG IDAT and TIFF compression 8 use. Not CompressionStream: it has no
 * level, and its fixed level 6 took 2–4× sharp's whole PNG encode (sharp ships zlib-ng); level 4 gives
 * files no larger than sharp's in a third of the time (docs/decisions/033-download-encoders.md).
 */
import { constants, deflateSync, inflateSync } from "node:zlib";

/** zlib level for PNG and TIFF: see bench/downloads.ts for the size/time trade. */
export const DEFLATE_LEVEL = 4;

/** Bytes of each band of rows `pictureStrategy` tries each way, and where in the picture the bands are. */
export const PROBE_BYTES = 32 * 1024;
export const PROBE_AT = [0.25, 0.5, 0.75];

/** The cheaper ways to compress a picture's filtered rows, fastest first (decisions 381, 420). */
const CHEAPER = [constants.Z_HUFFMAN_ONLY, constants.Z_RLE];

/**
 * The zlib strategy that compresses a picture's filtered rows the cheapest way that is no larger (decisions 381 and
 * 420), judged on `bands` of those rows; undefined for zlib's default (the full search). Where the filtered samples
 * are noise (a photo's grain, averaged down by a resize), zlib's search for repeated strings finds little: Huffman
 * coding alone (Z_HUFFMAN_ONLY) gives a file as small in a quarter of the time. Where the only repeats are runs of one
 * byte (a banner's continued backdrop, smooth in both directions, filters to long runs), run-length matches alone
 * (Z_RLE, matches at distance 1) give a file as small or smaller in 40 % of level 4's time. Where there are other
 * repeats (a smooth photo, the print's enlargement), the full search pays. The bands are compressed at DEFLATE_LEVEL
 * and then each cheaper way in turn; the first that is at most 1 % larger is chosen.
 */
export function strategyFor(bands: Uint8Array[]): number | undefined {
  const probe = (strategy?: number) => bands.reduce((n, band) => n + deflateSync(band, { level: DEFLATE_LEVEL, strategy }).length, 0);
  const searched = probe();
  return CHEAPER.find((s) => probe(s) <= searched * 1.01);
}

/** `strategyFor` three bands of a picture's filtered rows (at PROBE_AT of it); the default for a picture under four bands. */
export function pictureStrategy(data: Uint8Array): number | undefined {
  if (data.length < 4 * PROBE_BYTES) return undefined;
  return strategyFor(
    PROBE_AT.map((at) => {
      const from = Math.floor(data.length * at);
      return data.subarray(from, from + PROBE_BYTES);
    }),
  );
}

/** Rows compressed at DEFLATE_LEVEL with a `strategy` (zlib's default when undefined). */
export const deflateWith = (data: Uint8Array, strategy: number | undefined): Uint8Array =>
  deflateSync(data, { level: DEFLATE_LEVEL, strategy });

/** A filtered picture's rows compressed the way `pictureStrategy` chooses (a PNG's IDAT). */
export const deflatePicture = (data: Uint8Array): Uint8Array => deflateWith(data, pictureStrategy(data));

/**
 * `expected` (the size the caller knows the output has, e.g. a PNG's rows) lets zlib write it in one
 * buffer instead of 16 KB chunks joined at the end: about half the time for a 1024² image.
 */
export const inflate = (data: Uint8Array, expected?: number): Uint8Array =>
  inflateSync(data, expected ? { chunkSize: Math.max(64, expected + 1) } : undefined);
