/**
 * One resize of a rectangle of an RGBA image with integer arithmetic, the way libvips' `vips_resize`
 * does it for 8-bit images:
 *
 * 1. **Box pre-shrink** by an integer factor k = floor(ratio / 2) per axis when the ratio is 4 or more
 *    (libvips leaves at least the last ×2 to the kernel): each k × k block averaged into one pixel. The
 *    last block of a row or column averages the pixels it has.
 * 2. **Reduce** the rest (or enlarge) with a separable Catmull-Rom, widened by the remaining ratio when
 *    shrinking.
 *
 * Both are separable passes with 14-bit fixed-point weights that sum exactly to 16384 (a flat area stays
 * flat), run by two small WASM SIMD loops (simd/simd.wat): 16 samples of a row, or two taps of
 * an RGBA pixel, per instruction, as libvips' own vector code does; 5–8× faster than the same arithmetic
 * in JS, with identical output.
 *
 * Quality: the box block is at most half the final pixel pitch, so what it aliases lies above the
 * output's Nyquist frequency and is taken out by the Catmull-Rom that follows (still at least 2×
 * widened). bench/downloads-resize.test.ts holds the result within 45 dB PSNR of libvips' cubic on a
 * zone plate and on the test portrait (52–57 dB measured). Catmull-Rom is libvips' "cubic", what sharp
 * is given in the benchmark; docs/decisions/033-download-encoders.md says why not Triangle or Lanczos3.
 *
 * Memory: JS holds the source, the box-shrunk copy (a quarter of the source or less) and the output;
 * WASM memory holds the tap tables, one source row, the intermediate (rows read × output width × 4) and
 * one output row, and keeps its largest size for the isolate's life (bench/downloads.ts prints it).
 */

import { rgbaRaster, type Raster } from "./raster";
import { align16, simd } from "./simd/kernel";

const ONE = 1 << 14;

function catmullRom(x: number): number {
  x = Math.abs(x);
  if (x < 1) return 1.5 * x * x * x - 2.5 * x * x + 1;
  if (x < 2) return -0.5 * x * x * x + 2.5 * x * x - 4 * x + 2;
  return 0;
}
const SUPPORT = 2;

/** libvips' integer pre-shrink for a reduction `ratio` (source / output): floor(ratio / 2), at least 1. */
export function boxFactor(ratio: number): number {
  return Math.max(1, Math.floor(ratio / 2));
}

interface Taps {
  /** First source index for each output index. */
  start: Int32Array;
  /** Number of taps for each output index (all the same: `n`). */
  n: number;
  /** Weights, `n` per output index, in 1/16384. */
  weights: Int32Array;
}

/**
 * Taps mapping `srcLen` source samples (a real length: a box-shrunk axis may end in a partial block)
 * starting at `srcOffset` onto `dstLen` outputs; `srcLimit` samples exist.
 */
function cubicTaps(srcOffset: number, srcLen: number, dstLen: number, srcLimit: number): Taps {
  const scale = srcLen / dstLen;
  const widen = Math.max(1, scale);
  const radius = SUPPORT * widen;
  const samples = Math.ceil(radius) * 2; // taps strictly inside ±radius never number more
  const n = Math.min(samples, srcLimit);
  const start = new Int32Array(dstLen);
  const weights = new Int32Array(dstLen * n);
  const w = new Float64Array(n);
  for (let i = 0; i < dstLen; i++) {
    const centre = (i + 0.5) * scale - 0.5 + srcOffset;
    const lo = Math.floor(centre - radius) + 1;
    // The window stays inside the image; samples past an edge repeat the edge pixel.
    const first = Math.max(0, Math.min(lo, srcLimit - n));
    w.fill(0);
    let sum = 0;
    for (let k = 0; k < samples; k++) {
      const s = lo + k;
      const v = catmullRom((s - centre) / widen);
      const j = Math.max(0, Math.min(srcLimit - 1, s)) - first;
      w[j] = w[j]! + v;
      sum += v;
    }
    start[i] = first;
    let total = 0,
      peak = 0;
    for (let k = 0; k < n; k++) {
      const q = Math.round((w[k]! / sum) * ONE);
      weights[i * n + k] = q;
      total += q;
      if (Math.abs(q) > Math.abs(weights[i * n + peak]!)) peak = k;
    }
    weights[i * n + peak] = weights[i * n + peak]! + ONE - total; // exact sum: flat stays flat
  }
  // The SIMD kernel multiplies in 16 bits; Catmull-Rom weights stay well inside (at most ~1.1 × ONE).
  if (weights.some((q) => q > 32767 || q < -32768)) throw new Error("resize weight out of 16-bit range");
  return { start, n, weights };
}

