/**
 * Load benchmark of the polled hot paths against a running `npm start`, side by side in one run and
 * interleaved round by round (the machine is shared, so only same-run ratios mean anything):
 *   floor    an unknown /api path (JSON 404: no auth, no database) — what this local stack can do at best
 *   credits  GET /api/users/credits (token + one SQL-over-HTTP read)
 *   status   GET /api/headshots/:id/status of a completed headshot (token; the finished-status memo)
 *   status, pending  the same route for an upload never generated (token + one SQL-over-HTTP read)
 *
 *   PORT=8784 GENAI_STANDIN_DELAY_MS=0 npm start     # in another terminal
 *   BASE_URL=http://127.0.0.1:8784 npx tsx bench/status-load.ts   # CONNECTIONS=50 DURATION=10 ROUNDS=3
 *
 * On a shared machine req/s swings with everyone else's load; CPU time per request does much less.
 * PIDS="entry=<pid>,worker=<pid>,node=<pid>" (Linux) adds, per target, the CPU milliseconds each of those
 * processes spent per request (median over rounds): wrangler's proxy workerd (the one listening on the
 * port), the workerd running the Worker, the `npm start` Node process (PGlite, the SQL-over-HTTP stand-in).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { call, base, generateAndWait, uploadPhoto, verifiedUser } from "./lib-api";

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const PIDS = (process.env.PIDS ?? "")
  .split(",")
  .filter(Boolean)
  .map((p) => p.split("=") as [string, string]);
/** CPU milliseconds (user + system) a process has used, from /proc/<pid>/stat (clock ticks of 10 ms). */
const cpuMs = (pid: string) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

const { token } = await verifiedUser();
const auth = { Authorization: `Bearer ${token}` };
const done = await uploadPhoto(token);
const generated = await generateAndWait(token, done);
if (generated.status !== "completed") throw new Error(`the bench headshot ended ${generated.status}`);
const pending = await uploadPhoto(token);

const targets = [
  { name: "floor (JSON 404)", path: "/api/bench-floor-404", headers: {} },
  { name: "credits", path: "/api/users/credits", headers: auth },
  { name: "status (completed)", path: `/api/headshots/${done}/status`, headers: auth },
  { name: "status (pending: SQL)", path: `/api/headshots/${pending}/status`, headers: auth },
];
for (const t of targets) {
  const r = await call(t.path, { headers: t.headers });
  console.log(`GET ${t.path} → ${r.status} ${(await r.text()).slice(0, 100)}`);
}
console.log(`\n${CONNECTIONS} connections, ${DURATION} s per target, ${ROUNDS} rounds interleaved ...`);

const results = new Map<string, { rps: number[]; p50: number[]; p99: number[]; bad: number; cpu: number[][] }>();
for (let round = 0; round < ROUNDS; round++) {
  for (const t of targets) {
    const cpuBefore = PIDS.map(([, pid]) => cpuMs(pid));
    const r = await autocannon({ url: new URL(t.path, base).toString(), connections: CONNECTIONS, duration: DURATION, headers: t.headers });
    const cpu = PIDS.map(([, pid], i) => (cpuMs(pid) - cpuBefore[i]!) / r.requests.total);
    const e = results.get(t.name) ?? { rps: [], p50: [], p99: [], bad: 0, cpu: PIDS.map(() => []) };
    cpu.forEach((ms, i) => e.cpu[i]!.push(ms));
    e.rps.push(r.requests.average);
    e.p50.push(r.latency.p50);
    e.p99.push(r.latency.p99);
    const expected = t.name.startsWith("floor") ? "404" : "200";
    e.bad +=
      r.errors +
      r.timeouts +
      Object.entries(r.statusCodeStats ?? {})
        .filter(([code]) => code !== expected)
        .reduce((n, [, s]) => n + s.count, 0);
    results.set(t.name, e);
    console.log(
      `  round ${round + 1} ${t.name.padEnd(22)} ${r.requests.average.toFixed(0)} req/s${PIDS.map(([name], i) => `  ${name} ${cpu[i]!.toFixed(2)}`).join("")}${PIDS.length ? " ms CPU/request" : ""}`,
    );
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const floor = median(results.get(targets[0]!.name)!.rps);
console.log(
  `\n${"target".padEnd(24)}${"req/s".padStart(8)}${"× floor".padStart(9)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}${"unexpected".padStart(12)}`,
);
for (const t of targets) {
  const e = results.get(t.name)!;
  const rps = median(e.rps);
  console.log(
    `${t.name.padEnd(24)}${rps.toFixed(0).padStart(8)}${(rps / floor).toFixed(2).padStart(9)}${String(median(e.p50)).padStart(8)}${String(median(e.p99)).padStart(8)}${String(e.bad).padStart(12)}`,
  );
}
if (PIDS.length) {
  console.log(
    `\n${"CPU ms per request".padEnd(24)}${PIDS.map(([name]) => name.padStart(9)).join("")}${"sum".padStart(9)}${"× floor".padStart(9)}`,
  );
  const sum = (name: string) => results.get(name)!.cpu.reduce((n, xs) => n + median(xs), 0);
  for (const t of targets) {
    const e = results.get(t.name)!;
    console.log(
      `${t.name.padEnd(24)}${e.cpu.map((xs) => median(xs).toFixed(2).padStart(9)).join("")}${sum(t.name).toFixed(2).padStart(9)}${(sum(t.name) / sum(targets[0]!.name)).toFixed(2).padStart(9)}`,
    );
  }
}
console.log(
  `\nMedian of ${ROUNDS} interleaved rounds. "unexpected" counts errors, timeouts and answers other than 200 (404 for the floor).`,
);
