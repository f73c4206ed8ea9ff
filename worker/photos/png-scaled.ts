/**
 * A PNG decoded one row at a time and averaged down by a whole factor as it decodes (issue 46 item 8,
 * docs/decisions/305-png-uploads-row-by-row.md), as ./jpeg-decode.ts does for JPEG. The downloads' reader
 * (worker/downloads/png-decode.ts) inflates the whole image into one buffer: right for the pictures we
 * store (at most 2048²), but a 5800×5800 RGBA upload is 134 MB of rows, beyond a Worker's 128 MB (and
 * `inflateSync` refused it: a 500). Here the compressed data is inflated by the runtime's native zlib as
 * a stream (`node:zlib`, as ../downloads/zlib.ts), each row is unfiltered against the row above (two rows kept) and added into one
 * row of sums; every `shrink` rows the sums become one output row. Memory is the reduced picture (RGB,
 * 2500×2500×3 = 19 MB for a 5000² upload) plus a few rows.
 *
 * 8-bit grey, RGB, palette, grey+alpha and RGBA, and 16-bit of the colour types that have no palette,
 * not interlaced. The output is RGB: the photo is stored as JPEG, so transparent pixels are laid on
 * white here (a cut-out portrait reads as a portrait on a white wall, not on black). Anything else
 * (interlaced, 1/2/4-bit) returns null, and the caller refuses it with advice; a damaged stream throws
 * PngDamaged.
 */
import { createInflate } from "node:zlib";
import { unfilterRow, type Raster } from "../downloads";

/**
 * Output chunk of the streaming inflate: 1 MB. With its 16 KB default a 5000² RGBA image was 6,100 chunks
 * and 0.5 s of stream overhead; at 1 MB, 96 chunks and 26 ms (Node 22, bench/memory.ts's machine).
 */
const INFLATE_CHUNK = 1 << 20;

export class PngDamaged extends Error {}

/** Samples per pixel by colour type (0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA). */
const SAMPLES: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface Header {
  width: number;
  height: number;
  depth: number;
  colour: number;
  /** Compressed data: the IDAT chunks' contents, in order. */
  data: Uint8Array[];
  /** Palette as RGBA (colour type 3), with tRNS alphas. */
  palette?: Uint8Array;
}

function readChunks(png: Uint8Array): Header | null {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const header: Header = { width: view.getUint32(16), height: view.getUint32(20), depth: png[24]!, colour: png[25]!, data: [] };
  if (png[28] !== 0) return null; // interlaced
  const samples = SAMPLES[header.colour];
  if (!samples || !(header.depth === 8 || (header.depth === 16 && header.colour !== 3))) return null;
  let plte: Uint8Array | undefined;
  let trns: Uint8Array | undefined;
  for (let o = 8; o + 12 <= png.length;) {
    const length = view.getUint32(o);
    const type = String.fromCharCode(png[o + 4]!, png[o + 5]!, png[o + 6]!, png[o + 7]!);
    const body = png.subarray(o + 8, o + 8 + length);
    if (type === "IDAT") header.data.push(body);
    else if (type === "PLTE") plte = body;
    else if (type === "tRNS") trns = body;
    else if (type === "IEND") break;
    o += 12 + length;
  }
  if (header.colour === 3) {
    if (!plte) throw new PngDamaged("no palette");
    const palette = new Uint8Array(256 * 4); // entries beyond the palette read as opaque black
    for (let i = 0; i < 256; i++) {
      palette.set(plte.subarray(i * 3, i * 3 + 3), i * 4);
      palette[i * 4 + 3] = trns && i < trns.length ? trns[i]! : 255;
    }
    header.palette = palette;
  }
  return header;
}

/**
 * Adds one unfiltered row (`s`, its filter byte first) into `sums` (RGB per output column, `k` pixels a
 * column), on white where it is transparent; of 16-bit samples the high byte. One loop per kind of pixel.
 */
