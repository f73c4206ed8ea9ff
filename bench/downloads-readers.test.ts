/**
 * The download files open in standard readers: the worker's transform run in Node (photon's Node
 * build) and every output read back with sharp, i.e. libvips with libpng, libwebp and libtiff.
 */
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { PhotonImage } from "@cf-wasm/photon";
import { FILE_FORMATS, PRESETS, type DownloadOptions } from "../domain/downloads";
import { portraitPixels } from "../worker/downloads/fixture";
import { transformDownload } from "../worker/downloads/transform";

const SOURCE = (() => {
  const img = new PhotonImage(portraitPixels(1024), 1024, 1024);
  try {
    return img.get_bytes();
  } finally {
    img.free();
  }
})();
const opts = (o: Partial<DownloadOptions>): DownloadOptions => ({ resolution: "high", shape: "square", fileFormat: "png", ...o });

/** Resolution tags from a raw EXIF/TIFF block (sharp hands WebP's EXIF over as bytes). */
function exifResolution(exif: Buffer): { x: number; unit: number } {
  const start = exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? 6 : 0;
  const t = exif.subarray(start);
  const le = t[0] === 0x49;
  const u16 = (o: number) => (le ? t.readUInt16LE(o) : t.readUInt16BE(o));
  const u32 = (o: number) => (le ? t.readUInt32LE(o) : t.readUInt32BE(o));
  const ifd = u32(4);
  let x = 0,
    unit = 0;
  for (let i = 0; i < u16(ifd); i++) {
    const e = ifd + 2 + i * 12;
    if (u16(e) === 282) x = u32(u32(e + 8)) / u32(u32(e + 8) + 4);
    if (u16(e) === 296) unit = u16(e + 8);
  }
  return { x, unit };
}

describe("download files in libvips (sharp)", () => {
  for (const fileFormat of FILE_FORMATS) {
    it(`${fileFormat}: every preset opens with its exact size; 300 DPI is read back`, async () => {
      for (const preset of PRESETS) {
        const out = await transformDownload(SOURCE, opts({ preset: preset.id, fileFormat, dpi: "300" }));
        const meta = await sharp(out.bytes).metadata();
        expect(meta.format).toBe(fileFormat === "tiff" ? "tiff" : fileFormat);
        expect([meta.width, meta.height]).toEqual([preset.width, preset.height]);
        if (fileFormat === "webp") {
          expect(meta.resolutionUnit).toBe("inch"); // libexif parsed our EXIF chunk
          expect(exifResolution(meta.exif!)).toEqual({ x: 300, unit: 2 });
        } else {
          expect(Math.round(meta.density!)).toBe(300);
        }
        // and the pixels decode in full
        const { info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
        expect([info.width, info.height]).toEqual([preset.width, preset.height]);
      }
    });
  }

  it("a round TIFF has alpha in libtiff, and its pixels equal the PNG's", async () => {
    const o = opts({ resolution: "web", shape: "round", dpi: "150" });
    const tiff = await transformDownload(SOURCE, { ...o, fileFormat: "tiff" });
    const png = await transformDownload(SOURCE, o);
    const meta = await sharp(tiff.bytes).metadata();
    expect(meta.hasAlpha).toBe(true);
    expect(meta.density).toBe(150);
    expect(meta.resolutionUnit).toBe("inch");
    const a = await sharp(tiff.bytes).ensureAlpha().raw().toBuffer();
    const b = await sharp(png.bytes).ensureAlpha().raw().toBuffer();
    expect(a.equals(b)).toBe(true);
    expect(a[3]).toBe(0); // top-left corner transparent
    const mid = (256 * 512 + 256) * 4;
    expect(a[mid + 3]).toBe(255);
  });

  it("a round WebP keeps alpha in libwebp", async () => {
    const out = await transformDownload(SOURCE, opts({ resolution: "web", shape: "round", fileFormat: "webp" }));
    const raw = await sharp(out.bytes).ensureAlpha().raw().toBuffer();
    expect(raw[3]).toBe(0);
    expect(raw[(256 * 512 + 256) * 4 + 3]).toBe(255);
  });
});
