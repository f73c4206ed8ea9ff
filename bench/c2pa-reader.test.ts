/**
 * Content Credentials read back by the C2PA reference implementation (issue 48, decision 320): c2pa-rs in its
 * WASM build (`@contentauth/c2pa-wasm`, `WasmReader.fromBytes`, the same Rust code as c2patool and the verify
 * page). The worker's own code runs here in Node: the download transform (photon's Node build), the XMP
 * marking and `signImage` with the committed test signer (WebCrypto, as in workerd). The test CA is given
 * to the reader as its trust anchor, so a good file is "Trusted": signature, certificate profile, chain and
 * hard binding all checked by c2pa-rs.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import { PhotonImage } from "@cf-wasm/photon";
import sharp from "sharp";
import { initSync, WasmReader } from "@contentauth/c2pa-wasm";
import { FILE_FORMATS, PRESETS, type DownloadOptions } from "../domain/downloads";
import { portraitPixels } from "../worker/downloads/fixture";
import { transformDownload } from "../worker/downloads/transform";
import { downloadProvenance } from "../worker/marking/provenance";
import { signImage, withoutContentCredentials, type Provenance, type SigningCredentials } from "../worker/marking/c2pa";
import { signingCredentials } from "../worker/marking/credentials";
import { DIGITAL_SOURCE_TYPE } from "../worker/marking/xmp";
import { digitalSourceType, xmpPackets } from "../worker/downloads/test-decoders";
import { jpegBytes, jpegWithMetadata } from "../worker/test/images";
import { c2paTrust, readC2paStore } from "../worker/test/c2pa-store";

const TRUST = c2paTrust(readFileSync("dev/c2pa/test-root.pem", "utf8"));
let credentials: SigningCredentials;

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve("@contentauth/c2pa-wasm/c2pa.wasm");
  initSync({ module: readFileSync(wasm) });
  credentials = await signingCredentials({
    C2PA_SIGNING_KEY: readFileSync("dev/c2pa/test-signer.key.pem", "utf8"),
    C2PA_CERT_CHAIN: readFileSync("dev/c2pa/test-chain.pem", "utf8"),
  });
});

const SOURCE = (() => {
  const img = new PhotonImage(portraitPixels(512), 512, 512);
  try {
    return img.get_bytes();
  } finally {
    img.free();
  }
})();
const MIME = { png: "image/png", webp: "image/webp", jpeg: "image/jpeg", tiff: "image/tiff" } as const;

/** What c2pa-rs reports for the file: validation state, failure codes, and the active manifest's actions. */
const read = (mime: string, bytes: Uint8Array) => readC2paStore(TRUST, mime, bytes);

/** A valid, trusted manifest by Headshot Studio whose first action says the picture was made by a trained model. */
async function expectMadeWithAi(mime: string, bytes: Uint8Array, xmp = true) {
  const r = await read(mime, bytes);
  expect(r.failures).toEqual([]);
  expect(r.state).toBe("Trusted");
  expect(r.generator).toBe("Headshot Studio");
  expect(r.actions[0]).toMatchObject({ action: "c2pa.created", digitalSourceType: DIGITAL_SOURCE_TYPE });
  // the IPTC XMP marking is kept beside it
  if (xmp) expect(xmpPackets(bytes).map(digitalSourceType)).toEqual([DIGITAL_SOURCE_TYPE]);
  return r;
}

/** The file with one byte of its image data changed, away from the manifest store (a WebP's and a TIFF's are last). */
function tampered(bytes: Uint8Array): Uint8Array {
  const t = bytes.slice();
  const at = bytes[0] === 0x52 || bytes[0] === 0x49 ? Math.floor(t.length / 3) : t.length - 40;
  t[at] = t[at]! ^ 0x01;
  return t;
}