interface Rect {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * Taps averaging blocks of `k` samples of [srcOffset, srcOffset + srcLen): ceil(srcLen / k) outputs.
 * A last, partial block of m samples averages those m (its window ends at the last sample).
 */
function boxTaps(srcOffset: number, srcLen: number, k: number): Taps {
  const dstLen = Math.ceil(srcLen / k);
  const start = new Int32Array(dstLen);
  const weights = new Int32Array(dstLen * k);
  for (let i = 0; i < dstLen; i++) {
    const m = Math.min(k, srcLen - i * k);
    start[i] = srcOffset + i * k - (k - m);
    let total = 0;
    for (let t = k - m; t < k; t++) {
      const q = Math.round(ONE / m);
      weights[i * k + t] = q;
      total += q;
    }
    weights[i * k + k - 1] = weights[i * k + k - 1]! + ONE - total; // exact sum
  }
  return { start, n: k, weights };
}

/**
 * Resizes the rectangle (x1, y1)–(x2, y2) of `src` (RGB or RGBA rows) to `dstW` × `dstH` packed RGBA.
 * Alpha is resized like the colours (an opaque image stays exactly opaque: the weights sum to one).
 */
export function resizeRgba(src: Raster, rect: Rect, dstW: number, dstH: number): Uint8Array {
  const cw = rect.x2 - rect.x1,
    ch = rect.y2 - rect.y1;
  const kx = boxFactor(cw / dstW),
    ky = boxFactor(ch / dstH);
  if (kx === 1 && ky === 1) {
    return separable(src, cubicTaps(rect.x1, cw, dstW, src.width), cubicTaps(rect.y1, ch, dstH, src.height));
  }
  // The box pre-shrink is a separable pass too, with k equal weights per output.
  const bx = boxTaps(rect.x1, cw, kx),
    by = boxTaps(rect.y1, ch, ky);
  const bw = bx.start.length,
    bh = by.start.length;
  const box = rgbaRaster(separable(src, bx, by), bw, bh);
  return separable(box, cubicTaps(0, cw / kx, dstW, bw), cubicTaps(0, ch / ky, dstH, bh));
}

/**
 * One separable pass of `src` with horizontal taps `h` and vertical taps `v`, in WASM SIMD
 * (simd/simd.wat), in whichever order reads fewer samples: a reduction runs the vertical taps first (over
 * the source rows, 16 samples an instruction, RGB or RGBA alike), so the horizontal taps (one pixel at a
 * time) run over the output's rows only; an enlargement runs them horizontal first, over the source rows.
 */
function separable(src: Raster, h: Taps, v: Taps): Uint8Array {
  const dstW = h.start.length,
    dstH = v.start.length;
  const rows = v.start[dstH - 1]! + v.n - v.start[0]!; // source rows the vertical pass reads
  const pairs = (h.n + 1) >> 1;
  // Work of each order, in vector operations: a horizontal pair of taps costs about one vertical tap of 16 samples.
  // Counted on RGBA rows whatever the source's layout, so RGB and RGBA rows of the same pixels give the same result.
  const verticalFirst = dstH * Math.ceil((src.width * 4) / 16) * v.n + dstH * dstW * pairs;
  const horizontalFirst = rows * dstW * pairs + dstH * Math.ceil((dstW * 4) / 16) * v.n;
  return verticalFirst < horizontalFirst ? separableVerticalFirst(src, h, v) : separableHorizontalFirst(src, h, v);
}

/** Lays the tap tables into WASM memory at `at` (16-byte aligned); returns where each table is and where they end. */
function tables(h: Taps, v: Taps, mem: { i32: Int32Array; i16: Int16Array }, at: number) {
  const dstW = h.start.length,
    dstH = v.start.length;
  const pairs = (h.n + 1) >> 1;
  const startAt = at;
  const wvAt = align16(startAt + dstW * 4);
  const vwAt = wvAt + dstW * pairs * 16;
  mem.i32.set(h.start, startAt >> 2);
  for (let x = 0; x < dstW; x++) {
    for (let t = 0; t < pairs * 2; t++) {
      const w = t < h.n ? h.weights[x * h.n + t]! : 0;
      const o = wvAt + (x * pairs + (t >> 1)) * 16 + (t & 1) * 8;
      mem.i16.fill(w, o >> 1, (o + 8) >> 1);
    }
  }
  mem.i32.set(v.weights, vwAt >> 2);
  return { startAt, wvAt, vwAt, pairs, end: align16(vwAt + dstH * v.n * 4) };
}

/** Bytes the tap tables take. */
const tablesBytes = (h: Taps, v: Taps) =>
  align16(h.start.length * 4) + h.start.length * ((h.n + 1) >> 1) * 16 + align16(v.start.length * v.n * 4);

/**
 * Vertical first: the source rows the pass reads copied into WASM memory once (as they are, RGB or RGBA, at
 * their stride), then per output row the vertical taps into one row, its RGBA expansion, the horizontal taps
 * into the output row, copied out. WASM memory: the tables, the source rows, three rows.
 */
function separableVerticalFirst(src: Raster, h: Taps, v: Taps): Uint8Array {
  const srcW = src.width,
    stride = src.stride;
  const dstW = h.start.length,
    dstH = v.start.length;
  const rowFrom = v.start[0]!;
  const rows = v.start[dstH - 1]! + v.n - rowFrom;
  const rowBytesIn = srcW * src.channels,
    span = align16(rowBytesIn); // the vertical pass writes whole vectors: up to 15 bytes past the row
  const first = src.offset + rowFrom * stride;
  const region = src.data.subarray(first, first + (rows - 1) * stride + rowBytesIn);

  const tablesEnd = tablesBytes(h, v);
  const srcAt = tablesEnd;
  const colAt = align16(srcAt + region.length + 16); // vertical reads up to 15 bytes past the last row
  const rgbaAt = align16(colAt + span + 16);
  const outAt = align16(rgbaAt + srcW * 4 + 16);
  const rowBytes = dstW * 4;
  const k = simd(outAt + align16(rowBytes) + 16);
  const mem = new Uint8Array(k.memory.buffer);
  const t = tables(h, v, { i32: new Int32Array(k.memory.buffer), i16: new Int16Array(k.memory.buffer) }, 0);
  mem.set(region, srcAt);
  mem.fill(0, srcAt + region.length, colAt);

  const rowIn = src.channels === 4 ? colAt : rgbaAt;
  const out = new Uint8Array(dstW * dstH * 4);
  for (let y = 0; y < dstH; y++) {
    k.vertical(srcAt + (v.start[y]! - rowFrom) * stride, stride, v.n, t.vwAt + y * v.n * 4, colAt, span);
    if (src.channels === 3) k.expand(colAt, rgbaAt, srcW);
    k.horizontal(rowIn, outAt, dstW, t.startAt, t.wvAt, t.pairs);
    out.set(mem.subarray(outAt, outAt + rowBytes), y * rowBytes);
  }
  return out;
}

/**
 * Horizontal first, over only the source rows the vertical pass reads, each copied in once (and expanded
 * to RGBA there when RGB), into an 8-bit intermediate in WASM memory; then the vertical pass a row at a
 * time, each row copied out. WASM memory holds the tap tables, one source row, the intermediate
 * (rows × dstW × 4) and one output row.
 */
function separableHorizontalFirst(src: Raster, h: Taps, v: Taps): Uint8Array {
  const srcW = src.width;
  const dstW = h.start.length,
    dstH = v.start.length;
  const rowFrom = v.start[0]!;
  const rows = v.start[dstH - 1]! + v.n - rowFrom; // source rows the vertical pass reads

  // WASM memory layout, 16-byte aligned: tables, one RGB source row as copied in (+ 16 bytes the
  // expansion may read), one RGBA source row (+ 16 bytes the expansion may write, of which an odd tap
  // count's zero-weight pad may read 8), the intermediate, one output row.
  const rowBytes = dstW * 4,
    midStride = align16(rowBytes);
  const rgbAt = tablesBytes(h, v);
  const srcAt = align16(rgbAt + srcW * 3 + 16);
  const midAt = align16(srcAt + srcW * 4 + 16);
  const outAt = midAt + rows * midStride;
  const end = outAt + midStride;

  const k = simd(end);
  const mem = new Uint8Array(k.memory.buffer);
  const t = tables(h, v, { i32: new Int32Array(k.memory.buffer), i16: new Int16Array(k.memory.buffer) }, 0);

  const rowBytesIn = srcW * src.channels;
  for (let r = 0; r < rows; r++) {
    const s = src.offset + (rowFrom + r) * src.stride;
    if (src.channels === 4) mem.set(src.data.subarray(s, s + rowBytesIn), srcAt);
    else {
      mem.set(src.data.subarray(s, s + rowBytesIn), rgbAt);
      k.expand(rgbAt, srcAt, srcW);
    }
    k.horizontal(srcAt, midAt + r * midStride, dstW, t.startAt, t.wvAt, t.pairs);
  }
  const out = new Uint8Array(dstW * dstH * 4);
  for (let y = 0; y < dstH; y++) {
    k.vertical(midAt + (v.start[y]! - rowFrom) * midStride, midStride, v.n, t.vwAt + y * v.n * 4, outAt, midStride);
    out.set(mem.subarray(outAt, outAt + rowBytes), y * rowBytes);
  }
  return out;
}
