/**
 * Retention at volume (issue 38, decision 260): can the cron and the chores queue delete 500,000 expired
 * headshots a day? Seeds a real PostgreSQL database with N expired headshots (rows in SQL) and their objects (two
 * each, as a single upload leaves them) in a bucket, then runs what production runs: the cron's
 * `queueExpiredImages` until nothing is left (timed), and the consumer's `purgeImages` on every message,
 * CONCURRENCY messages at a time (wrangler.toml's max_concurrency for the chores queue, one session each).
 * Prints the cron's marking time, the consumer's throughput, and what both make a day.
 *
 *   createdb -h 127.0.0.1 -U postgres bench_retention     # once
 *   npx tsx bench/retention.ts                             # N=20000 CONCURRENCY=10 R2_LATENCY_MS=20
 *
 * The bucket is an in-memory one with R2's list and delete semantics and a fixed delay per operation
 * (R2_LATENCY_MS): Miniflare's local R2, reached from Node, took 25 ms a put on this machine and dropped
 * connections under load, which measured the proxy, not the design. The database work is real.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createDb } from "../db";
import { migrateDatabase } from "../db/migrate";
import { startLocalDatabase } from "../dev/postgres";

/** The worker's own retention code (typed against the Workers runtime, so loaded untyped here, as bench/memory.ts). */
type Owner = { id: string; userId: string; shootId: string | null };
type Chore = { purge: Owner[] };
const retention: {
  RETENTION_BATCH: number;
  RETENTION_STATEMENTS_PER_RUN: number;
  queueExpiredImages(deps: { db: unknown; chores: unknown; now: Date }): Promise<number>;
  purgeImages(deps: { db: unknown; bucket: unknown }, owners: Owner[]): Promise<number>;
} = await import(new URL("../worker/headshots/retention.ts", import.meta.url).href);
const { RETENTION_BATCH, RETENTION_STATEMENTS_PER_RUN, purgeImages, queueExpiredImages } = retention;

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_retention";
const N = Number(process.env.N ?? 20_000);
const R2_LATENCY_MS = Number(process.env.R2_LATENCY_MS ?? 20);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const CRON_RUNS_A_DAY = 288; // every 5 minutes (wrangler.toml [triggers])
const GOAL_A_DAY = 500_000;

const dbUrl = new URL(DATABASE_URL);
if (!["127.0.0.1", "localhost", "[::1]"].includes(dbUrl.hostname)) throw new Error("BENCH_DATABASE_URL must be a loopback server");

const local = await startLocalDatabase({ databaseUrl: DATABASE_URL });
await migrateDatabase(local);
const sessions = Array.from({ length: CONCURRENCY + 1 }, () => createDb(local));
const db = sessions[0]!.db;
/**
 * R2's list (by prefix, 1,000 a page) and delete (up to 1,000 keys), each after R2_LATENCY_MS; counts operations.
 * Keys are kept by their headshot's or shoot's prefix (`u/<user>/h/<id>/`), the only prefixes retention lists.
 */
const objects = new Map<string, Set<string>>();
const prefixOf = (key: string) => `${key.split("/").slice(0, 4).join("/")}/`;
let r2Operations = 0;
const r2 = async () => {
  r2Operations += 1;
  if (R2_LATENCY_MS) await new Promise((r) => setTimeout(r, R2_LATENCY_MS));
};
const bucket = {
  async list({ prefix, limit = 1000 }: { prefix: string; limit?: number }) {
    await r2();
    const keys = [...(objects.get(prefix) ?? [])].slice(0, limit);
    return { objects: keys.map((key) => ({ key })), truncated: false };
  },
  async delete(keys: string | string[]) {
    await r2();
    for (const k of [keys].flat()) objects.get(prefixOf(k))?.delete(k);
  },
};
const objectCount = () => [...objects.values()].reduce((n, set) => n + set.size, 0);

const time = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
};

