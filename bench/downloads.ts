/**
 * Download files: ours (worker/downloads/transform.ts, then the Content Credentials signed (decisions 320, 344): our PNG reader and writer and TIFF writer on
 * native zlib, our resize, photon for lossless WebP, libwebp in WASM for the lossy web WebP) against
 * sharp (native libvips) on the same opaque RGB photo-like PNG of SIDE² — 2048² by default, what the model
 * answers a subscriber since issue 32 (`--side 1024`: a free generation's, or results made before) — for
 * every preset and resolution × format, interleaved run by run (the machine is shared: read the ratios).
 * Like with like: the same Catmull-Rom ("cubic") kernel, RGB PNG on both sides, Deflate+predictor TIFF
 * on both, lossless WebP on both except `web`, which is lossy on both at the same quality; 300 DPI
 * written by both. Banners: ours continues the backdrop; sharp resizes then extends with copied edge
 * pixels (its nearest equivalent), so sharp does slightly less work there.
 * The web WebP's SSIM (luma, 8×8 windows) is measured against the lossless 512² pixels, and its size
 * against the lossless WebP of the same pixels.
 *
 *   npx tsx bench/downloads.ts            # the table, the web WebP figures, then the peak-memory runs
 *   npx tsx bench/downloads.ts --runs 9   # more runs per case
 *   npx tsx bench/downloads.ts --only png # only the cases whose label contains "png" (table only)
 *   npx tsx bench/downloads.ts --side 1024 # a 1024² source instead of 2048²
 *
 * The milliseconds are CPU time: one transform runs synchronously on one core, in V8 and WASM as on
 * Workers, so they are what a download takes of a Worker's CPU limit (decision 164).
 *
 * Peak memory is measured in a fresh child process per case (WASM memory only ever grows, so the
 * memory.buffer size after one transform is that transform's peak).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resourceUsage } from "node:process";
import { availableParallelism, loadavg } from "node:os";
import sharp from "sharp";
import { initPhoton } from "@cf-wasm/photon";
import { FILE_FORMATS, PRESETS, formatAllowed, type DownloadOptions, type FileFormat } from "../domain/downloads";
import { portraitPixels } from "../worker/downloads/fixture";
import { outputSize, planGeometry } from "../worker/downloads/geometry";
import { simdMemoryBytes } from "../worker/downloads/simd/kernel";
import { transformDownload } from "../worker/downloads/transform";
import { WEB_WEBP_QUALITY } from "../worker/downloads/webp-lossy";
import { containerOf, signImage } from "../worker/marking/c2pa";
import { signingCredentials } from "../worker/marking/credentials";

/**
 * The delivered file: the transform, then its Content Credentials signed as worker/downloads/file.ts does
 * (decisions 320 and 344: PNG, WebP and TIFF alike), with the committed test signer (the same P-256 ES256 work as production's).
 */
async function delivered(src: Uint8Array, o: DownloadOptions): Promise<Uint8Array> {
  const out = (await transformDownload(src, o)).bytes;
  if (!containerOf(out)) return out;
  const credentials = await signingCredentials({
    C2PA_SIGNING_KEY: readFileSync("dev/c2pa/test-signer.key.pem", "utf8"),
    C2PA_CERT_CHAIN: readFileSync("dev/c2pa/test-chain.pem", "utf8"),
  });
  return signImage(out, credentials, { model: "gemini-nano-banana-2.1" }, { inPlace: true });
}

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

/** The source's side in pixels. */
const SIDE = Number(arg("side") ?? 2048);

async function sourcePng(): Promise<Uint8Array> {
  // Built with sharp, so photon's WASM memory holds nothing before the measured transform. Opaque RGB,
  // as the model answers (a 4-channel source would make sharp write RGBA PNGs: not like for like).
  const raw = Buffer.from(portraitPixels(SIDE));
  return new Uint8Array(
    await sharp(raw, { raw: { width: SIDE, height: SIDE, channels: 4 } })
      .removeAlpha()
      .png()
      .toBuffer(),
  );
}

