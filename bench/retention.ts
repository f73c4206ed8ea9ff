/**
 * Retention at volume (issue 38, decision 260): can the cron and the chores queue delete 500,000 expired
 * headshots a day? Seeds a real PostgreSQL database with N expired headshots (rows in SQL) and their objects in a
 * local R2 bucket (Miniflare's, as `npm start` has it: two objects each, as a single upload leaves them), then runs
 * what production runs: the cron's `queueExpiredImages` (timed) and the consumer's `purgeImages` on every message,
 * CONCURRENCY messages at a time (wrangler.toml's max_concurrency for the chores queue, one session each).
 * Prints the cron's marking time, the consumer's throughput, and what both make a day.
 *
 *   createdb -h 127.0.0.1 -U postgres bench_retention     # once
 *   npx tsx bench/retention.ts                             # N=10000 CONCURRENCY=10
 *
 * The local R2 answers in well under a millisecond where the real one takes tens: the consumer's figure is an
 * upper bound per isolate, and the real number of isolates (max_concurrency) is what scales it.
 */
import { performance } from "node:perf_hooks";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { sql } from "drizzle-orm";
import { createDb } from "../db";
import { migrateDatabase } from "../db/migrate";
import { startLocalDatabase } from "../dev/postgres";

/** The worker's own retention code (typed against the Workers runtime, so loaded untyped here, as bench/memory.ts). */
type Owner = { id: string; userId: string; shootId: string | null };
type Chore = { purge: Owner[] };
const retention: {
  RETENTION_BATCH: number;
  queueExpiredImages(deps: { db: unknown; chores: unknown; now: Date }): Promise<number>;
  purgeImages(deps: { db: unknown; bucket: unknown }, owners: Owner[]): Promise<number>;
} = await import(new URL("../worker/headshots/retention.ts", import.meta.url).href);
const { RETENTION_BATCH, purgeImages, queueExpiredImages } = retention;

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_retention";
const N = Number(process.env.N ?? 10_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const CRON_RUNS_A_DAY = 288; // every 5 minutes (wrangler.toml [triggers])
const GOAL_A_DAY = 500_000;

const dbUrl = new URL(DATABASE_URL);
if (!["127.0.0.1", "localhost", "[::1]"].includes(dbUrl.hostname)) throw new Error("BENCH_DATABASE_URL must be a loopback server");

const local = await startLocalDatabase({ databaseUrl: DATABASE_URL });
await migrateDatabase(local);
const sessions = Array.from({ length: CONCURRENCY + 1 }, () => createDb(local));
const db = sessions[0]!.db;
const mf = new Miniflare(
  convertV4MiniflareOptions({ modules: true, script: "export default { fetch: () => new Response('') }", r2Buckets: ["IMAGES"] }),
);
const bucket = await mf.getR2Bucket("IMAGES");

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
  const [, seedObjects] = await time(async () => {
    for (let i = 0; i < keys.length; i += 200) await Promise.all(keys.slice(i, i + 200).map((k) => bucket.put(k, "x")));
  });
  console.log(
    `Seeded ${N} expired headshots (${(seedRows / 1000).toFixed(1)} s) and ${keys.length} objects (${(seedObjects / 1000).toFixed(1)} s).`,
  );

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
          purged += await purgeImages({ db: session, bucket }, message.purge);
        }
      }),
    ),
  );
  const left = (await bucket.list({ limit: 10 })).objects.length;
  const perRun = Math.max(...runs);
  const cronPerDay = RETENTION_BATCH * CRON_RUNS_A_DAY;
  const consumerPerSecond = purged / (consumeMs / 1000);
  const consumerPerDay = Math.round(consumerPerSecond * 86_400);
  console.log(`\nRetention, ${N} headshots, PostgreSQL 15 + Miniflare R2 on this machine:`);
  console.log(
    `  cron: ${runs.length} runs, slowest ${perRun.toFixed(0)} ms (mark ≤ ${RETENTION_BATCH} + send), ${cronPerDay.toLocaleString("en")} a day at ${CRON_RUNS_A_DAY} runs`,
  );
  console.log(
    `  consumer: ${messages.length} messages, ${purged} headshots in ${(consumeMs / 1000).toFixed(1)} s with ${CONCURRENCY} at a time = ${consumerPerSecond.toFixed(0)}/s, ${consumerPerDay.toLocaleString("en")} a day`,
  );
  console.log(
    `  objects left: ${left}; goal ${GOAL_A_DAY.toLocaleString("en")} a day: ${Math.min(cronPerDay, consumerPerDay) >= GOAL_A_DAY ? "met" : "NOT met"}`,
  );
  if (left !== 0 || purged !== N) process.exitCode = 1;
} finally {
  await Promise.all(sessions.map((s) => s.close()));
  await mf.dispose();
  await local.stop();
}
