/**
 * Pipeline overhead: the time from POST /api/headshots/:id/generate to a `completed` status, with the
 * Gemini stand-in answering at once, median of 20 sequential generations (free users, so every result
 * is watermarked: the longer path). Then where the time goes, step by step, in this process on the same
 * 1024² image the stand-in returns (decrypt the original, the stand-in's own rendering, watermark,
 * encrypt the result); what is left of the median is queue delivery, the database and HTTP.
 *
 *   PORT=8784 GENAI_STANDIN_DELAY_MS=0 npm start            # in another terminal
 *   BASE_URL=http://127.0.0.1:8784 npx tsx bench/pipeline.ts   # RUNS=20 POLL_MS=20
 */
import sharp from "sharp";
import { generateAndWait, uploadPhoto, verifiedUser } from "./lib-api";
import { renderPreview } from "../dev/genai-standin";
import { stampWatermark } from "../worker/generation/watermark";

const RUNS = Number(process.env.RUNS ?? 20);
const POLL_MS = Number(process.env.POLL_MS ?? 20);

const times: number[] = [];
let user: { token: string } | undefined;
for (let i = 0; i < RUNS; i++) {
  if (i % 2 === 0) user = await verifiedUser(); // two free generations each
  const id = await uploadPhoto(user!.token);
  const { status, ms } = await generateAndWait(user!.token, id, POLL_MS);
  if (status !== "completed") throw new Error(`generation ${i + 1} ended ${status}`);
  times.push(ms);
  console.log(`  ${String(i + 1).padStart(2)}  ${ms.toFixed(0)} ms`);
}
const sorted = [...times].sort((a, b) => a - b);
const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
console.log(`\ngenerate → completed, ${RUNS} sequential, stand-in delay 0, polled every ${POLL_MS} ms:`);
console.log(`  median ${q(0.5).toFixed(0)} ms   min ${sorted[0]!.toFixed(0)}   p90 ${q(0.9).toFixed(0)}   max ${sorted.at(-1)!.toFixed(0)}`);

// The steps, one at a time, on the same kind of image (median of 7 after a warm-up).
async function step(fn: () => Promise<unknown> | unknown): Promise<number> {
  await fn();
  const ts: number[] = [];
  for (let i = 0; i < 7; i++) { const t = performance.now(); await fn(); ts.push(performance.now() - t); }
  return ts.sort((a, b) => a - b)[3]!;
}
const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: { r: 180, g: 140, b: 120 } } }).jpeg().toBuffer();
const result = new Uint8Array(await renderPreview(photo, "LinkedIn"));
// AES-256-GCM with a 96-bit IV, as worker/storage/encrypted.ts seals objects.
const key = await crypto.subtle.importKey("raw", crypto.getRandomValues(new Uint8Array(32)), "AES-GCM", false, ["encrypt", "decrypt"]);
const iv = crypto.getRandomValues(new Uint8Array(12));
const encrypt = async (b: Uint8Array) => new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, b as Uint8Array<ArrayBuffer>));
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
const sum = rows.reduce((n, [, ms]) => n + ms, 0);
console.log(`  ${"sum".padEnd(52)} ${sum.toFixed(1).padStart(7)} ms; the rest of the median (${(q(0.5) - sum).toFixed(0)} ms) is queue delivery, the database, R2 and HTTP`);
