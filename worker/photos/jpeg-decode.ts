/**
 * A baseline JPEG decoder that decodes at 1/1, 1/2, 1/4 or 1/8 of the size, one MCU row at a time
 * (issue 34, docs/decisions/170-phone-photos.md). A phone's 4032×3024 photo decoded whole is 36 MB of
 * RGB; photon's decoder grew its WASM memory to 146 MB for it (245 MB with its resize), beyond a
 * Worker's 128 MB. Here each 8×8 block is inverse-transformed and averaged down to (8/shrink)² pixels
 * as soon as it is read, so memory is the reduced picture (2016×1512×3 = 9 MB for that photo) plus one
 * MCU row of each component. The same idea as libjpeg's scaled decoding (`scale_denom`).
 *
 * Baseline and extended sequential Huffman JPEG (SOF0/SOF1), 8-bit, 1 or 3 components (YCbCr, or RGB
 * when an Adobe segment says so), any sampling factors, restart intervals: what cameras and phones
 * write. Progressive, arithmetic-coded, 12-bit, lossless and CMYK files give null (the caller decides).
 * Chroma is upsampled by repeating samples; the result is packed RGBA (./raster.ts), turned upright for
 * the EXIF orientation given as it is written: one buffer for the whole job, where RGB rows, a packed copy
 * and a turned copy were three (issue 34: 33 MB instead of 9 + 12 + 12 for a phone photo at 1/2).
 */
import type { Raster } from "../downloads";

class JpegError extends Error {}
const fail = (why: string): never => {
  throw new JpegError(why);
};

