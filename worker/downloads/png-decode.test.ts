import { describe, expect, it } from "vitest";
import { decodePng } from "./png-decode";
import { toRgba } from "./raster";
import { filteredRow, pngOfRows } from "../test/images";

describe("decodePng", () => {
  it("undoes all five filters, in the first row and in later ones, for grey, grey+alpha, RGB and RGBA", async () => {
    const width = 13,
      height = 7;
    for (const [colour, channels] of [
      [0, 1],
      [4, 2],
      [2, 3],
      [6, 4],
    ] as const) {
      const samples = new Uint8Array(width * height * channels).map((_, i) => (i * 97 + ((i * i) >> 3)) & 255);
      const want = new Uint8Array(width * height * 4);
      for (let p = 0; p < width * height; p++) {
        const s = samples.subarray(p * channels, (p + 1) * channels);
        want.set(
          channels <= 2 ? [s[0]!, s[0]!, s[0]!, channels === 2 ? s[1]! : 255] : [s[0]!, s[1]!, s[2]!, channels === 4 ? s[3]! : 255],
          p * 4,
        );
      }
      for (let shift = 0; shift < 5; shift++) {
        const got = decodePng(await pngOfRows(width, height, { colour }, filteredRow(samples, width, channels, shift)))!;
        expect([got.width, got.height]).toEqual([width, height]);
        expect(toRgba(got)).toEqual(want);
        expect(got.opaque).toBe(channels === 1 || channels === 3);
      }
    }
  });
});
