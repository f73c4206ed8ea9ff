/**
 * One separable resize of a rectangle of an RGBA image, in plain JS with integer weights (what libvips
 * does for 8-bit images): per output column/row, a run of taps with weights in 1/16384 that sum to
 * exactly 16384, so a flat area stays flat. Horizontal pass over only the rows the vertical pass needs,
 * into an 8-bit intermediate, then the vertical pass. No float images, no WASM memory: the peak is the
 * source, one intermediate (out width × source height) and the output.
 *
 * Kernel: Catmull-Rom (a = -0.5 cubic), widened by the scale when shrinking so every source pixel
 * contributes (antialiasing). It is what libvips calls "cubic" and what sharp was given in
 * bench/downloads.ts, so the comparison is like for like; see docs/decisions/033-download-encoders.md
 * for why not Triangle (half the taps, a softer blur kernel) or Lanczos3 (50 % more taps).
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

interface Taps {
  /** First source index for each output index. */
  start: Int32Array;
  /** Number of taps for each output index (all the same: `n`). */
  n: number;
  /** Weights, `n` per output index, in 1/16384. */
  weights: Int32Array;
}

/** Taps mapping `srcLen` source samples starting at `srcOffset` onto `dstLen` outputs. */
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

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/**
 * Resizes the rectangle (x1, y1)–(x2, y2) of `src` (RGBA, `srcW` wide) to `dstW` × `dstH` RGBA.
 * `opaque` skips the alpha arithmetic (alpha is written as 255).
 */
export function resizeRgba(
  src: Uint8Array,
  srcW: number,
  rect: { x1: number; y1: number; x2: number; y2: number },
  dstW: number,
  dstH: number,
  opaque: boolean,
): Uint8Array {
  const srcH = src.length / 4 / srcW;
  const cw = rect.x2 - rect.x1, ch = rect.y2 - rect.y1;
  const h = taps(rect.x1, cw, dstW, srcW);
  const v = taps(rect.y1, ch, dstH, srcH);

  // Source rows the vertical pass reads.
  const rowFrom = v.start[0]!;
  const rowTo = v.start[dstH - 1]! + v.n; // exclusive
  const rows = rowTo - rowFrom;

  // Horizontal: rows × dstW RGBA, 8-bit.
  const mid = new Uint8Array(rows * dstW * 4);
  const hn = h.n, hw = h.weights, hs = h.start;
  for (let r = 0; r < rows; r++) {
    const srow = (rowFrom + r) * srcW * 4;
    let o = r * dstW * 4;
    for (let x = 0; x < dstW; x++, o += 4) {
      let p = srow + hs[x]! * 4;
      let k = x * hn;
      let cr = HALF, cg = HALF, cb = HALF, ca = HALF;
      if (opaque) {
        for (let t = 0; t < hn; t++, p += 4, k++) {
          const wt = hw[k]!;
          cr += src[p]! * wt; cg += src[p + 1]! * wt; cb += src[p + 2]! * wt;
        }
        mid[o + 3] = 255;
      } else {
        for (let t = 0; t < hn; t++, p += 4, k++) {
          const wt = hw[k]!;
          cr += src[p]! * wt; cg += src[p + 1]! * wt; cb += src[p + 2]! * wt; ca += src[p + 3]! * wt;
        }
        mid[o + 3] = clamp8(ca >> 14);
      }
      mid[o] = clamp8(cr >> 14); mid[o + 1] = clamp8(cg >> 14); mid[o + 2] = clamp8(cb >> 14);
    }
  }

  // Vertical: dstH × dstW RGBA; one output sample at a time, its taps summed in a register.
  const out = new Uint8Array(dstW * dstH * 4);
  const vn = v.n, vw = v.weights, vs = v.start;
  const stride = dstW * 4;
  const step = opaque ? 4 : 1;
  for (let y = 0; y < dstH; y++) {
    const base = (vs[y]! - rowFrom) * stride;
    const o = y * stride;
    const k = y * vn;
    if (vn === 4) {
      const w0 = vw[k]!, w1 = vw[k + 1]!, w2 = vw[k + 2]!, w3 = vw[k + 3]!;
      const m0 = base, m1 = m0 + stride, m2 = m1 + stride, m3 = m2 + stride;
      for (let i = 0; i < stride; i += step) {
        for (let c = 0; c < (opaque ? 3 : 1); c++) {
          const j = i + c;
          out[o + j] = clamp8((HALF + mid[m0 + j]! * w0 + mid[m1 + j]! * w1 + mid[m2 + j]! * w2 + mid[m3 + j]! * w3) >> 14);
        }
      }
    } else {
      for (let i = 0; i < stride; i += step) {
        for (let c = 0; c < (opaque ? 3 : 1); c++) {
          const j = i + c;
          let acc = HALF;
          for (let t = 0, m = base + j; t < vn; t++, m += stride) acc += mid[m]! * vw[k + t]!;
          out[o + j] = clamp8(acc >> 14);
        }
      }
    }
    if (opaque) for (let i = 3; i < stride; i += 4) out[o + i] = 255;
  }
  return out;
}