const ZIGZAG = new Uint8Array([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57,
  50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

/**
 * The inverse DCT and the box average to (8/shrink)² pixels in one linear map, per axis:
 * M[u · bs + x'] = (1/shrink) Σ_d C(u)/2 · cos((2x + 1)uπ/16) over the shrink pixels x = x'·shrink + d.
 * Averaging is linear, so transforming with M equals transforming whole and then averaging, at a
 * fraction of the multiplications (at 1/2: 384 instead of 1,088 per block).
 */
const SCALED_IDCT = new Map<number, Float32Array>();
function scaledIdct(shrink: number): Float32Array {
  let m = SCALED_IDCT.get(shrink);
  if (!m) {
    const bs = 8 / shrink;
    m = new Float32Array(8 * bs);
    for (let u = 0; u < 8; u++) {
      for (let x = 0; x < bs; x++) {
        let sum = 0;
        for (let d = 0; d < shrink; d++)
          sum += ((u === 0 ? Math.SQRT1_2 : 1) * Math.cos(((2 * (x * shrink + d) + 1) * u * Math.PI) / 16)) / 2;
        m[u * bs + x] = sum / shrink;
      }
    }
    SCALED_IDCT.set(shrink, m);
  }
  return m;
}

/** Huffman codes up to this many bits are decoded by one table look-up (the rest bit by bit). */
const LOOKAHEAD = 9;

interface Huffman {
  /** For each LOOKAHEAD-bit prefix: (code length << 8) | value, or 0 when the code is longer. */
  fast: Uint16Array;
  /** For each code length 1–16: the largest code (−1 when none), and where its values start. */
  maxCode: Int32Array;
  valPtr: Int32Array;
  minCode: Int32Array;
  values: Uint8Array;
}

function buildHuffman(counts: Uint8Array, values: Uint8Array): Huffman {
  const maxCode = new Int32Array(18).fill(-1);
  const valPtr = new Int32Array(17);
  const minCode = new Int32Array(17);
  let code = 0;
  let k = 0;
  for (let l = 1; l <= 16; l++) {
    const n = counts[l - 1]!;
    if (n) {
      valPtr[l] = k;
      minCode[l] = code;
      code += n;
      k += n;
      maxCode[l] = code - 1;
    }
    code <<= 1;
  }
  maxCode[17] = 0x7fffffff;
  const fast = new Uint16Array(1 << LOOKAHEAD);
  for (let l = 1, k = 0, c = 0; l <= LOOKAHEAD; l++, c <<= 1) {
    for (let n = 0; n < counts[l - 1]!; n++, k++, c++) {
      const shift = LOOKAHEAD - l;
      for (let fill = 0; fill < 1 << shift; fill++) fast[(c << shift) | fill] = (l << 8) | values[k]!;
    }
  }
  return { fast, maxCode, valPtr, minCode, values };
}

interface Component {
  id: number;
  h: number;
  v: number;
  q: number;
  dc: number;
  ac: number;
  pred: number;
  /** One MCU row of this component at the reduced size. */
  plane: Uint8Array;
  planeWidth: number;
}

export interface ScaledJpeg extends Raster {
  /** The reduction applied (1, 2, 4 or 8). */
  shrink: number;
}

/** The smallest power-of-two reduction (1–8) that brings the longer side to at most `maxDecodedSide`. */
export function shrinkFor(width: number, height: number, maxDecodedSide: number): number {
  const side = Math.max(width, height);
  for (const s of [1, 2, 4]) if (Math.ceil(side / s) <= maxDecodedSide) return s;
  return 8;
}

/**
 * Decodes `bytes` reduced so that its longer side is at most `maxDecodedSide` where a power of two
 * allows it (see shrinkFor), upright for `orientation` (EXIF 1–8; 0 or 1: as stored). Null when the file
 * is not a JPEG this decoder reads; throws on a damaged one.
 */
export function decodeJpegScaled(bytes: Uint8Array, maxDecodedSide: number, orientation = 1): ScaledJpeg | null {
  try {
    return decode(bytes, maxDecodedSide, orientation);
  } catch (err) {
    if (err instanceof JpegError) throw new Error(`JPEG decode failed: ${err.message}`, { cause: err });
    throw err;
  }
}

function decode(b: Uint8Array, maxDecodedSide: number, orientation: number): ScaledJpeg | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  const quant: Int32Array[] = [];
  const dcTables: Huffman[] = [];
  const acTables: Huffman[] = [];
  let components: Component[] = [];
  let width = 0;
  let height = 0;
  let restartInterval = 0;
  let adobeTransform = -1;
  let i = 2;
  for (;;) {
    if (i + 4 > b.length) fail("truncated");
    if (b[i] !== 0xff) fail("marker expected");
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd9) fail("no image data");
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    const body = b.subarray(i + 4, i + 2 + length);
    if (body.length !== length - 2) fail("truncated segment");
    if (marker === 0xdb) {
      for (let o = 0; o < body.length;) {
        const precision = body[o]! >> 4;
        const id = body[o]! & 15;
        const table = new Int32Array(64);
        for (let k = 0; k < 64; k++) table[k] = precision ? (body[o + 1 + 2 * k]! << 8) | body[o + 2 + 2 * k]! : body[o + 1 + k]!;
        quant[id] = table;
        o += 1 + 64 * (precision ? 2 : 1);
      }
    } else if (marker === 0xc4) {
      for (let o = 0; o < body.length;) {
        const cls = body[o]! >> 4;
        const id = body[o]! & 15;
        const counts = body.subarray(o + 1, o + 17);
        const n = counts.reduce((s, c) => s + c, 0);
        const table = buildHuffman(counts, body.slice(o + 17, o + 17 + n));
        (cls ? acTables : dcTables)[id] = table;
        o += 17 + n;
      }
    } else if (marker === 0xdd) {
      restartInterval = (body[0]! << 8) | body[1]!;
    } else if (marker === 0xee && body.length >= 12 && String.fromCharCode(...body.subarray(0, 5)) === "Adobe") {
      adobeTransform = body[11]!;
    } else if (marker === 0xc0 || marker === 0xc1) {
      if (body[0] !== 8) return null; // 12-bit
      height = (body[1]! << 8) | body[2]!;
      width = (body[3]! << 8) | body[4]!;
      const n = body[5]!;
      if (n !== 1 && n !== 3) return null; // CMYK and others
      components = [];
      for (let c = 0; c < n; c++) {
        const o = 6 + c * 3;
        const h = body[o + 1]! >> 4;
        const v = body[o + 1]! & 15;
        if (h < 1 || h > 4 || v < 1 || v > 4) fail("bad sampling factors");
        components.push({ id: body[o]!, h, v, q: body[o + 2]!, dc: 0, ac: 0, pred: 0, plane: new Uint8Array(0), planeWidth: 0 });
      }
    } else if (marker >= 0xc2 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return null; // progressive, lossless, arithmetic
    } else if (marker === 0xda) {
      if (!width || !height || components.length === 0) fail("no frame header");
      const n = body[0]!;
      if (n !== components.length) return null; // a scan per component (rare in sequential files)
      for (let c = 0; c < n; c++) {
        const comp = components.find((x) => x.id === body[1 + c * 2]);
        if (!comp) fail("unknown component");
        comp!.dc = body[2 + c * 2]! >> 4;
        comp!.ac = body[2 + c * 2]! & 15;
      }
      const ordered = Array.from({ length: n }, (_, c) => components.find((x) => x.id === body[1 + c * 2])!);
      const rgb = ordered.length === 3 && adobeTransform === 0;
      return scan(b, i + 2 + length, {
        width,
        height,
        components: ordered,
        quant,
        dcTables,
        acTables,
        restartInterval,
        rgb,
        maxDecodedSide,
        orientation,
      });
    }
    i += 2 + length;
  }
}

