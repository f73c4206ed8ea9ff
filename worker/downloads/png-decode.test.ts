import { describe, expect, it } from "vitest";
import { decodePng } from "./png-decode";
import { toRgba } from "./raster";
import { colourCases, filteredRow, pngOfRows } from "../test/images";

describe("decodePng", () => {
  it("undoes all five filters, in the first row and in later ones, for grey, grey+alpha, RGB and RGBA", async () => {
    const width = 13,
      height = 7;
    for (const { colour, channels, samples, rgba: want } of colourCases(width, height)) {
      for (let shift = 0; shift < 5; shift++) {
        const got = decodePng(await pngOfRows(width, height, { colour }, filteredRow(samples, width, channels, shift)))!;
        expect([got.width, got.height]).toEqual([width, height]);
        expect(toRgba(got)).toEqual(want);
        expect(got.opaque).toBe(channels === 1 || channels === 3);
      }
    }
  });
});
