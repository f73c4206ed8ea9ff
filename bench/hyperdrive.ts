/**
 * Hyperdrive measured, not argued (issue 47, decision 240): the background work's database round trips and wall
 * time at a distance to the database of 0, 20 and 90 ms per round trip, on the product's own drivers (Neon over
 * WebSocket for sessions, SQL-over-HTTP for the rest), then what Hyperdrive would make of the same exchanges.
 *
 *   PORT=8791 GENAI_STANDIN_DELAY_MS=0 npm start              # in another terminal
 *   BASE_URL=http://127.0.0.1:8791 npx tsx bench/hyperdrive.ts  # RUNS=2 LATENCIES=0,20,90
 *
 * The distance is played by the stack's WebSocket proxy and SQL-over-HTTP stand-in (dev/db-link.ts: each answer
 * held `ms`, a WebSocket's opening 3 more), set at their `/__link` and counted there. Measured, per latency:
 * - the consumer's generation job: a free account's generate is answered (its own 3 HTTP round trips), then
 *   the round trips until the database falls quiet are the consumer's (claim, the original, the model's
 *   limiter, the result, completion); its wall time is from the generate's answer to the last answer from the
 *   database (the queue's hand-off in wrangler dev included, ~the same at every latency);
 * - one cron run (`/cdn-cgi/local/scheduled`, every job of worker/scheduled.ts on a small database).
 * Quiet: no new round trip for QUIET_MS. Users and uploads are made at 0 ms, outside the measurement.
 *
 * Hyperdrive, worked out from the counted exchanges (https://developers.cloudflare.com/hyperdrive/get-started/ — "seven
 * round-trips … TCP handshake (1x), TLS negotiation (3x), and database authentication (3x)" saved;
 * https://developers.cloudflare.com/hyperdrive/configuration/connection-pooling/ — pools placed near the database,
 * transaction mode; changelog 2025-03-07, "pools database connections in one or more regions close to your
 * database"; all read 2026-12-05): the Worker reaches Hyperdrive at its own location and Hyperdrive's pool keeps connections
 * open near the database, so a connection's setup (TCP, TLS, Postgres's startup and authentication) is not paid
 * per invocation; each query is still one round trip from the Worker's location to the pool near the database;
 * it works with TCP drivers (pg, postgres.js), which have no batches: an HTTP batch becomes begin + its
 * statements + commit. Sessions' statements stay one round trip each. So Hyperdrive's database time at L ms:
 * (session statements + HTTP requests as statements) × L, against the Neon driver's
 * (WebSockets opened × 3 + session statements + HTTP requests) × L.
 */
import { base, call, expectOk, uploadPhoto, verifiedUser } from "./lib-api";
import { readEnvFile } from "../dev/env-file";
import { OPEN_ROUND_TRIPS, type DbLink } from "../dev/db-link";
import { join } from "node:path";

const RUNS = Number(process.env.RUNS ?? 2);
const LATENCIES = (process.env.LATENCIES ?? "0,20,90").split(",").map(Number);
const QUIET_MS = Number(process.env.QUIET_MS ?? 1500);

const httpUrl = readEnvFile(join(import.meta.dirname, "..", ".wrangler", `dev-${base.port}.env`)).DATABASE_HTTP_URL;
if (!httpUrl || !new URL(httpUrl).hostname.startsWith("127.")) throw new Error("The stack's SQL-over-HTTP stand-in was not found");
const linkUrl = new URL("/__link", httpUrl);

async function link(ms?: number): Promise<DbLink> {
  const res = await fetch(ms === undefined ? linkUrl : new URL(`?ms=${ms}`, linkUrl), { method: ms === undefined ? "GET" : "POST" });
  return (await res.json()) as DbLink;
}

type Counted = { connects: number; session: number; http: number; httpAsStatements: number; ms: number };
const diff = (a: DbLink, b: DbLink): Omit<Counted, "ms"> => ({
  connects: b.connects - a.connects,
  session: b.session - a.session,
  http: b.http - a.http,
  httpAsStatements: b.httpAsStatements - a.httpAsStatements,
});
const total = (c: Omit<Counted, "ms">) => c.connects * OPEN_ROUND_TRIPS + c.session + c.http;

/** Waits until the database has had no round trip for QUIET_MS; answers the counts then and when the last began. */
async function quiet(latency: number): Promise<{ at: DbLink; lastMs: number }> {
  let last = await link();
  let lastMs = performance.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 20));
    const now = await link();
    const changed = total(diff(last, now)) > 0;
    if (changed) {
      last = now;
      lastMs = performance.now();
    } else if (performance.now() - lastMs > QUIET_MS + latency * 4) return { at: now, lastMs };
  }
}

async function generation(latency: number, token: string, id: string): Promise<Counted> {
  const auth = { Authorization: `Bearer ${token}` };
  await quiet(0);
  await link(latency);
  await expectOk(await call(`/api/headshots/${id}/generate`, { method: "POST", headers: auth }), "generate");
  const answered = performance.now();
  const after = await link(); // the generate's own round trips are counted by now; the consumer's may have begun
  const { at, lastMs } = await quiet(latency);
  await link(0);
  const status = ((await (await call(`/api/headshots/${id}/status`, { headers: auth })).json()) as { status: string }).status;
  if (status !== "completed") throw new Error(`generation ended ${status}`);
  return { ...diff(after, at), ms: lastMs - answered + latency };
}

async function cron(latency: number): Promise<Counted> {
  await quiet(0);
  await link(latency);
  const before = await link();
  const t0 = performance.now();
  await call(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
  const { at, lastMs } = await quiet(latency);
  await link(0);
  return { ...diff(before, at), ms: lastMs - t0 + latency };
}

const rows: { what: string; latency: number; c: Counted }[] = [];
await link(0);
for (const latency of LATENCIES) {
  for (let i = 0; i < RUNS; i++) {
    const user = await verifiedUser(); // two free generations each: one user per two runs
    const id = await uploadPhoto(user.token);
    rows.push({ what: "consumer: generation", latency, c: await generation(latency, user.token, id) });
  }
  rows.push({ what: "cron run", latency, c: await cron(latency) });
}

const f = (n: number) => n.toFixed(0).padStart(6);
console.log(
  `Background work's database round trips (counted at the stand-ins) and wall time, per distance to the database.\n` +
    `Hyperdrive: (session statements + HTTP requests as begin…commit statements) × L; no connection setup.\n`,
);
console.log("work                   L ms │ WS opened  session  http │ round trips  wall ms │ Hyperdrive trips  db ms │ Neon db ms");
for (const { what, latency, c } of rows) {
  const neon = total(c);
  const hd = c.session + c.httpAsStatements;
  console.log(
    `${what.padEnd(22)} ${String(latency).padStart(4)} │ ${f(c.connects)}    ${f(c.session)} ${f(c.http)} │ ${f(neon)}      ${f(c.ms)} │ ${f(hd)}          ${f(hd * latency)} │ ${f(neon * latency)}`,
  );
}
