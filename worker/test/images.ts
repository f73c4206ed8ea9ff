/**
 * Test images, made inside workerd with photon: small photos in JPEG/PNG/WebP (by default 320×256, just
 * above the upload's MIN_UPLOAD_SIDE), and the hostile
 * variants (metadata with GPS, lying headers, truncation) built byte by byte.
 */
import { crc32 } from "../downloads/crc32";
import { createDeflate } from "node:zlib";
import { concatBytes } from "../downloads/bytes";
import { PhotonImage } from "@cf-wasm/photon";

/** A w×h picture with a deterministic pattern (varies with `seed`). */
export function photo(w = 320, h = 256, seed = 1): PhotonImage {
  const px = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      px[i] = (x * 4 + seed * 37) & 0xff;
      px[i + 1] = (y * 5 + seed * 11) & 0xff;
      px[i + 2] = ((x ^ y) * 3 + seed) & 0xff;
      px[i + 3] = 255;
    }
  }
  return new PhotonImage(px, w, h);
}

export function pngBytes(w = 320, h = 256, seed = 1): Uint8Array {
  const img = photo(w, h, seed);
  try {
    return img.get_bytes();
  } finally {
    img.free();
  }
}
export function jpegBytes(w = 320, h = 256, seed = 1): Uint8Array {
  const img = photo(w, h, seed);
  try {
    return img.get_bytes_jpeg(90);
  } finally {
    img.free();
  }
}
export function webpBytes(w = 320, h = 256, seed = 1): Uint8Array {
  const img = photo(w, h, seed);
  try {
    return img.get_bytes_webp();
  } finally {
    img.free();
  }
}

/** Width, height and RGBA pixels of an encoded image. */
export function decode(bytes: Uint8Array): { width: number; height: number; pixels: Uint8Array } {
  const img = PhotonImage.new_from_byteslice(bytes);
  try {
    return { width: img.get_width(), height: img.get_height(), pixels: img.get_raw_pixels() };
  } finally {
    img.free();
  }
}

export const SECRET = "Jane-Secret-Camera-47.3769N";
export const enc = (s: string) => new TextEncoder().encode(s);

export const concat = (...parts: Uint8Array[]): Uint8Array => concatBytes(parts);

export function contains(haystack: Uint8Array, needle: string | Uint8Array): boolean {
  const n = typeof needle === "string" ? enc(needle) : needle;
  outer: for (let i = 0; i + n.length <= haystack.length; i++) {
    for (let k = 0; k < n.length; k++) if (haystack[i + k] !== n[k]) continue outer;
    return true;
  }
  return false;
}

/**
 * An EXIF APP1 segment (big-endian TIFF): IFD0 with Orientation, Artist (the secret) and a GPS IFD
 * pointer; the GPS IFD holds GPSLatitudeRef "N" and GPSLatitude 47/1 22/1 3769/100.
 */
