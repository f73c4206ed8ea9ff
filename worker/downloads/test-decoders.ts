/**
 * Test-only readers written from the format specifications, independent of the code under test
 * (which writes through photon and our own chunk/IFD writers): a PNG decoder (8-bit RGB/RGBA,
 * non-interlaced, all five filters), a RIFF/WebP header and EXIF reader, and a TIFF IFD reader.
 */
import { concatBytes } from "./bytes";

export interface Decoded {
  width: number;
  height: number;
  rgba: Uint8Array;
}

const u32 = (b: Uint8Array, o: number) => ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
const str4 = (b: Uint8Array, o: number) => String.fromCharCode(b[o]!, b[o + 1]!, b[o + 2]!, b[o + 3]!);

export function pngChunks(png: Uint8Array): { type: string; data: Uint8Array }[] {
  const sig = [137, 80, 78, 71, 13, 10, 26, 10];
  if (!sig.every((v, i) => png[i] === v)) throw new Error("PNG signature missing");
  const out: { type: string; data: Uint8Array }[] = [];
  for (let o = 8; o < png.length;) {
    const len = u32(png, o);
    out.push({ type: str4(png, o + 4), data: png.subarray(o + 8, o + 8 + len) });
    o += 12 + len;
  }
  return out;
}

/** DPI from pHYs (unit metre), or undefined. */
export function pngDpi(png: Uint8Array): { x: number; y: number } | undefined {
  const phys = pngChunks(png).find((c) => c.type === "pHYs");
  if (!phys || phys.data[8] !== 1) return undefined;
  return { x: u32(phys.data, 0) * 0.0254, y: u32(phys.data, 4) * 0.0254 };
}

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const s = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(s).arrayBuffer());
}

export async function decodePng(png: Uint8Array): Promise<Decoded> {
  const chunks = pngChunks(png);
  const ihdr = chunks[0]!;
  if (ihdr.type !== "IHDR") throw new Error("IHDR must come first");
  const width = u32(ihdr.data, 0),
    height = u32(ihdr.data, 4);
  const depth = ihdr.data[8],
    colour = ihdr.data[9],
    interlace = ihdr.data[12];
  if (depth !== 8 || (colour !== 6 && colour !== 2) || interlace !== 0) throw new Error(`unsupported PNG ${depth}/${colour}/${interlace}`);
  const idat = chunks.filter((c) => c.type === "IDAT").map((c) => c.data);
  const joined = concatBytes(idat);
  const raw = await inflate(joined);
  const bpp = colour === 6 ? 4 : 3;
  const stride = width * bpp;
  const cur = new Uint8Array(stride),
    prev = new Uint8Array(stride);
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? cur[i - bpp]! : 0,
        b = prev[i]!,
        c = i >= bpp ? prev[i - bpp]! : 0;
      let p = 0;
      if (f === 1) p = a;
      else if (f === 2) p = b;
      else if (f === 3) p = (a + b) >> 1;
      else if (f === 4) {
        const e = a + b - c,
          pa = Math.abs(e - a),
          pb = Math.abs(e - b),
          pc = Math.abs(e - c);
        p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[i] = (line[i]! + p) & 255;
    }
    for (let x = 0; x < width; x++) {
      const d = (y * width + x) * 4,
        s = x * bpp;
      rgba[d] = cur[s]!;
      rgba[d + 1] = cur[s + 1]!;
      rgba[d + 2] = cur[s + 2]!;
      rgba[d + 3] = bpp === 4 ? cur[s + 3]! : 255;
    }
    prev.set(cur);
  }
  return { width, height, rgba };
}

