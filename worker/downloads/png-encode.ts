/**
 * Our PNG writer: 8-bit truecolour, RGB when every pixel is opaque (colour type 2) and RGBA only when
 * there is transparency (colour type 6, the round shape). Every row gets the Average filter (in WASM
 * SIMD), then the whole stream goes through the runtime's native zlib (./zlib.ts `deflatePicture`) into one IDAT.
 * DPI is a pHYs chunk written with the header, followed by the AI marking (png.ts XMP_CHUNK, decision 110).
 */
import { withRoom } from "./bytes";
import { crc32 } from "./crc32";
import { deflatePicture } from "./zlib";
import { XMP_CHUNK, dpiToPixelsPerMetre } from "./png";
import { align16, simd } from "./simd/kernel";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** True when every alpha sample is 255. */
export function isOpaque(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

/**
 * Packs RGBA into RGB (or keeps RGBA) with the Average filter (type 3) on every row: each sample minus
 * the mean of its left and upper neighbours. One fixed filter, not libpng's per-row choice: on our
 * photos it compresses as well as the adaptive choice (within 0.5 %, docs/decisions/033) without
 * estimating five filters a row. Run by the SIMD loop (simd/simd.wat) a row at a time: each RGBA row is
 * copied into WASM memory, its filtered row copied out.
 */
export function filterRows(rgba: Uint8Array, width: number, height: number, bpp: 3 | 4): Uint8Array {
  const row = width * 4,
    stride = width * bpp;
  // WASM memory: three row slots (a zero row for the first row's "up", then two alternating rows), each
  // with 16 zero bytes before it (the first pixel's "left") and 16 after, and the output row.
  const slot = align16(16 + row + 16);
  const k = simd(4 * slot);
  const mem = new Uint8Array(k.memory.buffer);
  mem.fill(0, 0, 3 * slot);
  let prev = 16,
    cur = slot + 16;
  const dst = 3 * slot;
  const out = new Uint8Array(height * (stride + 1));
  for (let y = 0, o = 0; y < height; y++, o += stride + 1) {
    mem.set(rgba.subarray(y * row, (y + 1) * row), cur);
    k.averageFilter(cur, prev, dst, width, bpp);
    out[o] = 3;
    out.set(mem.subarray(dst, dst + stride), o + 1);
    prev = cur;
    cur = cur === slot + 16 ? 2 * slot + 16 : slot + 16;
  }
  return out;
}

/**
 * Encodes RGBA pixels as PNG: colour type 2 when opaque (`opaque` when the caller knows, else the alpha is
 * read), 6 otherwise; pHYs when `dpi` is given; always the XMP that marks the image as AI-made.
 * The chunks are written straight into the one output buffer (the compressed data is copied once).
 */
export function encodePng(rgba: Uint8Array, width: number, height: number, dpi?: number, opaque?: boolean): Uint8Array {
  if (rgba.length !== width * height * 4) throw new Error("pixel buffer does not match the size");
  const bpp = (opaque ?? isOpaque(rgba)) ? 3 : 4;
  const idat = deflatePicture(filterRows(rgba, width, height, bpp));

  const chunks = 3 + (dpi === undefined ? 0 : 1);
  // with room for the Content Credentials around it (./bytes.ts): signing adds them without copying the file
  const out = withRoom(SIGNATURE.length + chunks * 12 + 13 + (dpi === undefined ? 0 : 9) + XMP_CHUNK.length + idat.length);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  out.set(SIGNATURE);
  let o = SIGNATURE.length;
  /** Writes a chunk whose `length` data bytes `fill` puts at the given offset; returns the next offset. */
  const chunk = (type: string, length: number, fill: (at: number) => void) => {
    view.setUint32(o, length);
    for (let i = 0; i < 4; i++) out[o + 4 + i] = type.charCodeAt(i);
    fill(o + 8);
    view.setUint32(o + 8 + length, crc32(out, o + 4, o + 8 + length));
    o += 12 + length;
  };
  chunk("IHDR", 13, (at) => {
    view.setUint32(at, width);
    view.setUint32(at + 4, height);
    out[at + 8] = 8; // bit depth
    out[at + 9] = bpp === 3 ? 2 : 6; // truecolour / truecolour with alpha
  });
  if (dpi !== undefined) {
    chunk("pHYs", 9, (at) => {
      view.setUint32(at, dpiToPixelsPerMetre(dpi));
      view.setUint32(at + 4, dpiToPixelsPerMetre(dpi));
      out[at + 8] = 1; // metre
    });
  }
  out.set(XMP_CHUNK, o);
  o += XMP_CHUNK.length;
  chunk("IDAT", idat.length, (at) => out.set(idat, at));
  chunk("IEND", 0, () => {});
  return out;
}
