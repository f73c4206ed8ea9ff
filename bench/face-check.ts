/**
 * The face model's figures (issue 26; docs/decisions/115-face-model.md), in Debian's Chromium with the
 * e2e flags (no GPU): its download size, gzipped, from web/dist; the time from choosing a photo to the
 * photo check's verdict; and the time from the result view appearing to its likeness. A benchmark: it
 * prints figures, it asserts nothing.
 *
 *   npm run build && PORT=8907 STATE_DIR=.data/bench-face npm start     # in another terminal
 *   BASE_URL=http://127.0.0.1:8907 npx tsx bench/face-check.ts
 *
 * Cold: a fresh browser profile, the photo chosen right after the upload step opens (the step starts
 * loading the model as it opens, so a little of the download overlaps). Warm: the same page, the model
 * loaded. Times are taken with the page's own clock. Sizes need only the build (SIZES_ONLY=1 skips the
 * browser).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, request } from "playwright-core";
import { BAD_PHOTOS, GOOD_PHOTOS, astronaut } from "../e2e/face-photos";
import { createVerifiedAccount, signIn } from "../e2e/helpers";
import { FACE_NETS, faceModelBase } from "../web/build/face-model";
import { CHROME_FLAGS, CHROME_PATH } from "./chromium";

const dist = join(import.meta.dirname, "../web/dist");
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB (${(n / 1e6).toFixed(2)} MB)`;

function sizes() {
  const assets = join(dist, "assets");
  const chunk = readdirSync(assets).find((f) => /^model-[\w-]+\.js$/.test(f));
  if (!chunk) throw new Error("no model chunk in web/dist/assets: run npm run build");
  const modelDir = join(dist, faceModelBase());
  const net = (name: string) =>
    readdirSync(modelDir)
      .filter((f) => f.startsWith(name))
      .reduce((n, f) => n + gz(join(modelDir, f)), 0);
  const [detector, landmarks, descriptor] = FACE_NETS.map(net) as [number, number, number];
  const js = gz(join(assets, chunk));
  const wasm = gz(join(modelDir, "tfjs-backend-wasm-simd.wasm"));
  console.log("Face model download, gzipped (level 9):");
  console.log(`  face-api + tfjs chunk        ${kib(js)}`);
  console.log(`  tfjs WebAssembly (SIMD)      ${kib(wasm)}`);
  console.log(`  tiny face detector weights   ${kib(detector)}`);
  console.log(`  68-landmark weights          ${kib(landmarks)}`);
  console.log(`  descriptor weights           ${kib(descriptor)}`);
  console.log(`  = photo check (upload step)  ${kib(js + wasm + detector + landmarks)}`);
  console.log(`  + likeness (result view)     ${kib(descriptor)}  → ${kib(js + wasm + detector + landmarks + descriptor)} in all`);
}

interface Stopwatch {
  __marks: { verdict?: number; likeness?: number };
  __reset(): void;
}

/**
 * Runs in the page: times, with the page's own clock, from the file input's change to the photo check's
 * verdict, and from the likeness line's first appearance (the result view mounted) to its figure.
 */
function installStopwatch() {
  const w = window as unknown as Stopwatch & { __chosenAt?: number; __resultAt?: number };
  w.__reset = () => {
    w.__marks = {};
    w.__chosenAt = undefined;
    w.__resultAt = undefined;
  };
  w.__reset();
  document.addEventListener("change", () => (w.__chosenAt = performance.now()), true);
  new MutationObserver(() => {
    const now = performance.now();
    const check = document.querySelector('[aria-label="Photo check"]')?.textContent ?? "";
    if (w.__chosenAt !== undefined && w.__marks.verdict === undefined && /Looks good|You can still generate/.test(check))
      w.__marks.verdict = now - w.__chosenAt;
    const likeness = document.querySelector('[aria-label="Likeness"]');
    if (likeness && w.__resultAt === undefined) w.__resultAt = now;
    if (likeness && w.__resultAt !== undefined && w.__marks.likeness === undefined && /Likeness \d+%/.test(likeness.textContent ?? ""))
      w.__marks.likeness = now - w.__resultAt;
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function times(base: string) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const api = await request.newContext({ baseURL: base });
  try {
    const page = await (await browser.newContext({ baseURL: base })).newPage();
    await signIn(page, await createVerifiedAccount(api, "bench-face"));
    await page.getByRole("radio", { name: /^Woman/ }).click();
    await page.getByRole("radio", { name: "LinkedIn", exact: true }).click();

    await page.evaluate(installStopwatch);
    const verdictMs = async (photo: Buffer) => {
      const clear = page.getByRole("button", { name: "Clear photo" });
      if (await clear.isVisible()) await clear.click();
      await page.evaluate(() => (window as unknown as Stopwatch).__reset());
      await page.locator('input[type="file"]').setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
      return page
        .waitForFunction(() => (window as unknown as Stopwatch).__marks.verdict, undefined, { timeout: 120_000 })
        .then((h) => h.jsonValue() as Promise<number>);
    };
    const cold = await verdictMs(astronaut());
    const warmGood: number[] = [];
    const warmBad: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const c of GOOD_PHOTOS) warmGood.push(await verdictMs(await c.photo()));
      for (const c of BAD_PHOTOS) warmBad.push(await verdictMs(await c.photo()));
    }
    console.log(`\nTime to verdict (the photo chosen → the verdict shown, timed in the page):`);
    console.log(`  cold (model downloaded and compiled first)  ${cold.toFixed(0)} ms`);
    console.log(`  warm, good photos   median ${median(warmGood).toFixed(0)} ms of ${warmGood.length}`);
    console.log(
      `  warm, bad photos    median ${median(warmBad).toFixed(0)} ms of ${warmBad.length} (a photo with no face is looked at twice)`,
    );

    // Likeness: the two free generations, from the result view appearing to its figure.
    const likenessMs = async () => {
      const clear = page.getByRole("button", { name: "Clear photo" });
      if (await clear.isVisible()) await clear.click();
      await page.locator('input[type="file"]').setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: astronaut() });
      await page.evaluate(() => (window as unknown as Stopwatch).__reset());
      await page.getByRole("button", { name: "Generate Headshot" }).click();
      const ms = await page
        .waitForFunction(() => (window as unknown as Stopwatch).__marks.likeness, undefined, { timeout: 180_000 })
        .then((h) => h.jsonValue() as Promise<number>);
      const text = await page.getByRole("status", { name: "Likeness" }).textContent();
      return { ms, text: text?.match(/Likeness \d+%/)?.[0] };
    };
    const first = await likenessMs();
    await page.getByRole("button", { name: "Generate Another Headshot" }).click();
    await page.getByRole("radio", { name: /^Woman/ }).click();
    await page.getByRole("radio", { name: "LinkedIn", exact: true }).click();
    const second = await likenessMs();
    console.log(`\nTime to likeness (result view shown → likeness shown; two pictures decoded, two faces described):`);
    console.log(`  cold (descriptor weights downloaded first)  ${first.ms.toFixed(0)} ms  (${first.text})`);
    console.log(`  warm                                        ${second.ms.toFixed(0)} ms  (${second.text})`);
  } finally {
    await api.dispose();
    await browser.close();
  }
}

sizes();
if (process.env.SIZES_ONLY !== "1") await times((process.env.BASE_URL ?? "http://127.0.0.1:8907").replace(/\/+$/, ""));
