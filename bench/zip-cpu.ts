/**
 * CPU time per picture of a ZIP download (issue 38, "Keep up at 10×"; decision 262): the worker's own
 * `headshotZipEntries` (worker/downloads/headshot-zip.ts) over stored, sealed 2048² results (the 2K model's
 * size) in an in-memory bucket, streamed through `zipStream` and read to the end — R2 read, decrypt, the
 * download's transform, CRC-32 and the archive's headers, exactly what `GET /api/shoots/:id/zip`,
 * `GET /api/downloads/zip` and `GET /api/team/zip` do per file. For the heaviest option choices.
 *
 * CPU = the process's user + system time (process.cpuUsage: every thread, so V8's GC threads count too — a
 * little more than a Worker's CPU time, never less). A streamed response's CPU time counts against the
 * Worker's `cpu_ms` like any other (decision 262), so this is the figure wrangler.toml's `[limits]` is
 * computed from (worker/config-files.test.ts).
 *
 *   npx tsx bench/zip-cpu.ts              # 6 pictures a case
 *   npx tsx bench/zip-cpu.ts --pictures 20
 */
import sharp from "sharp";
import type { DownloadOptions } from "../domain/downloads";
import { portraitPixels } from "../worker/downloads/fixture";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const PICTURES = Number(arg("pictures") ?? 6);
const CONFIG = { IMAGE_ENCRYPTION_KEYS: [{ id: "b1", raw: new Uint8Array(32).fill(7) }] };

const CASES: [string, DownloadOptions][] = [
  ["8×10 print TIFF (2400×3000)", { resolution: "high", shape: "square", fileFormat: "tiff", preset: "print-8x10", dpi: "300" }],
  ["8×10 print PNG (2400×3000)", { resolution: "high", shape: "square", fileFormat: "png", preset: "print-8x10", dpi: "300" }],
  ["high TIFF (2048²)", { resolution: "high", shape: "square", fileFormat: "tiff" }],
  ["custom 2048² WebP", { resolution: "high", shape: "square", fileFormat: "webp", width: 2048, height: 2048 }],
  ["custom 4096×1024 PNG", { resolution: "high", shape: "square", fileFormat: "png", width: 4096, height: 1024 }],
  ["LinkedIn banner PNG", { resolution: "high", shape: "square", fileFormat: "png", preset: "linkedin-banner" }],
  ["high PNG (2048², re-marked only)", { resolution: "high", shape: "square", fileFormat: "png" }],
];

/** A 2048² stored result as the 2K model answers (photo-like opaque PNG). */
async function storedResult(seed: number): Promise<Uint8Array> {
  const raw = Buffer.from(portraitPixels(2048));
  for (let p = 0; p < raw.length; p += 4) raw[p] = (raw[p]! + seed * 20) & 0xff;
  return new Uint8Array(
    await sharp(raw, { raw: { width: 2048, height: 2048, channels: 4 } })
      .removeAlpha()
      .png()
      .toBuffer(),
  );
}

/** The part of R2Bucket the download path uses, in memory. */
function memoryBucket() {
  const objects = new Map<string, { bytes: Uint8Array; customMetadata: Record<string, string> }>();
  return {
    async put(key: string, bytes: Uint8Array, opts: { customMetadata: Record<string, string> }) {
      objects.set(key, { bytes: new Uint8Array(bytes), customMetadata: opts.customMetadata });
    },
    async get(key: string) {
      const o = objects.get(key);
      return o ? { customMetadata: o.customMetadata, arrayBuffer: async () => o.bytes.slice().buffer } : null;
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const workerModule = (path: string): Promise<any> => import(new URL(path, import.meta.url).href);

async function main() {
  const { putEncrypted } = await workerModule("../worker/storage/encrypted.ts");
  const { headshotZipEntries } = await workerModule("../worker/downloads/headshot-zip.ts");
  const { zipStream } = await import("../worker/downloads/zip");
  const bucket = memoryBucket();
  const rows: { id: string; userId: string; style: string; resultKey: string; completedAt: Date; updatedAt: Date }[] = [];
  for (let i = 0; i < PICTURES; i++) {
    const resultKey = `results/u1/h${i}.png`;
    await putEncrypted(bucket, CONFIG, resultKey, await storedResult(i % 3), "image/png");
    rows.push({ id: `h${i}`, userId: "u1", style: "linkedin", resultKey, completedAt: new Date(), updatedAt: new Date() });
  }
  const read = async (options: DownloadOptions) => {
    const reader = (zipStream(headshotZipEntries(bucket, CONFIG, rows, options)) as ReadableStream<Uint8Array>).getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return bytes;
      bytes += value.byteLength;
    }
  };
  await read(CASES[3]![1]); // warm the codecs (instantiating WASM is not a picture's cost)
  console.log(`CPU per picture of a ZIP of ${PICTURES} stored 2048² results (worker's path; process user + system time)`);
  console.log(`  ${"options".padEnd(34)} ${"CPU / picture".padStart(14)} ${"wall / picture".padStart(15)} ${"ZIP size".padStart(10)}`);
  for (const [label, options] of CASES) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const bytes = await read(options);
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    console.log(
      `  ${label.padEnd(34)} ${`${(cpuMs / PICTURES).toFixed(0)} ms`.padStart(14)} ${`${(wall / PICTURES).toFixed(0)} ms`.padStart(15)} ${`${(bytes / 1024 / 1024).toFixed(1)} MB`.padStart(10)}`,
    );
  }
}

await main();
