/**
 * Pipeline overhead: the time from POST /api/headshots/:id/generate to a `completed` status, with the
 * Gemini stand-in answering at once, 20 sequential generations (free users, so every result is
 * watermarked: the longer path). The model's own time is not overhead: the stand-in reports how long it
 * spent rendering (GET /__stats renderMs; it renders a photo and style once, then answers from memory),
 * and each generation's overhead is its time minus that. Then the steps, one at a time in this process,
 * on the same 1024² image the stand-in returns. The consumer logs its own steps for every generation
 * ("generation: completed", level info: queuedMs, claimMs, originalMs, modelMs, watermarkMs, resultMs,
 * completeMs).
 *
 *   PORT=8784 GENAI_STANDIN_DELAY_MS=0 npm start            # in another terminal
 *   BASE_URL=http://127.0.0.1:8784 npx tsx bench/pipeline.ts   # RUNS=20 POLL_MS=20
 * The stand-in's address comes from the running stack's .wrangler/dev-<port>.env (or GENAI_STANDIN_URL).
 */
import { join } from "node:path";
import sharp from "sharp";
import { base, generateAndWait, uploadPhoto, verifiedUser } from "./lib-api";
import { readEnvFile } from "../dev/env-file";
import { renderPreview } from "../dev/genai-standin";
import { stampWatermark } from "../worker/generation/watermark";

const RUNS = Number(process.env.RUNS ?? 20);
const POLL_MS = Number(process.env.POLL_MS ?? 20);
const standinUrl =
  process.env.GENAI_STANDIN_URL ?? readEnvFile(join(import.meta.dirname, "..", ".wrangler", `dev-${base.port}.env`)).GEMINI_BASE_URL;
if (!standinUrl || !new URL(standinUrl).hostname.startsWith("127.")) {
  throw new Error("The Gemini stand-in's loopback address is needed (GENAI_STANDIN_URL, or the stack's .wrangler/dev-<port>.env)");
}
const renderMs = async () => ((await (await fetch(new URL("/__stats", standinUrl))).json()) as { renderMs: number }).renderMs;

const runs: { ms: number; modelMs: number; overheadMs: number }[] = [];
let user: { token: string } | undefined;
console.log("  #   generate → completed   the model (stand-in render)   overhead");
for (let i = 0; i < RUNS; i++) {
  if (i % 2 === 0) user = await verifiedUser(); // two free generations each
  const id = await uploadPhoto(user!.token);
  const before = await renderMs();
  const { status, ms } = await generateAndWait(user!.token, id, POLL_MS);
  if (status !== "completed") throw new Error(`generation ${i + 1} ended ${status}`);
  const modelMs = (await renderMs()) - before;
  runs.push({ ms, modelMs, overheadMs: ms - modelMs });
  console.log(
    `  ${String(i + 1).padStart(2)}  ${ms.toFixed(0).padStart(10)} ms ${modelMs.toFixed(0).padStart(22)} ms ${(ms - modelMs).toFixed(0).padStart(16)} ms`,
  );
}
const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
  return `median ${q(0.5).toFixed(0)} ms   min ${sorted[0]!.toFixed(0)}   p90 ${q(0.9).toFixed(0)}   max ${sorted.at(-1)!.toFixed(0)}`;
};
console.log(`\n${RUNS} sequential generations, stand-in delay 0, polled every ${POLL_MS} ms:`);
console.log(`  generate → completed   ${stats(runs.map((r) => r.ms))}`);
console.log(`  the model's own time   ${stats(runs.map((r) => r.modelMs))}`);
console.log(`  OVERHEAD               ${stats(runs.map((r) => r.overheadMs))}   (goal: median ≤ 300 ms)`);

// The steps, one at a time, on the same kind of image (median of 7 after a warm-up).
async function step(fn: () => Promise<unknown> | unknown): Promise<number> {
  await fn();
  const ts: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await fn();
    ts.push(performance.now() - t);
  }
  return ts.sort((a, b) => a - b)[3]!;
}
const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: { r: 180, g: 140, b: 120 } } })
  .jpeg()
  .toBuffer();
const result = new Uint8Array(await renderPreview(photo, "LinkedIn"));
// AES-256-GCM with a 96-bit IV, as worker/storage/encrypted.ts seals objects.
const key = await crypto.subtle.importKey("raw", crypto.getRandomValues(new Uint8Array(32)), "AES-GCM", false, ["encrypt", "decrypt"]);
const iv = crypto.getRandomValues(new Uint8Array(12));
const encrypt = async (b: Uint8Array) =>
  new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, b as Uint8Array<ArrayBuffer>));
const decrypt = (b: Uint8Array) => crypto.subtle.decrypt({ name: "AES-GCM", iv }, key, b as Uint8Array<ArrayBuffer>);
const sealedOriginal = await encrypt(new Uint8Array(photo));
const stamped = stampWatermark(result);
const rows: [string, number][] = [
  ["decrypt the original (AES-GCM)", await step(() => decrypt(sealedOriginal))],
  ["stand-in renders the preview (sharp; 'the model')", await step(() => renderPreview(photo, "LinkedIn"))],
  ["base64 of the answer (1024² PNG)", await step(() => Buffer.from(Buffer.from(result).toString("base64"), "base64"))],
  ["watermark (photon decode, draw, PNG encode)", await step(() => stampWatermark(result))],
  ["encrypt the result (AES-GCM)", await step(() => encrypt(stamped))],
];
console.log("\nsteps in this process (median of 7):");
for (const [name, ms] of rows) console.log(`  ${name.padEnd(52)} ${ms.toFixed(1).padStart(7)} ms`);
console.log("  (the stand-in's render counts as the model's time; the others are overhead, as are queue delivery,");
console.log("  the database, R2, the 1.3 MB base64 answer over HTTP and the polling)");
