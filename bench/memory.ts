/**
 * The worker's peak memory for its four heaviest jobs (issue 34: a Workers isolate has 128 MB; goal: at
 * most 64 MB each). Each case runs the worker's own functions in a fresh Node process (V8, as workerd):
 *
 *   shoot start      3 phone photos (e2e/phone-photos.ts: 4032×3024, ~4 MB, orientation 6) × 10 styles:
 *                    the multipart body's files, `checkPhoto` for each in turn (strip, decode at 1/2,
 *                    turn upright, JPEG) and each stored once (`encryptBytes`), as worker/shoots/routes.ts.
 *                    "before" is main's way: the photos kept whole, sealed once per picture, all at once.
 *   generation       one picture from 3 references as a shoot stores them: decrypt, the SDK's request to
 *                    the Gemini stand-in (base64 inline), its image back, watermark, seal the result.
 *   ZIP 50 × 2K      50 pictures from 2048² stored results (the 2K model's size), streamed one file at
 *                    a time (worker/downloads/zip.ts) and read to the end: at full size as PNG (the stored
 *                    PNG is only re-marked), and as the Instagram preset (decoded, resized, encoded).
 *   custom 2048²     one download at the custom size 2048×2048: PNG from a 1024² result (today's model
 *                    size: decoded, enlarged, encoded) and lossless WebP from a 2048² one (photon).
 *   PNG upload       a 5000×5000 RGBA PNG (25 MP, inside the upload's 40; issue 46 item 8) through `checkPhoto`:
 *                    read row by row and averaged to 2500² as it inflates (worker/photos/png-scaled.ts),
 *                    resized to 2048², JPEG. "before" is main's way: the downloads' reader, inflated whole.
 *
 * Peak = the largest sampled `heapUsed + external` (every 2 ms and between steps; `external` holds the
 * ArrayBuffers and every WASM memory: photon's, the SIMD loops', libwebp's) minus the same figure before
 * the case's inputs were made, so Node's own baseline does not count; and the growth of the process's max
 * RSS for comparison (RSS includes Node itself, sharp/libvips and freed-but-kept pages).
 *
 *   npx tsx bench/memory.ts [part of a case's name, to run only those]
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { resourceUsage } from "node:process";
import sharp from "sharp";
import { DEFAULT_IMAGE_MODEL, FREE_IMAGE_SIZE } from "../domain/models";

const CASES = [
  "shoot start (after)",
  "shoot start (before: main)",
  "generation, 3 references",
  "ZIP 50 × 2K, high PNG",
  "ZIP 50 × 2K, Instagram PNG",
  "custom 2048² PNG from 1K",
  "custom 2048² WebP from 2K",
  "custom 1600² WebP from 2K",
  "PNG upload 5000² RGBA (after)",
  "PNG upload 5000² RGBA (before: main)",
] as const;
const MB = 1024 * 1024;
const CONFIG = { IMAGE_ENCRYPTION_KEYS: [{ id: "b1", raw: new Uint8Array(32).fill(7) }] };

/** A 2048² stored result as the 2K model answers (photo-like PNG, watermarked like a free person's). */
async function storedResult(seed: number, side = 2048): Promise<Uint8Array> {
  const { portraitPixels } = await import("../worker/downloads/fixture");
  const raw = Buffer.from(portraitPixels(side));
  for (let p = 0; p < raw.length; p += 4) raw[p] = (raw[p]! + seed * 20) & 0xff;
  return new Uint8Array(
    await sharp(raw, { raw: { width: side, height: side, channels: 4 } })
      .removeAlpha()
      .png()
      .toBuffer(),
  );
}

