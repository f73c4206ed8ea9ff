/**
 * Issue 26, EU AI Act Art. 50(2): every image the product delivers says it is AI-made, machine-readably
 * (XMP, IPTC DigitalSourceType = trainedAlgorithmicMedia). Read back with independent readers: our
 * spec-written container walkers (downloads/test-decoders.ts) and exifr.
 */
import { describe, expect, it } from "vitest";
import exifr from "exifr";
import { PhotonImage } from "@cf-wasm/photon";
import { FILE_FORMATS, PRESETS, type DownloadOptions } from "../../domain/downloads";
import { portraitPixels } from "../downloads/fixture";
import { digitalSourceType, pngChunks, webpInfo, xmpPackets } from "../downloads/test-decoders";
import { transformDownload } from "../downloads/transform";
import { stampWatermark } from "../generation/watermark";
import { concat, enc, jpegBytes, jpegWithMetadata, pngBytes, pngChunk, webpBytes } from "../test/images";
import { markAiImage } from "../downloads/mark";
import { DIGITAL_SOURCE_TYPE } from "./xmp";

const SOURCE = (() => {
  const img = new PhotonImage(portraitPixels(512), 512, 512);
  try {
    return img.get_bytes();
  } finally {
    img.free();
  }
})();

/** Exactly one XMP packet, declaring the image made by a trained model. */
function expectMarked(bytes: Uint8Array) {
  const packets = xmpPackets(bytes);
  expect(packets).toHaveLength(1);
  expect(digitalSourceType(packets[0]!)).toBe(DIGITAL_SOURCE_TYPE);
}

/** exifr's own XMP parser agrees (it reads PNG, TIFF and JPEG; not WebP). */
async function expectExifrSees(bytes: Uint8Array) {
  const parsed = (await exifr.parse(bytes, { xmp: true, tiff: false })) as Record<string, unknown> | undefined;
  expect(parsed?.DigitalSourceType).toBe(DIGITAL_SOURCE_TYPE);
}

describe("downloads carry the AI marking", () => {
  const cases: Partial<DownloadOptions>[] = [
    {}, // high, stored PNG served without re-encoding
    { dpi: "300" }, // the same, with pHYs
    { resolution: "web" },
    { shape: "round" },
    { preset: PRESETS[0]!.id, dpi: "300" },
    { preset: "linkedin-banner" },
    { width: 300, height: 500 },
  ];
  for (const fileFormat of FILE_FORMATS) {
    it(`every ${fileFormat} file, whatever the size, shape and DPI`, async () => {
      for (const c of cases) {
        const out = await transformDownload(SOURCE, { resolution: "high", shape: "square", fileFormat, ...c } as DownloadOptions);
        expectMarked(out.bytes);
        if (fileFormat !== "webp") await expectExifrSees(out.bytes);
      }
    });
  }

  it("the PNG fast path replaces an XMP packet the source had instead of adding a second one", async () => {
    const foreign = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description Iptc4xmpExt:DigitalSourceType="http://cv.iptc.org/newscodes/digitalsourcetype/digitalCapture"/></rdf:RDF></x:xmpmeta>`;
    const itxt = pngChunk("iTXt", concat(enc("XML:com.adobe.xmp\0\0\0\0\0"), enc(foreign)));
    const chunks = pngChunks(SOURCE);
    const ihdrEnd = 8 + 12 + chunks[0]!.data.length;
    const withForeign = concat(SOURCE.subarray(0, ihdrEnd), itxt, SOURCE.subarray(ihdrEnd));
    const out = await transformDownload(withForeign, { resolution: "high", shape: "square", fileFormat: "png" });
    expectMarked(out.bytes);
    // the pixels were not re-encoded
    expect(
      pngChunks(out.bytes)
        .filter((c) => c.type === "IDAT")
        .map((c) => c.data.length),
    ).toEqual(chunks.filter((c) => c.type === "IDAT").map((c) => c.data.length));
  });
});

describe("markAiImage: the result view and the free watermarked image", () => {
  it("marks the watermarked PNG (what a free result is stored as) and keeps its image data", async () => {
    const watermarked = stampWatermark(pngBytes(96, 96));
    const marked = markAiImage(watermarked)!;
    expectMarked(marked);
    await expectExifrSees(marked);
    const idat = (b: Uint8Array) =>
      pngChunks(b)
        .filter((c) => c.type === "IDAT")
        .map((c) => [...c.data]);
    expect(idat(marked)).toEqual(idat(watermarked));
  });

  it("marks a JPEG after its JFIF and EXIF segments, replacing an XMP it had", async () => {
    for (const jpeg of [jpegBytes(64, 48), jpegWithMetadata(1, 64, 48)]) {
      const marked = markAiImage(jpeg)!;
      expectMarked(marked);
      await expectExifrSees(marked);
      expectMarked(markAiImage(marked)!); // marking twice still leaves one packet
      const img = PhotonImage.new_from_byteslice(marked);
      expect([img.get_width(), img.get_height()]).toEqual([64, 48]);
      img.free();
    }
  });

  it("marks a simple-format WebP by wrapping it in VP8X with the canvas of its image chunk", () => {
    const webp = webpBytes(64, 48);
    const marked = markAiImage(webp)!;
    expectMarked(marked);
    const info = webpInfo(marked);
    expect(info.chunks[0]!.type).toBe("VP8X");
    expect([info.width, info.height]).toEqual([64, 48]);
    expect(info.riffSize).toBe(marked.length - 8);
    expectMarked(markAiImage(marked)!);
  });

  it("leaves bytes of an unknown type alone (null) rather than damaging them", () => {
    expect(markAiImage(enc("GIF89a not an image we write"))).toBeNull();
  });
});
