/**
 * Admin figures at scale (issue 10): seeds a real PostgreSQL database with 100,000 users, 1,000,000
 * headshots, 50,000 subscriptions and 200,000 invoices (generate_series, in SQL), starts the whole
 * local stack against it (dev/start.ts with DATABASE_URL, like `npm start`), signs in as the operator and
 * prints p50/p95 of every /api/admin endpoint, then the users CSV export's time and the worker's memory.
 *
 *   createdb -h 127.0.0.1 -U postgres bench_admin     # once
 *   npx tsx bench/admin.ts                             # BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_admin
 *                                                      # RUNS=30  RESEED=1 (seed again)  SEED_ONLY=1  CSV_ONLY=1
 *
 * The database is seeded once and reused; the stack runs on a free port in its own state directory
 * (.data/bench-admin). Loopback only.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createDb } from "../db";
import { migrateDatabase } from "../db/migrate";
import { startLocalDatabase } from "../dev/postgres";
import { freePort } from "../dev/ports";

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_admin";
const RUNS = Number(process.env.RUNS ?? 30);
const OPERATOR = "operator@headshot.local";
const PASSWORD = "bench-operator-password";

const dbUrl = new URL(DATABASE_URL);
if (!["127.0.0.1", "localhost", "[::1]"].includes(dbUrl.hostname)) throw new Error("BENCH_DATABASE_URL must be a loopback server");

const N = { users: 100_000, headshots: 1_000_000, subscriptions: 50_000, invoices: 200_000, refunds: 2_000 };

// -- seeding ---------------------------------------------------------------------------------------

const local = await startLocalDatabase({ databaseUrl: DATABASE_URL });
await migrateDatabase(local);
const { db, close } = createDb(local);

async function seeded(): Promise<boolean> {
  const res = await db.execute(sql`select (select count(*) from users where email like 'bench-user-%') as users,
    (select count(*) from headshots) as headshots, (select count(*) from refunds) as refunds`);
  const r = res.rows[0]!;
  return Number(r.users) >= N.users - 1000 && Number(r.headshots) >= N.headshots - 10_000 && Number(r.refunds) > 0;
}

async function step(label: string, query: ReturnType<typeof sql>) {
  const t = performance.now();
  await db.execute(query);
  console.log(`  ${label.padEnd(28)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

if (process.env.RESEED || !(await seeded())) {
  console.log("Seeding (once; RESEED=1 to seed again):");
  // md5 of a label, shaped as a version-4 UUID (the API accepts only real UUIDs)
  await step(
    "bench_uuid()",
    sql`create or replace function bench_uuid(label text) returns uuid language sql immutable
    as $$ select overlay(overlay(md5(label) placing '4' from 13) placing '8' from 17)::uuid $$`,
  );
  await step(
    "truncate",
    sql`truncate users, headshots, subscriptions, invoices, refunds, moderation_flags, admin_audit_log, credits,
    headshot_day_totals, invoice_day_totals, user_day_totals cascade`,
  );
  // user i: a deterministic id, sign-ups spread over the last two years (newest is user 1)
  await step(
    `${N.users} users`,
    sql`
    insert into users (id, email, first_name, last_name, email_verified_at, created_at, updated_at)
    select bench_uuid('u' || i), 'bench-user-' || i || '@example.test', 'First' || i, 'Last' || (i % 997),
      now() - i * interval '10 minutes', now() - i * interval '10 minutes', now()
    from generate_series(1, ${N.users}) as i`,
  );
  // 85% completed, 8% failed, 5% uploads never generated, 2% processing; a few approved/flagged/removed
  await step(
    `${N.headshots} headshots`,
    sql`
    insert into headshots (id, user_id, style, gender, status, moderation_status, original_key, original_mime,
      result_key, result_mime, encryption_key_id, duration_ms, cost_cents, created_at, updated_at, completed_at)
    select bench_uuid('h' || i), u, 'LinkedIn', 'woman', st::headshot_status,
      (case when i % 200 = 0 then 'removed' when i % 67 = 0 then 'flagged' when i % 33 = 0 then 'approved' else 'pending' end)::moderation_status,
      'u/' || u || '/h/' || bench_uuid('h' || i) || '/original', 'image/jpeg',
      case when st = 'completed' then 'u/' || u || '/h/' || bench_uuid('h' || i) || '/result' end,
      case when st = 'completed' then 'image/png' end, 'k1',
      case when st = 'completed' then 3000 + (i::bigint * 7919) % 17000 end,
      case when st in ('completed') then 4 end,
      at, at, case when st = 'completed' then at + interval '15 seconds' end
    from (
      select i, bench_uuid('u' || (1 + i % ${N.users})) as u,
        case when i % 100 < 85 then 'completed' when i % 100 < 93 then 'failed' when i % 100 < 98 then 'pending' else 'processing' end as st,
        now() - (i % 1051200) * interval '1 minute' - (i % 7) * interval '1 second' as at
      from generate_series(1, ${N.headshots}) as i
    ) x`,
  );
  // 70% active, 10% past_due, 20% canceled; users 1..50,000; plans in turn
  await step(
    `${N.subscriptions} subscriptions`,
    sql`
    insert into subscriptions (user_id, stripe_subscription_id, stripe_price_id, plan_type, status,
      amount_cents, currency, interval, current_period_start, current_period_end, canceled_at, created_at, updated_at)
    select bench_uuid('u' || i), 'sub_bench_' || i, 'price_' || plan, plan::billing_plan, st,
      case plan when 'weekly' then 999 when 'monthly' then 2999 else 6000 end, 'eur',
      case plan when 'weekly' then 'week' when 'monthly' then 'month' else 'year' end,
      created, case when st = 'canceled' then created + interval '40 days' else now() + (i % 30) * interval '1 day' end,
      case when st = 'canceled' then created + interval '40 days' end, created, now()
    from (
      select i, (array['weekly', 'monthly', 'yearly'])[1 + i % 3] as plan,
        case when i % 10 < 7 then 'active' when i % 10 = 7 then 'past_due' else 'canceled' end as st,
        now() - (i % 700) * interval '1 day' as created
      from generate_series(1, ${N.subscriptions}) as i
    ) x`,
  );
  await step(
    `${N.invoices} invoices`,
    sql`
    insert into invoices (user_id, stripe_invoice_id, stripe_subscription_id, plan_type, amount_cents, status, billing_reason, paid_at, created_at)
    select bench_uuid('u' || (1 + i % ${N.subscriptions})), 'in_bench_' || i, 'sub_bench_' || (1 + i % ${N.subscriptions}), plan::plan_type,
      case plan when 'weekly' then 999 when 'monthly' then 2999 else 6000 end,
      case when i % 50 = 0 then 'open' else 'paid' end, 'subscription_cycle', at, at
    from (
      select i, (array['weekly', 'monthly', 'yearly'])[1 + (1 + i % ${N.subscriptions}) % 3] as plan, now() - (i % 1051200) * interval '1 minute' * 1 as at
      from generate_series(1, ${N.invoices}) as i
    ) x`,
  );
  await step(
    `${N.refunds} refunds`,
    sql`
    insert into refunds (stripe_refund_id, user_id, stripe_invoice_id, amount_cents, refunded_at)
    select 're_bench_' || i, i.user_id, i.stripe_invoice_id, i.amount_cents, i.paid_at + interval '2 days'
    from invoices i where i.stripe_invoice_id in (select 'in_bench_' || (k * 97) from generate_series(1, ${N.refunds}) as k)`,
  );
  await step("vacuum analyze", sql`vacuum analyze`);
}
await close();
if (process.env.SEED_ONLY) {
  await local.stop();
  process.exit(0);
}

// -- the stack --------------------------------------------------------------------------------------

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
console.log(`Starting the worker on ${base} against ${dbUrl.pathname.slice(1)} ...`);
const stack = spawn("npx", ["tsx", "dev/start.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
  env: { ...process.env, PORT: String(port), DATABASE_URL, STATE_DIR: ".data/bench-admin", OPERATOR_EMAIL: OPERATOR },
});
const stopStack = () => {
  try {
    process.kill(-stack.pid!, "SIGTERM");
  } catch {
    /* gone */
  }
};
process.on("exit", stopStack);
process.on("SIGINT", () => process.exit(130));

