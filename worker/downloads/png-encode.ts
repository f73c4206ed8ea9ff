/**
 * Our PNG writer: 8-bit truecolour, RGB when every pixel is opaque (colour type 2) and RGBA only when
 * there is transparency (colour type 6, the round shape). Every row gets the Average filter, then the
 * whole stream goes through the runtime's native zlib (./zlib.ts) into one IDAT.
 * DPI is a pHYs chunk written with the header.
 */
import { crc32 } from "../lib/crc32";
import { deflate } from "./zlib";
import { dpiToPixelsPerMetre } from "./png";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** True when every alpha sample is 255. */
export function isOpaque(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

/**
 * Packs RGBA into RGB (or keeps RGBA) with the Average filter (type 3) on every row: each sample minus
 * the mean of its left and upper neighbours, read straight from the RGBA pixels. One fixed filter, not
 * libpng's per-row choice: on our photos it compresses as well as the adaptive choice (within 0.5 %,
 * bench/downloads.ts and docs/decisions/033-download-encoders.md) without estimating five filters a row.
 */
export function filterRows(rgba: Uint8Array, width: number, height: number, bpp: 3 | 4): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(height * (stride + 1));
  const up = width * 4; // the sample above, in `rgba`
  for (let y = 0, o = 0, s = 0; y < height; y++) {
    out[o++] = 3;
    if (y === 0) {
      // No row above: the prediction is half the left neighbour.
      for (let x = 0; x < width; x++, s += 4, o += bpp) {
        for (let c = 0; c < bpp; c++) out[o + c] = rgba[s + c]! - (x > 0 ? rgba[s + c - 4]! >> 1 : 0);
      }
    } else if (bpp === 3) {
      out[o] = rgba[s]! - (rgba[s - up]! >> 1); out[o + 1] = rgba[s + 1]! - (rgba[s + 1 - up]! >> 1); out[o + 2] = rgba[s + 2]! - (rgba[s + 2 - up]! >> 1);
      for (let x = 1, i = s + 4, d = o + 3; x < width; x++, i += 4, d += 3) {
        out[d] = rgba[i]! - ((rgba[i - 4]! + rgba[i - up]!) >> 1);
        out[d + 1] = rgba[i + 1]! - ((rgba[i - 3]! + rgba[i + 1 - up]!) >> 1);
        out[d + 2] = rgba[i + 2]! - ((rgba[i - 2]! + rgba[i + 2 - up]!) >> 1);
      }
      s += up; o += stride;
    } else {
      for (let c = 0; c < 4; c++) out[o + c] = rgba[s + c]! - (rgba[s + c - up]! >> 1);
      for (let i = s + 4, d = o + 4, end = s + up; i < end; i++, d++) out[d] = rgba[i]! - ((rgba[i - 4]! + rgba[i - up]!) >> 1);
      s += up; o += stride;
    }
  }
  return out;
}

/**
 * Encodes RGBA pixels as PNG: colour type 2 when opaque, 6 otherwise; pHYs when `dpi` is given.
 * The chunks are written straight into the one output buffer (the compressed data is copied once).
 */
export function encodePng(rgba: Uint8Array, width: number, height: number, dpi?: number): Uint8Array {
  if (rgba.length !== width * height * 4) throw new Error("pixel buffer does not match the size");
  const bpp = isOpaque(rgba) ? 3 : 4;
  const idat = deflate(filterRows(rgba, width, height, bpp));

  const chunks = 3 + (dpi === undefined ? 0 : 1);
  const out = new Uint8Array(SIGNATURE.length + chunks * 12 + 13 + (dpi === undefined ? 0 : 9) + idat.length);
  const view = new DataView(out.buffer);
  out.set(SIGNATURE);
  let o = SIGNATURE.length;
  /** Writes a chunk whose `length` data bytes `fill` puts at the given offset; returns the next offset. */
  const chunk = (type: string, length: number, fill: (at: number) => void) => {
    view.setUint32(o, length);
    for (let i = 0; i < 4; i++) out[o + 4 + i] = type.charCodeAt(i);
    fill(o + 8);
    view.setUint32(o + 8 + length, crc32(out, o + 4, o + 8 + length));
    o += 12 + length;
  };
  chunk("IHDR", 13, (at) => {
    view.setUint32(at, width);
    view.setUint32(at + 4, height);
    out[at + 8] = 8; // bit depth
    out[at + 9] = bpp === 3 ? 2 : 6; // truecolour / truecolour with alpha
  });
  if (dpi !== undefined) {
    chunk("pHYs", 9, (at) => {
      view.setUint32(at, dpiToPixelsPerMetre(dpi));
      view.setUint32(at + 4, dpiToPixelsPerMetre(dpi));
      out[at + 8] = 1; // metre
    });
  }
  chunk("IDAT", idat.length, (at) => out.set(idat, at));
  chunk("IEND", 0, () => {});
  return out;
}
