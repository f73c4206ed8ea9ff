/**
 * Download transforms: ours (photon WASM + our containers, worker/downloads/transform.ts) against sharp
 * (native libvips) on the same 1024×1024 photo-like PNG, for every preset and resolution × format.
 * Like with like: lossless WebP on both sides, Deflate+predictor TIFF on both, default PNG settings,
 * 300 DPI written by both. Banners: ours continues the backdrop; sharp resizes then extends with
 * copied edge pixels (its nearest equivalent), so sharp does slightly less work there.
 *
 *   npx tsx bench/downloads.ts            # the table, then the peak-memory runs
 *   npx tsx bench/downloads.ts --runs 9   # more runs per case
 *
 * Peak memory is measured in a fresh child process per case (WASM memory only ever grows, so the
 * memory.buffer size after one transform is that transform's peak).
 */
import { spawnSync } from "node:child_process";
import { resourceUsage } from "node:process";
import sharp from "sharp";
import { initPhoton } from "@cf-wasm/photon";
import { FILE_FORMATS, PRESETS, type DownloadOptions, type FileFormat } from "../domain/downloads";
import { portraitPixels } from "../worker/downloads/fixture";
import { outputSize, planGeometry } from "../worker/downloads/geometry";
import { transformDownload } from "../worker/downloads/transform";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

async function sourcePng(): Promise<Uint8Array> {
  // Built with sharp, so photon's WASM memory holds nothing before the measured transform.
  const raw = Buffer.from(portraitPixels(1024));
  return new Uint8Array(await sharp(raw, { raw: { width: 1024, height: 1024, channels: 4 } }).png().toBuffer());
}

async function viaSharp(src: Uint8Array, o: DownloadOptions): Promise<Uint8Array> {
  const plan = planGeometry(1024, 1024, o);
  let s = sharp(src);
  if (plan.width !== plan.portrait.width) {
    s = s.resize(plan.portrait.width, plan.portrait.height, { kernel: "cubic" }).extend({
      left: plan.portraitX,
      right: plan.width - plan.portraitX - plan.portrait.width,
      extendWith: "copy",
    });
  } else if (plan.width !== 1024 || plan.height !== 1024) {
    s = s.resize(plan.width, plan.height, { fit: "cover", position: "top", kernel: "cubic" });
  }
  if (o.dpi) s = s.withMetadata({ density: Number(o.dpi) });
  if (o.fileFormat === "png") s = s.png();
  if (o.fileFormat === "webp") s = s.webp({ lossless: true });
  if (o.fileFormat === "tiff") s = s.tiff({ compression: "deflate", predictor: "horizontal" });
  return new Uint8Array(await s.toBuffer());
}

async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

interface Case { label: string; options: DownloadOptions }
function cases(): Case[] {
  const out: Case[] = [];
  const sizes: { label: string; o: Partial<DownloadOptions> }[] = [
    { label: "high 1024²", o: { resolution: "high" } },
    { label: "web 512²", o: { resolution: "web" } },
    ...PRESETS.map((p) => ({ label: `${p.id} ${p.width}×${p.height}`, o: { preset: p.id } })),
  ];
  for (const s of sizes) {
    for (const fileFormat of FILE_FORMATS) {
      out.push({ label: `${s.label} ${fileFormat}`, options: { resolution: "high", shape: "square", fileFormat, dpi: "300", ...s.o } });
    }
  }
  return out;
}

async function table(runs: number) {
  const src = await sourcePng();
  const rows: string[][] = [["case (300 dpi, square)", "ours ms", "sharp ms", "ours/sharp", "ours bytes", "sharp bytes"]];
  for (const c of cases()) {
    let ourBytes = 0, sharpBytes = 0;
    const ours = await median(runs, async () => { ourBytes = (await transformDownload(src, c.options)).bytes.length; });
    const theirs = await median(runs, async () => { sharpBytes = (await viaSharp(src, c.options)).length; });
    rows.push([c.label, ours.toFixed(1), theirs.toFixed(1), (ours / theirs).toFixed(2), kb(ourBytes), kb(sharpBytes)]);
  }
  const round = { resolution: "high", shape: "round", fileFormat: "png", dpi: "300", preset: "linkedin-banner" } as const;
  let rb = 0;
  const roundMs = await median(runs, async () => { rb = (await transformDownload(src, round)).bytes.length; });
  rows.push(["linkedin-banner round png (ours only)", roundMs.toFixed(1), "-", "-", kb(rb), "-"]);
  print(rows);
  console.log(`\n${runs} runs per case after one warm-up; median. Node ${process.version}, ${process.arch}.`);
}

function print(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  rows.forEach((r, n) => {
    console.log(r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
    if (n === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  });
}

/** Child mode: one transform in a fresh process; report WASM memory and process peaks. */
async function peakChild(spec: string) {
  const options = JSON.parse(spec) as DownloadOptions;
  const src = await sourcePng();
  const memory = (await initPhoton.ensure()).memory as WebAssembly.Memory;
  const before = memory.buffer.byteLength;
  const out = await transformDownload(src, options);
  const after = memory.buffer.byteLength;
  const mu = process.memoryUsage();
  console.log(JSON.stringify({ wasmBefore: before, wasmPeak: after, arrayBuffers: mu.arrayBuffers, heapUsed: mu.heapUsed, maxRss: resourceUsage().maxRSS * 1024, bytes: out.bytes.length }));
}

function peakIn(options: DownloadOptions) {
  const r = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, "--peak-child", JSON.stringify(options)], { encoding: "utf8" });
  const line = r.stdout.trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(line) as { wasmBefore: number; wasmPeak: number; arrayBuffers: number; heapUsed: number; maxRss: number; bytes: number };
  } catch {
    throw new Error(`peak child failed: ${r.stderr}`);
  }
}

async function peaks() {
  const largest = [...PRESETS].sort((a, b) => b.width * b.height - a.width * a.height)[0]!;
  const probe: { label: string; o: DownloadOptions }[] = [
    ...(["png", "webp", "tiff"] as FileFormat[]).map((f) => ({ label: `${largest.id} (largest preset) ${f}`, o: { resolution: "high", shape: "round", fileFormat: f, preset: largest.id, dpi: "300" } as DownloadOptions })),
    { label: "linkedin-banner (widest) round tiff", o: { resolution: "high", shape: "round", fileFormat: "tiff", preset: "linkedin-banner", dpi: "300" } },
    { label: "custom 2048×2048 png", o: { resolution: "high", shape: "square", fileFormat: "png", width: 2048, height: 2048 } },
    { label: "custom 4096×1024 png (at the pixel budget)", o: { resolution: "high", shape: "square", fileFormat: "png", width: 4096, height: 1024 } },
    { label: "custom 4096×4096 png (refused: over budget)", o: { resolution: "high", shape: "square", fileFormat: "png", width: 4096, height: 4096 } },
  ];
  const rows = [["peak memory, fresh process", "output", "WASM memory", "JS ArrayBuffers", "process max RSS"]];
  for (const p of probe) {
    const { width, height } = outputSize(1024, 1024, p.o);
    const m = peakIn(p.o);
    rows.push([p.label, `${width}×${height}`, `${mb(m.wasmBefore)} → ${mb(m.wasmPeak)}`, mb(m.arrayBuffers), mb(m.maxRss)]);
  }
  console.log("");
  print(rows);
  console.log("\nWorkers allow 128 MB per isolate: WASM memory + JS heap/ArrayBuffers must fit under it (RSS includes Node and libvips).");
}

const child = arg("peak-child");
if (child) await peakChild(child);
else {
  await table(Number(arg("runs") ?? 5));
  await peaks();
}
