/**
 * Issue 12: metadata stripping keeps only what an image needs to display (an allow-list per format).
 * These failed before: a second JPEG after the first (MPO / concatenation) kept its EXIF with GPS,
 * and non-ICC APP2, APP0 payloads, unknown PNG chunks and bytes after the end survived.
 */
import { describe, expect, it } from "vitest";
import exifr from "exifr";
import { inspectImage } from "./image-bytes";
import {
  SECRET,
  appSegment,
  concat,
  contains,
  decode,
  enc,
  exifSegment,
  jpegBytes,
  jpegWithMetadata,
  pngBytes,
  pngChunk,
  webpChunk,
  webpWithChunks,
} from "../test/images";

const MAX = 40_000_000;
const strip = (bytes: Uint8Array) => inspectImage(bytes, MAX).stripped;
const gps = async (bytes: Uint8Array) =>
  (await exifr.parse(bytes, { gps: true, tiff: true }).catch(() => undefined)) as { GPSLatitude?: number[]; Artist?: string } | undefined;

describe("JPEG allow-list", () => {
  it("a multi-picture file (a second JPEG with GPS EXIF after the first) loses the second image entirely", async () => {
    const second = jpegWithMetadata(1, 32, 24);
    expect((await gps(second))?.GPSLatitude).toEqual([47, 22, 37.69]); // the reader does see GPS in the part alone
    const mpo = concat(jpegBytes(64, 48), second);
    const stripped = strip(mpo);
    expect(contains(stripped, SECRET)).toBe(false);
    expect(await gps(stripped)).toBeUndefined();
    expect(contains(stripped.subarray(2), new Uint8Array([0xff, 0xd8]))).toBe(false); // one SOI only
    expect(decode(stripped)).toMatchObject({ width: 64, height: 48 });
  });

  it("drops APP0 payloads, non-ICC APP2 segments and bytes after the end; keeps the ICC profile and orientation", async () => {
    const jpeg = jpegBytes(64, 48);
    const icc = appSegment(0xe2, concat(enc("ICC_PROFILE\0"), new Uint8Array([1, 1]), enc("fake-profile-bytes")));
    const fpxr = appSegment(0xe2, concat(enc("FPXR\0"), enc(SECRET)));
    const app0 = appSegment(0xe0, concat(enc("JFIF\0"), new Uint8Array([1, 2, 0, 0, 1, 0, 1, 0, 0]), enc(SECRET)));
    const input = concat(jpeg.subarray(0, 2), app0, exifSegment(6), icc, fpxr, jpeg.subarray(2), enc(`trailer ${SECRET}`));
    const stripped = strip(input);
    expect(contains(stripped, SECRET)).toBe(false);
    expect(contains(stripped, "fake-profile-bytes")).toBe(true);
    expect(((await exifr.parse(stripped, { tiff: true })) as { Orientation?: number | string }).Orientation).toBeTruthy();
    expect(stripped[stripped.length - 2]).toBe(0xff);
    expect(stripped[stripped.length - 1]).toBe(0xd9);
    expect(decode(stripped)).toMatchObject({ width: 64, height: 48 });
  });
});

describe("PNG allow-list", () => {
  it("keeps critical and colour chunks only, and nothing after IEND", () => {
    const png = pngBytes();
    const afterIhdr = 8 + 25;
    const input = concat(
      png.subarray(0, afterIhdr),
      pngChunk("gAMA", new Uint8Array([0, 0, 0xb1, 0x8f])),
      pngChunk("prVt", enc(SECRET)),
      pngChunk("pHYs", concat(new Uint8Array(9), enc(""))),
      png.subarray(afterIhdr),
      enc(`after the end ${SECRET}`),
    );
    const stripped = strip(input);
    expect(contains(stripped, SECRET)).toBe(false);
    expect(contains(stripped, "gAMA")).toBe(true);
    expect(contains(stripped, "pHYs")).toBe(false);
    expect(decode(stripped)).toMatchObject({ width: 320, height: 256 });
  });
});

describe("WebP allow-list", () => {
  it("keeps the image and ICC chunks only", () => {
    const input = webpWithChunks(webpChunk("ICCP", enc("fake-profile")), webpChunk("prVt", enc(SECRET)));
    const stripped = strip(input);
    expect(contains(stripped, SECRET)).toBe(false);
    expect(contains(stripped, "fake-profile")).toBe(true);
    expect(decode(stripped)).toMatchObject({ width: 320, height: 256 });
  });
});