function accumulate(
  s: Uint8Array,
  sums: Uint32Array,
  width: number,
  k: number,
  colour: number,
  bytesPerSample: number,
  palette?: Uint8Array,
) {
  const bpp = SAMPLES[colour]! * bytesPerSample;
  const add = (o: number, r: number, g: number, b: number, a: number) => {
    if (a !== 255) {
      const white = 255 * (255 - a);
      r = ((r * a + white) / 255) | 0;
      g = ((g * a + white) / 255) | 0;
      b = ((b * a + white) / 255) | 0;
    }
    sums[o] = sums[o]! + r;
    sums[o + 1] = sums[o + 1]! + g;
    sums[o + 2] = sums[o + 2]! + b;
  };
  const g1 = bytesPerSample,
    g2 = 2 * bytesPerSample,
    g3 = 3 * bytesPerSample;
  for (let x0 = 0, i = 1, o = 0; x0 < width; x0 += k, o += 3) {
    const end = Math.min(width, x0 + k);
    if (colour === 6)
      for (let x = x0; x < end; x++, i += bpp) {
        const a = s[i + g3]!;
        if (a === 255) {
          sums[o] = sums[o]! + s[i]!;
          sums[o + 1] = sums[o + 1]! + s[i + g1]!;
          sums[o + 2] = sums[o + 2]! + s[i + g2]!;
        } else add(o, s[i]!, s[i + g1]!, s[i + g2]!, a);
      }
    else if (colour === 2)
      for (let x = x0; x < end; x++, i += bpp) {
        sums[o] = sums[o]! + s[i]!;
        sums[o + 1] = sums[o + 1]! + s[i + g1]!;
        sums[o + 2] = sums[o + 2]! + s[i + g2]!;
      }
    else if (colour === 3)
      for (let x = x0; x < end; x++, i++) {
        const p = s[i]! * 4;
        add(o, palette![p]!, palette![p + 1]!, palette![p + 2]!, palette![p + 3]!);
      }
    else
      for (let x = x0; x < end; x++, i += bpp) {
        const v = s[i]!;
        add(o, v, v, v, colour === 4 ? s[i + g1]! : 255);
      }
  }
}

/**
 * The whole factor that brings the longer side to at most `maxDecodedSide` (1 when it already is).
 */
export const pngShrink = (width: number, height: number, maxDecodedSide: number) =>
  Math.max(1, Math.ceil(Math.max(width, height) / maxDecodedSide));

/**
 * Decodes `png` (already checked and stripped: ./image-bytes.ts) averaged down by `pngShrink(…)`:
 * packed RGB, ⌈width/shrink⌉ × ⌈height/shrink⌉ (the last box of a row or column averages what it has).
 */
export async function decodePngScaled(png: Uint8Array, maxDecodedSide: number): Promise<Raster | null> {
  const h = readChunks(png);
  if (!h) return null;
  const { width, height, depth, colour, palette } = h;
  const k = pngShrink(width, height, maxDecodedSide);
  const outW = Math.ceil(width / k),
    outH = Math.ceil(height / k);
  const samples = SAMPLES[colour]!;
  const bytesPerSample = depth / 8;
  const bpp = samples * bytesPerSample;
  const stride = width * bpp;
  const out = new Uint8Array(outW * outH * 3);
  const sums = new Uint32Array(outW * 3);
  let row = new Uint8Array(stride + 1); // filter byte, then the samples
  let prev = new Uint8Array(stride + 1);
  let filled = 0;
  let y = 0;

  /** Writes the output row the sums hold (`rows` input rows deep) and clears them. */
  const emit = (rows: number) => {
    const base = Math.floor((y - 1) / k) * outW * 3;
    for (let ox = 0; ox < outW; ox++) {
      const n = rows * Math.min(k, width - ox * k);
      for (let c = 0; c < 3; c++) out[base + ox * 3 + c] = Math.round(sums[ox * 3 + c]! / n);
    }
    sums.fill(0);
  };

  const takeRow = () => {
    if (!unfilterRow(row[0]!, row.subarray(1), y === 0 ? undefined : prev.subarray(1), bpp)) throw new PngDamaged(`bad filter ${row[0]}`);
    accumulate(row, sums, width, k, colour, bytesPerSample, palette);
    [prev, row] = [row, prev];
    y++;
    if (y % k === 0 || y === height) emit(y % k || k);
  };

  const take = (chunk: Uint8Array) => {
    for (let o = 0; o < chunk.length && y < height;) {
      const n = Math.min(chunk.length - o, row.length - filled);
      row.set(chunk.subarray(o, o + n), filled);
      filled += n;
      o += n;
      if (filled === row.length) {
        takeRow();
        filled = 0;
      }
    }
  };
  await new Promise<void>((resolve, reject) => {
    const inflate = createInflate({ chunkSize: INFLATE_CHUNK });
    inflate.on("data", (chunk: Uint8Array) => {
      try {
        take(chunk);
      } catch (err) {
        inflate.destroy();
        reject(err);
      }
    });
    inflate.on("end", resolve);
    inflate.on("error", (err: Error) => reject(new PngDamaged(`the compressed data is damaged: ${err.message}`, { cause: err })));
    for (const part of h.data) inflate.write(part);
    inflate.end();
  });
  if (y < height) throw new PngDamaged("truncated image data");
  return { data: out, width: outW, height: outH, channels: 3, offset: 0, stride: outW * 3 };
}
