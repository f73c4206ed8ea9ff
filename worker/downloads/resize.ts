/**
 * One resize of a rectangle of an RGBA image, in plain JS with integer arithmetic, done the way libvips'
 * `vips_resize` does it for 8-bit images:
 *
 * 1. **Box pre-shrink** by an integer factor k = floor(ratio / 2) per axis when the ratio is 4 or more
 *    (libvips leaves at least the last ×2 to the kernel): each k × k block averaged into one pixel, every
 *    source pixel read once. The last block of a row or column averages the pixels it has.
 * 2. **Reduce** the rest (a ratio of 2–4, or any smaller one, or an enlargement) with a separable Catmull-Rom, widened
 *    by the remaining ratio when shrinking, with 14-bit fixed-point weights that sum exactly to 16384
 *    (a flat area stays flat): a horizontal pass over only the rows the vertical pass needs into an 8-bit
 *    intermediate, then the vertical pass row by row into a 32-bit accumulator row.
 *
 * Quality: the box block is at most half the final pixel pitch, so what it aliases lies above the
 * output's Nyquist frequency and is taken out by the Catmull-Rom that follows (still at least 2×
 * widened); the result is libvips' own (bench/downloads.ts, and resize.test.ts holds it near sharp's
 * output with a PSNR floor). Catmull-Rom is libvips' "cubic", what sharp is given in the benchmark.
 * docs/decisions/033-download-encoders.md says why not Triangle or Lanczos3.
 *
 * No float images, no WASM memory: the peak is the source, the box-shrunk copy (a quarter of the
 * source or less), one intermediate (out width × rows) and the output.
 */

const ONE = 1 << 14;
const HALF = 1 << 13;

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
function taps(srcOffset: number, srcLen: number, dstLen: number, srcLimit: number): Taps {
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
    let total = 0, peak = 0;
    for (let k = 0; k < n; k++) {
      const q = Math.round((w[k]! / sum) * ONE);
      weights[i * n + k] = q;
      total += q;
      if (Math.abs(q) > Math.abs(weights[i * n + peak]!)) peak = k;
    }
    weights[i * n + peak] = weights[i * n + peak]! + ONE - total; // exact sum: flat stays flat
  }
  return { start, n, weights };
}

interface Rect { x1: number; y1: number; x2: number; y2: number }

/** Averages each `kx` × `ky` block of the rectangle into one pixel (blocks at the far edges may be partial). */
function boxShrink(src: Uint8Array, srcW: number, rect: Rect, kx: number, ky: number): { px: Uint8Array; width: number; height: number } {
  const cw = rect.x2 - rect.x1, ch = rect.y2 - rect.y1;
  const width = Math.ceil(cw / kx), height = Math.ceil(ch / ky);
  const px = new Uint8Array(width * height * 4);
  const acc = new Uint32Array(width * 4);
  for (let j = 0; j < height; j++) {
    acc.fill(0);
    const y0 = j * ky, y1 = Math.min(ch, y0 + ky);
    for (let y = y0; y < y1; y++) {
      let s = ((rect.y1 + y) * srcW + rect.x1) * 4;
      for (let i = 0, a = 0; i < width; i++, a += 4) {
        const n = Math.min(kx, cw - i * kx);
        let r = 0, g = 0, b = 0, al = 0;
        for (let t = 0; t < n; t++, s += 4) { r += src[s]!; g += src[s + 1]!; b += src[s + 2]!; al += src[s + 3]!; }
        acc[a] = acc[a]! + r; acc[a + 1] = acc[a + 1]! + g; acc[a + 2] = acc[a + 2]! + b; acc[a + 3] = acc[a + 3]! + al;
      }
    }
    const rows = y1 - y0;
    for (let i = 0, a = 0, o = j * width * 4; i < width; i++, a += 4, o += 4) {
      const inv = 1 / (Math.min(kx, cw - i * kx) * rows);
      px[o] = acc[a]! * inv + 0.5; px[o + 1] = acc[a + 1]! * inv + 0.5; px[o + 2] = acc[a + 2]! * inv + 0.5; px[o + 3] = acc[a + 3]! * inv + 0.5;
    }
  }
  return { px, width, height };
}

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/**
 * Resizes the rectangle (x1, y1)–(x2, y2) of `src` (RGBA, `srcW` wide) to `dstW` × `dstH` RGBA.
 * `opaque` skips the alpha arithmetic (alpha is written as 255).
 */
export function resizeRgba(src: Uint8Array, srcW: number, rect: Rect, dstW: number, dstH: number, opaque: boolean): Uint8Array {
  const cw = rect.x2 - rect.x1, ch = rect.y2 - rect.y1;
  const kx = boxFactor(cw / dstW), ky = boxFactor(ch / dstH);
  if (kx === 1 && ky === 1) return reduce(src, srcW, rect, cw, ch, dstW, dstH, opaque);
  const box = boxShrink(src, srcW, rect, kx, ky);
  return reduce(box.px, box.width, { x1: 0, y1: 0, x2: box.width, y2: box.height }, cw / kx, ch / ky, dstW, dstH, opaque);
}

