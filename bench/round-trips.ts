/**
 * Round trips to the database per request (issue 38, decision 240), with and without Smart Placement and
 * Hyperdrive. The counts are the ones worker/headshots/round-trips.test.ts measures at the driver on every
 * run (worker/test/round-trips.ts: a statement added fails that test); the latencies cannot be measured on
 * one machine (its database is 0.1 ms away), so they are worked out on paper from the counts:
 *
 *   npx tsx bench/round-trips.ts                 # FAR_MS=90 (the user's Cloudflare location ↔ the Neon region)
 *                                                # NEAR_MS=3 (a Worker placed next to the region ↔ the region)
 *
 * - WebSocket session (before): opening it is TCP + TLS + the upgrade, 3 round trips (Postgres's startup and
 *   password ride with the first statement: neonConfig.pipelineConnect), then one per statement, begin and
 *   commit included.
 * - SQL-over-HTTP (now): one round trip per request, a batch of statements included; the Workers runtime
 *   keeps the HTTPS connection to Neon's endpoint warm between requests of an isolate.
 * - Smart Placement: the Worker runs next to the database; the request pays one far round trip to get there
 *   (user → nearest location → placed location), then every database round trip is near.
 * - Hyperdrive: a TCP driver (pg) to a pool at the edge, kept open to the database: no connection set-up
 *   per request, but each statement is still one round trip to the pool near the database, and its pooler
 *   has no batches (a non-interactive transaction becomes begin + statements + commit).
 */
import { ROUND_TRIPS, ROUND_TRIPS_BEFORE, total, type TripCount } from "../worker/test/round-trips";

const FAR = Number(process.env.FAR_MS ?? 90);
const NEAR = Number(process.env.NEAR_MS ?? 3);
const WEBSOCKET_OPEN = 3;

type Request = keyof typeof ROUND_TRIPS;
const LABEL: Record<Request, string> = {
  upload: "upload",
  generateFree: "generate (free account)",
  generateSubscriber: "generate (subscriber)",
  status: "status (polled)",
  credits: "credits (polled)",
};

/**
 * The statements of each request as it is now, for Hyperdrive (no batches): requireUser's epoch read, then
 * each batch's statements one by one, a transaction's with begin and commit (worker/headshots/routes.ts,
 * entitlement.ts; the listing the round-trips test prints).
 */
const HYPERDRIVE_STATEMENTS: Record<Request, number> = {
  upload: 1 + 6 + (2 + 2), // epoch; 2 rate-limit hits + 4 allowance reads; begin, insert, delete, commit
  generateFree: 1 + 6 + (4 + 2), // epoch; 4 allowance reads, headshot, fair use; begin, lock, charge, flip, status, commit
  generateSubscriber: 1 + 6 + (4 + 2),
  status: 1,
  credits: 1,
};

/** Sequential round trips, far and near, of a count on the WebSocket/HTTP drivers. */
const trips = (c: TripCount) => c.connect * WEBSOCKET_OPEN + c.session + c.http;
const ms = (far: number, near: number) => far * FAR + near * NEAR;
const cell = (n: number) => `${n.toFixed(0).padStart(5)} ms`;

console.log(`Database round trips per request (counted by worker/headshots/round-trips.test.ts), FAR ${FAR} ms, NEAR ${NEAR} ms:\n`);
console.log(
  [
    "request".padEnd(26),
    "before".padStart(7),
    "now".padStart(5),
    "│ before".padStart(9),
    "+placement".padStart(11),
    "│ now".padStart(8),
    "+placement".padStart(11),
    "│ Hyperdrive".padStart(13),
    "+placement".padStart(11),
  ].join(" "),
);
for (const r of Object.keys(ROUND_TRIPS) as Request[]) {
  const before = trips(ROUND_TRIPS_BEFORE[r]);
  const now = trips(ROUND_TRIPS[r]);
  const hd = HYPERDRIVE_STATEMENTS[r];
  console.log(
    [
      LABEL[r].padEnd(26),
      String(total(ROUND_TRIPS_BEFORE[r])).padStart(7),
      String(total(ROUND_TRIPS[r])).padStart(5),
      "│" + cell(ms(before, 0)),
      cell(ms(1, before)).padStart(11),
      "│" + cell(ms(now, 0)).padStart(7),
      cell(ms(1, now)).padStart(11),
      "│" + cell(ms(hd, 0)).padStart(12),
      cell(ms(1, hd)).padStart(11),
    ].join(" "),
  );
}
console.log(`
before/now: the counts (a WebSocket opened counts 1 there; ${WEBSOCKET_OPEN} round trips in the times). Times: the
database's share of the request's latency only (no query time, no R2, no queue).`);
