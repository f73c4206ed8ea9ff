/**
 * The orphan sweep's peak memory against the bucket's size (issue 47, decision 315): main listed the whole bucket
 * into one Map every hour (1–2 million objects at 100× scale, near an isolate's 128 MB); the sweep now walks
 * ORPHAN_PAGES_PER_RUN pages a cron run from a kept cursor. Each case runs in a fresh Node process: a full pass
 * over a bucket of N objects (worker/test/listing-bucket.ts: keys made when listed, none stored), cron run after
 * cron run until the cursor is gone, with no object having a row (the worst case: every page's orphans are sent
 * to a queue that drops them). "before" runs main's listing loop (its Map of candidates) on the same bucket.
 *
 * Peak = the largest `heapUsed + external` after a full GC, sampled as each page arrives (the page still held) and
 * at each send, minus the same before the pass: the memory the sweep keeps alive, which is what runs an isolate
 * out of memory (garbage is collected first). Time includes those forced GCs.
 *
 *   npx tsx bench/orphans.ts            # SIZES=10000,100000,500000,2000000 BEFORE_MAX=500000
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { performance } from "node:perf_hooks";

const MB = 1024 * 1024;
const SIZES = (process.env.SIZES ?? "10000,100000,500000,2000000").split(",").map(Number);
const BEFORE_MAX = Number(process.env.BEFORE_MAX ?? 500_000);

type Listing = {
  list(o: {
    prefix?: string;
    cursor?: string;
    limit?: number;
  }): Promise<{ objects: { key: string; uploaded: Date }[]; truncated: boolean; cursor?: string }>;
};

/** main's listing (worker/headshots/orphans.ts before issue 47): every day-old candidate of the bucket in a Map. */
async function mainListing(bucket: Listing, before: number): Promise<number> {
  const OWNED_OBJECT = /^u\/[0-9a-f-]{36}\/([hs])\/([0-9a-f-]{36})\//;
  const candidates = { h: new Map<string, string>(), s: new Map<string, string>() };
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: "u/", cursor, limit: 1000 });
    for (const object of page.objects) {
      const m = OWNED_OBJECT.exec(object.key);
      if (m && object.uploaded.getTime() < before) candidates[m[1] as "h" | "s"].set(m[2]!, m[0]);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return candidates.h.size + candidates.s.size;
}

async function runCase(kind: "after" | "before", size: number) {
  // the worker's own code, typed against the Workers runtime: loaded untyped here (as bench/retention.ts)
  const { listingBucket } = await import(new URL("../worker/test/listing-bucket.ts", import.meta.url).href);
  const orphans = await import(new URL("../worker/headshots/orphans.ts", import.meta.url).href);
  const { bucket, others } = listingBucket(size);
  const used = () => process.memoryUsage().heapUsed + process.memoryUsage().external;
  let peak = 0;
  const sample = () => {
    globalThis.gc!();
    peak = Math.max(peak, used());
  };
  const listing = bucket as Listing;
  const sampled = {
    ...bucket,
    list: async (o: object) => {
      const page = await listing.list(o);
      sample();
      return page;
    },
    get: bucket.get,
    put: bucket.put,
    delete: bucket.delete,
  };
  // no row for any object: every candidate is an orphan, every page sends its 20 messages (dropped)
  const db = { select: () => ({ from: () => ({ where: async () => [] }) }) };
  let sent = 0;
  const chores = { sendBatch: async (m: unknown[]) => (sample(), (sent += m.length)) };
  const now = new Date();
  globalThis.gc!();
  const baseline = used();
  const t0 = performance.now();
  let runs = 0;
  let found = 0;
  if (kind === "before") found = await mainListing(sampled, now.getTime() - orphans.ORPHAN_AFTER_MS);
  else
    do {
      found += await orphans.sweepOrphanedObjects({ db, bucket: sampled, chores, now });
      runs += 1;
    } while (others.has(orphans.ORPHAN_CURSOR_KEY));
  const ms = performance.now() - t0;
  console.log(JSON.stringify({ peakMb: (peak - baseline) / MB, ms, runs, found, sent }));
}

async function main() {
  if (process.argv[2] === "case") return runCase(process.argv[3] as "after" | "before", Number(process.argv[4]));
  console.log("Orphan sweep: peak memory of a full pass over the bucket (fresh process each; an isolate has 128 MB)");
  console.log(
    `  ${"objects".padStart(10)} ${"case".padEnd(26)} ${"peak (heap + external)".padStart(23)} ${"cron runs".padStart(10)} ${"time".padStart(9)}`,
  );
  for (const size of SIZES)
    for (const kind of ["after", "before"] as const) {
      if (kind === "before" && size > BEFORE_MAX) continue;
      const out = await promisify(execFile)(
        process.execPath,
        ["--expose-gc", ...process.execArgv, process.argv[1]!, "case", kind, String(size)],
        {
          encoding: "utf8",
          maxBuffer: 16 * MB,
        },
      );
      const line = out.stdout.trim().split("\n").pop() ?? "";
      if (!line.startsWith("{")) throw new Error(`${kind} ${size} failed: ${out.stderr}`);
      const r = JSON.parse(line) as { peakMb: number; ms: number; runs: number; found: number };
      const label = kind === "after" ? "pages per run (now)" : "whole bucket (main)";
      console.log(
        `  ${size.toLocaleString("en").padStart(10)} ${label.padEnd(26)} ${`${r.peakMb.toFixed(1)} MB`.padStart(23)} ${String(r.runs || 1).padStart(10)} ${`${(r.ms / 1000).toFixed(1)} s`.padStart(9)}`,
      );
    }
}

await main();
