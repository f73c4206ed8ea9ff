import { describe, expect, it } from "vitest";
import UTIF from "utif";
import { PhotonImage } from "@cf-wasm/photon";
import { FILE_FORMATS, PRESETS, WEB_LONG_SIDE, type DownloadOptions, type FileFormat } from "../../domain/downloads";
import { portraitPixels } from "./fixture";
import { encodePng } from "./png-encode";
import { XMP_CHUNK } from "./png";
import { transformDownload } from "./transform";
import { decodePng, pngChunks, pngDpi, tiffTags, webpInfo, type Decoded } from "./test-decoders";

const SOURCE = (() => {
  const img = new PhotonImage(portraitPixels(1024), 1024, 1024);
  try {
    return img.get_bytes();
  } finally {
    img.free();
  }
})();

const opts = (o: Partial<DownloadOptions>): DownloadOptions => ({ resolution: "high", shape: "square", fileFormat: "png", ...o });

/** Decodes with a decoder other than the one that wrote the file (see test-decoders.ts). */
async function decode(bytes: Uint8Array, format: FileFormat): Promise<Decoded> {
  if (format === "png") {
    expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    return decodePng(bytes);
  }
  if (format === "tiff") {
    expect([...bytes.subarray(0, 4)]).toEqual([0x49, 0x49, 42, 0]);
    const [ifd] = UTIF.decode(bytes);
    UTIF.decodeImage(bytes, ifd!);
    return { width: ifd!.width, height: ifd!.height, rgba: UTIF.toRGBA8(ifd!) };
  }
  const info = webpInfo(bytes);
  expect(info.riffSize).toBe(info.fileSize - 8);
  // Pixels through photon's decoder (image-rs); libwebp decodes the same files in bench/downloads-readers.test.ts.
  const img = PhotonImage.new_from_byteslice(bytes);
  try {
    expect([img.get_width(), img.get_height()]).toEqual([info.width, info.height]);
    return { width: info.width, height: info.height, rgba: img.get_raw_pixels() };
  } finally {
    img.free();
  }
}

const pixel = (d: Decoded, x: number, y: number) => [...d.rgba.subarray((y * d.width + x) * 4, (y * d.width + x) * 4 + 4)];

describe("transformDownload: sizes and formats", () => {
  for (const preset of PRESETS) {
    for (const fileFormat of FILE_FORMATS) {
      it(`${preset.id} as ${fileFormat} is exactly ${preset.width}×${preset.height}`, async () => {
        const out = await transformDownload(SOURCE, opts({ preset: preset.id, fileFormat }));
        const d = await decode(out.bytes, fileFormat);
        expect([d.width, d.height]).toEqual([preset.width, preset.height]);
        expect([out.width, out.height]).toEqual([preset.width, preset.height]);
        expect(pixel(d, preset.width >> 1, preset.height >> 1)[3]).toBe(255);
      });
    }
  }

  for (const fileFormat of FILE_FORMATS) {
    it(`high and web resolutions as ${fileFormat}`, async () => {
      const high = await decode((await transformDownload(SOURCE, opts({ fileFormat }))).bytes, fileFormat);
      expect([high.width, high.height]).toEqual([1024, 1024]);
      const web = await decode((await transformDownload(SOURCE, opts({ resolution: "web", fileFormat }))).bytes, fileFormat);
      expect([web.width, web.height]).toEqual([WEB_LONG_SIDE, WEB_LONG_SIDE]);
    });
  }

  it("custom sizes: taller is cropped to cover, wider continues the backdrop, both exact", async () => {
    for (const [w, h] of [
      [600, 900],
      [1200, 400],
      [64, 64],
      [333, 777],
    ] as const) {
      const d = await decode((await transformDownload(SOURCE, opts({ width: w, height: h }))).bytes, "png");
      expect([d.width, d.height]).toEqual([w, h]);
    }
  });

  it("serves a stored PNG without re-encoding when nothing changes: only the XMP, and pHYs for a DPI, are added", async () => {
    const idat = (b: Uint8Array) =>
      pngChunks(b)
        .filter((c) => c.type === "IDAT")
        .map((c) => [...c.data.subarray(0, 64)]);
    const same = await transformDownload(SOURCE, opts({}));
    expect(idat(same.bytes)).toEqual(idat(SOURCE));
    expect(same.bytes.length).toBe(SOURCE.length + XMP_CHUNK.length);
    const with300 = await transformDownload(SOURCE, opts({ dpi: "300" }));
    expect(idat(with300.bytes)).toEqual(idat(SOURCE));
    expect(with300.bytes.length).toBe(SOURCE.length + 21 + XMP_CHUNK.length);
  });
});

