/**
 * WebP container surgery: the AI marking (XMP, decision 110) and DPI (EXIF), without touching the
 * compressed image. Metadata needs the extended format: RIFF | "WEBP" | VP8X (flags, canvas size) |
 * image chunk(s) | EXIF | XMP. Photon (lossless) and libwebp (lossy, opaque) write the simple format
 * (RIFF | "WEBP" | VP8L or VP8), which this wraps in a VP8X; libwebp's lossy-with-alpha output is already
 * extended (VP8X | ALPH | VP8), so it only gets the flags and chunks.
 */
import { concatBytes } from "./bytes";
import { XMP_BYTES } from "../marking";
import { exifResolution } from "./tiff";

const ascii = (b: Uint8Array, o: number) => String.fromCharCode(b[o]!, b[o + 1]!, b[o + 2]!, b[o + 3]!);

const FLAG_ALPHA = 0x10,
  FLAG_EXIF = 0x08,
  FLAG_XMP = 0x04;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const padded = data.length + (data.length & 1);
  const out = new Uint8Array(8 + padded);
  for (let i = 0; i < 4; i++) out[i] = type.charCodeAt(i);
  new DataView(out.buffer).setUint32(4, data.length, true);
  out.set(data, 8);
  return out;
}

const XMP_CHUNK = chunk("XMP ", XMP_BYTES);

/**
 * A VP8X chunk for a simple-format WebP: the canvas size from its VP8L or VP8 header; alpha as the
 * caller knows it, else from VP8L's alpha-is-used bit (which photon sets on opaque images too).
 */
function vp8xFor(image: Uint8Array, knownAlpha: boolean | undefined): Uint8Array {
  const type = ascii(image, 0);
  const data = image.subarray(8);
  let width: number,
    height: number,
    alpha = false;
  if (type === "VP8L") {
    const bits = data[1]! | (data[2]! << 8) | (data[3]! << 16) | (data[4]! << 24);
    width = 1 + (bits & 0x3fff);
    height = 1 + ((bits >>> 14) & 0x3fff);
    alpha = ((bits >>> 28) & 1) === 1;
  } else if (type === "VP8 ") {
    width = (data[6]! | (data[7]! << 8)) & 0x3fff;
    height = (data[8]! | (data[9]! << 8)) & 0x3fff;
  } else throw new Error(`unexpected WebP chunk ${type}`);
  const vp8x = new Uint8Array(10);
  vp8x[0] = (knownAlpha ?? alpha) ? FLAG_ALPHA : 0;
  const w = width - 1,
    h = height - 1;
  vp8x[4] = w & 0xff;
  vp8x[5] = (w >> 8) & 0xff;
  vp8x[6] = (w >> 16) & 0xff;
  vp8x[7] = h & 0xff;
  vp8x[8] = (h >> 8) & 0xff;
  vp8x[9] = (h >> 16) & 0xff;
  return chunk("VP8X", vp8x);
}

/**
 * Returns the WebP in the extended format with our XMP chunk (replacing any it had) and, when `dpi` is
 * given, an EXIF chunk carrying it (replacing any it had; an existing one stays otherwise). `alpha`: whether
 * the image has transparency, when the caller knows (for the VP8X a simple-format file is given).
 */
export function markWebp(webp: Uint8Array, dpi?: number, alpha?: boolean): Uint8Array {
  if (ascii(webp, 0) !== "RIFF" || ascii(webp, 8) !== "WEBP") throw new Error("not a WebP");
  const view = new DataView(webp.buffer, webp.byteOffset, webp.byteLength);
  const end = Math.min(webp.length, 8 + view.getUint32(4, true));
  let vp8x: Uint8Array | undefined;
  let exif = dpi === undefined ? undefined : chunk("EXIF", exifResolution(dpi));
  const body: Uint8Array[] = [];
  for (let o = 12; o + 8 <= end;) {
    const size = view.getUint32(o + 4, true);
    const next = Math.min(end, o + 8 + size + (size & 1));
    const type = ascii(webp, o);
    const c = webp.subarray(o, next);
    if (type === "VP8X") vp8x = c.slice();
    else if (type === "EXIF") exif ??= c;
    else if (type !== "XMP ") body.push(c);
    o = next;
  }
  vp8x ??= vp8xFor(body[0]!, alpha);
  vp8x[8] = (vp8x[8]! & ~(FLAG_EXIF | FLAG_XMP)) | FLAG_XMP | (exif ? FLAG_EXIF : 0);
  const parts = [vp8x, ...body, ...(exif ? [exif] : []), XMP_CHUNK];
  const out = concatBytes([webp.subarray(0, 12), ...parts], true); // room for the Content Credentials (./bytes.ts)
  new DataView(out.buffer, out.byteOffset).setUint32(4, out.length - 8, true);
  return out;
}