/**
 * A worker module, loaded by path: it runs in Node (tsx), but the node typecheck has no Workers types
 * (R2Bucket, Env) for the files these reach, so its functions are typed here by what the bench passes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const workerModule = (path: string): Promise<any> => import(new URL(path, import.meta.url).href);

async function runCase(name: (typeof CASES)[number]) {
  const { phonePhoto } = await import("../e2e/phone-photos");
  const { checkPhoto } = await workerModule("../worker/photos/photo-intake.ts");
  const { inspectImage } = await workerModule("../worker/photos/image-bytes.ts");
  const { decryptBytes, encryptBytes } = await workerModule("../worker/storage/encrypted.ts");
  const { generateHeadshotImage } = await workerModule("../worker/generation/gemini.ts");
  const { transformDownload } = await import("../worker/downloads/transform");
  const { uniqueNames, zipStream } = await import("../worker/downloads/zip");
  const { stampWatermark } = await import("../worker/generation/watermark");
  const file = (bytes: Uint8Array, name = "IMG.JPG") => new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });

  // inputs (not the worker's memory: it reads them from the request or R2 as it goes)
  const phones = [await phonePhoto("astronaut"), await phonePhoto("astronaut-2"), await phonePhoto("camera")];
  const results = name.startsWith("ZIP") || name.startsWith("custom") ? [await storedResult(1), await storedResult(2)] : [];
  const oneK = name.includes("from 1K") ? await storedResult(4, 1024) : new Uint8Array(0);
  const largePng = name.startsWith("PNG upload") ? await (await workerModule("../worker/test/images.ts")).largeRgbaPng(5000) : null;
  const sealedRefs: Uint8Array[] = [];
  if (name.startsWith("generation")) {
    for (const p of phones) sealedRefs.push((await encryptBytes(CONFIG, (await checkPhoto(file(p))).bytes)).sealed);
  }
  // warm the codecs (instantiating WASM is not the job's cost), then measure from here
  await transformDownload(await storedResult(3), { resolution: "web", shape: "square", fileFormat: "webp" });
  global.gc?.();
  const base = process.memoryUsage();
  const baseline = base.heapUsed + base.external;
  let peak = baseline;
  const sample = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.heapUsed + m.external);
  };
  const timer = setInterval(sample, 2);
  const rssBefore = resourceUsage().maxRSS;
  const t0 = performance.now();

  if (name === "shoot start (after)") {
    const files = phones.map((p, i) => file(p, `IMG_${i}.JPG`)); // the parsed multipart body
    const sealed: Uint8Array[] = [];
    for (const f of files) {
      const photo = await checkPhoto(f);
      sample();
      sealed.push((await encryptBytes(CONFIG, photo.bytes)).sealed); // each photo once for all 10 pictures
      sample();
    }
  } else if (name === "shoot start (before: main)") {
    const files = phones.map((p, i) => file(p, `IMG_${i}.JPG`));
    const photos: Uint8Array[] = [];
    for (const f of files) photos.push(inspectImage(new Uint8Array(await f.arrayBuffer()), 40e6).stripped);
    sample();
    // main: every picture its own copy of every photo, all sealed at once (10 styles × 3 photos)
    await Promise.all(
      Array.from({ length: 10 }, () => photos.map((p) => (encryptBytes(CONFIG, p) as Promise<unknown>).then(sample))).flat(),
    );
  } else if (name === "generation, 3 references") {
    const refs = await Promise.all(sealedRefs.splice(0).map((s) => decryptBytes(CONFIG, s)));
    sample();
    const outcome = await generateHeadshotImage(
      { GEMINI_API_KEY: "bench", GEMINI_BASE_URL: process.env.BENCH_GENAI_URL!, GEMINI_MODEL: DEFAULT_IMAGE_MODEL },
      {
        images: refs.map((bytes) => ({ bytes, mimeType: "image/jpeg" })),
        prompt: "A headshot in the LinkedIn style.",
        size: FREE_IMAGE_SIZE,
      },
    );
    sample();
    if (outcome.kind !== "image") throw new Error(`model: ${JSON.stringify(outcome)}`);
    const marked = stampWatermark(outcome.bytes);
    sample();
    await encryptBytes(CONFIG, marked);
  } else if (name.startsWith("ZIP")) {
    const options = name.includes("Instagram")
      ? ({ resolution: "high", shape: "square", fileFormat: "png", preset: "instagram-square" } as const)
      : ({ resolution: "high", shape: "square", fileFormat: "png" } as const);
    const names = uniqueNames(Array.from({ length: 50 }, () => "headshot-linkedin-high-square.png"));
    const entries = names.map((n, i) => ({ name: n, bytes: async () => (await transformDownload(results[i % 2]!, options)).bytes }));
    const reader = zipStream(entries).getReader();
    for (;;) {
      const { done } = await reader.read();
      sample();
      if (done) break;
    }
  } else if (name === "PNG upload 5000² RGBA (after)") {
    await checkPhoto(new File([largePng], "large.png", { type: "image/png" }));
  } else if (name === "PNG upload 5000² RGBA (before: main)") {
    const { decodePng } = await import("../worker/downloads/png-decode");
    const { resizeRgba } = await import("../worker/downloads/resize");
    const whole = decodePng(inspectImage(largePng, 40e6).stripped)!;
    sample();
    resizeRgba(whole, { x1: 0, y1: 0, x2: whole.width, y2: whole.height }, 2048, 2048);
  } else if (name.includes("from 1K")) {
    await transformDownload(oneK, { resolution: "high", shape: "square", fileFormat: "png", width: 2048, height: 2048 });
  } else {
    const side = name.includes("1600²") ? 1600 : 2048; // 1600²: resized first (not the stored picture as it is)
    await transformDownload(results[0]!, { resolution: "high", shape: "square", fileFormat: "webp", width: side, height: side });
  }

  const ms = performance.now() - t0;
  sample();
  clearInterval(timer);
  console.log(JSON.stringify({ name, peakMb: (peak - baseline) / MB, rssGrowthMb: (resourceUsage().maxRSS - rssBefore) / 1024, ms }));
}

async function main() {
  if (process.argv[2] === "case") return runCase(process.argv[3] as (typeof CASES)[number]);
  const { startGenaiStandin } = await import("../dev/genai-standin");
  const genai = await startGenaiStandin({ delayMs: 0, failRate: 0 });
  const { makePhonePhotos } = await import("../e2e/phone-photos");
  await makePhonePhotos();
  console.log("Peak memory of the worker's heaviest jobs (fresh process each; goal ≤ 64 MB of a 128 MB isolate)");
  console.log(`  ${"case".padEnd(30)} ${"peak (heap + external)".padStart(24)} ${"max RSS growth".padStart(16)} ${"time".padStart(9)}`);
  try {
    for (const name of CASES.filter((n) => !process.argv[2] || n.includes(process.argv[2]))) {
      // asynchronously: the Gemini stand-in answers from this process meanwhile
      const out = await promisify(execFile)(process.execPath, [...process.execArgv, process.argv[1]!, "case", name], {
        encoding: "utf8",
        env: { ...process.env, BENCH_GENAI_URL: genai.url },
        maxBuffer: 16 * MB,
      });
      const line = out.stdout.trim().split("\n").pop() ?? "";
      if (!line.startsWith("{")) throw new Error(`${name} failed: ${out.stderr}`);
      const r = JSON.parse(line) as { peakMb: number; rssGrowthMb: number; ms: number };
      console.log(
        `  ${name.padEnd(30)} ${`${r.peakMb.toFixed(1)} MB`.padStart(24)} ${`${r.rssGrowthMb.toFixed(0)} MB`.padStart(16)} ${`${(r.ms / 1000).toFixed(2)} s`.padStart(9)}`,
      );
    }
  } finally {
    await genai.stop();
  }
}

await main();
