/**
 * Signing's cost inside workerd (issue 48, decisions 320 and 344): the C2PA writer run by the worker runtime
 * itself (wrangler's local workerd, the worker's modules bundled as for a deploy: bench/workerd/c2pa-sign-worker.ts)
 * on the files a download delivers — a 2048² PNG (the high-resolution download of a 2K result), the 8×10 print
 * (2400×3000 at 300 DPI) as PNG and as TIFF, and the Instagram PNG — against the transform that makes each.
 *
 * CPU is workerd's own, read from /proc (utime + stime of the workerd processes this script started) around a
 * request that signs the file `--n` times, minus an idle request's; so it is what the runtime spent, not a clock
 * inside the isolate (workerd does not advance its clocks during computation). Memory: the growth of workerd's
 * peak resident set (VmHWM, reset through /proc/<pid>/clear_refs before each case) while one signing runs, and
 * the bytes signing allocates (the signed file: one copy of the output plus the store).
 *
 *   npx tsx bench/c2pa-workerd.ts            # every case, median of 5 requests of 40 signings each
 *   npx tsx bench/c2pa-workerd.ts --runs 9 --n 5
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { unstable_dev } from "wrangler";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg("runs", 5);
const N = arg("n", 40);
const CASES = ["png-2048", "print-8x10-png", "print-8x10-tiff", "instagram-png"];
const TICK_MS = 1000 / 100; // USER_HZ

/** The workerd processes started under this one. */
function workerdPids(): number[] {
  const parent = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      names.set(Number(entry), stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")));
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* gone */
    }
  }
  const mine = (pid: number): boolean => pid === process.pid || (pid > 1 && parent.has(pid) && mine(parent.get(pid)!));
  return [...names].filter(([pid, name]) => name.startsWith("workerd") && mine(pid)).map(([pid]) => pid);
}

/** CPU milliseconds (user + system) the workerd processes have used. */
function workerdCpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(")")[1]!.trim().split(" ");
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
  }
  return ticks * TICK_MS;
}

const status = (pid: number, key: string) =>
  Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
const resetPeak = (pids: number[]) => pids.forEach((pid) => writeFileSync(`/proc/${pid}/clear_refs`, "5"));
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const worker = await unstable_dev("bench/workerd/c2pa-sign-worker.ts", {
  config: "bench/workerd/wrangler.toml",
  vars: {
    C2PA_SIGNING_KEY: readFileSync("dev/c2pa/test-signer.key.pem", "utf8"),
    C2PA_CERT_CHAIN: readFileSync("dev/c2pa/test-chain.pem", "utf8"),
  },
  experimental: { disableExperimentalWarning: true },
  logLevel: "warn",
});
try {
  const pids = workerdPids();
  if (pids.length === 0) throw new Error("no workerd process found under this one");
  const get = async (query: string) => {
    const res = await worker.fetch(`/?${query}`);
    if (!res.ok) throw new Error(`${query}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { size: number; ms: number };
  };
  /** workerd's CPU for one request. */
  const cpuOf = async (query: string) => {
    const before = workerdCpuMs(pids);
    const { ms } = await get(query);
    clock.push(ms);
    return workerdCpuMs(pids) - before;
  };
  let clock: number[] = [];
  await get("case=png-2048&op=idle");
  const rows = [
    [
      "case",
      "file",
      "sign CPU ms (workerd)",
      "sign ms (isolate clock)",
      "transform CPU ms (workerd)",
      "sign/transform",
      "peak RSS growth, one signing",
      "signing allocates",
    ],
  ];
  for (const id of CASES) {
    const { size } = await get(`case=${id}&op=prepare`);
    await get(`case=${id}&op=sign&n=1`); // warm: the key imported, the code compiled
    const sign: number[] = [];
    const transform: number[] = [];
    const signClock: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      clock = [];
      const idle = await cpuOf("op=idle"); // the request's own cost, measured beside each (the machine is shared)
      sign.push((await cpuOf(`case=${id}&op=sign&n=${N}`)) - idle);
      signClock.push(clock[1]! / N);
      transform.push((await cpuOf(`case=${id}&op=transform&n=1`)) - idle);
    }
    resetPeak(pids);
    const rss = pids.reduce((n, pid) => n + status(pid, "VmRSS"), 0);
    await get(`case=${id}&op=sign&n=1`);
    const peak = pids.reduce((n, pid) => n + status(pid, "VmHWM"), 0);
    const signMs = median(sign) / N;
    const transformMs = median(transform);
    rows.push([
      id,
      mb(size),
      signMs.toFixed(1),
      median(signClock).toFixed(1),
      transformMs < TICK_MS ? `< ${TICK_MS}` : transformMs.toFixed(0),
      transformMs < TICK_MS ? "-" : `${((100 * signMs) / transformMs).toFixed(1)} %`,
      mb(Math.max(0, peak - rss)),
      mb(size + 4096),
    ]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) console.log(r.map((v, c) => (c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join("  "));
  console.log(
    `\nworkerd (wrangler ${(await import("wrangler/package.json", { with: { type: "json" } })).default.version}), ${RUNS} requests per case of ${N} signings (sign) or one transform; median; CPU from /proc at ${TICK_MS} ms ticks, an idle request's (measured beside each) taken off; the isolate clock is wall time inside the request (the machine is shared: read the CPU column). Source: a 2048² photo-like PNG.`,
  );
} finally {
  await worker.stop();
}