interface Frame {
  width: number;
  height: number;
  components: Component[];
  quant: Int32Array[];
  dcTables: Huffman[];
  acTables: Huffman[];
  restartInterval: number;
  rgb: boolean;
  maxDecodedSide: number;
  /** EXIF orientation the output is turned upright for. */
  orientation: number;
}

function scan(b: Uint8Array, start: number, f: Frame): ScaledJpeg {
  const { width, height, components } = f;
  const shrink = shrinkFor(width, height, f.maxDecodedSide);
  const bs = 8 / shrink; // pixels per block side after the reduction
  const hMax = Math.max(...components.map((c) => c.h));
  const vMax = Math.max(...components.map((c) => c.v));
  const single = components.length === 1;
  // A single-component scan is not interleaved: its MCU is one block, over the component's own size.
  const mcuW = single ? 8 : 8 * hMax;
  const mcuH = single ? 8 : 8 * vMax;
  const mcusX = Math.ceil(width / mcuW);
  const mcusY = Math.ceil(height / mcuH);
  if (single) components[0]!.h = components[0]!.v = 1;
  const hM = single ? 1 : hMax;
  const vM = single ? 1 : vMax;
  for (const c of components) {
    c.planeWidth = mcusX * c.h * bs;
    c.plane = new Uint8Array(c.planeWidth * c.v * bs);
    c.pred = 0;
    if (!f.quant[c.q] || !f.dcTables[c.dc] || !f.acTables[c.ac]) fail("missing table");
  }
  const outW = Math.ceil(width / shrink);
  const outH = Math.ceil(height / shrink);
  const put = uprightPlacer(outW, outH, f.orientation);
  const out = new Uint32Array(outW * outH); // packed RGBA, one store per pixel (little-endian: R is the low byte)

  // bit reader over the entropy-coded data (0xFF00 is a data 0xFF; any other marker ends the segment and
  // zeros are read from there): up to 24 bits kept in `bitBuf`, `bitCount` of them unread. 24, not 32: a value
  // past 2^30 is a heap number in V8, and one per refill was megabytes of garbage per photo (issue 34's peak).
  let pos = start;
  let bitBuf = 0;
  let bitCount = 0;
  const fill = () => {
    while (bitCount <= 16) {
      let byte = 0;
      if (pos < b.length) {
        byte = b[pos]!;
        if (byte !== 0xff) pos++;
        else if (b[pos + 1] === 0) pos += 2;
        else byte = 0; // a marker: never step over it
      } else if (bitCount === 0) fail("truncated");
      bitBuf = ((bitBuf << 8) | byte) & 0xffffff;
      bitCount += 8;
    }
  };
  const receive = (n: number): number => {
    if (n === 0) return 0;
    if (bitCount < n) fill();
    bitCount -= n;
    return (bitBuf >>> bitCount) & ((1 << n) - 1);
  };
  const extend = (v: number, n: number) => (n === 0 ? 0 : v < 1 << (n - 1) ? v - (1 << n) + 1 : v);
  const decodeHuffman = (t: Huffman): number => {
    if (bitCount < 16) fill();
    const hit = t.fast[(bitBuf >>> (bitCount - LOOKAHEAD)) & ((1 << LOOKAHEAD) - 1)]!;
    if (hit) {
      bitCount -= hit >> 8;
      return hit & 0xff;
    }
    let code = receive(1);
    let l = 1;
    while (code > t.maxCode[l]!) {
      code = (code << 1) | receive(1);
      if (++l > 16) fail("bad Huffman code");
    }
    return t.values[t.valPtr[l]! + code - t.minCode[l]!]!;
  };
  const idct = scaledIdct(shrink);

  const coef = new Float32Array(64);
  const tmp = new Float32Array(64);

  /** Decodes one block of `c` and writes its reduced pixels at (px, py) of the component's plane. */
  const block = (c: Component, px: number, py: number) => {
    const q = f.quant[c.q]!;
    coef.fill(0);
    const t = decodeHuffman(f.dcTables[c.dc]!);
    c.pred += t === 0 ? 0 : extend(receive(t), t);
    coef[0] = c.pred * q[0]!;
    const ac = f.acTables[c.ac]!;
    let rowsUsed = 1; // bit r: row r has a coefficient
    for (let k = 1; k < 64;) {
      const rs = decodeHuffman(ac);
      const s = rs & 15;
      const r = rs >> 4;
      if (s === 0) {
        if (r !== 15) break; // end of block
        k += 16;
        continue;
      }
      k += r;
      if (k > 63) fail("coefficient index out of range");
      const z = ZIGZAG[k]!;
      coef[z] = extend(receive(s), s) * q[k]!;
      rowsUsed |= 1 << (z >> 3);
      k++;
    }
    const plane = c.plane;
    const stride = c.planeWidth;
    if (shrink === 8) {
      plane[py * stride + px] = clamp(coef[0]! / 8 + 128);
      return;
    }
    // rows: tmp[v][x] = Σu M[u][x]·coef[v][u]; columns: pixel[y][x] = Σv M[v][y]·tmp[v][x] (./scaledIdct)
    for (let v = 0; v < 8; v++) {
      if (!(rowsUsed & (1 << v))) continue;
      for (let x = 0; x < bs; x++) {
        let sum = 0;
        for (let u = 0; u < 8; u++) sum += idct[u * bs + x]! * coef[v * 8 + u]!;
        tmp[v * 8 + x] = sum;
      }
    }
    for (let y = 0; y < bs; y++) {
      for (let x = 0; x < bs; x++) {
        let sum = 128;
        for (let v = 0; v < 8; v++) if (rowsUsed & (1 << v)) sum += idct[v * bs + y]! * tmp[v * 8 + x]!;
        plane[(py + y) * stride + px + x] = clamp(sum);
      }
    }
  };

  let mcusToRestart = f.restartInterval;
  const rowsPerMcu = mcuH / shrink;
  for (let my = 0; my < mcusY; my++) {
    for (let mx = 0; mx < mcusX; mx++) {
      if (f.restartInterval) {
        if (mcusToRestart === 0) {
          // byte-align, step over the RSTn marker, start the predictions again
          bitCount = 0;
          bitBuf = 0;
          while (pos + 1 < b.length && !(b[pos] === 0xff && b[pos + 1]! >= 0xd0 && b[pos + 1]! <= 0xd7)) pos++;
          pos += 2;
          for (const c of components) c.pred = 0;
          mcusToRestart = f.restartInterval;
        }
        mcusToRestart--;
      }
      for (const c of components) {
        for (let by = 0; by < c.v; by++) for (let bx = 0; bx < c.h; bx++) block(c, (mx * c.h + bx) * bs, by * bs);
      }
    }
    // this MCU row's output rows: each component's sample repeated over the pixels it covers
    const y0 = my * rowsPerMcu;
    writeRows(out, put, outW, components, y0, Math.min(rowsPerMcu, outH - y0), hM, vM, f.rgb);
  }
  const data = new Uint8Array(out.buffer);
  return { data, width: put.width, height: put.height, channels: 4, offset: 0, stride: put.width * 4, shrink };
}

