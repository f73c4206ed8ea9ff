/**
 * Uploaded images, judged by their bytes alone and never decoded here: the type from its magic bytes,
 * the dimensions from the header, a structural walk that catches truncated and corrupt files, and a
 * byte-wise metadata strip that keeps only what an image needs to display (an allow-list per format). See docs/decisions/020-metadata-stripping-byte-wise.md.
 *
 * Everything here is O(size) over the bytes with no pixel buffers, so a 10 MB upload that declares
 * 50,000 × 50,000 pixels costs microseconds instead of 10 GB of RAM in a 128 MB isolate.
 */
import { concatBytes as concat, crc32 } from "../downloads";
import { sniffType, type ImageType } from "../lib";

export class ImageProblem extends Error {
  constructor(
    readonly kind: "type" | "corrupt" | "dimensions",
    message: string,
  ) {
    super(message);
    this.name = "ImageProblem";
  }
}

const corrupt = (why: string) => new ImageProblem("corrupt", `The image could not be read (${why}). Please upload a different photo.`);

export interface InspectedImage {
  type: ImageType;
  width: number;
  height: number;
  /** The same image with its metadata removed (pixels untouched). */
  stripped: Uint8Array;
  /** A JPEG's EXIF orientation (1–8; 0 when it has none, and for PNG and WebP). */
  orientation: number;
}

/**
 * Checks type, structure and declared size, and strips metadata. Throws `ImageProblem`.
 * `maxPixels` is checked against the header before anything else is looked at.
 */
export function inspectImage(bytes: Uint8Array, maxPixels: number): InspectedImage {
  const type = sniffType(bytes);
  if (!type) throw new ImageProblem("type", "not a JPEG, PNG or WebP");
  const result = type === "image/jpeg" ? jpeg(bytes) : { ...(type === "image/png" ? png(bytes) : webp(bytes)), orientation: 0 };
  if (result.width < 1 || result.height < 1) throw corrupt("it declares no pixels");
  if (result.width * result.height > maxPixels) {
    throw new ImageProblem(
      "dimensions",
      `The image is ${result.width}×${result.height} pixels; the limit is ${Math.floor(maxPixels / 1e6)} megapixels. Please upload a smaller photo.`,
    );
  }
  return { type, ...result };
}

// ---------------------------------------------------------------------------------------------- JPEG

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Tables and parameters a decoder needs: DHT, DAC, DQT, DRI (and the frame and scan headers). */
const JPEG_TABLES = new Set([0xc4, 0xcc, 0xdb, 0xdd]);
const ICC_PROFILE = "ICC_PROFILE\0";

/**
 * An allow-list walk (docs/decisions/020): SOI, then only the segments a decoder needs — frame headers,
 * tables, restart interval, scans with their entropy-coded data — and two that change how the pixels
 * look: the ICC colour profile (APP2 "ICC_PROFILE") and Adobe's colour transform (APP14 "Adobe"). It
 * stops at the first EOI: whatever follows (a second picture of an MPO file, a concatenated JPEG, a
 * trailer) is dropped with its own metadata. The EXIF orientation is kept as a minimal EXIF segment
 * holding only that tag, so phone photos stay upright.
 */