async function waitHealthy() {
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the worker did not start");
}
await waitHealthy();
await local.stop();

const json = (body: unknown) => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

async function operatorToken(): Promise<string> {
  const signin = await fetch(`${base}/api/auth/signin`, json({ email: OPERATOR, password: PASSWORD, acceptTerms: true }));
  if (signin.ok) return ((await signin.json()) as { accessToken: string }).accessToken;
  const signup = await fetch(`${base}/api/auth/signup`, json({ email: OPERATOR, password: PASSWORD, acceptTerms: true }));
  if (!signup.ok) throw new Error(`operator sign-up: ${signup.status} ${await signup.text()}`);
  const mailbox = (await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(OPERATOR)}`)).json()) as {
    messages: { links?: string[] }[];
  };
  const link = mailbox.messages.flatMap((m) => m.links ?? []).find((l) => l.includes("/api/auth/verify"));
  if (!link) throw new Error("no verification link in the dev mailbox");
  const u = new URL(link);
  // Operator rights need a password chosen after the address is proved (decision 085): the link leads there.
  const verified = await fetch(`${base}${u.pathname}${u.search}`, { redirect: "manual" });
  const choose = new URL(verified.headers.get("Location")!, base);
  const reset = await fetch(`${base}/api/auth/reset-password`, json({ token: choose.searchParams.get("token"), password: PASSWORD }));
  if (!reset.ok) throw new Error(`operator password: ${reset.status} ${await reset.text()}`);
  const signedIn = await fetch(`${base}/api/auth/signin`, json({ email: OPERATOR, password: PASSWORD }));
  return ((await signedIn.json()) as { accessToken: string }).accessToken;
}
const token = await operatorToken();
const auth = { Authorization: `Bearer ${token}` };

// -- measuring --------------------------------------------------------------------------------------

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function time(method: string, path: string, body?: () => unknown): Promise<number> {
  const t = performance.now();
  const b = body?.();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...auth, ...(b === undefined ? {} : { "Content-Type": "application/json" }) },
    body: b === undefined ? undefined : JSON.stringify(b),
  });
  await res.arrayBuffer();
  const ms = performance.now() - t;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return ms;
}

const rows: { endpoint: string; p50: number; p95: number }[] = [];
async function measure(label: string, method: string, path: (k: number) => string, body?: (k: number) => unknown, runs = RUNS) {
  for (let k = 0; k < 3; k++) await time(method, path(1000 + k), body && (() => body(1000 + k))); // warm-up
  const ms: number[] = [];
  for (let k = 0; k < runs; k++) ms.push(await time(method, path(k), body && (() => body(k))));
  ms.sort((a, b) => a - b);
  rows.push({ endpoint: label, p50: pct(ms, 50), p95: pct(ms, 95) });
  console.log(`  ${label.padEnd(58)} p50 ${pct(ms, 50).toFixed(1).padStart(7)} ms   p95 ${pct(ms, 95).toFixed(1).padStart(7)} ms`);
}

/** bench_uuid() of the seed: md5 of the label shaped as a version-4 UUID. */
const uuid = (prefix: string, i: number) => {
  const m = createHash("md5")
    .update(prefix + i)
    .digest("hex");
  const h = `${m.slice(0, 12)}4${m.slice(13, 16)}8${m.slice(17)}`;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
// ids for the write endpoints: headshots i ≡ 1..3 (mod 100) are completed; users above 50,000 have no subscription
const headshotIds = Array.from({ length: 400 }, (_, k) => uuid("h", 100 * (k + 1) + 1));
// a different stretch of users each run (a run deletes 40 of them)
const firstUser = 50_001 + Math.floor(Math.random() * 1_000) * 40;
const userIds = Array.from({ length: 40 }, (_, k) => uuid("u", firstUser + k));

console.log(`\n${RUNS} sequential requests per endpoint after 3 warm-ups:`);
if (!process.env.CSV_ONLY) await endpoints();
async function endpoints() {
  await measure("GET /users (page 1)", "GET", () => "/api/admin/users");
  await measure("GET /users?page=4000&pageSize=25", "GET", (k) => `/api/admin/users?page=${3990 + (k % 10)}&pageSize=25`);
  await measure("GET /users?q=last42 (search, total)", "GET", (k) => `/api/admin/users?q=last${42 + k}`);
  await measure("GET /stats", "GET", () => "/api/admin/stats");
  await measure("GET /analytics/users", "GET", () => "/api/admin/analytics/users");
  await measure("GET /analytics/generations", "GET", () => "/api/admin/analytics/generations");
  await measure("GET /users-by-plan", "GET", () => "/api/admin/users-by-plan");
  await measure("GET /financials/mrr", "GET", () => "/api/admin/financials/mrr");
  await measure("GET /financials/arr", "GET", () => "/api/admin/financials/arr");
  await measure("GET /financials/revenue-by-plan (all time)", "GET", () => "/api/admin/financials/revenue-by-plan");
  await measure("GET /financials/churn (30 days)", "GET", () => "/api/admin/financials/churn");
  await measure("GET /financials/profit-30d", "GET", () => "/api/admin/financials/profit-30d");
  await measure("GET /financials/profit-mrr", "GET", () => "/api/admin/financials/profit-mrr");
  await measure("GET /moderation/headshots (page 1)", "GET", () => "/api/admin/moderation/headshots");
  await measure(
    "GET /moderation/headshots?moderationStatus=flagged",
    "GET",
    () => "/api/admin/moderation/headshots?moderationStatus=flagged",
  );
  await measure("POST /moderation/headshots/:id/approve", "POST", (k) => `/api/admin/moderation/headshots/${headshotIds[k % 100]}/approve`);
  await measure(
    "POST /moderation/headshots/:id/flag",
    "POST",
    (k) => `/api/admin/moderation/headshots/${headshotIds[100 + (k % 100)]}/flag`,
    () => ({ reason: "bench" }),
  );
  await measure(
    "DELETE /moderation/headshots/batch (10 ids)",
    "DELETE",
    () => "/api/admin/moderation/headshots/batch",
    (k) => ({ ids: headshotIds.slice(200 + (k % 19) * 10, 210 + (k % 19) * 10) }),
  );
  // every run deletes another user (warm-ups included): users above 50,000 have no subscription to cancel
  let nextUser = 0;
  await measure(
    "DELETE /users/:id",
    "DELETE",
    () => `/api/admin/users/${userIds[nextUser++ % userIds.length]}`,
    undefined,
    Math.min(RUNS, 37),
  );
  // The backfill's time is Stripe's paging; `npm start` has no local Stripe yet (503), so it is measured only when it has one.
  const backfill = await fetch(`${base}/api/admin/financials/backfill-invoices`, { method: "POST", headers: auth });
  if (backfill.status === 503)
    console.log("  POST /financials/backfill-invoices                          skipped: no Stripe in the local stack (503)");
  else await measure("POST /financials/backfill-invoices", "POST", () => "/api/admin/financials/backfill-invoices");
  await measure(
    "GET /export/financials.csv (30 days)",
    "GET",
    () => `/api/admin/export/financials.csv?from=${new Date(Date.now() - 30 * 864e5).toISOString()}`,
    undefined,
    5,
  );
}

// -- the users CSV: time and the worker's memory (resident set of workerd, sampled every 20 ms) --------

/** Resident memory of the workerd processes our stack started (its descendants), from /proc. */
function workerdRss(): number {
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      names.set(Number(entry), name);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  let rss = 0;
  const queue = [stack.pid!];
  while (queue.length) {
    const pid = queue.shift()!;
    queue.push(...(children.get(pid) ?? []));
    if (names.get(pid)?.startsWith("workerd")) {
      try {
        const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
        rss += Number(kb ?? 0) * 1024;
      } catch {
        /* gone */
      }
    }
  }
  return rss;
}
const before = workerdRss();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, workerdRss());
}, 20);
const t0 = performance.now();
const res = await fetch(`${base}/api/admin/export/users.csv`, { headers: auth });
let bytes = 0;
let lines = 0;
for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
  bytes += chunk.length;
  for (const b of chunk) if (b === 10) lines++;
}
const csvMs = performance.now() - t0;
clearInterval(sampler);
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
console.log(
  `\nGET /export/users.csv: ${lines - 1} rows, ${mb(bytes)} MB in ${(csvMs / 1000).toFixed(2)} s; workerd resident ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
);

stopStack();
process.exit(0);
