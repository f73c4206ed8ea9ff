/**
 * Decodes the PNGs we store (8-bit grey, grey+alpha, RGB or RGBA, not interlaced: what the model and
 * our watermark write) with the runtime's native zlib: RGB and RGBA rows are unfiltered in place and
 * returned where they are (./raster.ts), grey is expanded to RGBA. Anything else returns null and the
 * caller decodes it with photon.
 */
import { concatBytes } from "./bytes";
import { inflate } from "./zlib";
import { isPng } from "./png";
import { rgbaRaster, type Raster } from "./raster";
import { align16, simd } from "./simd/kernel";

/** Decoded pixels, and whether every one is opaque. */
export interface Pixels extends Raster {
  opaque: boolean;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/**
 * Undoes a PNG row's filter `f` in place; `prev` is the row above, unfiltered (undefined for the first row:
 * zeros). The one unfilter of both PNG readers: this one and the uploads' row-by-row reader
 * (worker/photos/png-scaled.ts). False for a filter type PNG does not have.
 */
export function unfilterRow(f: number, row: Uint8Array, prev: Uint8Array | undefined, bpp: number): boolean {
  const n = row.length;
  // The first row has no row above (zeros): Up does nothing, Average adds half the left neighbour, and
  // Paeth predicts the left neighbour (Sub). In every row the first pixel has no left neighbour (zeros):
  // Average adds half the byte above, Paeth the byte above. Then one loop without edge tests.
  if (f === 0 || (f === 2 && !prev)) return true;
  if (f === 1 || (f === 4 && !prev)) for (let i = bpp; i < n; i++) row[i] = row[i]! + row[i - bpp]!;
  else if (f === 2) for (let i = 0; i < n; i++) row[i] = row[i]! + prev![i]!;
  else if (f === 3 && !prev) for (let i = bpp; i < n; i++) row[i] = row[i]! + (row[i - bpp]! >> 1);
  else if (f === 3 && (bpp === 3 || bpp === 4)) averageInWasm(row, prev!, bpp);
  else if (f === 3) {
    for (let i = 0; i < bpp; i++) row[i] = row[i]! + (prev![i]! >> 1);
    for (let i = bpp; i < n; i++) row[i] = row[i]! + ((row[i - bpp]! + prev![i]!) >> 1);
  } else if (f === 4) {
    const up = prev!;
    for (let i = 0; i < bpp; i++) row[i] = row[i]! + up[i]!;
    for (let i = bpp; i < n; i++) {
      const a = row[i - bpp]!,
        b = up[i]!,
        c = up[i - bpp]!;
      const p = a + b - c;
      const pa = p > a ? p - a : a - p,
        pb = p > b ? p - b : b - p,
        pc = p > c ? p - c : c - p;
      row[i] = row[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
    }
  } else return false;
  return true;
}

/**
 * The Average filter undone on an RGB or RGBA row below another by the SIMD loop (simd/simd.wat `averageUnfilter`):
 * the row and the one above copied into WASM memory, the result copied back. In JS each byte waited for its left
 * neighbour to be stored and read back; there the left pixel stays in a register (decision 420: a 2048² RGB picture
 * whose rows libpng's adaptive choice filtered with Average decodes in 26 ms instead of 39).
 */
function averageInWasm(row: Uint8Array, prev: Uint8Array, bpp: 3 | 4): void {
  const n = row.length,
    slot = align16(n + 16); // the loop reads and writes one pixel's 4 bytes: one past an RGB row
  const k = simd(3 * slot);
  const mem = new Uint8Array(k.memory.buffer);
  mem.set(prev, 0);
  mem.set(row, slot);
  k.averageUnfilter(slot, 0, 2 * slot, n / bpp, bpp);
  row.set(mem.subarray(2 * slot, 2 * slot + n));
}

export function decodePng(png: Uint8Array): Pixels | null {
  if (!isPng(png)) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const width = view.getUint32(16),
    height = view.getUint32(20);
  const depth = png[24],
    colour = png[25]!,
    interlace = png[28];
  const bpp = CHANNELS[colour];
  if (depth !== 8 || interlace !== 0 || !bpp) return null;

  const idats: Uint8Array[] = [];
  for (let o = 8; o + 12 <= png.length;) {
    const length = view.getUint32(o);
    const type = String.fromCharCode(png[o + 4]!, png[o + 5]!, png[o + 6]!, png[o + 7]!);
    if (type === "IDAT") idats.push(png.subarray(o + 8, o + 8 + length));
    if (type === "tRNS") return null; // transparency by colour key: leave it to photon
    if (type === "IEND") break;
    o += 12 + length;
  }
  const joined = idats.length === 1 ? idats[0]! : concatBytes(idats);
  const stride = width * bpp;
  const raw = inflate(joined, height * (stride + 1));
  if (raw.length < height * (stride + 1)) throw new Error("truncated PNG image data");

  // Unfilter in place (each row's filter byte is followed by its samples).
  let opaque = true;
  for (let y = 0, prev: Uint8Array | undefined; y < height; y++) {
    const r = y * (stride + 1) + 1;
    const row = raw.subarray(r, r + stride);
    if (!unfilterRow(raw[r - 1]!, row, prev, bpp)) throw new Error(`bad PNG filter ${raw[r - 1]}`);
    prev = row;
    if (bpp === 4 && opaque)
      for (let i = 3; i < stride; i += 4)
        if (row[i] !== 255) {
          opaque = false;
          break;
        }
  }
  // RGB and RGBA rows stay where they are; grey and grey+alpha are expanded to RGBA.
  if (bpp === 3 || bpp === 4) return { data: raw, width, height, channels: bpp, offset: 1, stride: stride + 1, opaque };
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0, d = 0; y < height; y++) {
    for (let s = y * (stride + 1) + 1, end = s + stride; s < end; s += bpp, d += 4) {
      rgba[d] = rgba[d + 1] = rgba[d + 2] = raw[s]!;
      rgba[d + 3] = bpp === 2 ? raw[s + 1]! : 255;
      if (rgba[d + 3] !== 255) opaque = false;
    }
  }
  return { ...rgbaRaster(rgba, width, height), opaque };
}
