/**
 * The generate path without the shared row lock (issue 38, decision 241): every status move of a headshot
 * updates its (day, status) row of headshot_day_totals inside the mover's transaction (a trigger), so with
 * one row per day and status all generations in the world took turns on one row lock; with the rows in
 * 16 shards (by the headshot's id) they mostly do not meet.
 *
 *   createdb -h 127.0.0.1 -U postgres bench_edge_locks     # once
 *   npx tsx bench/day-totals-lock.ts                       # BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_edge_locks
 *                                                          # SESSIONS=16 MOVES=20 HOLD_MS=20
 *
 * SESSIONS sessions each start MOVES generations (pending → processing, as startGeneration's flip), each in
 * a transaction held HOLD_MS after the move (the rest of a transaction: its other statements, and in an
 * interactive transaction from the edge, a round trip each). Run twice on the same real PostgreSQL: with
 * every headshot counted in shard 0 (the table as it was: one row), then with the trigger's shards.
 * Prints the moves per second and the time they waited. Loopback only.
 */
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { createDb } from "../db";
import { migrateDatabase } from "../db/migrate";
import { headshots, users } from "../db/schema";
import { startLocalDatabase } from "../dev/postgres";
import { moveHeadshots } from "../worker/headshots/lifecycle";

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_edge_locks";
const SESSIONS = Number(process.env.SESSIONS ?? 16);
const MOVES = Number(process.env.MOVES ?? 20);
const HOLD_MS = Number(process.env.HOLD_MS ?? 20);
if (!["127.0.0.1", "localhost", "[::1]"].includes(new URL(DATABASE_URL).hostname))
  throw new Error("BENCH_DATABASE_URL must be a loopback server");

const local = await startLocalDatabase({ databaseUrl: DATABASE_URL });
await migrateDatabase(local);
const admin = createDb(local);

/** headshot_day_totals_add as migration 0021 writes it, with the shard given or forced to 0 (one row per day and status). */
const addFunction = (shard: "sh" | "0") =>
  sql.raw(`
  create or replace function headshot_day_totals_add(d date, s headshot_status, sh smallint, n integer, cost bigint, duration bigint, timed integer)
  returns void language sql as $$
    insert into headshot_day_totals as t (day, status, shard, headshots, cost_cents, duration_ms, timed)
    values (d, s, ${shard}, n, cost, duration, timed)
    on conflict (day, status, shard) do update set
      headshots = t.headshots + excluded.headshots, cost_cents = t.cost_cents + excluded.cost_cents,
      duration_ms = t.duration_ms + excluded.duration_ms, timed = t.timed + excluded.timed;
  $$`);

async function seed(): Promise<string[][]> {
  const email = `bench-locks-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const [user] = await admin.db.insert(users).values({ email, emailVerifiedAt: new Date() }).returning({ id: users.id });
  const rows = await admin.db
    .insert(headshots)
    .values(
      Array.from({ length: SESSIONS * MOVES }, () => ({
        userId: user!.id,
        style: "Office",
        originalKey: `bench/${crypto.randomUUID()}`,
        originalMime: "image/jpeg",
        encryptionKeyId: "t1",
      })),
    )
    .returning({ id: headshots.id });
  return Array.from({ length: SESSIONS }, (_, s) => rows.slice(s * MOVES, (s + 1) * MOVES).map((r) => r.id));
}

async function run(label: string, shard: "sh" | "0") {
  await admin.db.execute(addFunction(shard));
  const work = await seed();
  const sessions = work.map(() => createDb(local));
  await Promise.all(sessions.map((s) => s.db.execute(sql`select 1`))); // connections opened before the clock starts
  const waits: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    sessions.map(async ({ db }, i) => {
      for (const id of work[i]!) {
        await db.transaction(async (tx) => {
          const t = performance.now();
          await moveHeadshots(tx, { from: "pending", to: "processing" }, eq(headshots.id, id), { queuedAt: sql`now()` });
          waits.push(performance.now() - t);
          await tx.execute(sql`select pg_sleep(${HOLD_MS / 1000})`);
        });
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(sessions.map((s) => s.close()));
  waits.sort((a, b) => a - b);
  const p = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))]!.toFixed(1);
  console.log(
    `  ${label.padEnd(34)} ${(waits.length / seconds).toFixed(0).padStart(5)} moves/s   the move's statement p50 ${p(0.5)} ms, p95 ${p(0.95)} ms`,
  );
}

console.log(
  `${SESSIONS} sessions × ${MOVES} generations, each transaction held ${HOLD_MS} ms after its move (real PostgreSQL, ${DATABASE_URL}):`,
);
try {
  await run("one row per day and status", "0");
  await run("16 shards per day and status", "sh");
  console.log(
    `  (the ceiling with no shared lock at all: ${SESSIONS} × 1000 / ${HOLD_MS} = ${((SESSIONS * 1000) / HOLD_MS).toFixed(0)} moves/s)`,
  );
} finally {
  await admin.db.execute(addFunction("sh")); // the migration's function, whatever happened
  await admin.db.execute(sql`delete from users where email like 'bench-locks-%'`);
  await admin.close();
  await local.stop();
}
