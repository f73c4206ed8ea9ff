/**
 * A small baseline TIFF writer (little-endian, one IFD, chunky RGB or RGBA 8-bit, Adobe Deflate with
 * the horizontal-difference predictor, XResolution/YResolution/ResolutionUnit = inch, the AI marking as
 * XMP in tag 700), plus the same IFD
 * writer reused for the EXIF block WebP carries its DPI in. No dependency: the runtime's native zlib
 * (./zlib.ts) produces the zlib stream TIFF compression 8 expects, in Workers and in Node alike.
 */
import { withRoom } from "./bytes";
import { isOpaque } from "./png-encode";
import { toRgba, type Raster } from "./raster";
import { align16, simd } from "./simd/kernel";
import { PROBE_AT, PROBE_BYTES, deflateWith, strategyFor } from "./zlib";
import { XMP_BYTES } from "../marking";

const enum T {
  BYTE = 1,
  ASCII = 2,
  SHORT = 3,
  LONG = 4,
  RATIONAL = 5,
}
const TYPE_SIZE: Record<T, number> = { [T.BYTE]: 1, [T.ASCII]: 1, [T.SHORT]: 2, [T.LONG]: 4, [T.RATIONAL]: 8 };

interface Entry {
  tag: number;
  type: T;
  /** Numbers (a RATIONAL takes two: numerator, denominator), a string for ASCII, bytes for BYTE. */
  values: number[] | string | Uint8Array;
}

const count = (e: Entry) =>
  typeof e.values === "string" ? e.values.length + 1 : e.type === T.RATIONAL ? e.values.length / 2 : e.values.length;
/** Entries whose bytes are written as they are (the XMP packet). */
const isBytes = (v: Entry["values"]): v is Uint8Array => v instanceof Uint8Array;
const byteSize = (e: Entry) => count(e) * TYPE_SIZE[e.type];

/** Bytes an IFD and its out-of-line values take. */
function ifdLength(entries: Entry[]): number {
  let n = 2 + entries.length * 12 + 4;
  for (const e of entries) if (byteSize(e) > 4) n += (byteSize(e) + 1) & ~1;
  return n;
}

/** Writes the IFD at `at` in `out` (whose position 0 is the TIFF header); out-of-line values follow it. */
function writeIfd(out: DataView, at: number, entries: Entry[]): void {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  out.setUint16(at, sorted.length, true);
  let extra = at + 2 + sorted.length * 12 + 4;
  sorted.forEach((e, i) => {
    const p = at + 2 + i * 12;
    out.setUint16(p, e.tag, true);
    out.setUint16(p + 2, e.type, true);
    out.setUint32(p + 4, count(e), true);
    const size = byteSize(e);
    let v = p + 8;
    if (size > 4) {
      out.setUint32(p + 8, extra, true);
      v = extra;
      extra += (size + 1) & ~1;
    }
    if (isBytes(e.values)) {
      new Uint8Array(out.buffer, out.byteOffset).set(e.values, v);
    } else if (typeof e.values === "string") {
      for (let k = 0; k < e.values.length; k++) out.setUint8(v + k, e.values.charCodeAt(k) & 0x7f);
      out.setUint8(v + e.values.length, 0);
    } else {
      for (let k = 0; k < e.values.length; k++) {
        if (e.type === T.SHORT) out.setUint16(v + k * 2, e.values[k]!, true);
        else out.setUint32(v + k * 4, e.values[k]!, true); // LONG, and RATIONAL as two LONGs
      }
    }
  });
  out.setUint32(at + 2 + sorted.length * 12, 0, true); // no next IFD
}

function header(view: DataView): void {
  view.setUint16(0, 0x4949, true); // "II"
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true); // first IFD right after the header
}

const resolutionEntries = (dpi: number): Entry[] => [
  { tag: 282, type: T.RATIONAL, values: [dpi, 1] }, // XResolution
  { tag: 283, type: T.RATIONAL, values: [dpi, 1] }, // YResolution
  { tag: 296, type: T.SHORT, values: [2] }, // ResolutionUnit: inch
];

/**
 * The EXIF block for a WebP (or any container): a TIFF header and IFD0 with the resolution tags.
 * Written without the "Exif\0\0" prefix, as the WebP container specification shows it.
 */
export function exifResolution(dpi: number): Uint8Array {
  const entries = resolutionEntries(dpi);
  const out = new Uint8Array(8 + ifdLength(entries));
  const view = new DataView(out.buffer);
  header(view);
  writeIfd(view, 8, entries);
  return out;
}

/** Target size of one uncompressed strip (libtiff suggests small strips; readers stream them). */
const STRIP_BYTES = 256 * 1024;

