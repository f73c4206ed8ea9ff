/**
 * A busy model (issue 34, decision 191): PEOPLE people each start a generation at the same moment against a
 * model quota of IPM images a minute, through a running `npm start` stack (the real worker, queue consumer,
 * Durable Object limiter and database, in local workerd/miniflare) with the Gemini stand-in in quota mode
 * (429 RESOURCE_EXHAUSTED + RetryInfo past IPM images in a minute; set here through its /__control). Each person
 * polls their status every POLL_MS; the figures: failed, double model calls (the stand-in's images beyond one per
 * picture), 429s the stand-in answered, when the last picture was done against what the quota allows
 * (PEOPLE / IPM minutes), and the waits people were shown ("busy: queued, about N minutes") against the truth.
 *
 * Two end times, because the local queue is not Cloudflare's (decision 285): miniflare's broker delivers one
 * batch at a time (it starts the next when the last returned; `max_concurrency` is read from wrangler.toml and
 * never used), where Cloudflare runs up to wrangler.toml's `max_concurrency` invocations of `max_batch_size`
 * jobs at once (worker/generation/limiter.ts consumerSettings: 23 × 4 at 60 a minute). So:
 * - "local end-to-end": when the last picture was done here, bound by one consumer invocation at a time on
 *   this machine's CPU once the quota asks for more than that can do;
 * - "model-bound": the limiter's plan (the last slot it handed out) plus one generation as this stack makes it
 *   when nothing is queued ahead (the median start-to-done of the people whose turn came at once, to the
 *   poll), which is when production's concurrent consumers finish, since none waits for another.
 *
 *   PORT=8870 npm start                                   # in another terminal (GEMINI_IMAGES_PER_MINUTE: its default, 60)
 *   BASE_URL=http://127.0.0.1:8870 npx tsx bench/busy-model.ts   # PEOPLE=200 IPM=60 POLL_MS=5000
 */
import { join } from "node:path";
import { base, call, expectOk, uploadPhoto, verifiedUser } from "./lib-api";
import { readEnvFile } from "../dev/env-file";
import { DEFAULT_IMAGE_MODEL } from "../domain/models";

const stack = readEnvFile(join(import.meta.dirname, "..", ".wrangler", `dev-${base.port}.env`));
/** The pace the worker's limiter keeps: the stand-in's quota must be the same (decision 235), or the run measures a mis-set quota. */
const workerIpm = Number(
  stack.GEMINI_IMAGES_PER_MINUTE ?? readEnvFile(join(import.meta.dirname, "..", ".dev.vars.example")).GEMINI_IMAGES_PER_MINUTE, // the default (worker/config-files.test.ts)
);
const PEOPLE = Number(process.env.PEOPLE ?? 200);
const IPM = Number(process.env.IPM ?? workerIpm);
const POLL_MS = Number(process.env.POLL_MS ?? 5000);
if (IPM !== workerIpm && !process.env.ALLOW_MISMATCH) {
  throw new Error(
    `The worker paces ${workerIpm} images a minute but the stand-in would allow ${IPM}: start the stack with GEMINI_IMAGES_PER_MINUTE=${IPM} (or ALLOW_MISMATCH=1 to measure a quota set too high)`,
  );
}
const standinUrl = process.env.GENAI_STANDIN_URL ?? stack.GEMINI_BASE_URL;
if (!standinUrl || !new URL(standinUrl).hostname.startsWith("127.")) throw new Error("The Gemini stand-in's loopback address is needed");
const standin = (path: string, init?: RequestInit) =>
  fetch(new URL(path, standinUrl), init).then((r) => r.json() as Promise<Record<string, unknown>>);

/** A few at a time: the setup is not what is measured. */
async function inBatches<T>(n: number, size: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => fn(i + j)))));
  return out;
}

console.log(`setting up ${PEOPLE} people with a photo each…`);
let ready = 0;
const people = await inBatches(PEOPLE, 10, async () => {
  const { token } = await verifiedUser();
  const person = { token, id: await uploadPhoto(token) };
  if (++ready % 10 === 0) console.log(`  ${ready} ready`);
  return person;
});
await standin("/__control", {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ imagesPerMinute: IPM, delayMs: 0 }),
});
const before = await standin("/__stats");
const count = (stats: Record<string, unknown>, key: string) =>
  Number((stats[key] as Record<string, number> | undefined)?.[DEFAULT_IMAGE_MODEL] ?? 0);