/** A TIFF IFD reader (either byte order): tag → numeric values (RATIONALs as numbers). */
export function tiffTags(t: Uint8Array, at?: number): Map<number, number[]> {
  const le = t[0] === 0x49;
  const v = new DataView(t.buffer, t.byteOffset, t.byteLength);
  const u16 = (o: number) => v.getUint16(o, le),
    u32l = (o: number) => v.getUint32(o, le);
  if (u16(2) !== 42) throw new Error("not a TIFF");
  const ifd = at ?? u32l(4);
  const tags = new Map<number, number[]>();
  const n = u16(ifd);
  for (let i = 0; i < n; i++) {
    const e = ifd + 2 + i * 12;
    const tag = u16(e),
      type = u16(e + 2),
      count = u32l(e + 4);
    const size = ({ 1: 1, 2: 1, 3: 2, 4: 4, 5: 8 } as Record<number, number>)[type] ?? 1;
    const base = count * size > 4 ? u32l(e + 8) : e + 8;
    const vals: number[] = [];
    for (let k = 0; k < count; k++) {
      if (type === 3) vals.push(u16(base + k * 2));
      else if (type === 4) vals.push(u32l(base + k * 4));
      else if (type === 5) vals.push(u32l(base + k * 8) / u32l(base + k * 8 + 4));
      else vals.push(t[base + k]!);
    }
    tags.set(tag, vals);
  }
  return tags;
}

/** RIFF/WebP: chunk list, canvas size (VP8X, the VP8L header or the lossy VP8 frame header), EXIF block if any. */
export function webpInfo(w: Uint8Array) {
  if (str4(w, 0) !== "RIFF" || str4(w, 8) !== "WEBP") throw new Error("not a WebP");
  const riffSize = new DataView(w.buffer, w.byteOffset).getUint32(4, true);
  const chunks: { type: string; data: Uint8Array }[] = [];
  for (let o = 12; o + 8 <= w.length;) {
    const len = new DataView(w.buffer, w.byteOffset + o + 4, 4).getUint32(0, true);
    chunks.push({ type: str4(w, o), data: w.subarray(o + 8, o + 8 + len) });
    o += 8 + len + (len & 1);
  }
  let width = 0,
    height = 0;
  const vp8x = chunks.find((c) => c.type === "VP8X");
  const vp8l = chunks.find((c) => c.type === "VP8L");
  const vp8 = chunks.find((c) => c.type === "VP8 ");
  if (vp8x) {
    const d = vp8x.data;
    width = 1 + (d[4]! | (d[5]! << 8) | (d[6]! << 16));
    height = 1 + (d[7]! | (d[8]! << 8) | (d[9]! << 16));
  } else if (vp8l) {
    const d = vp8l.data; // signature 0x2f, then 14 bits width-1, 14 bits height-1
    const bits = d[1]! | (d[2]! << 8) | (d[3]! << 16) | (d[4]! << 24);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else if (vp8) {
    const d = vp8.data; // 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height (RFC 6386 §9.1)
    if (d[3] !== 0x9d || d[4] !== 0x01 || d[5] !== 0x2a) throw new Error("bad VP8 start code");
    width = (d[6]! | (d[7]! << 8)) & 0x3fff;
    height = (d[8]! | (d[9]! << 8)) & 0x3fff;
  }
  return {
    riffSize,
    fileSize: w.length,
    chunks,
    width,
    height,
    flags: vp8x?.data[0] ?? 0,
    exif: chunks.find((c) => c.type === "EXIF")?.data,
  };
}

/**
 * Every XMP packet a file carries, as text, found the way readers look for it: PNG iTXt
 * `XML:com.adobe.xmp` (uncompressed), WebP `XMP ` chunks (only with the VP8X XMP flag), TIFF tag 700,
 * JPEG APP1 segments with Adobe's namespace.
 */
export function xmpPackets(b: Uint8Array): string[] {
  const text = (d: Uint8Array) => new TextDecoder().decode(d);
  if (b[0] === 0x89 && b[1] === 0x50) {
    const key = "XML:com.adobe.xmp\0";
    return pngChunks(b)
      .filter((c) => c.type === "iTXt" && text(c.data.subarray(0, key.length)) === key)
      .map((c) => {
        const d = c.data.subarray(key.length);
        if (d[0] !== 0) throw new Error("compressed XMP");
        let o = 2;
        o = d.indexOf(0, o) + 1; // language tag
        o = d.indexOf(0, o) + 1; // translated keyword
        return text(d.subarray(o));
      });
  }
  if (str4(b, 0) === "RIFF") {
    const info = webpInfo(b);
    const packets = info.chunks.filter((c) => c.type === "XMP ").map((c) => text(c.data));
    if (packets.length && !(info.flags & 0x04)) throw new Error("XMP chunk without the VP8X XMP flag");
    return packets;
  }
  if (b[0] === 0x49 || b[0] === 0x4d) {
    const xmp = tiffTags(b).get(700);
    return xmp ? [text(Uint8Array.from(xmp))] : [];
  }
  if (b[0] === 0xff && b[1] === 0xd8) {
    const ns = "http://ns.adobe.com/xap/1.0/\0";
    const out: string[] = [];
    for (let o = 2; o + 4 <= b.length && b[o] === 0xff && b[o + 1] !== 0xda;) {
      const len = (b[o + 2]! << 8) | b[o + 3]!;
      const body = b.subarray(o + 4, o + 2 + len);
      if (b[o + 1] === 0xe1 && text(body.subarray(0, ns.length)) === ns) out.push(text(body.subarray(ns.length)));
      o += 2 + len;
    }
    return out;
  }
  throw new Error("unknown format");
}

/** The IPTC digital source type an XMP packet declares (attribute or element form), or undefined. */
export function digitalSourceType(xmp: string): string | undefined {
  return /Iptc4xmpExt:DigitalSourceType(?:="([^"]*)"|>([^<]*)<)/.exec(xmp)?.slice(1).find(Boolean);
}