describe("transformDownload: banners", () => {
  it("put the portrait at the right and continue its backdrop on the left (no bars)", async () => {
    for (const id of ["linkedin-banner", "twitter-banner"] as const) {
      const d = await decodePng((await transformDownload(SOURCE, opts({ preset: id }))).bytes);
      const src = await decodePng(SOURCE);
      // The backdrop just left of the portrait matches the photo's own left edge at that height.
      const scale = 1024 / d.height;
      for (const y of [Math.round(d.height * 0.2), Math.round(d.height * 0.5)]) {
        const far = pixel(d, 5, y);
        const edge = pixel(src, 2, Math.round(y * scale));
        for (let c = 0; c < 3; c++) expect(Math.abs(far[c]! - edge[c]!)).toBeLessThan(40);
        expect(far[0]! + far[1]! + far[2]!).toBeGreaterThan(150); // not black bars
      }
      // The face (skin tone: red well above blue) is in the right third, and not on the left.
      const skin = (p: number[]) => p[0]! - p[2]! > 40 && p[0]! > 150;
      const faceRow = Math.round(d.height * 0.45);
      const skinXs = [...Array(d.width).keys()].filter((x) => skin(pixel(d, x, faceRow)));
      expect(skinXs.length).toBeGreaterThan(10);
      expect(Math.min(...skinXs)).toBeGreaterThan(d.width * 0.6);
    }
  });
});

describe("transformDownload: round", () => {
  for (const fileFormat of FILE_FORMATS) {
    it(`keeps transparent corners, an opaque centre and an anti-aliased edge in ${fileFormat}`, async () => {
      const d = await decode((await transformDownload(SOURCE, opts({ resolution: "web", shape: "round", fileFormat }))).bytes, fileFormat);
      const n = d.width;
      for (const [x, y] of [
        [0, 0],
        [n - 1, 0],
        [0, n - 1],
        [n - 1, n - 1],
        [20, 20],
      ])
        expect(pixel(d, x!, y!)[3]).toBe(0);
      for (const [x, y] of [
        [n >> 1, n >> 1],
        [n >> 1, 3],
        [3, n >> 1],
      ])
        expect(pixel(d, x!, y!)[3]).toBe(255);
      let partial = 0;
      for (let i = 3; i < d.rgba.length; i += 4) if (d.rgba[i]! > 0 && d.rgba[i]! < 255) partial++;
      expect(partial).toBeGreaterThan(n); // the circumference is soft, not stair-stepped
      expect(partial).toBeLessThan(n * 8);
      // Coverage adds up to the circle's area: the soft edge is placed where the true edge is.
      let covered = 0;
      for (let i = 3; i < d.rgba.length; i += 4) covered += d.rgba[i]! / 255;
      expect(Math.abs(covered - Math.PI * (n / 2) ** 2)).toBeLessThan(n * 0.1);
    });
  }

  it("on a banner makes a stadium: transparent corners, opaque middle", async () => {
    const d = await decodePng((await transformDownload(SOURCE, opts({ preset: "linkedin-banner", shape: "round" }))).bytes);
    expect(pixel(d, 0, 0)[3]).toBe(0);
    expect(pixel(d, 1583, 395)[3]).toBe(0);
    expect(pixel(d, 792, 0)[3]).toBe(255);
    expect(pixel(d, 792, 198)[3]).toBe(255);
  });
});

describe("transformDownload: DPI", () => {
  it("PNG: pHYs in pixels per metre, before IDAT; none for screen", async () => {
    for (const dpi of ["150", "300"] as const) {
      const out = await transformDownload(SOURCE, opts({ preset: "instagram-square", dpi }));
      const found = pngDpi(out.bytes)!;
      expect(found.x).toBeCloseTo(Number(dpi), 1);
      expect(found.y).toBeCloseTo(Number(dpi), 1);
      const types = pngChunks(out.bytes).map((c) => c.type);
      expect(types.indexOf("pHYs")).toBeLessThan(types.indexOf("IDAT"));
      expect(types.filter((t) => t === "pHYs")).toHaveLength(1);
      expect((await decodePng(out.bytes)).width).toBe(1080); // pixel size unchanged
    }
    expect(pngDpi((await transformDownload(SOURCE, opts({ preset: "instagram-square" }))).bytes)).toBeUndefined();
  });

  it("TIFF: XResolution/YResolution with ResolutionUnit inch (72 for screen)", async () => {
    for (const [dpi, want] of [
      ["150", 150],
      ["300", 300],
      [undefined, 72],
    ] as const) {
      const out = await transformDownload(SOURCE, opts({ resolution: "web", fileFormat: "tiff", dpi }));
      const tags = tiffTags(out.bytes);
      expect(tags.get(282)).toEqual([want]);
      expect(tags.get(283)).toEqual([want]);
      expect(tags.get(296)).toEqual([2]);
      expect(tags.get(256)).toEqual([512]);
    }
  });

  it("WebP: an EXIF chunk (VP8X flag set) with the resolution in inches", async () => {
    // web is lossy (VP8, with a lossless ALPH chunk when round); every other size lossless (VP8L).
    const cases = [
      { o: { resolution: "web" }, size: 512, square: ["VP8X", "VP8 ", "EXIF", "XMP "], round: ["VP8X", "ALPH", "VP8 ", "EXIF", "XMP "] },
      { o: { preset: "twitter-profile" }, size: 400, square: ["VP8X", "VP8L", "EXIF", "XMP "], round: ["VP8X", "VP8L", "EXIF", "XMP "] },
    ] as const;
    for (const c of cases)
      for (const shape of ["square", "round"] as const) {
        const out = await transformDownload(SOURCE, opts({ ...c.o, fileFormat: "webp", dpi: "300", shape }));
        const info = webpInfo(out.bytes);
        expect(info.chunks.map((ch) => ch.type)).toEqual(c[shape]);
        expect(info.flags & 0x08).toBe(0x08);
        expect(Boolean(info.flags & 0x10)).toBe(shape === "round");
        expect([info.width, info.height]).toEqual([c.size, c.size]);
        const tags = tiffTags(info.exif!);
        expect(tags.get(282)).toEqual([300]);
        expect(tags.get(283)).toEqual([300]);
        expect(tags.get(296)).toEqual([2]);
      }
    const plain = webpInfo((await transformDownload(SOURCE, opts({ resolution: "web", fileFormat: "webp" }))).bytes);
    expect(plain.exif).toBeUndefined();
  });
});