interface Seen {
  status: string;
  doneMs?: number;
  /** The first "about N s" shown, when it was shown, and the most often it changed. */
  firstWait?: { atMs: number; seconds: number };
  busyShown: boolean;
}
const t0 = performance.now();
const seen: Seen[] = await Promise.all(
  people.map(async ({ token, id }) => {
    const auth = { Authorization: `Bearer ${token}` };
    await expectOk(await call(`/api/headshots/${id}/generate`, { method: "POST", headers: auth }), "generate");
    const s: Seen = { status: "processing", busyShown: false };
    await new Promise((r) => setTimeout(r, Math.random() * POLL_MS));
    for (;;) {
      const body = (await (await expectOk(await call(`/api/headshots/${id}/status`, { headers: auth }), "status")).json()) as {
        status: string;
        waitSeconds?: number;
      };
      const atMs = performance.now() - t0;
      if (body.waitSeconds) {
        s.busyShown = true;
        s.firstWait ??= { atMs, seconds: body.waitSeconds };
      }
      if (body.status === "completed" || body.status === "failed") return { ...s, status: body.status, doneMs: atMs };
      if (atMs > 30 * 60_000) return { ...s, status: "still processing after 30 min" };
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }),
);
const after = await standin("/__stats");
await standin("/__control", {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ imagesPerMinute: null }),
});

const completed = seen.filter((s) => s.status === "completed").length;
const images = count(after, "images") - count(before, "images");
const lastMs = Math.max(...seen.map((s) => s.doneMs ?? Infinity));
const allowedMs = (PEOPLE / IPM) * 60_000;
const waited = seen.filter((s) => s.firstWait);
// how far the first wait shown was from when the picture was done (positive: done later than said)
const errors = waited.map((s) => (s.doneMs! - (s.firstWait!.atMs + s.firstWait!.seconds * 1000)) / 1000).sort((a, b) => a - b);
const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
console.log(`\n${PEOPLE} people at once against ${IPM} images a minute (status polled every ${POLL_MS / 1000} s):`);
console.log(
  `  completed            ${completed} of ${PEOPLE}; failed ${seen.filter((s) => s.status === "failed").length}; other ${PEOPLE - completed - seen.filter((s) => s.status === "failed").length}`,
);
console.log(
  `  model calls          ${count(after, "calls") - count(before, "calls")}; images ${images}; double model calls ${Math.max(0, images - completed)}; 429s ${count(after, "rateLimited") - count(before, "rateLimited")}`,
);
const goal = (ms: number) => `goal ≤ ${((allowedMs * 1.1) / 1000).toFixed(0)} s (+10 %): ${ms <= allowedMs * 1.1 ? "met" : "NOT met"}`;
console.log(
  `  local end-to-end     last picture done ${(lastMs / 1000).toFixed(0)} s; the quota allows ${(allowedMs / 1000).toFixed(0)} s; ${goal(lastMs)}`,
);
// the plan's end: the latest slot a person was first told (when the wait was shown, plus the wait)
const planEndMs = Math.max(0, ...waited.map((s) => s.firstWait!.atMs + s.firstWait!.seconds * 1000));
// one generation with nothing queued ahead: those whose turn came at once, from the start to done (to the poll)
const atOnce = seen.filter((s) => !s.firstWait && s.doneMs !== undefined).map((s) => s.doneMs!);
const oneMs = q(
  atOnce.sort((a, b) => a - b),
  0.5,
);
console.log(
  `  model-bound          the limiter's last slot ${(planEndMs / 1000).toFixed(0)} s + one generation ${(oneMs / 1000).toFixed(0)} s (median of the ${atOnce.length} whose turn came at once) = ${((planEndMs + oneMs) / 1000).toFixed(0)} s; ${goal(planEndMs + oneMs)}`,
);
console.log(
  `  busy shown to        ${waited.length} of ${PEOPLE}; the first "about N" shown vs done: median ${q(errors, 0.5).toFixed(0)} s, p90 ${q(errors, 0.9).toFixed(0)} s, max ${(errors.at(-1) ?? NaN).toFixed(0)} s late`,
);