/**
 * Encodes pixels as a TIFF: packed RGBA, or the rows of a decoded picture as they are (./raster.ts: RGB or
 * RGBA behind PNG filter bytes). Opaque images are written as RGB (3 samples), images with any
 * transparency as RGBA with ExtraSamples = unassociated alpha; `opaque` when the caller knows (else the
 * alpha is read). `dpi` undefined writes 72 (screen), since baseline TIFF requires the resolution tags.
 * The horizontal predictor runs in WASM SIMD (simd/simd.wat `subFilter`) a row at a time, straight into the
 * strip that is then compressed, every strip the same way (./zlib.ts `strategyFor`, decision 420).
 */
export async function encodeTiff(px: Raster, dpi?: number, opaque?: boolean): Promise<Uint8Array> {
  const { data, width, height, channels } = px;
  const spp = channels === 3 || (opaque ?? isOpaque(toRgba(px))) ? 3 : 4;
  const rowBytes = width * spp;
  const rowsPerStrip = Math.max(1, Math.min(height, Math.floor(STRIP_BYTES / rowBytes)));
  const stripCount = Math.ceil(height / rowsPerStrip);

  // WASM memory: one source row with 4 zero bytes before it (the first pixel's "left") and 16 after, the
  // predicted row (+16).
  const rowIn = width * channels;
  const curAt = 16,
    dstAt = align16(curAt + rowIn + 16);
  const k = simd(dstAt + align16(rowBytes) + 16);
  const mem = new Uint8Array(k.memory.buffer);
  mem.fill(0, 0, curAt);
  /** Strip `s`'s rows, predicted. */
  const predicted = (s: number) => {
    const y0 = s * rowsPerStrip;
    const rows = Math.min(rowsPerStrip, height - y0);
    const buf = new Uint8Array(rows * rowBytes);
    for (let r = 0; r < rows; r++) {
      const from = px.offset + (y0 + r) * px.stride;
      mem.set(data.subarray(from, from + rowIn), curAt);
      k.subFilter(curAt, dstAt, width, channels, spp);
      buf.set(mem.subarray(dstAt, dstAt + rowBytes), r * rowBytes);
    }
    return buf;
  };
  // One zlib strategy for every strip, chosen as a PNG's is (./zlib.ts): on bands of the predicted rows at a quarter, half
  // and three quarters of the height (those strips predicted twice: the prediction is cheap next to the compression).
  const band = (at: number) => {
    const y = Math.floor(at * height),
      s = Math.floor(y / rowsPerStrip);
    const from = (y - s * rowsPerStrip) * rowBytes;
    return predicted(s).subarray(from, from + PROBE_BYTES);
  };
  const strategy = height * rowBytes < 4 * PROBE_BYTES ? undefined : strategyFor(PROBE_AT.map(band));
  const compressed: Uint8Array[] = [];
  for (let s = 0; s < stripCount; s++) compressed.push(deflateWith(predicted(s), strategy));

  const entries: Entry[] = [
    { tag: 256, type: T.LONG, values: [width] },
    { tag: 257, type: T.LONG, values: [height] },
    { tag: 258, type: T.SHORT, values: new Array(spp).fill(8) }, // BitsPerSample
    { tag: 259, type: T.SHORT, values: [8] }, // Compression: Adobe Deflate
    { tag: 262, type: T.SHORT, values: [2] }, // PhotometricInterpretation: RGB
    { tag: 273, type: T.LONG, values: new Array(stripCount).fill(0) }, // StripOffsets, filled below
    { tag: 277, type: T.SHORT, values: [spp] }, // SamplesPerPixel
    { tag: 278, type: T.LONG, values: [rowsPerStrip] },
    { tag: 279, type: T.LONG, values: compressed.map((c) => c.length) }, // StripByteCounts
    { tag: 284, type: T.SHORT, values: [1] }, // PlanarConfiguration: chunky
    { tag: 305, type: T.ASCII, values: "Headshot Studio" }, // Software
    { tag: 317, type: T.SHORT, values: [2] }, // Predictor: horizontal differencing
    { tag: 700, type: T.BYTE, values: XMP_BYTES }, // XMP: the AI marking (decision 110)
    ...resolutionEntries(dpi ?? 72),
  ];
  if (spp === 4) entries.push({ tag: 338, type: T.SHORT, values: [2] }); // ExtraSamples: unassociated alpha

  const dataStart = 8 + ifdLength(entries);
  let offset = dataStart;
  const offsets = compressed.map((c) => {
    const o = offset;
    offset += c.length;
    return o;
  });
  entries.find((e) => e.tag === 273)!.values = offsets;

  const out = withRoom(offset); // room for the Content Credentials after it (./bytes.ts)
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  header(view);
  writeIfd(view, 8, entries);
  compressed.forEach((c, i) => out.set(c, offsets[i]!));
  return out;
}
