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

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
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
 */
export function encodePng(rgba: Uint8Array, width: number, height: number, dpi?: number): Uint8Array {
  if (rgba.length !== width * height * 4) throw new Error("pixel buffer does not match the size");
  const bpp = isOpaque(rgba) ? 3 : 4;
  const idat = deflate(filterRows(rgba, width, height, bpp));

  const ihdr = new Uint8Array(13);
  const hv = new DataView(ihdr.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = bpp === 3 ? 2 : 6; // truecolour / truecolour with alpha
  const parts = [Uint8Array.from(SIGNATURE), chunk("IHDR", ihdr)];
  if (dpi !== undefined) {
    const phys = new Uint8Array(9);
    const pv = new DataView(phys.buffer);
    pv.setUint32(0, dpiToPixelsPerMetre(dpi));
    pv.setUint32(4, dpiToPixelsPerMetre(dpi));
    phys[8] = 1; // metre
    parts.push(chunk("pHYs", phys));
  }
  parts.push(chunk("IDAT", idat), chunk("IEND", new Uint8Array(0)));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}