async function viaSharp(src: Uint8Array, o: DownloadOptions): Promise<Uint8Array> {
  const plan = planGeometry(SIDE, SIDE, o);
  let s = sharp(src);
  if (plan.width !== plan.portrait.width) {
    s = s.resize(plan.portrait.width, plan.portrait.height, { kernel: "cubic" }).extend({
      left: plan.portraitX,
      right: plan.width - plan.portraitX - plan.portrait.width,
      extendWith: "copy",
    });
  } else if (plan.width !== SIDE || plan.height !== SIDE) {
    s = s.resize(plan.width, plan.height, { fit: "cover", position: "top", kernel: "cubic" });
  }
  if (o.dpi) s = s.withMetadata({ density: Number(o.dpi) });
  if (o.fileFormat === "png") s = s.png();
  if (o.fileFormat === "webp") s = s.webp(o.resolution === "web" ? { quality: WEB_WEBP_QUALITY } : { lossless: true });
  if (o.fileFormat === "tiff") s = s.tiff({ compression: "deflate", predictor: "horizontal" });
  return new Uint8Array(await s.toBuffer());
}

const middle = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

/**
 * Medians of `a`'s and `b`'s wall time and CPU time, run alternately (one warm-up each), so both see the same
 * machine load. CPU is this process's (user + system, every thread): ours runs on one thread (a Worker's CPU),
 * sharp's on libvips's threads, all counted. On a shared machine whose load is many times its cores, wall time
 * is mostly waiting for a core, and a one-thread job waits more than a many-thread one: read the CPU ratio then.
 */
async function interleaved(runs: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number, number, number]> {
  await a();
  await b();
  const ta: number[] = [],
    tb: number[] = [],
    ca: number[] = [],
    cb: number[] = [];
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    let cpu = process.cpuUsage();
    await a();
    ta.push(performance.now() - t);
    ca.push(cpuMs(cpu));
    t = performance.now();
    cpu = process.cpuUsage();
    await b();
    tb.push(performance.now() - t);
    cb.push(cpuMs(cpu));
  }
  return [middle(ta), middle(tb), middle(ca), middle(cb)];
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

interface Case {
  label: string;
  options: DownloadOptions;
}
function cases(): Case[] {
  const out: Case[] = [];
  const sizes: { label: string; o: Partial<DownloadOptions> }[] = [
    { label: `high ${SIDE}²`, o: { resolution: "high" } },
    { label: "web 512²", o: { resolution: "web" } },
    ...PRESETS.map((p) => ({ label: `${p.id} ${p.width}×${p.height}`, o: { preset: p.id } })),
  ];
  for (const s of sizes) {
    for (const fileFormat of FILE_FORMATS.filter((f) => formatAllowed({ ...s.o, fileFormat: f }))) {
      out.push({ label: `${s.label} ${fileFormat}`, options: { resolution: "high", shape: "square", fileFormat, dpi: "300", ...s.o } });
    }
  }
  return out;
}

async function table(runs: number) {
  const src = await sourcePng();
  const rows: string[][] = [
    [
      "case (300 dpi, square)",
      "ours ms",
      "sharp ms",
      "ours/sharp",
      "ours CPU ms",
      "sharp CPU ms",
      "CPU ours/sharp",
      "ours bytes",
      "sharp bytes",
      "ours/sharp",
    ],
  ];
  let worst = 0,
    worstCpu = 0;
  const only = arg("only");
  for (const c of cases().filter((c) => !only || c.label.includes(only))) {
    let ourBytes = 0,
      sharpBytes = 0;
    const [ours, theirs, oursCpu, theirsCpu] = await interleaved(
      runs,
      async () => {
        ourBytes = (await delivered(src, c.options)).length;
      },
      async () => {
        sharpBytes = (await viaSharp(src, c.options)).length;
      },
    );
    worst = Math.max(worst, ours / theirs);
    worstCpu = Math.max(worstCpu, oursCpu / theirsCpu);
    rows.push([
      c.label,
      ours.toFixed(1),
      theirs.toFixed(1),
      (ours / theirs).toFixed(2),
      oursCpu.toFixed(0),
      theirsCpu.toFixed(0),
      (oursCpu / theirsCpu).toFixed(2),
      kb(ourBytes),
      kb(sharpBytes),
      (ourBytes / sharpBytes).toFixed(2),
    ]);
  }
  if (!only) {
    const round = { resolution: "high", shape: "round", fileFormat: "png", dpi: "300", preset: "linkedin-banner" } as const;
    let rb = 0;
    const [roundMs] = await interleaved(
      runs,
      async () => {
        rb = (await delivered(src, round)).length;
      },
      async () => {},
    );
    rows.push(["linkedin-banner round png (ours only)", roundMs.toFixed(1), "-", "-", "-", "-", "-", kb(rb), "-", "-"]);
  }
  print(rows);
  console.log(
    `\n${SIDE}² source; ${runs} runs per case after one warm-up, ours and sharp alternating; median. Slowest ratio ${worst.toFixed(2)} (wall), ${worstCpu.toFixed(2)} (CPU). Load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores. Node ${process.version}, ${process.arch}.`,
  );
  if (!only) await webFigures(src);
}