/**
 * The C2PA manifest store (JUMBF) a file carries, found by the container's rules, or null: PNG `caBX`, JPEG
 * APP11 "JP" segments (joined, the repeated box header dropped), WebP `C2PA`, TIFF tag 0xCD41 of IFD0. Only
 * locates it: whether it validates is for c2pa-rs (bench/c2pa-reader.test.ts, worker/marking/reference-reader.test.ts).
 */
export function c2paStore(b: Uint8Array): Uint8Array | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const ascii = (at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
  if (b[0] === 0x89) return pngChunks(b).find((c) => c.type === "caBX")?.data ?? null;
  if (ascii(0, 4) === "RIFF") {
    for (let o = 12; o + 8 <= b.length;) {
      const size = view.getUint32(o + 4, true);
      if (ascii(o, 4) === "C2PA") return b.subarray(o + 8, o + 8 + size);
      o += 8 + size + (size & 1);
    }
    return null;
  }
  if (b[0] === 0xff && b[1] === 0xd8) {
    const parts: Uint8Array[] = [];
    for (let o = 2; o + 4 <= b.length && b[o] === 0xff && b[o + 1] !== 0xda;) {
      const end = o + 2 + view.getUint16(o + 2);
      if (b[o + 1] === 0xeb && ascii(o + 4, 2) === "JP") parts.push(b.subarray(o + (parts.length === 0 ? 12 : 20), end));
      o = end;
    }
    if (parts.length === 0) return null;
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
    return out;
  }
  if (ascii(0, 4) === "II*\0" || ascii(0, 4) === "MM\0*") {
    const little = b[0] === 0x49;
    const ifd = view.getUint32(4, little);
    for (let i = 0, n = view.getUint16(ifd, little); i < n; i++) {
      const e = ifd + 2 + i * 12;
      if (view.getUint16(e, little) !== 0xcd41) continue;
      const at = view.getUint32(e + 8, little);
      return b.subarray(at, at + view.getUint32(e + 4, little));
    }
  }
  return null;
}

/** A store's claim says Headshot Studio made it and its actions name the trained-model source (read as text). */
export function c2paMadeWithAi(store: Uint8Array | null): boolean {
  if (!store) return false;
  const text = new TextDecoder("latin1").decode(store);
  return (
    text.includes("c2pa.claim.v2") &&
    text.includes("Headshot Studio") &&
    text.includes("trainedAlgorithmicMedia") &&
    text.includes("c2pa.signature")
  );
}