describe("Content Credentials validate in c2pa-rs (reference reader)", () => {
  for (const fileFormat of FILE_FORMATS) {
    it(`every ${fileFormat} download: trusted, made by a trained model; a changed byte is invalid`, async () => {
      const cases: Partial<DownloadOptions>[] = [{}, { dpi: "300" }, { resolution: "web" }, { shape: "round" }, { preset: PRESETS[0]!.id }];
      for (const c of cases) {
        const options = { resolution: "high", shape: "square", fileFormat, ...c } as DownloadOptions;
        const out = await transformDownload(SOURCE, options);
        const signed = await signImage(out.bytes, credentials, { model: "gemini-nano-banana-2.1", ...downloadProvenance({}, options) });
        const r = await expectMadeWithAi(MIME[fileFormat], signed, fileFormat !== "tiff"); // (c2pa-rs reads no XMP from a TIFF)
        expect(r.actions[0]!.softwareAgent).toEqual({ name: "gemini-nano-banana-2.1" });
        const bad = await read(MIME[fileFormat], tampered(signed));
        expect(bad.state).toBe("Invalid");
        expect(bad.failures).toContain("assertion.dataHash.mismatch");

        // signed in place (decision 380), as a download is: the store in the room the writer left, the file not copied
        if (c !== cases[1]) continue; // (one case a format: the reader is slow)
        const fresh = (await transformDownload(SOURCE, options)).bytes;
        const inPlace = await signImage(fresh, credentials, { model: "gemini-nano-banana-2.1" }, { inPlace: true });
        expect(inPlace.buffer).toBe(fresh.buffer);
        expect(inPlace.length).toBe(signed.length);
        await expectMadeWithAi(MIME[fileFormat], inPlace, fileFormat !== "tiff");
        if (fileFormat !== "tiff") expect(withoutContentCredentials(inPlace)).toEqual(withoutContentCredentials(signed));
        expect((await read(MIME[fileFormat], tampered(inPlace))).state).toBe("Invalid");
      }
    });
  }

  // (the XMP beside it in a JPEG: worker/marking/marking.test.ts and the result view's route test)
  it("the result view's JPEG (a model answer may be one), with JFIF and EXIF before it, signed twice keeps one store", async () => {
    for (const jpeg of [jpegBytes(64, 48), jpegWithMetadata(6, 64, 48)]) {
      const once = await signImage(jpeg, credentials, {});
      await expectMadeWithAi("image/jpeg", once, false);
      const twice = await signImage(once, credentials, {});
      expect(twice.length).toBe(once.length);
      await expectMadeWithAi("image/jpeg", twice, false);
      expect((await read("image/jpeg", tampered(once))).state).toBe("Invalid");
    }
  });

  it("a TIFF (tag 0xCD41, decision 344): still the same picture to a TIFF reader, its XMP kept; signed twice, one store that validates", async () => {
    const tiff = (await transformDownload(SOURCE, { resolution: "web", shape: "square", fileFormat: "tiff", dpi: "300" })).bytes;
    const signed = await signImage(tiff, credentials, { model: "gemini-nano-banana-2.1" });
    const [before, after] = await Promise.all([tiff, signed].map((b) => sharp(b).raw().toBuffer({ resolveWithObject: true })));
    expect(after!.info).toMatchObject({ width: 512, height: 512 });
    expect(after!.data.equals(before!.data)).toBe(true);
    const meta = await sharp(signed).metadata();
    expect(meta.density).toBe(300);
    expect(digitalSourceType(new TextDecoder().decode(meta.xmp!))).toBe(DIGITAL_SOURCE_TYPE);
    const twice = await signImage(signed, credentials, { model: "gemini-3-pro-image" });
    const r = await expectMadeWithAi("image/tiff", twice, false);
    expect(r.actions[0]!.softwareAgent).toEqual({ name: "gemini-3-pro-image" });
    expect((await read("image/tiff", tampered(twice))).state).toBe("Invalid");
  });

  it("a refine and a quick change: opened from the parent version (a parentOf ingredient), then edited", async () => {
    const png = (await transformDownload(SOURCE, { resolution: "web", shape: "square", fileFormat: "png" })).bytes;
    const refine: Provenance = downloadProvenance({ kind: "edit", model: "m" }, {});
    const r = await read("image/png", await signImage(png, credentials, refine));
    expect(r.failures).toEqual([]);
    expect(r.state).toBe("Trusted");
    expect(r.actions.map((a) => a.action)).toEqual(["c2pa.opened", "c2pa.edited"]);
    expect(r.actions[1]).toMatchObject({ digitalSourceType: DIGITAL_SOURCE_TYPE, softwareAgent: { name: "m" } });
    expect(r.ingredients.map((i) => i.relationship)).toEqual(["parentOf"]);

    expect(r.actions[0]!.description).toBeUndefined(); // the parent's own model is not the refine's: not said

    const adjust = downloadProvenance({ model: "gemini-3-pro-image" }, { adjust: { zoom: 120, tilt: 0, panX: 0, panY: 0 } });
    const q = await read("image/png", await signImage(png, credentials, adjust));
    expect(q.state).toBe("Trusted");
    expect(q.actions.map((a) => a.action)).toEqual(["c2pa.opened", "c2pa.edited"]);
    // opened: a picture the model made, which the opened action and the ingredient name (decision 343)
    expect(q.actions[0]).toMatchObject({ digitalSourceType: DIGITAL_SOURCE_TYPE, description: "Made with AI by gemini-3-pro-image" });
    expect(q.ingredients[0]!.description).toBe("Made with AI by gemini-3-pro-image");
    expect(q.actions[1]!.softwareAgent).toEqual({ name: "Headshot Studio" });
  });

  it("a picture whose model was not recorded (rows from before decision 343) names no software agent, and no guess", async () => {
    const png = (await transformDownload(SOURCE, { resolution: "web", shape: "square", fileFormat: "png" })).bytes;
    const r = await expectMadeWithAi("image/png", await signImage(png, credentials, downloadProvenance({ model: null }, {})));
    expect(r.actions).toHaveLength(1);
    expect(r.actions[0]!.softwareAgent).toBeUndefined();
  });

  it("a file signed by someone else's certificate is not trusted; a stripped file has no credentials", async () => {
    const png = (await transformDownload(SOURCE, { resolution: "web", shape: "square", fileFormat: "png" })).bytes;
    const signed = await signImage(png, credentials, {});
    const other = await WasmReader.fromBytes("image/png", signed, JSON.stringify({ verify: { verify_trust: true } }));
    expect(JSON.parse(other.json()).validation_state).toBe("Valid"); // sound, but not from a trust list the reader was given
    other.free();
    await expect(WasmReader.fromBytes("image/png", png, TRUST)).rejects.toBeTruthy();
  });
});
