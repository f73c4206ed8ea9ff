/**
 * The runtime's native zlib through `node:zlib` (workerd implements it natively under nodejs_compat;
 * Node is Node): the zlib format PNG IDAT and TIFF compression 8 use. Not CompressionStream: it has no
 * level, and its fixed level 6 took 2–4× sharp's whole PNG encode (sharp ships zlib-ng); level 4 gives
 * files no larger than sharp's in a third of the time (docs/decisions/033-download-encoders.md).
 */
import { constants, deflateSync, inflateSync } from "node:zlib";

/** zlib level for PNG and TIFF: see bench/downloads.ts for the size/time trade. */
export const DEFLATE_LEVEL = 4;

export const deflate = (data: Uint8Array): Uint8Array => deflateSync(data, { level: DEFLATE_LEVEL });

/** Bytes of each of the three bands `deflatePicture` tries both ways. */
const PROBE_BYTES = 32 * 1024;

/**
 * A filtered picture's rows compressed the cheaper way that is no larger (decision 381). Where the filtered samples
 * are noise (a photo's grain, averaged down by a resize), zlib's search for repeated strings finds little:
 * Huffman coding alone (Z_HUFFMAN_ONLY) gives a file as small in a quarter of the time. Where there are repeats
 * (smooth backdrops at full size, flat areas), the search pays. Three bands of rows (at a quarter, half and three
 * quarters of the height) are compressed both ways; Huffman alone is chosen when its bands are at most 1 % larger.
 * A small picture (under four bands) is compressed at DEFLATE_LEVEL.
 */
export function deflatePicture(data: Uint8Array): Uint8Array {
  if (data.length < 4 * PROBE_BYTES) return deflate(data);
  let searched = 0,
    huffman = 0;
  for (const at of [0.25, 0.5, 0.75]) {
    const from = Math.floor(data.length * at);
    const band = data.subarray(from, from + PROBE_BYTES);
    searched += deflateSync(band, { level: DEFLATE_LEVEL }).length;
    huffman += deflateSync(band, { level: DEFLATE_LEVEL, strategy: constants.Z_HUFFMAN_ONLY }).length;
  }
  return huffman <= searched * 1.01 ? deflateSync(data, { level: DEFLATE_LEVEL, strategy: constants.Z_HUFFMAN_ONLY }) : deflate(data);
}
/**
 * `expected` (the size the caller knows the output has, e.g. a PNG's rows) lets zlib write it in one
 * buffer instead of 16 KB chunks joined at the end: about half the time for a 1024² image.
 */
export const inflate = (data: Uint8Array, expected?: number): Uint8Array =>
  inflateSync(data, expected ? { chunkSize: Math.max(64, expected + 1) } : undefined);
