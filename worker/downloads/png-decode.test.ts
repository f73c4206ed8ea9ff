import { describe, expect, it } from "vitest";
import { concatBytes } from "./bytes";
import { crc32 } from "./crc32";
import { decodePng } from "./png-decode";
import { toRgba } from "./raster";

/** The PNG predictor for filter `f` from the left (a), up (b) and up-left (c) bytes, as the spec writes it. */
function predict(f: number, a: number, b: number, c: number): number {
  if (f === 1) return a;
  if (f === 2) return b;
  if (f === 3) return (a + b) >> 1;
  if (f === 4) {
    const p = a + b - c,
      pa = Math.abs(p - a),
      pb = Math.abs(p - b),
      pc = Math.abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
  }
  return 0;
}

async function deflate(data: Uint8Array): Promise<Uint8Array> {
  const s = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(s).arrayBuffer());
}

/** A PNG of `samples` (`channels` per pixel) whose row y uses filter (y + shift) % 5. */
async function pngWithFilters(samples: Uint8Array, width: number, height: number, channels: number, shift: number): Promise<Uint8Array> {
  const stride = width * channels;
  const raw = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const f = (y + shift) % 5;
    raw[y * (stride + 1)] = f;
    for (let i = 0; i < stride; i++) {
      const at = (dy: number, di: number) => (y - dy >= 0 && i - di >= 0 ? samples[(y - dy) * stride + i - di]! : 0);
      raw[y * (stride + 1) + 1 + i] = samples[y * stride + i]! - predict(f, at(0, channels), at(1, 0), at(1, channels));
    }
  }
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
    return out;
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr[8] = 8;
  ihdr[9] = { 1: 0, 2: 4, 3: 2, 4: 6 }[channels]!;
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", await deflate(raw)),
    chunk("IEND", new Uint8Array(0)),
  ];
  return concatBytes(parts);
}

describe("decodePng", () => {
  it("undoes all five filters, in the first row and in later ones, for grey, grey+alpha, RGB and RGBA", async () => {
    const width = 13,
      height = 7;
    for (const channels of [1, 2, 3, 4]) {
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
        const got = decodePng(await pngWithFilters(samples, width, height, channels, shift))!;
        expect([got.width, got.height]).toEqual([width, height]);
        expect(toRgba(got)).toEqual(want);
        expect(got.opaque).toBe(channels === 1 || channels === 3);
      }
    }
  });
});