describe("transformDownload: WebP of the stored picture as it is (decision 236)", () => {
  it("is lossless, the stored pixels exactly, with its DPI and AI marking, whether asked as high or as a custom size equal to it", async () => {
    const source = portraitPixels(1024);
    for (const o of [opts({ fileFormat: "webp", dpi: "150" }), opts({ fileFormat: "webp", dpi: "150", width: 1024, height: 1024 })]) {
      const out = await transformDownload(SOURCE, o);
      expect([out.width, out.height, out.mime]).toEqual([1024, 1024, "image/webp"]);
      const info = webpInfo(out.bytes);
      expect(info.chunks.map((c) => c.type)).toEqual(["VP8X", "VP8L", "EXIF", "XMP "]);
      expect(tiffTags(info.exif!).get(282)).toEqual([150]);
      const d = await decode(out.bytes, "webp");
      expect(Buffer.from(d.rgba).equals(Buffer.from(source))).toBe(true);
    }
  });
});

describe("transformDownload: encoders", () => {
  const colourType = (png: Uint8Array) => pngChunks(png).find((c) => c.type === "IHDR")!.data[9];

  it("writes an opaque PNG as RGB (colour type 2) and a round one as RGBA (type 6) with its alpha", async () => {
    const square = await transformDownload(SOURCE, opts({ preset: "facebook-profile" }));
    expect(colourType(square.bytes)).toBe(2);
    const round = await transformDownload(SOURCE, opts({ preset: "facebook-profile", shape: "round" }));
    expect(colourType(round.bytes)).toBe(6);
    const d = await decodePng(round.bytes);
    expect(pixel(d, 0, 0)[3]).toBe(0);
    expect(pixel(d, 160, 160)[3]).toBe(255);
    // Same pixels inside the circle: RGB and RGBA files carry the same colours.
    const s = await decodePng(square.bytes);
    expect(pixel(d, 160, 160).slice(0, 3)).toEqual(pixel(s, 160, 160).slice(0, 3));
  });

  it("writes the web WebP lossy, at 512², close to the lossless pixels", async () => {
    const lossy = await transformDownload(SOURCE, opts({ resolution: "web", fileFormat: "webp" }));
    expect(webpInfo(lossy.bytes).chunks.map((c) => c.type)).toEqual(["VP8X", "VP8 ", "XMP "]);
    const d = await decode(lossy.bytes, "webp");
    expect([d.width, d.height]).toEqual([512, 512]);
    const ref = await decodePng((await transformDownload(SOURCE, opts({ resolution: "web" }))).bytes);
    let err = 0;
    for (let i = 0; i < d.rgba.length; i++) if ((i & 3) !== 3) err += Math.abs(d.rgba[i]! - ref.rgba[i]!);
    expect(err / (512 * 512 * 3)).toBeLessThan(4); // mean absolute error per sample, 0–255
  });
});

describe("transformDownload: sources", () => {
  it("an RGB PNG source (what the model answers) gives the same pixels as the same image stored as RGBA", async () => {
    const rgbSource = encodePng(portraitPixels(1024), 1024, 1024); // opaque: colour type 2
    expect(pngChunks(rgbSource)[0]!.data[9]).toBe(2);
    expect(pngChunks(SOURCE)[0]!.data[9]).toBe(6);
    const cases: Partial<DownloadOptions>[] = [
      { resolution: "web" },
      { preset: "email-signature", shape: "round" },
      { fileFormat: "tiff" },
      { preset: "twitter-banner" },
    ];
    for (const o of cases) {
      const format = o.fileFormat ?? "png";
      const a = await decode((await transformDownload(rgbSource, opts(o))).bytes, format);
      const b = await decode((await transformDownload(SOURCE, opts(o))).bytes, format);
      expect([a.width, a.height]).toEqual([b.width, b.height]);
      expect(a.rgba.filter((v, i) => v !== b.rgba[i]).length).toBe(0); // differing samples
    }
  });
});
