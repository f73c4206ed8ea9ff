/**
 * WebP container surgery: add DPI as an EXIF chunk. A WebP with metadata needs the extended format:
 * RIFF | "WEBP" | VP8X (flags, canvas size) | image chunk(s) | EXIF. Photon (lossless) and libwebp (lossy,
 * opaque) write the simple format (RIFF | "WEBP" | VP8L or VP8), which this wraps without touching the
 * compressed image; libwebp's lossy-with-alpha output is already extended (VP8X | ALPH | VP8), so it only
 * gets the EXIF flag and chunk.
 */
import { exifResolution } from "./tiff";

const ascii = (b: Uint8Array, o: number) => String.fromCharCode(b[o]!, b[o + 1]!, b[o + 2]!, b[o + 3]!);

function chunk(type: string, data: Uint8Array): Uint8Array {
  const padded = data.length + (data.length & 1);
  const out = new Uint8Array(8 + padded);
  for (let i = 0; i < 4; i++) out[i] = type.charCodeAt(i);
  new DataView(out.buffer).setUint32(4, data.length, true);
  out.set(data, 8);
  return out;
}

/** Returns the WebP with an EXIF chunk carrying `dpi`; unchanged when `dpi` is undefined. */
export function setWebpDpi(webp: Uint8Array, width: number, height: number, hasAlpha: boolean, dpi: number | undefined): Uint8Array {
  if (dpi === undefined) return webp;
  if (ascii(webp, 0) !== "RIFF" || ascii(webp, 8) !== "WEBP") throw new Error("not a WebP");
  const exif = chunk("EXIF", exifResolution(dpi));
  if (ascii(webp, 12) === "VP8X") {
    const out = new Uint8Array(webp.length + exif.length);
    out.set(webp);
    out.set(exif, webp.length);
    out[20] = out[20]! | 0x08; // VP8X flags: EXIF present
    new DataView(out.buffer).setUint32(4, out.length - 8, true);
    return out;
  }
  const body = webp.subarray(12); // the image chunk(s) as photon wrote them

  const vp8x = new Uint8Array(10);
  vp8x[0] = 0x08 | (hasAlpha ? 0x10 : 0); // EXIF present, alpha present
  const w = width - 1, h = height - 1;
  vp8x[4] = w & 0xff; vp8x[5] = (w >> 8) & 0xff; vp8x[6] = (w >> 16) & 0xff;
  vp8x[7] = h & 0xff; vp8x[8] = (h >> 8) & 0xff; vp8x[9] = (h >> 16) & 0xff;
  const head = chunk("VP8X", vp8x);

  const out = new Uint8Array(12 + head.length + body.length + exif.length);
  out.set(webp.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  out.set(head, 12);
  out.set(body, 12 + head.length);
  out.set(exif, 12 + head.length + body.length);
  return out;
}