function jpeg(b: Uint8Array) {
  const keep: Uint8Array[] = [b.subarray(0, 2)];
  let width = 0;
  let height = 0;
  let orientation = 0;
  let sawScan = false;
  let i = 2;
  for (;;) {
    if (i + 2 > b.length) throw corrupt("it is truncated");
    if (b[i] !== 0xff) throw corrupt("a marker is missing");
    let marker = b[i + 1]!;
    while (marker === 0xff && i + 2 < b.length) {
      i++;
      marker = b[i + 1]!;
    } // fill bytes
    if (marker === 0xd9) {
      if (!sawScan) throw corrupt("it ends before the image data");
      if (orientation > 1) keep.splice(1, 0, exifOrientationSegment(orientation));
      keep.push(b.subarray(i, i + 2));
      return { width, height, orientation, stripped: concat(keep) };
    }
    if (marker === 0xd8) throw corrupt("unexpected marker");
    if (marker >= 0xd0 && marker <= 0xd7) throw corrupt("unexpected restart marker");
    if (i + 4 > b.length) throw corrupt("it is truncated");
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    if (length < 2 || i + 2 + length > b.length) throw corrupt("a header segment is cut short");
    const segment = b.subarray(i, i + 2 + length);
    const body = b.subarray(i + 4, i + 2 + length);
    if (SOF.has(marker)) {
      if (body.length < 6) throw corrupt("the frame header is cut short");
      height = (body[1]! << 8) | body[2]!;
      width = (body[3]! << 8) | body[4]!;
      keep.push(segment);
    } else if (marker === 0xda) {
      if (!width || !height) throw corrupt("no frame header before the image data");
      const dataEnd = endOfEntropyData(b, i + 2 + length);
      keep.push(b.subarray(i, dataEnd));
      sawScan = true;
      i = dataEnd;
      continue;
    } else if (JPEG_TABLES.has(marker)) {
      keep.push(segment);
    } else if (marker === 0xe1) {
      orientation = orientation || readExifOrientation(body);
    } else if (
      (marker === 0xe2 && ascii(body, 0, ICC_PROFILE.length) === ICC_PROFILE) ||
      (marker === 0xee && ascii(body, 0, 5) === "Adobe")
    ) {
      keep.push(segment);
    }
    i += 2 + length;
  }
}

/** Where a scan's entropy-coded data ends: the next marker that is not a stuffed 0xFF00 or a restart. */
function endOfEntropyData(b: Uint8Array, from: number): number {
  for (let j = from; j + 1 < b.length; j++) {
    if (b[j] !== 0xff) continue;
    const next = b[j + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue;
    return j;
  }
  throw corrupt("it is truncated");
}

function readExifOrientation(body: Uint8Array): number {
  if (body.length < 14 || ascii(body, 0, 6) !== "Exif\0\0") return 0;
  const t = body.subarray(6);
  const le = t[0] === 0x49 && t[1] === 0x49;
  const u16 = (o: number) => (o + 2 > t.length ? 0 : le ? t[o]! | (t[o + 1]! << 8) : (t[o]! << 8) | t[o + 1]!);
  const u32 = (o: number) => (o + 4 > t.length ? 0 : le ? (u16(o) | (u16(o + 2) << 16)) >>> 0 : ((u16(o) << 16) | u16(o + 2)) >>> 0);
  const ifd = u32(4);
  const count = u16(ifd);
  for (let n = 0; n < count && n < 512; n++) {
    const entry = ifd + 2 + n * 12;
    if (u16(entry) === 0x0112) {
      const v = u16(entry + 8);
      return v >= 1 && v <= 8 ? v : 0;
    }
  }
  return 0;
}

/** APP1 "Exif" with a big-endian TIFF header and one IFD entry: Orientation. */
function exifOrientationSegment(orientation: number): Uint8Array {
  return new Uint8Array([
    0xff,
    0xe1,
    0x00,
    0x22, // APP1, length 34
    0x45,
    0x78,
    0x69,
    0x66,
    0x00,
    0x00, // "Exif\0\0"
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // "MM", 42, IFD at 8
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00, // Orientation SHORT
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  ]);
}

// ----------------------------------------------------------------------------------------------- PNG

/** Critical chunks and the ones that change how pixels look (transparency, gamma, colour space, profile). */
const PNG_KEEP = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "cICP"]);

/**
 * Walks every chunk (checking each CRC), requires IHDR first and IEND last, keeps only PNG_KEEP
 * (an allow-list: text, EXIF, time, physical size and any private chunk are dropped) and nothing after IEND.
 */