/** The Catmull-Rom pass: `rect` of `src` (spanning `lenX` × `lenY` source pixels) to `dstW` × `dstH`. */
function reduce(src: Uint8Array, srcW: number, rect: Rect, lenX: number, lenY: number, dstW: number, dstH: number, opaque: boolean): Uint8Array {
  const srcH = src.length / 4 / srcW;
  const h = taps(rect.x1, lenX, dstW, srcW);
  const v = taps(rect.y1, lenY, dstH, srcH);

  // Source rows the vertical pass reads.
  const rowFrom = v.start[0]!;
  const rowTo = v.start[dstH - 1]! + v.n; // exclusive
  const rows = rowTo - rowFrom;

  // Horizontal: rows × dstW RGBA, 8-bit; taps four at a time.
  const mid = new Uint8Array(rows * dstW * 4);
  const hn = h.n, hw = h.weights, hs = h.start;
  for (let r = 0; r < rows; r++) {
    const srow = (rowFrom + r) * srcW * 4;
    for (let x = 0, o = r * dstW * 4; x < dstW; x++, o += 4) {
      let p = srow + hs[x]! * 4, k = x * hn;
      const end = k + hn;
      let cr = HALF, cg = HALF, cb = HALF, ca = HALF;
      for (; k + 3 < end; k += 4, p += 16) {
        const w0 = hw[k]!, w1 = hw[k + 1]!, w2 = hw[k + 2]!, w3 = hw[k + 3]!;
        cr += src[p]! * w0 + src[p + 4]! * w1 + src[p + 8]! * w2 + src[p + 12]! * w3;
        cg += src[p + 1]! * w0 + src[p + 5]! * w1 + src[p + 9]! * w2 + src[p + 13]! * w3;
        cb += src[p + 2]! * w0 + src[p + 6]! * w1 + src[p + 10]! * w2 + src[p + 14]! * w3;
        if (!opaque) ca += src[p + 3]! * w0 + src[p + 7]! * w1 + src[p + 11]! * w2 + src[p + 15]! * w3;
      }
      for (; k < end; k++, p += 4) {
        const wt = hw[k]!;
        cr += src[p]! * wt; cg += src[p + 1]! * wt; cb += src[p + 2]! * wt;
        if (!opaque) ca += src[p + 3]! * wt;
      }
      mid[o] = clamp8(cr >> 14); mid[o + 1] = clamp8(cg >> 14); mid[o + 2] = clamp8(cb >> 14);
      mid[o + 3] = opaque ? 255 : clamp8(ca >> 14);
    }
  }

  // Vertical: each output row a weighted sum of `vn` intermediate rows, four rows at a time, the
  // partial sums kept in one 32-bit row (all four channels: an opaque alpha of 255 stays 255 exactly).
  const out = new Uint8Array(dstW * dstH * 4);
  const vn = v.n, vw = v.weights, vs = v.start;
  const stride = dstW * 4;
  const acc = new Int32Array(stride);
  for (let y = 0; y < dstH; y++) {
    const k = y * vn, o = y * stride;
    let m = (vs[y]! - rowFrom) * stride;
    for (let t = 0; t < vn; t += 4, m += 4 * stride) {
      const n = Math.min(4, vn - t);
      const first = t === 0, last = t + n === vn;
      const w0 = vw[k + t]!, w1 = n > 1 ? vw[k + t + 1]! : 0, w2 = n > 2 ? vw[k + t + 2]! : 0, w3 = n > 3 ? vw[k + t + 3]! : 0;
      // Rows past the group's `n` get weight 0; point them at row m so they stay inside `mid`.
      const m1 = n > 1 ? m + stride : m, m2 = n > 2 ? m + 2 * stride : m, m3 = n > 3 ? m + 3 * stride : m;
      if (first && last) for (let j = 0; j < stride; j++) out[o + j] = clamp8((HALF + mid[m + j]! * w0 + mid[m1 + j]! * w1 + mid[m2 + j]! * w2 + mid[m3 + j]! * w3) >> 14);
      else if (first) for (let j = 0; j < stride; j++) acc[j] = HALF + mid[m + j]! * w0 + mid[m1 + j]! * w1 + mid[m2 + j]! * w2 + mid[m3 + j]! * w3;
      else if (last) for (let j = 0; j < stride; j++) out[o + j] = clamp8((acc[j]! + mid[m + j]! * w0 + mid[m1 + j]! * w1 + mid[m2 + j]! * w2 + mid[m3 + j]! * w3) >> 14);
      else for (let j = 0; j < stride; j++) acc[j] = acc[j]! + mid[m + j]! * w0 + mid[m1 + j]! * w1 + mid[m2 + j]! * w2 + mid[m3 + j]! * w3;
    }
  }
  return out;
}
