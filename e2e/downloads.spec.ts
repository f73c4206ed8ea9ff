import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { initSync, WasmReader } from "@contentauth/c2pa-wasm";
import { ROUND_NOT_ALLOWED } from "../domain/downloads";
import { createVerifiedAccount, generateOne, signIn, subscribeMonthly } from "./helpers";

/** Reads the pHYs chunk of a PNG: pixels per metre on x, and the unit byte. */
function pngPhys(png: Buffer): { ppm: number; unit: number } | null {
  let o = 8;
  while (o < png.length) {
    const len = png.readUInt32BE(o);
    const type = png.toString("ascii", o + 4, o + 8);
    if (type === "pHYs") return { ppm: png.readUInt32BE(o + 8), unit: png[o + 16]! };
    o += 12 + len;
  }
  return null;
}

/** c2pa-rs (its WASM build) on a file: the validation state with the test CA as trust anchor, and the first action. */
async function contentCredentials(
  file: Uint8Array,
): Promise<{ state: string; first: { action: string; digitalSourceType?: string; softwareAgent?: { name: string } } }> {
  initSync({ module: readFileSync(createRequire(import.meta.url).resolve("@contentauth/c2pa-wasm/c2pa.wasm")) });
  const trust = JSON.stringify({
    trust: { trust_anchors: readFileSync("dev/c2pa/test-root.pem", "utf8") },
    verify: { verify_trust: true },
  });
  const reader = await WasmReader.fromBytes("image/png", file, trust);
  const store = JSON.parse(reader.json());
  reader.free();
  const manifest = store.manifests[store.active_manifest];
  const actions = manifest.assertions.find((a: { label: string }) => a.label === "c2pa.actions.v2").data.actions;
  return { state: store.validation_state, first: actions[0] };
}

test("a subscriber downloads a round 300 DPI PNG Instagram square; a banner offers no Round", async ({ page, request }) => {
  const email = await createVerifiedAccount(request, "subscriber");
  await signIn(page, email);
  await subscribeMonthly(page);
  await generateOne(page);

  // The result view and the downloads panel say the picture carries Content Credentials (issue 48): the result
  // view's line, under the picture, with its link to the public verify page; the panel's the same, TIFF included.
  await expect(page.getByTestId("content-credentials")).toHaveCount(2);
  const resultLine = page.getByTestId("content-credentials").first();
  await expect(resultLine).toBeVisible();
  await expect(resultLine).toContainText("Content Credentials: made with AI.");
  await expect(resultLine.getByRole("link", { name: /verify page/ })).toHaveAttribute("href", "https://contentcredentials.org/verify");
  await page.getByRole("radio", { name: "TIFF", exact: true }).click();
  await expect(page.getByTestId("content-credentials").last()).not.toContainText("TIFF"); // signed too (decision 344)

  // A banner would become a pill: Round is not offered there (issue 23; the worker refuses it too).
  await page.getByLabel("Size preset").click();
  await page.getByRole("option", { name: /LinkedIn banner/ }).click();
  await expect(page.getByRole("radio", { name: /^Round/ })).toHaveCount(0);
  await expect(page.getByText(ROUND_NOT_ALLOWED)).toBeVisible();

  await page.getByLabel("Size preset").click();
  await page.getByRole("option", { name: /Instagram square/ }).click();
  await page.getByRole("radio", { name: /^Round/ }).click();
  await page.getByRole("radio", { name: "PNG", exact: true }).click();
  await page.getByRole("radio", { name: /^300/ }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download", exact: true }).click(),
  ]);
  await expect(page.getByText("Download Started", { exact: true })).toBeVisible();

  expect(download.suggestedFilename()).toBe("headshot-linkedin-instagram-square-round-300dpi.png");
  const file = await readFile((await download.path())!);
  const meta = await sharp(file).metadata();
  expect(meta).toMatchObject({ format: "png", width: 1080, height: 1080, hasAlpha: true, density: 300 });
  expect(pngPhys(file)).toEqual({ ppm: 11811, unit: 1 }); // 300 dpi = 11811 px/m
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
  expect(alphaAt(0, 0)).toBe(0); // transparent corners
  expect(alphaAt(info.width - 1, info.height - 1)).toBe(0);
  expect(alphaAt(Math.floor(info.width / 2), Math.floor(info.height / 2))).toBe(255); // opaque centre
  // and the file's Content Credentials validate in the reference implementation, naming the AI source and the
  // model that made the picture (the stack's GEMINI_MODEL, wrangler.toml; decision 343)
  expect(await contentCredentials(file)).toEqual({
    state: "Trusted",
    first: expect.objectContaining({
      action: "c2pa.created",
      digitalSourceType: "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia",
      softwareAgent: { name: "gemini-nano-banana-2.1" },
    }),
  });
});

test("a subscriber's generation is made at 2K: the high-resolution download is 2048 × 2048 px of its own (issue 32)", async ({
  page,
  request,
}) => {
  const email = await createVerifiedAccount(request, "twok");
  await signIn(page, email);
  await subscribeMonthly(page);
  await generateOne(page);
  // the default choice: high resolution, square, PNG
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("headshot-linkedin-high-square.png");
  const meta = await sharp(await readFile((await download.path())!)).metadata();
  expect(meta).toMatchObject({ format: "png", width: 2048, height: 2048 });
});

test("a free user downloads a web-size WebP, and high resolution asks for a plan", async ({ page, request }) => {
  const email = await createVerifiedAccount(request, "free-download");
  await signIn(page, email);
  await generateOne(page);

  await page.getByRole("radio", { name: "Web", exact: true }).click();
  await page.getByRole("radio", { name: "WebP", exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("headshot-linkedin-web-square.webp");
  const meta = await sharp(await readFile((await download.path())!)).metadata();
  expect(meta.format).toBe("webp");
  expect(Math.max(meta.width!, meta.height!)).toBe(512);

  await page.getByRole("radio", { name: /^High/ }).click();
  await expect(page.getByRole("dialog", { name: "Subscription Required" })).toBeVisible();
});