/**
 * Where the stored pixel (x, y) of a w×h picture goes in the upright one, for an EXIF orientation (TIFF 6.0 /
 * Exif 2.32 §4.6.4 "Orientation"), as `index(x, y)` = y · width + x there; orientations 5–8 swap the sides.
 */
export function uprightPlacer(w: number, h: number, orientation: number) {
  const sideways = orientation >= 5 && orientation <= 8;
  const width = sideways ? h : w;
  const index = (x: number, y: number): number => {
    switch (orientation) {
      case 2: return y * width + (w - 1 - x); // prettier-ignore
      case 3: return (h - 1 - y) * width + (w - 1 - x); // prettier-ignore
      case 4: return (h - 1 - y) * width + x; // prettier-ignore
      case 5: return x * width + y; // prettier-ignore
      case 6: return x * width + (h - 1 - y); // prettier-ignore
      case 7: return (w - 1 - x) * width + (h - 1 - y); // prettier-ignore
      case 8: return (w - 1 - x) * width + y; // prettier-ignore
      default: return y * width + x; // prettier-ignore
    }
  };
  return { width, height: sideways ? w : h, index };
}

/** One RGBA pixel as a Uint32Array stores it (a negative int32 wraps to the same bits; no heap number). */
const rgba = (r: number, g: number, b: number) => r | (g << 8) | (b << 16) | 0xff000000;