function png(b: Uint8Array) {
  const keep: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  let width = 0;
  let height = 0;
  let sawData = false;
  for (let first = true; ; first = false) {
    if (i + 12 > b.length) throw corrupt("it is truncated");
    const length = u32be(b, i);
    const type = ascii(b, i + 4, 4);
    if (length > b.length || i + 12 + length > b.length) throw corrupt("it is truncated");
    const chunk = b.subarray(i, i + 12 + length);
    if (crc32(b.subarray(i + 4, i + 8 + length)) !== u32be(b, i + 8 + length)) throw corrupt("a chunk is damaged");
    if (first) {
      if (type !== "IHDR" || length < 13) throw corrupt("the header is missing");
      width = u32be(b, i + 8);
      height = u32be(b, i + 12);
    }
    if (type === "IDAT") sawData = true;
    if (PNG_KEEP.has(type)) keep.push(chunk);
    i += 12 + length;
    if (type === "IEND") {
      if (!sawData) throw corrupt("it has no image data");
      return { width, height, stripped: concat(keep) };
    }
  }
}

// ---------------------------------------------------------------------------------------------- WebP

/**
 * RIFF container: the declared size must match, chunks must fit. Only the image chunks (VP8X, VP8,
 * VP8L, ALPH, ANIM, ANMF) and the ICC profile (ICCP) are kept — an allow-list — and the VP8X flags for
 * EXIF and XMP are cleared; nothing after the RIFF's declared end survives.
 */
const WEBP_KEEP = new Set(["VP8X", "VP8 ", "VP8L", "ALPH", "ANIM", "ANMF", "ICCP"]);

function webp(b: Uint8Array) {
  const riffSize = u32le(b, 4);
  if (riffSize + 8 > b.length || riffSize < 4) throw corrupt("it is truncated");
  const end = 8 + riffSize;
  const keep: Uint8Array[] = [];
  let i = 12;
  let width = 0;
  let height = 0;
  let vp8xAt = -1;
  let sawImage = false;
  while (i < end) {
    if (i + 8 > end) throw corrupt("it is truncated");
    const type = ascii(b, i, 4);
    const size = u32le(b, i + 4);
    const padded = size + (size & 1);
    if (i + 8 + size > end) throw corrupt("it is truncated");
    const data = b.subarray(i + 8, i + 8 + size);
    if (type === "VP8X" && size >= 10) {
      width = 1 + (data[4]! | (data[5]! << 8) | (data[6]! << 16));
      height = 1 + (data[7]! | (data[8]! << 8) | (data[9]! << 16));
      vp8xAt = keep.length;
    } else if (type === "VP8 " && !width) {
      if (size < 10 || data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) throw corrupt("the frame header is damaged");
      width = (data[6]! | (data[7]! << 8)) & 0x3fff;
      height = (data[8]! | (data[9]! << 8)) & 0x3fff;
    } else if (type === "VP8L" && !width) {
      if (size < 5 || data[0] !== 0x2f) throw corrupt("the frame header is damaged");
      const bits = data[1]! | (data[2]! << 8) | (data[3]! << 16) | (data[4]! << 24);
      width = 1 + (bits & 0x3fff);
      height = 1 + ((bits >>> 14) & 0x3fff);
    }
    if (type === "VP8 " || type === "VP8L" || type === "ANMF") sawImage = true;
    if (WEBP_KEEP.has(type)) keep.push(b.subarray(i, Math.min(i + 8 + padded, end)));
    i += 8 + padded;
  }
  if (!sawImage) throw corrupt("it has no image data");
  if (vp8xAt >= 0) {
    const vp8x = keep[vp8xAt]!.slice();
    vp8x[8] = vp8x[8]! & ~0x0c; // clear the EXIF (0x08) and XMP (0x04) flags
    keep[vp8xAt] = vp8x;
  }
  const body = concat(keep);
  const out = new Uint8Array(12 + body.length);
  out.set(b.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + body.length, true);
  out.set(body, 12);
  return { width, height, stripped: out };
}

// --------------------------------------------------------------------------------------------- bytes

function ascii(b: Uint8Array, at: number, n: number): string {
  let s = "";
  for (let k = 0; k < n && at + k < b.length; k++) s += String.fromCharCode(b[at + k]!);
  return s;
}
const u32be = (b: Uint8Array, o: number) => ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
const u32le = (b: Uint8Array, o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