/** Mean SSIM of two same-size RGBA images on luma, 8×8 windows (constants from Wang et al. 2004). */
function ssim(a: Uint8Array, b: Uint8Array, width: number, height: number): number {
  const luma = (p: Uint8Array, i: number) => 0.299 * p[i]! + 0.587 * p[i + 1]! + 0.114 * p[i + 2]!;
  const c1 = (0.01 * 255) ** 2,
    c2 = (0.03 * 255) ** 2;
  let total = 0,
    windows = 0;
  for (let y = 0; y + 8 <= height; y += 8) {
    for (let x = 0; x + 8 <= width; x += 8) {
      let sa = 0,
        sb = 0,
        saa = 0,
        sbb = 0,
        sab = 0;
      for (let dy = 0; dy < 8; dy++)
        for (let dx = 0; dx < 8; dx++) {
          const i = ((y + dy) * width + x + dx) * 4;
          const va = luma(a, i),
            vb = luma(b, i);
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
        }
      const n = 64,
        ma = sa / n,
        mb = sb / n;
      const va = saa / n - ma * ma,
        vb = sbb / n - mb * mb,
        cov = sab / n - ma * mb;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      windows++;
    }
  }
  return total / windows;
}

/** The web WebP: lossy at WEB_WEBP_QUALITY against the lossless WebP of the same 512² pixels. */
async function webFigures(src: Uint8Array) {
  const lossless = await transformDownload(src, { resolution: "web", shape: "square", fileFormat: "png" });
  const ref = await sharp(lossless.bytes).ensureAlpha().raw().toBuffer();
  const losslessWebp = await sharp(lossless.bytes).webp({ lossless: true }).toBuffer();
  console.log(`\nweb 512² WebP (libwebp quality ${WEB_WEBP_QUALITY}), SSIM against the lossless pixels, decoded by libvips:`);
  for (const [label, input] of [
    ["fixture (synthetic portrait)", src],
    ["stand-in preview (photo-like)", await standinPreview()],
  ] as const) {
    const png = await transformDownload(input, { resolution: "web", shape: "square", fileFormat: "png" });
    const lossy = await transformDownload(input, { resolution: "web", shape: "square", fileFormat: "webp" });
    const a = label.startsWith("fixture") ? ref : await sharp(png.bytes).ensureAlpha().raw().toBuffer();
    const b = await sharp(lossy.bytes).ensureAlpha().raw().toBuffer();
    const ll = label.startsWith("fixture") ? losslessWebp : await sharp(png.bytes).webp({ lossless: true }).toBuffer();
    console.log(
      `  ${label.padEnd(32)} lossy ${kb(lossy.bytes.length).padStart(7)}  lossless ${kb(ll.length).padStart(7)}  ${(ll.length / lossy.bytes.length).toFixed(1)}× smaller  SSIM ${ssim(new Uint8Array(a), new Uint8Array(b), 512, 512).toFixed(4)}`,
    );
  }
}

