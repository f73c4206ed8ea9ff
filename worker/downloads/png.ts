/**
 * PNG chunk surgery: the AI marking (XMP) and the physical pixel size (pHYs), without decoding or
 * re-encoding the image.
 * A PNG is the 8-byte signature followed by chunks: length (4, BE) | type (4) | data | CRC-32 (4).
 */
import { concatBytes } from "./bytes";
import { crc32 } from "./crc32";
import { XMP_BYTES } from "../marking";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const INCH_PER_METRE = 1 / 0.0254;

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > 33 && SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Width and height from the IHDR chunk, without decoding. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Pixels per metre for a DPI, as PNG stores it (300 dpi → 11811). */
export const dpiToPixelsPerMetre = (dpi: number) => Math.round(dpi * INCH_PER_METRE);

/** The iTXt chunk carrying our XMP packet (keyword `XML:com.adobe.xmp`, uncompressed, no language), built once. */
export const XMP_CHUNK: Uint8Array = (() => {
  const keyword = new TextEncoder().encode("XML:com.adobe.xmp");
  // keyword, NUL, compression flag 0, method 0, empty language tag + NUL, empty translated keyword + NUL, text
  const length = keyword.length + 5 + XMP_BYTES.length;
  const chunk = new Uint8Array(12 + length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, length);
  chunk.set([0x69, 0x54, 0x58, 0x74], 4); // "iTXt"
  chunk.set(keyword, 8);
  chunk.set(XMP_BYTES, 8 + keyword.length + 5);
  view.setUint32(8 + length, crc32(chunk, 4, 8 + length));
  return chunk;
})();

const XMP_KEYWORD = "XML:com.adobe.xmp\0";
const isXmpChunk = (png: Uint8Array, at: number, length: number) =>
  length >= XMP_KEYWORD.length && XMP_KEYWORD.split("").every((ch, i) => png[at + 8 + i] === ch.charCodeAt(0));

/**
 * Marks a PNG as AI-made without decoding it (docs/decisions/110): our XMP packet right after IHDR,
 * replacing any XMP it had. With `phys`, also exactly one pHYs saying `phys.dpi` (none when undefined);
 * without it, the pHYs chunks stay as they are. Other chunks are copied as they are; one copy in all.
 */
export function markPng(png: Uint8Array, phys?: { dpi: number | undefined }): Uint8Array {
  if (!isPng(png)) throw new Error("not a PNG");
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const parts: Uint8Array[] = [png.subarray(0, 8)];
  let o = 8;
  while (o + 12 <= png.length) {
    const length = view.getUint32(o);
    const type = String.fromCharCode(png[o + 4]!, png[o + 5]!, png[o + 6]!, png[o + 7]!);
    const end = o + 12 + length;
    if (end > png.length) throw new Error("truncated PNG chunk");
    const replaced = (type === "pHYs" && phys) || (type === "iTXt" && isXmpChunk(png, o, length));
    if (!replaced) parts.push(png.subarray(o, end));
    if (type === "IHDR") {
      if (phys?.dpi !== undefined) parts.push(physChunk(phys.dpi));
      parts.push(XMP_CHUNK);
    }
    o = end;
    if (type === "IEND") break;
  }
  return concatBytes(parts, true); // room for the Content Credentials (./bytes.ts)
}

function physChunk(dpi: number): Uint8Array {
  const chunk = new Uint8Array(12 + 9);
  const view = new DataView(chunk.buffer);
  const ppm = dpiToPixelsPerMetre(dpi);
  view.setUint32(0, 9);
  chunk.set([0x70, 0x48, 0x59, 0x73], 4); // "pHYs"
  view.setUint32(8, ppm);
  view.setUint32(12, ppm);
  chunk[16] = 1; // unit: metre
  view.setUint32(17, crc32(chunk, 4, 17));
  return chunk;
}
