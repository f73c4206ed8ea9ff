/**
 * PNG chunk surgery: set the physical pixel size (pHYs) without decoding or re-encoding the image.
 * A PNG is the 8-byte signature followed by chunks: length (4, BE) | type (4) | data | CRC-32 (4).
 */
import { crc32 } from "../lib/crc32";

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

/**
 * Returns the PNG with exactly one pHYs chunk saying `dpi` (placed right after IHDR, which is before
 * IDAT as the format requires), or with none when `dpi` is undefined. Other chunks are copied as they are.
 */
export function setPngDpi(png: Uint8Array, dpi: number | undefined): Uint8Array {
  if (!isPng(png)) throw new Error("not a PNG");
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const parts: Uint8Array[] = [png.subarray(0, 8)];
  let removed = false;
  let o = 8;
  while (o + 12 <= png.length) {
    const length = view.getUint32(o);
    const type = String.fromCharCode(png[o + 4]!, png[o + 5]!, png[o + 6]!, png[o + 7]!);
    const end = o + 12 + length;
    if (end > png.length) throw new Error("truncated PNG chunk");
    if (type === "pHYs") removed = true;
    else parts.push(png.subarray(o, end));
    if (type === "IHDR" && dpi !== undefined) parts.push(physChunk(dpi));
    o = end;
    if (type === "IEND") break;
  }
  if (dpi === undefined && !removed) return png;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let w = 0;
  for (const p of parts) { out.set(p, w); w += p.length; }
  return out;
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