/** A photo-like SIDE² input with real texture: the Gemini stand-in's preview of a noisy gradient photo. */
async function standinPreview(): Promise<Uint8Array> {
  const { renderPreview } = await import("../dev/genai-standin");
  const noise = Buffer.alloc(640 * 640 * 3);
  for (let y = 0; y < 640; y++)
    for (let x = 0; x < 640; x++) {
      const i = (y * 640 + x) * 3,
        n = ((x * 7919 + y * 104729) % 61) - 30;
      noise[i] = 120 + (x >> 3) + n;
      noise[i + 1] = 100 + (y >> 3) + n;
      noise[i + 2] = 140 + n;
    }
  const photo = await sharp(noise, { raw: { width: 640, height: 640, channels: 3 } })
    .blur(1.2)
    .jpeg()
    .toBuffer();
  return new Uint8Array(await renderPreview(photo, "LinkedIn", { width: SIDE, height: SIDE }));
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
  const out = { bytes: await delivered(src, options) };
  const after = memory.buffer.byteLength;
  const mu = process.memoryUsage();
  console.log(
    JSON.stringify({
      wasmBefore: before,
      wasmPeak: after,
      simdWasm: simdMemoryBytes(),
      arrayBuffers: mu.arrayBuffers,
      heapUsed: mu.heapUsed,
      maxRss: resourceUsage().maxRSS * 1024,
      bytes: out.bytes.length,
    }),
  );
}

function peakIn(options: DownloadOptions) {
  const r = spawnSync(
    process.execPath,
    [...process.execArgv, process.argv[1]!, "--side", String(SIDE), "--peak-child", JSON.stringify(options)],
    {
      encoding: "utf8",
    },
  );
  const line = r.stdout.trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(line) as {
      wasmBefore: number;
      wasmPeak: number;
      simdWasm: number;
      arrayBuffers: number;
      heapUsed: number;
      maxRss: number;
      bytes: number;
    };
  } catch {
    throw new Error(`peak child failed: ${r.stderr}`);
  }
}

async function peaks() {
  const largest = [...PRESETS].sort((a, b) => b.width * b.height - a.width * a.height)[0]!;
  const probe: { label: string; o: DownloadOptions }[] = [
    ...(["png", "webp", "tiff"] as FileFormat[])
      .filter((fileFormat) => formatAllowed({ preset: largest.id, fileFormat }))
      .map((f) => ({
        label: `${largest.id} (largest preset) ${f}`,
        o: { resolution: "high", shape: "round", fileFormat: f, preset: largest.id, dpi: "300" } as DownloadOptions,
      })),
    {
      label: "linkedin-banner (widest) round tiff",
      o: { resolution: "high", shape: "round", fileFormat: "tiff", preset: "linkedin-banner", dpi: "300" },
    },
    { label: "custom 2048×2048 png", o: { resolution: "high", shape: "square", fileFormat: "png", width: 2048, height: 2048 } },
    {
      label: "custom 4096×1024 png (at the pixel budget)",
      o: { resolution: "high", shape: "square", fileFormat: "png", width: 4096, height: 1024 },
    },
    {
      label: "custom 4096×4096 png (refused: over budget)",
      o: { resolution: "high", shape: "square", fileFormat: "png", width: 4096, height: 4096 },
    },
  ];
  const rows = [["peak memory, fresh process", "output", "photon WASM", "SIMD WASM", "JS ArrayBuffers", "process max RSS"]];
  for (const p of probe) {
    const { width, height } = outputSize(SIDE, SIDE, p.o);
    const m = peakIn(p.o);
    rows.push([p.label, `${width}×${height}`, `${mb(m.wasmBefore)} → ${mb(m.wasmPeak)}`, mb(m.simdWasm), mb(m.arrayBuffers), mb(m.maxRss)]);
  }
  console.log("");
  print(rows);
  console.log("\nWorkers allow 128 MB per isolate: WASM memory + JS heap/ArrayBuffers must fit under it (RSS includes Node and libvips).");
  console.log(
    "Photon's WASM memory is for lossless WebP only; the SIMD loops' (resize, PNG filter) keeps its largest size for the isolate's life;",
  );
  console.log("libwebp's heap for the web WebP is inside RSS.");
}

const child = arg("peak-child");
if (child) await peakChild(child);
else {
  await table(Number(arg("runs") ?? 5));
  if (!arg("only")) await peaks();
}
