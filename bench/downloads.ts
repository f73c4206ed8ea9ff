/**
 * Download files: ours (worker/downloads/transform.ts, then the Content Credentials signed (decisions 320, 344): our PNG reader and writer and TIFF writer on
 * native zlib, our resize, photon for lossless WebP, libwebp in WASM for the lossy web WebP) against
 * sharp (native libvips) on the same opaque RGB photo-like PNG of SIDE² — 2048² by default, what the model
 * answers a subscriber since issue 32 (`--side 1024`: a free generation's, or results made before) — for
 * every preset and resolution × format, interleaved run by run.
 * Like with like: the same Catmull-Rom ("cubic") kernel, RGB PNG on both sides, Deflate+predictor TIFF
 * on both, lossless WebP on both except `web`, which is lossy on both at the same quality; 300 DPI
 * written by both. Banners: ours continues the backdrop; sharp resizes then extends with copied edge
 * pixels (its nearest equivalent), so sharp does slightly less work there.
 * The web WebP's SSIM (luma, 8×8 windows) is measured against the lossless 512² pixels, and its size
 * against the lossless WebP of the same pixels.
 *
 *   npx tsx bench/downloads.ts            # the table, the web WebP figures, then the peak-memory runs
 *   npx tsx bench/downloads.ts --runs 25  # up to 25 runs per case (default 15)
 *   npx tsx bench/downloads.ts --only png # only the cases whose label contains "png" (table only)
 *   npx tsx bench/downloads.ts --side 1024 # a 1024² source instead of 2048²
 *   npx tsx bench/downloads.ts --adaptive  # a source PNG with libpng's adaptive row filters (default: sharp's, None)
 *   npx tsx bench/downloads.ts --instructions "banner 1584×396 png"  # instructions per run, by callgrind (minutes a case)
 *
 * **What is compared** (decision 420): each side's CPU time, and of many interleaved runs the **fastest**. CPU time
 * because one transform runs synchronously on one core, in V8 and WASM as on Workers, so it is what a download takes of
 * a Worker's CPU limit (decision 164); it is the process's user + system time over every thread, so sharp's libvips
 * threads count as much as our one (like with like). The fastest run because the machine is shared by five developers
 * (load 10–20 on 2 cores): other processes only ever add to a run's CPU time (evicted caches, a shared core, the
 * scheduler), never take from it, so the minimum is the least disturbed run of each side, and medians of the same runs
 * moved a row by ±0.5 between passes. Each timed run ends with a scavenge that frees its buffers (see
 * `collectGarbage`), so no run leaves its garbage to be collected in the other side's time. A case runs up to `--runs`
 * times, at least 5, and stops early once every run of one side was faster than every run of the other (more runs
 * would not change which is faster).
 * The median CPU and wall ratios are printed beside it, to show how far the load moves them. `--instructions` counts
 * instructions instead (callgrind: exact and load-free, but an instruction is not a unit of time; see `instructions`).
 *
 * Peak memory is measured in a fresh child process per case (WASM memory only ever grows, so the
 * memory.buffer size after one transform is that transform's peak).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { resourceUsage } from "node:process";
import { availableParallelism, loadavg, tmpdir } from "node:os";
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

/**
 * `--adaptive`: the source written with libpng's adaptive filters (Average on nearly every row of this picture) instead
 * of sharp's default, filter type None on every row. Both sides then undo the filters while decoding (ours in JS).
 */
const ADAPTIVE = process.argv.includes("--adaptive");