export function exifSegment(orientation = 1): Uint8Array {
  const artist = enc(`${SECRET}\0`);
  // layout (offsets from TIFF start): header 8 | IFD0 (2 + 3*12 + 4 = 42) @8 | GPS IFD (2 + 2*12 + 4 = 30) @50 |
  // GPSLatitude rationals (24) @80 | artist @104
  const tiff = new Uint8Array(104 + artist.length);
  const dv = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0x00, 0x2a]);
  dv.setUint32(4, 8);
  dv.setUint16(8, 3);
  const entry = (at: number, tag: number, type: number, count: number, value: number, short = false) => {
    dv.setUint16(at, tag);
    dv.setUint16(at + 2, type);
    dv.setUint32(at + 4, count);
    if (short) dv.setUint16(at + 8, value);
    else dv.setUint32(at + 8, value);
  };
  entry(10, 0x0112, 3, 1, orientation, true); // Orientation
  entry(22, 0x013b, 2, artist.length, 104); // Artist
  entry(34, 0x8825, 4, 1, 50); // GPS IFD pointer
  dv.setUint32(46, 0);
  dv.setUint16(50, 2);
  entry(52, 0x0001, 2, 2, 0x4e000000); // GPSLatitudeRef "N"
  entry(64, 0x0002, 5, 3, 80); // GPSLatitude
  dv.setUint32(76, 0);
  [47, 1, 22, 1, 3769, 100].forEach((v, k) => dv.setUint32(80 + k * 4, v));
  tiff.set(artist, 104);
  const body = concat(enc("Exif\0\0"), tiff);
  return concat(new Uint8Array([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body);
}

export function appSegment(marker: number, body: Uint8Array): Uint8Array {
  return concat(new Uint8Array([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body);
}

/** A JPEG carrying EXIF (with GPS), XMP and a comment, all naming SECRET. */
export function jpegWithMetadata(orientation = 1, w = 320, h = 256): Uint8Array {
  const jpeg = jpegBytes(w, h);
  const xmp = appSegment(0xe1, enc(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>${SECRET}</exif:GPSLatitude></x:xmpmeta>`));
  const comment = appSegment(0xfe, enc(SECRET));
  return concat(jpeg.subarray(0, 2), exifSegment(orientation), xmp, comment, jpeg.subarray(2));
}

// -- PNG chunks

export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, data.length);
  out.set(enc(type), 4);
  out.set(data, 8);
  dv.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A PNG with tEXt and eXIf chunks naming SECRET, inserted right after IHDR. */
export function pngWithMetadata(): Uint8Array {
  const png = pngBytes();
  const afterIhdr = 8 + 25;
  return concat(
    png.subarray(0, afterIhdr),
    pngChunk("tEXt", enc(`Author\0${SECRET}`)),
    pngChunk("eXIf", exifSegment().subarray(10)),
    png.subarray(afterIhdr),
  );
}

/** A well-formed PNG whose header declares w×h (the data is a few bytes; it would never decode). */
export function pngDeclaring(w: number, h: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, w);
  dv.setUint32(4, h);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return concat(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk("IEND", new Uint8Array(0)),
  );
}

/** A JPEG whose SOF declares w×h. */
export function jpegDeclaring(w: number, h: number): Uint8Array {
  const jpeg = jpegBytes();
  const out = jpeg.slice();
  for (let i = 2; i < out.length - 9;) {
    const marker = out[i + 1]!;
    const len = (out[i + 2]! << 8) | out[i + 3]!;
    if (marker === 0xc0 || marker === 0xc2) {
      out[i + 5] = h >> 8;
      out[i + 6] = h & 0xff;
      out[i + 7] = w >> 8;
      out[i + 8] = w & 0xff;
      return out;
    }
    i += 2 + len;
  }
  throw new Error("no SOF");
}

/** Wraps a simple WebP (VP8/VP8L) in VP8X with an EXIF and an XMP chunk naming SECRET. */
export function webpWithMetadata(w = 320, h = 256): Uint8Array {
  const simple = webpBytes(w, h);
  const image = simple.subarray(12);
  const chunk = (type: string, data: Uint8Array) => {
    const head = new Uint8Array(8);
    head.set(enc(type));
    new DataView(head.buffer).setUint32(4, data.length, true);
    return concat(head, data, data.length & 1 ? new Uint8Array(1) : new Uint8Array(0));
  };
  const vp8x = new Uint8Array(10);
  vp8x[0] = 0x08 | 0x04; // EXIF + XMP
  vp8x[4] = (w - 1) & 0xff;
  vp8x[5] = ((w - 1) >> 8) & 0xff;
  vp8x[6] = (w - 1) >> 16;
  vp8x[7] = (h - 1) & 0xff;
  vp8x[8] = ((h - 1) >> 8) & 0xff;
  vp8x[9] = (h - 1) >> 16;
  const body = concat(
    enc("WEBP"),
    chunk("VP8X", vp8x),
    image,
    chunk("EXIF", exifSegment().subarray(10)),
    chunk("XMP ", enc(`<x:xmpmeta>${SECRET}</x:xmpmeta>`)),
  );
  const head = new Uint8Array(8);
  head.set(enc("RIFF"));
  new DataView(head.buffer).setUint32(4, body.length, true);
  return concat(head, body);
}

/** A WebP chunk (RIFF: type, little-endian size, data, pad byte). */
export function webpChunk(type: string, data: Uint8Array): Uint8Array {
  const head = new Uint8Array(8);
  head.set(enc(type));
  new DataView(head.buffer).setUint32(4, data.length, true);
  return concat(head, data, data.length & 1 ? new Uint8Array(1) : new Uint8Array(0));
}

/** A simple WebP with extra chunks appended inside its RIFF container. */
export function webpWithChunks(...chunks: Uint8Array[]): Uint8Array {
  const simple = webpBytes();
  const body = concat(simple.subarray(8), ...chunks);
  const head = new Uint8Array(8);
  head.set(enc("RIFF"));
  new DataView(head.buffer).setUint32(4, body.length, true);
  return concat(head, body);
}

/** The PNG predictor for filter `f` from the left (a), up (b) and up-left (c) bytes. */
function predict(f: number, a: number, b: number, c: number): number {
  if (f === 1) return a;
  if (f === 2) return b;
  if (f === 3) return (a + b) >> 1;
  if (f === 4) {
    const p = a + b - c,
      pa = Math.abs(p - a),
      pb = Math.abs(p - b),
      pc = Math.abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
  }
  return 0;
}

/**
 * Every 8-bit colour type without a palette — grey, grey+alpha, RGB, RGBA — as its PNG colour type, its samples a
 * pixel, `width`×`height` pixels of varied samples, and those pixels as RGBA (opaque where the type has no alpha).
 */
export function colourCases(width: number, height: number) {
  return (
    [
      [0, 1],
      [4, 2],
      [2, 3],
      [6, 4],
    ] as const
  ).map(([colour, channels]) => {
    const samples = new Uint8Array(width * height * channels).map((_, i) => (i * 97 + ((i * i) >> 3)) & 255);
    const rgba = new Uint8Array(width * height * 4);
    for (let p = 0; p < width * height; p++) {
      const s = samples.subarray(p * channels, (p + 1) * channels);
      rgba.set(
        channels <= 2 ? [s[0]!, s[0]!, s[0]!, channels === 2 ? s[1]! : 255] : [s[0]!, s[1]!, s[2]!, channels === 4 ? s[3]! : 255],
        p * 4,
      );
    }
    return { colour, channels, samples, rgba };
  });
}

/** Row y of `samples` (`bpp` bytes a pixel) filtered with filter (y + shift) % 5, filter byte first: a row for pngOfRows. */
export const filteredRow = (samples: Uint8Array, width: number, bpp: number, shift: number) => (y: number) => {
  const stride = width * bpp;
  const f = (y + shift) % 5;
  const at = (dy: number, i: number) => (y - dy >= 0 && i >= 0 ? samples[(y - dy) * stride + i]! : 0);
  const out = new Uint8Array(stride + 1);
  out[0] = f;
  for (let i = 0; i < stride; i++) out[1 + i] = samples[y * stride + i]! - predict(f, at(0, i - bpp), at(1, i), at(1, i - bpp));
  return out;
};

/**
 * A PNG built one row at a time through zlib's stream (issue 46 item 8): `row(y)` gives row y as it is
 * written, filter byte first. A large, mostly uniform image (a 6300² RGBA upload) compresses to a few
 * hundred KB while only one row is ever held, so tests make them instead of keeping fixtures.
 */
export async function pngOfRows(
  width: number,
  height: number,
  header: { colour: 0 | 2 | 3 | 4 | 6; depth?: 8 | 16; interlace?: 0 | 1 },
  row: (y: number) => Uint8Array,
  chunks: [type: string, data: Uint8Array][] = [],
): Promise<Uint8Array> {
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(enc(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
    return out;
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([header.depth ?? 8, header.colour, 0, 0, header.interlace ?? 0], 8);
  const data = await new Promise<Uint8Array>((resolve, reject) => {
    const deflate = createDeflate({ level: 1, chunkSize: 1 << 20 });
    const parts: Uint8Array[] = [];
    deflate.on("data", (chunk: Uint8Array) => parts.push(chunk));
    deflate.on("end", () => resolve(concat(...parts)));
    deflate.on("error", reject);
    for (let y = 0; y < height; y++) deflate.write(row(y));
    deflate.end();
  });
  return concat(
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    ...chunks.map(([type, body]) => chunk(type, body)),
    chunk("IDAT", data),
    chunk("IEND", new Uint8Array(0)),
  );
}

/**
 * A side×side RGBA PNG at the upload's pixel limit, of a few hundred KB: transparent (black under alpha 0)
 * with an opaque dark-grey square over the middle third. Stored as a JPEG, the square stays dark and the
 * transparent corners read as white.
 */
export function largeRgbaPng(side: number): Promise<Uint8Array> {
  const stride = side * 4;
  const clear = new Uint8Array(stride + 1);
  const band = new Uint8Array(stride + 1);
  for (let x = Math.floor(side / 3); x < Math.floor((2 * side) / 3); x++) band.set([60, 60, 60, 255], 1 + x * 4);
  return pngOfRows(side, side, { colour: 6 }, (y) => (y >= side / 3 && y < (2 * side) / 3 ? band : clear));
}
