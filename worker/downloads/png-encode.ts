/**
 * Our PNG writer: 8-bit truecolour, RGB when every pixel is opaque (colour type 2) and RGBA only when
 * there is transparency (colour type 6, the round shape). Each row gets the filter with the smallest
 * sum of absolute residuals (libpng's adaptive heuristic, all five filters, estimated on every third
 * sample), then the whole stream goes through the runtime's native zlib (./zlib.ts) into one IDAT.
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

/** Packs RGBA into RGB (or copies RGBA) with the filter byte in front of each row, filters chosen per row. */
export function filterRows(rgba: Uint8Array, width: number, height: number, bpp: 3 | 4): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(height * (stride + 1));
  let prev = new Uint8Array(stride);
  let cur = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    // This row's samples.
    const s0 = y * width * 4;
    if (bpp === 4) cur.set(rgba.subarray(s0, s0 + stride));
    else for (let x = 0, s = s0, d = 0; x < width; x++, s += 4, d += 3) { cur[d] = rgba[s]!; cur[d + 1] = rgba[s + 1]!; cur[d + 2] = rgba[s + 2]!; }

    // Cost of each filter: sum of |residual| with residuals read as signed bytes.
    let cNone = 0, cSub = 0, cUp = 0, cAvg = 0, cPaeth = 0;
    for (let i = bpp; i < stride; i += 3) {
      const x = cur[i]!, b = prev[i]!;
      const a = cur[i - bpp]!, c = prev[i - bpp]!;
      const p = a + b - c;
      const pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p, pc = p > c ? p - c : c - p;
      const pr = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      let r = x; cNone += r < 128 ? r : 256 - r;
      r = (x - a) & 255; cSub += r < 128 ? r : 256 - r;
      r = (x - b) & 255; cUp += r < 128 ? r : 256 - r;
      r = (x - ((a + b) >> 1)) & 255; cAvg += r < 128 ? r : 256 - r;
      r = (x - pr) & 255; cPaeth += r < 128 ? r : 256 - r;
    }
    let f = 0, best = cNone;
    if (cSub < best) { f = 1; best = cSub; }
    if (cUp < best) { f = 2; best = cUp; }
    if (cAvg < best) { f = 3; best = cAvg; }
    if (cPaeth < best) f = 4;

    const o = y * (stride + 1);
    out[o] = f;
    const d = o + 1;
    if (f === 0) out.set(cur, d);
    else if (f === 1) {
      for (let i = 0; i < bpp; i++) out[d + i] = cur[i]!;
      for (let i = bpp; i < stride; i++) out[d + i] = cur[i]! - cur[i - bpp]!;
    } else if (f === 2) for (let i = 0; i < stride; i++) out[d + i] = cur[i]! - prev[i]!;
    else if (f === 3) {
      for (let i = 0; i < bpp; i++) out[d + i] = cur[i]! - (prev[i]! >> 1);
      for (let i = bpp; i < stride; i++) out[d + i] = cur[i]! - ((cur[i - bpp]! + prev[i]!) >> 1);
    } else {
      for (let i = 0; i < bpp; i++) out[d + i] = cur[i]! - prev[i]!; // Paeth with a = c = 0 predicts b
      for (let i = bpp; i < stride; i++) {
        const a = cur[i - bpp]!, b = prev[i]!, c = prev[i - bpp]!;
        const p = a + b - c;
        const pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p, pc = p > c ? p - c : c - p;
        out[d + i] = cur[i]! - (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
    }
    const t = prev; prev = cur; cur = t;
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
