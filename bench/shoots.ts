/**
 * Shoots (issue 24), two figures:
 *
 * 1. ZIP (no stack needed): the archive of 10 pictures at instagram-square PNG and at web WebP, and of 50
 *    (a team's worth, for the teams issue) — time to last byte and peak memory. Each case runs in a fresh
 *    child process: the stored results (1024² PNGs as the model answers, watermarked like a free
 *    person's) are made first, then `zipStream` (worker/downloads/zip.ts) is read to the end exactly as a
 *    Response body would be, each file made by `transformDownload` when the reader reaches it (the
 *    route's path without R2 and decryption). Peak memory: the growth of the process's max RSS during
 *    the ZIP over its size just before, plus the archive's total size, so "never the whole archive in
 *    memory" can be read off.
 *      npx tsx bench/shoots.ts zip
 *
 * 2. Generate → the last of 5 pictures (the whole stack): a subscriber (a subscription row written
 *    straight into the stack's database) posts one shoot of 5 styles and polls GET /api/shoots/:id every
 *    20 ms until it is done, with the Gemini stand-in's delay at 0 and at its default (3000 ms, set through
 *    its /__control), RUNS each (default 3).
 *      PORT=8785 npm start                                        # in another terminal
 *      BASE_URL=http://127.0.0.1:8785 npx tsx bench/shoots.ts timing
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { resourceUsage } from "node:process";
import sharp from "sharp";
import { readEnvFile } from "../dev/env-file";
import type { DownloadOptions } from "../domain/downloads";

const mode = process.argv[2];

// -- 1. ZIP ---------------------------------------------------------------------------------------

const CASES: { label: string; pictures: number; options: DownloadOptions }[] = [
  {
    label: "10 × instagram-square PNG",
    pictures: 10,
    options: { resolution: "high", shape: "square", fileFormat: "png", preset: "instagram-square" },
  },
  { label: "10 × web WebP", pictures: 10, options: { resolution: "web", shape: "square", fileFormat: "webp" } },
  {
    label: "50 × instagram-square PNG",
    pictures: 50,
    options: { resolution: "high", shape: "square", fileFormat: "png", preset: "instagram-square" },
  },
  { label: "50 × web WebP", pictures: 50, options: { resolution: "web", shape: "square", fileFormat: "webp" } },
];

async function zipCase(index: number) {
  const { portraitPixels } = await import("../worker/downloads/fixture");
  const { stampWatermark } = await import("../worker/generation/watermark");
  const { transformDownload } = await import("../worker/downloads/transform");
  const { uniqueNames, zipStream } = await import("../worker/downloads/zip");
  const c = CASES[index]!;
  // 5 distinct stored results (a shoot's styles), reused round-robin: what matters is one file at a time
  const sources: Uint8Array[] = [];
  for (let i = 0; i < 5; i++) {
    const raw = Buffer.from(portraitPixels(1024));
    for (let p = 0; p < raw.length; p += 4) raw[p] = (raw[p]! + i * 20) & 0xff;
    const png = await sharp(raw, { raw: { width: 1024, height: 1024, channels: 4 } })
      .removeAlpha()
      .png()
      .toBuffer();
    sources.push(stampWatermark(new Uint8Array(png)));
  }
  // warm up the codecs (WASM instantiation is not the ZIP's cost)
  await transformDownload(sources[0]!, c.options);
  const before = resourceUsage().maxRSS;
  const names = uniqueNames(
    Array.from(
      { length: c.pictures },
      () => `headshot-linkedin-${c.options.preset ?? c.options.resolution}-square.${c.options.fileFormat}`,
    ),
  );
  const entries = names.map((name, i) => ({
    name,
    bytes: async () => (await transformDownload(sources[i % sources.length]!, c.options)).bytes,
  }));
  const t0 = performance.now();
  const reader = zipStream(entries).getReader();
  let bytes = 0;
  let firstByteMs = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - t0;
    bytes += value.length;
  }
  const lastByteMs = performance.now() - t0;
  const after = resourceUsage().maxRSS;
  console.log(JSON.stringify({ label: c.label, firstByteMs, lastByteMs, bytes, rssBeforeKb: before, rssPeakKb: after }));
}

function runZip() {
  console.log("ZIP of a shoot (fresh process per case; files made one at a time as the archive is read)");
  console.log("  case                          first byte   last byte   archive     peak RSS (growth during the ZIP)");
  for (let i = 0; i < CASES.length; i++) {
    const out = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, "zip-case", String(i)], { encoding: "utf8" });
    const line = out.stdout.trim().split("\n").pop() ?? "";
    if (out.status !== 0 || !line.startsWith("{")) throw new Error(`case ${i} failed: ${out.stderr}`);
    const r = JSON.parse(line) as {
      label: string;
      firstByteMs: number;
      lastByteMs: number;
      bytes: number;
      rssBeforeKb: number;
      rssPeakKb: number;
    };
    console.log(
      `  ${r.label.padEnd(28)} ${`${r.firstByteMs.toFixed(0)} ms`.padStart(10)} ${`${(r.lastByteMs / 1000).toFixed(2)} s`.padStart(11)} ${`${(r.bytes / 1e6).toFixed(1)} MB`.padStart(9)}   ${(r.rssPeakKb / 1024).toFixed(0)} MB (+${((r.rssPeakKb - r.rssBeforeKb) / 1024).toFixed(0)} MB)`,
    );
  }
}

// -- 2. Generate → last of 5 --------------------------------------------------------------------------

async function runTiming() {
  const { base, call, expectOk, verifiedUser } = await import("./lib-api");
  const { createDb } = await import("../db");
  const { sql } = await import("drizzle-orm");
  const RUNS = Number(process.env.RUNS ?? 3);
  const stackEnv = readEnvFile(join(import.meta.dirname, "..", ".wrangler", `dev-${base.port}.env`));
  const standin = process.env.GENAI_STANDIN_URL ?? stackEnv.GEMINI_BASE_URL;
  if (!standin || !new URL(standin).hostname.startsWith("127."))
    throw new Error("The stand-in's loopback address is needed (the stack's .wrangler/dev-<port>.env)");
  if (!stackEnv.DATABASE_URL) throw new Error("The stack's DATABASE_URL is needed (.wrangler/dev-<port>.env)");
  const { db, close } = createDb({
    DATABASE_URL: stackEnv.DATABASE_URL,
    DATABASE_WS_PROXY: stackEnv.DATABASE_WS_PROXY,
    DATABASE_HTTP_URL: stackEnv.DATABASE_HTTP_URL,
  });
  const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: { r: 180, g: 140, b: 120 } } })
    .jpeg()
    .toBuffer();
  const styles = ["LinkedIn", "Corporate", "Suit", "Office", "Speaker"];
  console.log("Generate → the last of 5 pictures (one shoot of 5 styles, a subscriber; polled every 20 ms)");
  for (const delayMs of [0, 3000]) {
    await expectOk(await fetch(new URL("/__control", standin), { method: "POST", body: JSON.stringify({ delayMs }) }), "stand-in control");
    const times: number[] = [];
    const firsts: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const user = await verifiedUser();
      await db.execute(sql`insert into subscriptions (user_id, stripe_subscription_id, stripe_price_id, plan_type, status, amount_cents, currency, interval, current_period_start, current_period_end)
        select id, ${`sub_bench_${crypto.randomUUID()}`}, 'price_bench', 'monthly', 'active', 2999, 'eur', 'month', now(), now() + interval '30 days' from users where email = ${user.email}`);
      const form = new FormData();
      form.append("photo", new File([new Uint8Array(photo)], "bench.jpg", { type: "image/jpeg" }));
      for (const s of styles) form.append("style", s);
      const auth = { Authorization: `Bearer ${user.token}` };
      const t0 = performance.now();
      const res = await expectOk(await call("/api/shoots", { method: "POST", headers: auth, body: form }), "POST /api/shoots");
      const { id } = (await res.json()) as { id: string };
      let first = 0;
      for (;;) {
        const shoot = (await (await expectOk(await call(`/api/shoots/${id}`, { headers: auth }), "GET shoot")).json()) as {
          done: boolean;
          ready: number;
          finished: number;
        };
        if (!first && shoot.finished > 0) first = performance.now() - t0;
        if (shoot.done) {
          if (shoot.ready !== 5) throw new Error(`shoot finished with ${shoot.ready} of 5 ready`);
          break;
        }
        if (performance.now() - t0 > 180_000) throw new Error("shoot not done after 180 s");
        await new Promise((r) => setTimeout(r, 20));
      }
      times.push(performance.now() - t0);
      firsts.push(first);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `  stand-in delay ${String(delayMs).padStart(4)} ms: last of 5 median ${(median(times) / 1000).toFixed(2)} s (runs: ${times.map((t) => (t / 1000).toFixed(2)).join(", ")} s); first picture median ${(median(firsts) / 1000).toFixed(2)} s`,
    );
  }
  await fetch(new URL("/__control", standin), { method: "POST", body: JSON.stringify({ delayMs: 3000 }) });
  await close();
}

if (mode === "zip") runZip();
else if (mode === "zip-case") await zipCase(Number(process.argv[3]));
else if (mode === "timing") await runTiming();
else console.log("usage: npx tsx bench/shoots.ts zip | timing   (see the comment at the top)");