try {
  // -- seed: N finished headshots of 1,000 never-subscribed users, created 40 days ago, with their objects ----------
  await db.execute(sql`truncate users, headshots cascade`);
  await db.execute(sql`
    insert into users (id, email, email_verified_at, created_at, updated_at)
    select md5('u' || i)::uuid, 'bench-ret-' || i || '@example.test', now(), now() - interval '90 days', now()
    from generate_series(1, 1000) as i`);
  const [, seedRows] = await time(() =>
    db.execute(sql`
      insert into headshots (id, user_id, style, status, original_key, original_mime, result_key, result_mime,
        encryption_key_id, created_at, updated_at, completed_at)
      select h, u, 'corporate', 'completed', 'u/' || u || '/h/' || h || '/original', 'image/jpeg',
        'u/' || u || '/h/' || h || '/result', 'image/png', 'k1', now() - interval '40 days', now() - interval '40 days',
        now() - interval '40 days'
      from (select md5('h' || i)::uuid as h, md5('u' || (1 + i % 1000))::uuid as u from generate_series(1, ${N}) as i) x`),
  );
  const keys = (await db.execute(sql`select original_key, result_key from headshots`)).rows.flatMap((r) => [
    String(r.original_key),
    String(r.result_key),
  ]);
  for (const k of keys) objects.set(prefixOf(k), (objects.get(prefixOf(k)) ?? new Set()).add(k));
  console.log(`Seeded ${N} expired headshots (${(seedRows / 1000).toFixed(1)} s) and ${keys.length} objects.`);

  // -- the cron: mark and send, until nothing is left ---------------------------------------------------------------
  const messages: Chore[] = [];
  const chores = {
    send: async (body: Chore) => void messages.push(body),
    sendBatch: async (batch: Iterable<{ body: Chore }>) => {
      for (const m of batch) messages.push(m.body);
    },
  };
  const runs: number[] = [];
  for (;;) {
    const [marked, ms] = await time(() => queueExpiredImages({ db, chores, now: new Date() }));
    if (marked === 0) break;
    runs.push(ms);
  }

  // -- the consumer: every message, CONCURRENCY at a time -----------------------------------------------------------
  let next = 0;
  let purged = 0;
  const [, consumeMs] = await time(() =>
    Promise.all(
      sessions.slice(1).map(async ({ db: session }) => {
        while (next < messages.length) {
          const message = messages[next++]!;
          const n = await purgeImages({ db: session, bucket }, message.purge);
          purged += n;
        }
      }),
    ),
  );
  const left = objectCount();
  const perRun = Math.max(...runs);
  const cronPerDay = RETENTION_BATCH * RETENTION_STATEMENTS_PER_RUN * CRON_RUNS_A_DAY;
  const consumerPerSecond = purged / (consumeMs / 1000);
  const consumerPerDay = Math.round(consumerPerSecond * 86_400);
  console.log(`\nRetention, ${N} headshots, PostgreSQL 15 on this machine, R2 at ${R2_LATENCY_MS} ms an operation:`);
  console.log(
    `  cron: ${runs.length} runs, slowest ${perRun.toFixed(0)} ms (${RETENTION_STATEMENTS_PER_RUN} × mark ≤ ${RETENTION_BATCH} + send), ${cronPerDay.toLocaleString("en")} a day at ${CRON_RUNS_A_DAY} runs`,
  );
  console.log(
    `  consumer: ${messages.length} messages, ${purged} headshots in ${(consumeMs / 1000).toFixed(1)} s with ${CONCURRENCY} at a time = ${consumerPerSecond.toFixed(0)}/s, ${consumerPerDay.toLocaleString("en")} a day`,
  );
  console.log(
    `  R2 operations: ${r2Operations} (${(r2Operations / N).toFixed(1)} a headshot); objects left: ${left}; goal ${GOAL_A_DAY.toLocaleString("en")} a day: ${Math.min(cronPerDay, consumerPerDay) >= GOAL_A_DAY ? "met" : "NOT met"}`,
  );
  if (left !== 0 || purged !== N) process.exitCode = 1;
} finally {
  await Promise.all(sessions.map((s) => s.close()));
  await local.stop();
}
