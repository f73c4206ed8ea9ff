/**
 * The landing through the worker (HTMLRewriter with the database's figures, decision 112) against a
 * public page served as a plain static asset, side by side against a running `npm start`, interleaved
 * round by round (the machine is shared, so only same-run ratios mean anything):
 *   static   GET /services/linkedin-headshots — a prerendered page the worker never sees
 *   landing  GET / — assets lookup + the per-isolate figures and finished HTML
 *   landing, revalidated  GET / with If-None-Match (a returning visitor): 304
 * Sequential requests give time to first byte and to the whole body; autocannon gives requests per second.
 *
 *   PORT=8906 STATE_DIR=.data/bench-landing npm start      # in another terminal
 *   BASE_URL=http://127.0.0.1:8906 npx tsx bench/landing.ts   # SEQUENTIAL=200 CONNECTIONS=20 DURATION=8 ROUNDS=3
 */
import { createRequire } from "node:module";
import { base } from "./lib-api";

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: Record<string, unknown>) => Promise<AutocannonResult>;

const at = (path: string) => new URL(path, base).toString();
const SEQUENTIAL = Number(process.env.SEQUENTIAL ?? 200);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const DURATION = Number(process.env.DURATION ?? 8);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

const first = await fetch(at("/"));
const etag = first.headers.get("ETag") ?? "";
const html = await first.text();
console.log(
  `GET / → ${first.status}, ${html.length} bytes, ETag ${etag}, figures: ${/data-live="badge-text">([^<]*)</.exec(html)?.[1] ?? "(none)"}`,
);
const targets = [
  { name: "static /services/linkedin-headshots", path: "/services/linkedin-headshots", headers: {} as Record<string, string>, status: 200 },
  { name: "landing / (worker)", path: "/", headers: {}, status: 200 },
  { name: "landing / revalidated (304)", path: "/", headers: { "If-None-Match": etag }, status: 304 },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;

const results = new Map<string, { ttfb: number[]; total: number[]; rps: number[]; p99: number[] }>(
  targets.map((t) => [t.name, { ttfb: [], total: [], rps: [], p99: [] }]),
);
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < SEQUENTIAL; i++) {
    for (const t of targets) {
      const start = performance.now();
      const res = await fetch(at(t.path), { headers: t.headers });
      const ttfb = performance.now() - start;
      await res.arrayBuffer();
      if (res.status !== t.status) throw new Error(`${t.path} answered ${res.status}`);
      results.get(t.name)!.ttfb.push(ttfb);
      results.get(t.name)!.total.push(performance.now() - start);
    }
  }
  for (const t of targets) {
    const r = await autocannon({ url: at(t.path), headers: t.headers, connections: CONNECTIONS, duration: DURATION });
    results.get(t.name)!.rps.push(r.requests.average);
    results.get(t.name)!.p99.push(r.latency.p99);
  }
}
console.log(
  `\n${ROUNDS} rounds; ${SEQUENTIAL} sequential requests per target per round, then autocannon ${CONNECTIONS} connections × ${DURATION} s\n`,
);
console.log("target                                TTFB p50  p90    body p50   req/s (median)  p99 ms");
for (const t of targets) {
  const r = results.get(t.name)!;
  console.log(
    `${t.name.padEnd(36)}  ${median(r.ttfb).toFixed(1).padStart(6)}  ${p90(r.ttfb).toFixed(1).padStart(5)}  ${median(r.total).toFixed(1).padStart(8)}  ${median(r.rps).toFixed(0).padStart(14)}  ${median(r.p99).toFixed(0).padStart(6)}`,
  );
}