/** Output rows y0… of one MCU row, from each component's plane (chroma repeated), as RGBA where they go upright. */
function writeRows(
  out: Uint32Array,
  put: ReturnType<typeof uprightPlacer>,
  outW: number,
  components: Component[],
  y0: number,
  rows: number,
  hM: number,
  vM: number,
  rgb: boolean,
) {
  for (let y = 0; y < rows; y++) {
    if (components.length === 1) {
      const c = components[0]!;
      const row = y * c.planeWidth;
      for (let x = 0; x < outW; x++) {
        const v = c.plane[row + x]!;
        out[put.index(x, y0 + y)] = rgba(v, v, v);
      }
      continue;
    }
    const [c0, c1, c2] = components as [Component, Component, Component];
    const r0 = Math.floor((y * c0.v) / vM) * c0.planeWidth;
    const r1 = Math.floor((y * c1.v) / vM) * c1.planeWidth;
    const r2 = Math.floor((y * c2.v) / vM) * c2.planeWidth;
    for (let x = 0; x < outW; x++) {
      const a = c0.plane[r0 + Math.floor((x * c0.h) / hM)]!;
      const cb = c1.plane[r1 + Math.floor((x * c1.h) / hM)]!;
      const cr = c2.plane[r2 + Math.floor((x * c2.h) / hM)]!;
      out[put.index(x, y0 + y)] = rgb
        ? rgba(a, cb, cr)
        : rgba(clamp(a + 1.402 * (cr - 128)), clamp(a - 0.344136 * (cb - 128) - 0.714136 * (cr - 128)), clamp(a + 1.772 * (cb - 128)));
    }
  }
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
}
