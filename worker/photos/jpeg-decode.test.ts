import { describe, expect, it } from "vitest";
import jpeg from "jpeg-js";
import { PhotonImage } from "@cf-wasm/photon";
import { portraitPixels } from "../downloads/fixture";
import { toRgba } from "../downloads/raster";
import { decodeJpegScaled } from "./jpeg-decode";

const SIDE = 96;
const QUALITY = 90;
const pixels = portraitPixels(SIDE);
const encode = (rgba: Uint8Array, width: number, height: number) =>
  new Uint8Array(jpeg.encode({ data: Buffer.from(rgba), width, height }, QUALITY).data);

/** A baseline JPEG's parts: everything before the scan header, the scan header, the entropy-coded data (without EOI). */
function parts(file: Uint8Array) {
  for (let i = 2; ;) {
    const length = (file[i + 2]! << 8) | file[i + 3]!;
    if (file[i + 1] === 0xda)
      return { head: file.subarray(0, i), sos: file.subarray(i, i + 2 + length), scan: file.subarray(i + 2 + length, file.length - 2) };
    i += 2 + length;
  }
}

/**
 * The same picture with a restart marker every `rows` MCU rows (DRI), as phones and cameras write them. Each
 * band of rows is encoded on its own by jpeg-js (4:4:4, 8×8 MCUs, the same tables at the same quality): its scan
 * starts with the DC predictions at zero and ends padded to a byte, which is exactly what a restart interval
 * means, so the bands' scans joined by RST0–RST7 under the whole picture's headers and a DRI segment are a valid
 * restart-interval JPEG of the same coefficients.
 */
function withRestarts(rows: number): Uint8Array {
  const band = rows * 8;
  const whole = parts(encode(pixels, SIDE, SIDE));
  const scans: Uint8Array[] = [];
  for (let y = 0; y < SIDE; y += band) {
    scans.push(parts(encode(pixels.subarray(y * SIDE * 4, (y + band) * SIDE * 4), SIDE, band)).scan);
  }
  const interval = (SIDE / 8) * rows;
  const dri = [0xff, 0xdd, 0x00, 0x04, interval >> 8, interval & 0xff];
  const body = scans.flatMap((s, i) => (i === 0 ? [...s] : [0xff, 0xd0 + ((i - 1) % 8), ...s]));
  return new Uint8Array([...whole.head, ...dri, ...whole.sos, ...body, 0xff, 0xd9]);
}

describe("decodeJpegScaled: restart intervals (issue 34)", () => {
  it("decodes a JPEG with restart markers to exactly the pixels of the same JPEG without them, at full size and DCT-scaled", () => {
    const plain = encode(pixels, SIDE, SIDE);
    for (const rows of [1, 2, 3]) {
      const restarts = withRestarts(rows);
      expect(restarts.includes(0xdd)).toBe(true);
      for (const maxSide of [SIDE, SIDE / 2, SIDE / 8]) {
        const a = decodeJpegScaled(restarts, maxSide)!;
        const b = decodeJpegScaled(plain, maxSide)!;
        expect([a.width, a.height, a.shrink], `${rows} rows, ${maxSide}`).toEqual([b.width, b.height, b.shrink]);
        expect(Buffer.from(toRgba(a)).equals(Buffer.from(toRgba(b))), `${rows} rows, ${maxSide}`).toBe(true);
      }
    }
  });

  it("reads the restart file as another decoder does (photon), within rounding", () => {
    const restarts = withRestarts(2);
    const ours = toRgba(decodeJpegScaled(restarts, SIDE)!);
    const img = PhotonImage.new_from_byteslice(restarts);
    try {
      const theirs = img.get_raw_pixels();
      let sum = 0;
      for (let i = 0; i < ours.length; i++) sum += Math.abs(ours[i]! - theirs[i]!);
      expect(sum / ours.length).toBeLessThan(2);
    } finally {
      img.free();
    }
  });
});

describe("decodeJpegScaled: EXIF orientation (issue 34)", () => {
  it("turns the picture upright as it decodes, for each of the 8 orientations, at full size and DCT-scaled", () => {
    const [w, h] = [48, 32]; // not square: orientations 5–8 swap the sides
    const file = encode(portraitPixels(SIDE).subarray(0, w * h * 4), w, h);
    /** Where upright pixel (x, y) of a picture stored w×h is (TIFF 6.0 / Exif 2.32 §4.6.4 "Orientation"). */
    const source: Record<number, (x: number, y: number, w: number, h: number) => [number, number]> = {
      1: (x, y) => [x, y],
      2: (x, y, w) => [w - 1 - x, y],
      3: (x, y, w, h) => [w - 1 - x, h - 1 - y],
      4: (x, y, _w, h) => [x, h - 1 - y],
      5: (x, y) => [y, x],
      6: (x, y, _w, h) => [y, h - 1 - x],
      7: (x, y, w, h) => [w - 1 - y, h - 1 - x],
      8: (x, y, w) => [w - 1 - y, x],
    };
    for (const maxSide of [w, w / 2]) {
      const stored = decodeJpegScaled(file, maxSide)!;
      const px = new Uint32Array(toRgba(stored).slice().buffer);
      for (let o = 1; o <= 8; o++) {
        const upright = decodeJpegScaled(file, maxSide, o)!;
        const sideways = o >= 5;
        expect([upright.width, upright.height], `orientation ${o}`).toEqual(
          sideways ? [stored.height, stored.width] : [stored.width, stored.height],
        );
        const got = new Uint32Array(toRgba(upright).slice().buffer);
        const want = got.map((_, i) => {
          const [sx, sy] = source[o]!(i % upright.width, Math.floor(i / upright.width), stored.width, stored.height);
          return px[sy * stored.width + sx]!;
        });
        expect(Buffer.from(got.buffer).equals(Buffer.from(want.buffer)), `orientation ${o}, max side ${maxSide}`).toBe(true);
      }
    }
  });
});
