import { describe, expect, it } from "vitest";
import { ImageProblem, inspectImage } from "./image-bytes";
import { sniffType } from "../lib/image-type";
import {
  SECRET,
  contains,
  decode,
  jpegBytes,
  jpegDeclaring,
  jpegWithMetadata,
  pngBytes,
  pngDeclaring,
  pngWithMetadata,
  webpBytes,
  webpWithMetadata,
} from "../test/images";

const MAX = 40_000_000;
const problem = (bytes: Uint8Array) => {
  try {
    inspectImage(bytes, MAX);
  } catch (err) {
    return err instanceof ImageProblem ? err.kind : "other";
  }
  return null;
};

describe("sniffType", () => {
  it("knows JPEG, PNG and WebP by their bytes and nothing else", () => {
    expect(sniffType(jpegBytes())).toBe("image/jpeg");
    expect(sniffType(pngBytes())).toBe("image/png");
    expect(sniffType(webpBytes())).toBe("image/webp");
    expect(sniffType(new TextEncoder().encode("GIF89a......"))).toBeNull();
    expect(sniffType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffType(new Uint8Array(0))).toBeNull();
  });
});

describe("inspectImage", () => {
  it("reads dimensions from every format's header", () => {
    for (const bytes of [jpegBytes(64, 48), pngBytes(64, 48), webpBytes(64, 48), webpWithMetadata(64, 48)]) {
      const r = inspectImage(bytes, MAX);
      expect([r.width, r.height]).toEqual([64, 48]);
    }
  });

  it("refuses a header declaring 50,000 × 50,000 without decoding", () => {
    expect(problem(pngDeclaring(50_000, 50_000))).toBe("dimensions");
    expect(problem(jpegDeclaring(50_000, 50_000))).toBe("dimensions");
    expect(problem(pngDeclaring(6000, 6000))).toBeNull(); // 36 MP is allowed
  });

  it("refuses truncated and damaged files", () => {
    for (const bytes of [jpegBytes(), pngBytes(), webpBytes()]) {
      expect(problem(bytes.subarray(0, Math.floor(bytes.length / 2)))).toBe("corrupt");
      expect(problem(bytes.subarray(0, 16))).toBe("corrupt");
    }
    const damaged = pngBytes().slice();
    damaged[40] = damaged[40]! ^ 0xff; // inside IDAT: the CRC no longer matches
    expect(problem(damaged)).toBe("corrupt");
    expect(problem(new TextEncoder().encode("just text"))).toBe("type");
  });

  it("strips EXIF (with GPS), XMP and comments from a JPEG and keeps the pixels and orientation", () => {
    const original = jpegWithMetadata(6);
    expect(contains(original, SECRET)).toBe(true);
    const { stripped } = inspectImage(original, MAX);
    expect(contains(stripped, SECRET)).toBe(false);
    expect(contains(stripped, "http://ns.adobe.com/xap")).toBe(false);
    expect(contains(stripped, new Uint8Array([0x88, 0x25]))).toBe(false); // GPS IFD tag
    // Only the orientation survives, in a minimal EXIF segment
    expect(contains(stripped, new Uint8Array([0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06]))).toBe(true);
    expect(decode(stripped).pixels).toEqual(decode(jpegBytes()).pixels);
  });

  it("strips text and EXIF chunks from a PNG and EXIF/XMP from a WebP", () => {
    for (const bytes of [pngWithMetadata(), webpWithMetadata()]) {
      expect(contains(bytes, SECRET)).toBe(true);
      const { stripped } = inspectImage(bytes, MAX);
      expect(contains(stripped, SECRET)).toBe(false);
      expect(decode(stripped).width).toBe(320);
      // the stripped file is still well formed
      expect(problem(stripped)).toBeNull();
    }
    expect(decode(inspectImage(pngWithMetadata(), MAX).stripped).pixels).toEqual(decode(pngBytes()).pixels);
  });
});