async function sourcePng(): Promise<Uint8Array> {
  // Built with sharp, so photon's WASM memory holds nothing before the measured transform. Opaque RGB,
  // as the model answers (a 4-channel source would make sharp write RGBA PNGs: not like for like).
  const raw = Buffer.from(portraitPixels(SIDE));
  return new Uint8Array(
    await sharp(raw, { raw: { width: SIDE, height: SIDE, channels: 4 } })
      .removeAlpha()
      .png({ adaptiveFiltering: ADAPTIVE })
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

/** What `interleaved` reports for each side: the fastest CPU time (the figure compared), the median CPU and wall times. */
interface Side {
  cpuMin: number;
  cpuMedian: number;
  wallMedian: number;
  runs: number;
}

/**
 * A minor garbage collection (a scavenge), run at the end of each timed run of either side: it frees the run's pixel
 * buffers (young ArrayBuffers), so each side pays for collecting its own garbage. Without it the buffers piled up
 * until their external memory started V8's incremental marking, about one mark-compact a run of ours, finished in
 * tasks that run while the main thread waits for libvips: some of our collecting was timed as sharp's. A scavenge
 * after a run costs 0.3–0.5 ms (0.2 after nothing), and none of the runs then needs a mark-compact. `--expose-gc` set at
 * run time reaches a new context's global `gc`.
 */
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as (options: { type: "minor" | "major" }) => void;
const collectGarbage = () => gc({ type: "minor" });

/** Runs before a case may stop early (see `interleaved`). */
const MIN_RUNS = 5;

/**
 * `a` and `b` run alternately (one warm-up each), so both see the same machine load; each run's CPU time is this
 * process's (user + system, every thread: ours runs on one thread, as on a Worker, sharp's on libvips's threads, all
 * counted, so the CPU is like with like). The figure compared is each side's **fastest** run: other processes only ever
 * add to a run's CPU time (cache misses, a shared core's slower clock, the scheduler's own time), never take from it, so
 * the minimum is the run least disturbed and the ratio of minima the one a quiet machine would give. Up to `runs` runs;
 * a case stops after MIN_RUNS once `a`'s slowest run is faster than `b`'s fastest (or the reverse): more runs could
 * move each minimum but not which side is faster.
 */
async function interleaved(runs: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[Side, Side]> {
  await a();
  await b();
  const runsOf = (f: () => Promise<unknown>) => {
    const cpu: number[] = [],
      wall: number[] = [];
    return {
      cpu,
      async run() {
        const t = performance.now();
        const since = process.cpuUsage();
        await f();
        collectGarbage();
        wall.push(performance.now() - t);
        const used = process.cpuUsage(since);
        cpu.push((used.user + used.system) / 1000);
      },
      side: (): Side => ({ cpuMin: Math.min(...cpu), cpuMedian: middle(cpu), wallMedian: middle(wall), runs: cpu.length }),
    };
  };
  const ra = runsOf(a),
    rb = runsOf(b);
  for (let i = 0; i < runs; i++) {
    await ra.run();
    await rb.run();
    const apart = Math.max(...ra.cpu) < Math.min(...rb.cpu) || Math.max(...rb.cpu) < Math.min(...ra.cpu);
    if (i + 1 >= MIN_RUNS && apart) break;
  }
  return [ra.side(), rb.side()];
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
      "ours CPU ms",
      "sharp CPU ms",
      "CPU ours/sharp",
      "median CPU",
      "median wall",
      "runs",
      "ours bytes",
      "sharp bytes",
      "ours/sharp",
    ],
  ];
  let worst = 0;
  const only = arg("only");
  const loadBefore = loadavg()[0]!;
  const started = new Date();
  for (const c of cases().filter((c) => !only || c.label.includes(only))) {
    let ourBytes = 0,
      sharpBytes = 0;
    const [ours, theirs] = await interleaved(
      runs,
      async () => {
        ourBytes = (await delivered(src, c.options)).length;
      },
      async () => {
        sharpBytes = (await viaSharp(src, c.options)).length;
      },
    );
    worst = Math.max(worst, ours.cpuMin / theirs.cpuMin);
    rows.push([
      c.label,
      ours.cpuMin.toFixed(1),
      theirs.cpuMin.toFixed(1),
      (ours.cpuMin / theirs.cpuMin).toFixed(2),
      (ours.cpuMedian / theirs.cpuMedian).toFixed(2),
      (ours.wallMedian / theirs.wallMedian).toFixed(2),
      String(ours.runs),
      kb(ourBytes),
      kb(sharpBytes),
      (ourBytes / sharpBytes).toFixed(2),
    ]);
  }
  if (!only) {
    const round = { resolution: "high", shape: "round", fileFormat: "png", dpi: "300", preset: "linkedin-banner" } as const;
    let rb = 0;
    const [r] = await interleaved(
      runs,
      async () => {
        rb = (await delivered(src, round)).length;
      },
      async () => {},
    );
    rows.push(["linkedin-banner round png (ours only)", r.cpuMin.toFixed(1), "-", "-", "-", "-", String(r.runs), kb(rb), "-", "-"]);
  }
  print(rows);
  const hhmm = (d: Date) => d.toISOString().slice(11, 16);
  console.log(
    `\n${SIDE}² source (row filters: ${ADAPTIVE ? "libpng's adaptive" : "None"}); ours and sharp alternating, one warm-up each, up to ${runs} runs per case (at least ${MIN_RUNS}; fewer once every run of one side was faster than every run of the other). CPU ms: the fastest run's process CPU (user + system, all threads). Slowest CPU ratio ${worst.toFixed(2)}. ${started.toISOString().slice(0, 10)} ${hhmm(started)}–${hhmm(new Date())} UTC, load ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores. Node ${process.version}, ${process.arch}; sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}, concurrency ${sharp.concurrency()}).`,
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

/**
 * Instructions, counted by callgrind (valgrind's instruction counter: the same count on a quiet machine and a busy
 * one, where CPU time is not). Each side of each case runs in a child under callgrind: two warm-up runs, then the
 * counters zeroed (`callgrind_control -z`), COUNT_RUNS runs, the counters dumped (`-d`); every thread counted (ours runs
 * on one, sharp on libvips's), start-up and warm-up not. An instruction is not a unit of time (a 256-bit AVX2 one in
 * sharp's zlib-ng or libvips counts as one, like a 128-bit one in our WASM or a scalar one), so this checks the CPU
 * table where it is unsure rather than replacing it. Under callgrind a child takes minutes: name a few cases.
 */
const COUNT_RUNS = 2;

async function countChild(side: string, spec: string, sourceFile: string) {
  const options = JSON.parse(spec) as DownloadOptions;
  const src = new Uint8Array(readFileSync(sourceFile));
  const run = side === "ours" ? () => delivered(src, options) : () => viaSharp(src, options);
  /** callgrind takes a command when the process next runs: keep it waking while callgrind_control waits. */
  const control = (flag: string) =>
    new Promise<void>((resolve, reject) => {
      const tick = setInterval(() => {}, 1);
      spawn("callgrind_control", [flag, String(process.pid)], { stdio: "ignore" }).on("exit", (code) => {
        clearInterval(tick);
        if (code === 0) resolve();
        else reject(new Error(`callgrind_control ${flag} exited ${code}`));
      });
    });
  await run();
  await run();
  await control("-z");
  for (let i = 0; i < COUNT_RUNS; i++) await run();
  await control("-d");
}

async function instructions(only: string) {
  const dir = mkdtempSync(join(tmpdir(), "downloads-count-"));
  const sourceFile = join(dir, "source.png");
  writeFileSync(sourceFile, await sourcePng());
  const count = (side: string, o: DownloadOptions) => {
    const out = join(dir, `${side}.%p`);
    const r = spawnSync(
      "valgrind",
      [
        "--tool=callgrind",
        `--callgrind-out-file=${out}`,
        process.execPath,
        ...process.execArgv,
        process.argv[1]!,
        "--side",
        String(SIDE),
        "--count-child",
        side,
        JSON.stringify(o),
        sourceFile,
      ],
      { encoding: "utf8" },
    );
    const dump = `${out.replace("%p", String(r.pid))}.1`; // part 1: from the zeroing to the dump
    const totals = /^totals: (\d+)/m.exec(existsSync(dump) ? readFileSync(dump, "utf8") : "");
    if (!totals) throw new Error(`callgrind child failed: ${r.stderr.slice(-2000)}`);
    return Number(totals[1]) / COUNT_RUNS;
  };
  const rows = [["case (300 dpi, square)", "ours M instructions", "sharp M instructions", "ours/sharp"]];
  const started = new Date();
  for (const c of cases().filter((c) => c.label.includes(only))) {
    const [ours, theirs] = [count("ours", c.options), count("sharp", c.options)];
    rows.push([c.label, (ours / 1e6).toFixed(0), (theirs / 1e6).toFixed(0), (ours / theirs).toFixed(2)]);
  }
  print(rows);
  console.log(
    `\n${SIDE}² source; instructions per run (callgrind, all threads, mean of ${COUNT_RUNS} runs after two warm-up runs). ${started.toISOString().slice(0, 16)}Z, ${availableParallelism()} cores. Node ${process.version}; sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}).`,
  );
  console.log(`callgrind's output, for callgrind_annotate: ${dir} (the *.1 files)`);
}

const child = arg("peak-child");
const countSide = arg("count-child");
if (child) await peakChild(child);
else if (countSide)
  await countChild(
    countSide,
    process.argv[process.argv.indexOf("--count-child") + 2]!,
    process.argv[process.argv.indexOf("--count-child") + 3]!,
  );
else if (arg("instructions")) await instructions(arg("instructions")!);
else {
  await table(Number(arg("runs") ?? 15));
  if (!arg("only")) await peaks();
}
