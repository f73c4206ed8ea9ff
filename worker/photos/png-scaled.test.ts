/**
 * The row-by-row PNG reader for uploads (issue 46 item 8, decision 305): every filter and colour type against
 * the samples written, averaging by whole boxes (partial at the edges), transparency laid on white, and a
 * damaged or truncated stream as PngDamaged, never a runtime error. The routes' tests are in
 * ./phone-photos.test.ts and worker/teams/backdrop.test.ts.
 */
import { describe, expect, it } from "vitest";
import { decodePngScaled, PngDamaged } from "./png-scaled";
import { colourCases, filteredRow, pngOfRows } from "../test/images";

const onWhite = (c: number, a: number) => Math.trunc((c * a + 255 * (255 - a)) / 255);

describe("decodePngScaled", () => {
  it("undoes all five filters for grey, grey+alpha, RGB and RGBA; transparent pixels are laid on white", async () => {
    const width = 13,
      height = 7;
    for (const { colour, channels, samples, rgba } of colourCases(width, height)) {
      const want = new Uint8Array(width * height * 3);
      for (let p = 0; p < width * height; p++) {
        const [r, g, b, a] = rgba.subarray(p * 4, p * 4 + 4);
        want.set([onWhite(r!, a!), onWhite(g!, a!), onWhite(b!, a!)], p * 3);
      }
      for (let shift = 0; shift < 5; shift++) {
        const png = await pngOfRows(width, height, { colour }, filteredRow(samples, width, channels, shift));
        const got = (await decodePngScaled(png, 100))!;
        expect([got.width, got.height, got.channels]).toEqual([width, height, 3]);
        expect(got.data).toEqual(want);
      }
    }
  });

  it("averages whole boxes, the last ones of a row and of the image partial; palette with tRNS and 16-bit samples", async () => {
    // 5×3 grey, shrink ⌈5/3⌉ = 2: boxes 2×2, 2×2, 1×2 over rows 0–1, then 2×1, 2×1, 1×1 over row 2
    const grey = [
      [0, 10, 20, 30, 40],
      [100, 110, 120, 130, 140],
      [200, 210, 220, 230, 240],
    ];
    const png = await pngOfRows(5, 3, { colour: 0 }, (y) => new Uint8Array([0, ...grey[y]!]));
    const got = (await decodePngScaled(png, 3))!;
    expect([got.width, got.height]).toEqual([3, 2]);
    const means = [55, 75, 90, 205, 225, 240];
    expect([...got.data]).toEqual(means.flatMap((m) => [m, m, m]));

    const plte = new Uint8Array([255, 0, 0, 0, 0, 255]);
    const trns = new Uint8Array([255, 0]); // entry 1 fully transparent: white
    const palette = await pngOfRows(2, 1, { colour: 3 }, () => new Uint8Array([0, 0, 1]), [
      ["PLTE", plte],
      ["tRNS", trns],
    ]);
    expect([...(await decodePngScaled(palette, 10))!.data]).toEqual([255, 0, 0, 255, 255, 255]);

    const deep = await pngOfRows(1, 1, { colour: 2, depth: 16 }, () => new Uint8Array([0, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc]));
    expect([...(await decodePngScaled(deep, 10))!.data]).toEqual([0x12, 0x56, 0x9a]);
  });

  it("leaves interlaced images to the caller; a damaged or truncated stream is PngDamaged", async () => {
    const row = () => new Uint8Array(1 + 8 * 3);
    expect(await decodePngScaled(await pngOfRows(8, 8, { colour: 2, interlace: 1 }, row), 10)).toBeNull();

    const good = await pngOfRows(8, 8, { colour: 2 }, row);
    const idat = good.findIndex((_, i) => String.fromCharCode(...good.subarray(i, i + 4)) === "IDAT");
    const damaged = good.slice();
    damaged.fill(0xff, idat + 6, idat + 10); // inside the deflate stream (the chunk's CRC is not checked here)
    await expect(decodePngScaled(damaged, 10)).rejects.toBeInstanceOf(PngDamaged);

    const short = await pngOfRows(8, 8, { colour: 2 }, row);
    new DataView(short.buffer).setUint32(20, 9); // declares a ninth row the data does not have
    await expect(decodePngScaled(short, 10)).rejects.toThrow(/truncated/);
  });
});
