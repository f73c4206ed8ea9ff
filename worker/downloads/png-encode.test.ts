import { describe, expect, it } from "vitest";
import { encodePng } from "./png-encode";
import { portraitPixels } from "./fixture";
import { decodePng, pngChunks, pngDpi } from "./test-decoders";

/** The first `w` × `h` pixels of the test portrait, with a varying alpha when `alpha`. */
function pixels(w: number, h: number, alpha: boolean): Uint8Array {
  const px = portraitPixels(64)
    .subarray(0, w * h * 4)
    .slice();
  if (alpha) for (let i = 3; i < px.length; i += 4) px[i] = (i * 37) & 255;
  return px;
}

describe("encodePng", () => {
  for (const [w, h] of [
    [1, 1],
    [1, 5],
    [5, 1],
    [3, 2],
    [37, 19],
  ] as const) {
    it(`${w}×${h}: every pixel comes back exactly through an independent decoder, opaque (RGB) and with alpha (RGBA)`, async () => {
      for (const alpha of [false, true]) {
        const px = pixels(w, h, alpha);
        const png = encodePng(px, w, h, 300);
        expect(pngChunks(png).map((c) => c.type)).toEqual(["IHDR", "pHYs", "iTXt", "IDAT", "IEND"]);
        expect(pngChunks(png)[0]!.data[9]).toBe(alpha ? 6 : 2);
        expect(Math.round(pngDpi(png)!.x)).toBe(300);
        const d = await decodePng(png);
        expect([d.width, d.height]).toEqual([w, h]);
        expect(d.rgba).toEqual(px);
      }
    });
  }
});
