import { constants, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflatePicture, pictureStrategy } from "./zlib";

const BYTES = 256 * 1024;

/** A small deterministic generator (LCG), so each picture is the same on every run. */
function numbers(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s >>> 8;
  };
}

/** Filtered rows of a photo's grain: small differences around zero, nothing repeats. */
function grain(): Uint8Array {
  const next = numbers(1);
  return Uint8Array.from({ length: BYTES }, () => (next() % 9) - 4 + 256).map((v) => v & 255);
}

/** Filtered rows of a continued backdrop: runs of one byte, of varying length and value. */
function runs(): Uint8Array {
  const next = numbers(2);
  const out = new Uint8Array(BYTES);
  for (let i = 0; i < BYTES;) {
    const n = 40 + (next() % 400);
    out.fill(next() % 7, i, i + n);
    i += n;
  }
  return out;
}

/** Rows that repeat at a distance: what only the full search finds. */
function repeats(): Uint8Array {
  const next = numbers(3);
  const tile = Uint8Array.from({ length: 1000 }, () => next() & 255);
  return Uint8Array.from({ length: BYTES }, (_, i) => tile[i % tile.length]!);
}

describe("deflatePicture", () => {
  it("chooses Huffman alone for grain, run-length matches for runs, the full search for repeats and small pictures", () => {
    expect(pictureStrategy(grain())).toBe(constants.Z_HUFFMAN_ONLY);
    expect(pictureStrategy(runs())).toBe(constants.Z_RLE);
    expect(pictureStrategy(repeats())).toBeUndefined();
    expect(pictureStrategy(runs().subarray(0, 64 * 1024))).toBeUndefined();
  });

  it("gives back every byte whichever way it compressed", () => {
    for (const data of [grain(), runs(), repeats(), runs().subarray(0, 64 * 1024)]) {
      const packed = deflatePicture(data);
      expect(packed.length).toBeLessThan(data.length);
      expect(Buffer.compare(inflateSync(packed), data)).toBe(0); // toEqual compares 256 K elements one by one: seconds
    }
  });
});
