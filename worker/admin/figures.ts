/**
 * The operator's figures, each one SQL statement that aggregates in Postgres (no rows are loaded).
 * Definitions: docs/decisions/060-admin-figures.md. Every function takes `now`: the figures are "as of
 * now" — only rows created before `now` count — so a test can pin `now` inside a seeded ledger's past
 * and see exactly its own rows.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db, HttpDb } from "../../db";
import { BILLING_PLANS, isPersonPlan } from "../../domain/plans";
import { ENTITLED_STATUSES } from "../../domain/subscription-status";
import type {
  AdminStats,
  Churn,
  GenerationAnalytics,
  RefineAnalytics,
  LikenessByStyle,
  ShootAnalytics,
  Profit30d,
  ProfitMrr,
  RevenueByPlan,
  UserAnalytics,
  UsersByPlan,
} from "../../domain/admin-api";

const DAY_MS = 86_400_000;
/** Each figure is one read-only statement: the admin routes send it over SQL-over-HTTP, no session (issue 38). */
type Reader = Db | HttpDb;
/** Subscription statuses that grant access (domain/subscription-status.ts), as SQL. */
const ENTITLED = sql`(${sql.join(
  ENTITLED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;
/** Statuses that count toward MRR: paying, or expected to pay once the card is fixed. */
const RECURRING = sql`('active', 'past_due')`;

export interface Range {
  from: Date;
  to: Date;
}

/** Postgres answers bigint and numeric as strings; every figure here is a safe integer or a 2-decimal rate. */
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

async function one<T extends Record<string, unknown>>(db: Reader, query: SQL): Promise<T> {
  const res = await db.execute(query);
  return res.rows[0] as T;
}
async function all<T extends Record<string, unknown>>(db: Reader, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return res.rows as T[];
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** A UTC calendar instant as a timestamp without time zone: month and day arithmetic ignore the session's zone. */
const utc = (d: Date) => sql`${d.toISOString()}::timestamptz at time zone 'UTC'`;

const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const nextDay = (d: Date) => {
  const s = startOfDay(d);
  return s.getTime() === d.getTime() ? s : new Date(s.getTime() + DAY_MS);
};
const dayText = (d: Date) => d.toISOString().slice(0, 10);

/** Headshot rows created in [from, to): one row per status with headshots, cost_cents, duration_ms, timed. */
const headshotRows = (from: Date | null, to: Date) => sql`
  select status, 1 as headshots, coalesce(cost_cents, 0) as cost_cents, coalesce(duration_ms, 0) as duration_ms,
    (duration_ms is not null)::int as timed
  from headshots where ${from ? sql`created_at >= ${ts(from)} and` : sql``} created_at < ${ts(to)}`;

/**
 * [from, to) (from null: since the beginning) as whole UTC days [firstDay, lastDay) — read from a
 * trigger-kept day table — and the partial days at either end, read from the rows themselves, so an
 * answer from day totals is still exact to the instant.
 */
function splitDays(from: Date | null, to: Date): { days: { first: Date | null; last: Date } | null; partial: Range[] } {
  const firstWhole = from ? nextDay(from) : null;
  const lastWhole = startOfDay(to);
  if (from && firstWhole!.getTime() >= lastWhole.getTime()) return { days: null, partial: from < to ? [{ from, to }] : [] };
  const partial: Range[] = [];
  if (from && from.getTime() < firstWhole!.getTime()) partial.push({ from, to: firstWhole! });
  if (lastWhole.getTime() < to.getTime()) partial.push({ from: lastWhole, to });
  return { days: { first: firstWhole, last: lastWhole }, partial };
}

const dayRange = (days: { first: Date | null; last: Date }) =>
  sql`${days.first ? sql`day >= ${dayText(days.first)}::date and` : sql``} day < ${dayText(days.last)}::date`;

/** Headshot totals per status over [from, to): headshot_day_totals for whole days, rows at the edges. */
function headshotTotals(from: Date | null, to: Date): SQL {
  const { days, partial } = splitDays(from, to);
  const parts: SQL[] = partial.map((r) => headshotRows(r.from, r.to));
  if (days) parts.push(sql`select status, headshots, cost_cents, duration_ms, timed from headshot_day_totals where ${dayRange(days)}`);
  if (parts.length === 0)
    return sql`select null::text as status, 0 as headshots, 0 as cost_cents, 0 as duration_ms, 0 as timed where false`;
  return sql`
    select status::text as status, sum(headshots) as headshots, sum(cost_cents) as cost_cents,
      sum(duration_ms) as duration_ms, sum(timed) as timed
    from (${sql.join(parts, sql` union all `)}) x group by status`;
}

/**
 * The number of users created in [from, to) (from null: since the beginning), as a scalar subquery:
 * user_day_totals for whole days, the rows at the edges (users_created_at_id_idx), exact to the instant.
 */
function usersCreated(from: Date | null, to: Date): SQL {
  const { days, partial } = splitDays(from, to);
  const parts: SQL[] = partial.map(
    (r) => sql`select count(*) as n from users where created_at >= ${ts(r.from)} and created_at < ${ts(r.to)}`,
  );
  if (days) parts.push(sql`select sum(users) as n from user_day_totals where ${dayRange(days)}`);
  if (parts.length === 0) return sql`0::bigint`;
  return sql`(select coalesce(sum(n), 0) from (${sql.join(parts, sql` union all `)}) x)`;
}

interface StatusTotals {
  headshots: number;
  costCents: number;
  durationMs: number;
  timed: number;
}

async function totalsByStatus(db: Reader, from: Date | null, to: Date): Promise<Map<string, StatusTotals>> {
  const rows = await all(db, headshotTotals(from, to));
  return new Map(
    rows.map((r) => [
      String(r.status),
      { headshots: num(r.headshots), costCents: num(r.cost_cents), durationMs: num(r.duration_ms), timed: num(r.timed) },
    ]),
  );
}

const sumOf = (m: Map<string, StatusTotals>, key: keyof StatusTotals, statuses?: string[]) =>
  [...m.entries()].filter(([s]) => !statuses || statuses.includes(s)).reduce((n, [, t]) => n + t[key], 0);
const GENERATED = ["processing", "completed", "failed"];

/** The first instant of `now`'s calendar month, UTC. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Headshots whose generation started, created in [from, to), as a scalar subquery. */
const generatedHeadshots = (from: Date | null, to: Date) => sql`
  (select coalesce(sum(headshots), 0) from (${headshotTotals(from, to)}) t
   where status in (${sql.join(
     GENERATED.map((g) => sql`${g}`),
     sql`, `,
   )}))`;

/** One statement (one round trip): every count comes from a day table or an index. */
export async function stats(db: Reader, now: Date): Promise<AdminStats> {
  const n = ts(now);
  const row = await one(
    db,
    sql`
    select
      ${usersCreated(null, now)} as total_users,
      ${usersCreated(monthStart(now), now)} as users_this_month,
      ${generatedHeadshots(null, now)} as total_headshots,
      ${generatedHeadshots(monthStart(now), now)} as headshots_this_month,
      (select count(*) from subscriptions where created_at < ${n} and status in ${ENTITLED}
         and (current_period_end is null or current_period_end > ${n})) as active_subscriptions,
      (select count(*) from subscriptions where created_at < ${n}) as total_subscriptions`,
  );
  return {
    totalUsers: num(row.total_users),
    usersThisMonth: num(row.users_this_month),
    totalHeadshots: num(row.total_headshots),
    headshotsThisMonth: num(row.headshots_this_month),
    activeSubscriptions: num(row.active_subscriptions),
    totalSubscriptions: num(row.total_subscriptions),
  };
}

export async function userAnalytics(db: Reader, now: Date): Promise<UserAnalytics> {
  const today = startOfDay(now);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const row = await one(
    db,
    sql`
    select ${usersCreated(null, now)} as total, ${usersCreated(new Date(now.getTime() - 30 * DAY_MS), now)} as new`,
  );
  // the 12 months: whole days from the day totals (the first month starts on a day boundary), today so far from the rows
  const months = await all(
    db,
    sql`
    select to_char(m.month, 'YYYY-MM') as month, coalesce(c.count, 0) as count
    from generate_series(${utc(first)}, ${utc(monthStart(now))}, interval '1 month') as m(month)
    left join (
      select date_trunc('month', day::timestamp) as month, sum(users) as count
      from (
        select day, users from user_day_totals where day >= ${dayText(first)}::date and day < ${dayText(today)}::date
        union all
        select ${dayText(today)}::date, count(*) from users where created_at >= ${ts(today)} and created_at < ${ts(now)}
      ) x
      group by 1
    ) c on c.month = m.month
    order by m.month`,
  );
  return {
    total: num(row.total),
    new: num(row.new),
    cohorts: months.map((r) => ({ month: String(r.month), count: num(r.count) })),
  };
}

export async function generationAnalytics(db: Reader, now: Date): Promise<GenerationAnalytics> {
  const today = startOfDay(now);
  const first = new Date(today.getTime() - 29 * DAY_MS);
  const totals = await totalsByStatus(db, null, now);
  const completed = totals.get("completed");
  // the 30 days: whole days from the day totals, today so far from the rows
  const days = await all(
    db,
    sql`
    select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(c.successful, 0) as successful, coalesce(c.failed, 0) as failed
    from generate_series(${dayText(first)}::date, ${dayText(today)}::date, interval '1 day') as d(day)
    left join (
      select day, sum(headshots) filter (where status = 'completed') as successful, sum(headshots) filter (where status = 'failed') as failed
      from (
        select day, status, headshots from headshot_day_totals
        where day >= ${dayText(first)}::date and day < ${dayText(today)}::date and status in ('completed', 'failed')
        union all
        select ${dayText(today)}::date, status, 1 from headshots
        where created_at >= ${ts(today)} and created_at < ${ts(now)} and status in ('completed', 'failed')
      ) x group by day
    ) c on c.day = d.day
    order by d.day`,
  );
  return {
    total: sumOf(totals, "headshots", GENERATED),
    successful: completed?.headshots ?? 0,
    failed: totals.get("failed")?.headshots ?? 0,
    avgTimeMs: completed && completed.timed > 0 ? Math.round(completed.durationMs / completed.timed) : 0,
    totalCostCents: sumOf(totals, "costCents"),
    daily: days.map((r) => ({ date: String(r.date), successful: num(r.successful), failed: num(r.failed) })),
  };
}

/**
 * The average likeness per style of the headshots created in [from, to), as their owners' browsers
 * reported it (docs/decisions/117-likeness.md); from headshots_likeness_idx alone.
 */
export async function likenessByStyle(db: Reader, range: Partial<Range> & { to: Date }): Promise<LikenessByStyle[]> {
  const rows = await all(
    db,
    sql`
    select style, count(*) as measured, round(avg(likeness), 1) as average
    from headshots
    where likeness is not null and ${range.from ? sql`created_at >= ${ts(range.from)} and` : sql``} created_at < ${ts(range.to)}
    group by style order by style`,
  );
  return rows.map((r) => ({ style: String(r.style), measured: num(r.measured), averageLikeness: num(r.average) }));
}

/** Edits and redos (issue 36) among the headshots created in [from, to), and the redo rate per style. */
export async function refineAnalytics(db: Reader, range: Partial<Range> & { to: Date }): Promise<RefineAnalytics> {
  const rows = await all(
    db,
    sql`
    select kind, style, count(*) as started, count(*) filter (where status = 'completed') as completed,
      count(*) filter (where status = 'failed') as failed, count(*) filter (where free_redo) as free,
      coalesce(sum(cost_cents), 0) as cost
    from headshots
    where status <> 'pending' and ${range.from ? sql`created_at >= ${ts(range.from)} and` : sql``} created_at < ${ts(range.to)}
    group by kind, style order by style`,
  );
  const sum = (kind: string, column: string) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + num(r[column]), 0);
  const styles = [...new Set(rows.map((r) => String(r.style)))];
  const of = (kind: string, style: string) => num(rows.find((r) => r.kind === kind && r.style === style)?.started ?? 0);
  return {
    edits: {
      started: sum("edit", "started"),
      completed: sum("edit", "completed"),
      failed: sum("edit", "failed"),
      costCents: sum("edit", "cost"),
    },
    redos: {
      started: sum("redo", "started"),
      free: sum("redo", "free"),
      completed: sum("redo", "completed"),
      failed: sum("redo", "failed"),
      costCents: sum("redo", "cost"),
    },
    byStyle: styles
      .map((style) => ({ style, pictures: of("generate", style), redos: of("redo", style) }))
      .filter((s) => s.pictures > 0)
      .map((s) => ({ ...s, redoRate: Math.round((s.redos / s.pictures) * 1000) / 10 })),
  };
}

/** Pictures per shoot (issue 24) over the shoots created in [from, to). */
export async function shootAnalytics(db: Reader, range: Partial<Range> & { to: Date }): Promise<ShootAnalytics> {
  const rows = await all(
    db,
    sql`
    select cardinality(styles) as pictures, count(*) as shoots
    from shoots
    where ${range.from ? sql`created_at >= ${ts(range.from)} and` : sql``} created_at < ${ts(range.to)}
    group by 1 order by 1`,
  );
  const bySize = rows.map((r) => ({ pictures: num(r.pictures), shoots: num(r.shoots) }));
  const shoots = bySize.reduce((n, r) => n + r.shoots, 0);
  const pictures = bySize.reduce((n, r) => n + r.pictures * r.shoots, 0);
  return { shoots, pictures, averagePictures: shoots ? Math.round((pictures / shoots) * 10) / 10 : 0, bySize };
}

/**
 * Users with a subscription granting access now, per plan — a Team plan's seat counts each member of the team
 * (its owner too) under "team" (issue 37) — and everyone else as free. A group per user says which plans
 * they hold, so each user counts once per plan and once among the subscribers. A user entitled on two plans
 * at once (their own and a team's seat, or two of their own: Stripe allows it; our checkout does not) counts
 * under each. The users are counted from user_day_totals.
 */
export async function usersByPlan(db: Reader, now: Date): Promise<UsersByPlan[]> {
  const n = ts(now);
  const plans = BILLING_PLANS;
  const holds = plans.map((p, i) => sql`bool_or(plan = ${p}) as ${sql.raw(`p${i}`)}`);
  const counts = plans.map((_, i) => sql`count(*) filter (where ${sql.raw(`p${i}`)}) as ${sql.raw(`p${i}`)}`);
  const entitled = sql`s.status in ${ENTITLED} and s.created_at < ${n} and (s.current_period_end is null or s.current_period_end > ${n})`;
  const row = await one(
    db,
    sql`
    select ${usersCreated(null, now)} as users, count(*) as subscribers, ${sql.join(counts, sql`, `)}
    from (
      select user_id, ${sql.join(holds, sql`, `)} from (
        select s.user_id, s.plan_type::text as plan from subscriptions s where s.user_id is not null and ${entitled}
        union all
        select m.user_id, s.plan_type::text from subscriptions s join team_members m on m.team_id = s.team_id
        where s.team_id is not null and ${entitled} and m.joined_at < ${n}
      ) held
      group by user_id
    ) s`,
  );
  return [
    ...plans.map((p, i) => ({ planType: p, count: num(row[`p${i}`]) })),
    { planType: "free" as const, count: num(row.users) - num(row.subscribers) },
  ];
}

/**
 * What a subscription pays per month, in cents, exact: the amount stored with it (what Stripe bills each
 * period, issue 37) over its interval (a week × 52 / 12, a year / 12, a day × 365 / 12). Never a price from
 * domain/plans.ts, so editing a launch price never moves it.
 */
const monthlySql = sql`s.amount_cents::numeric * (case s.interval
  when 'day' then 365.0 / 12 when 'week' then 52.0 / 12 when 'month' then 1.0 when 'year' then 1.0 / 12 end) / s.interval_count`;

/** MRR: every recurring subscription, a person's or a team's, at the monthly amount stored with it. */
export async function mrr(db: Reader, now: Date): Promise<number> {
  const n = ts(now);
  const row = await one(
    db,
    sql`
    select round(coalesce(sum(${monthlySql}), 0)) as mrr from subscriptions s
    where s.created_at < ${n} and s.status in ${RECURRING} and (s.current_period_end is null or s.current_period_end > ${n})`,
  );
  return num(row.mrr);
}

/**
 * Churn over [from, to): every subscription canceled in the period — those that started within it too (a
 * money-back refund always does: decision 105) — against every subscription live at some point of it.
 * A subscription has ended when it was canceled (sync stores Stripe's ended_at in canceled_at) or, not
 * canceled, when its last known period was over (a renewal would have moved current_period_end forward).
 * A team's subscription counts as one subscription, like a person's (issue 25; one table since issue 37).
 */
export async function churn(db: Reader, range: Range): Promise<Churn> {
  const f = ts(range.from);
  const t = ts(range.to);
  const ended = sql`(case when status = 'canceled' then coalesce(canceled_at, current_period_end) else current_period_end end)`;
  const row = await one(
    db,
    sql`
    select count(*) as live,
      count(*) filter (where created_at < ${f}) as active_at_start,
      count(*) filter (where status = 'canceled' and canceled_at >= ${f} and canceled_at < ${t}) as cancellations
    from subscriptions s
    where created_at < ${t} and (${ended} is null or ${ended} >= ${f})`,
  );
  const live = num(row.live);
  const cancellations = num(row.cancellations);
  const churnRate = live === 0 ? 0 : Math.round((cancellations / live) * 10_000) / 100;
  return { churnRate, cancellations, activeAtStart: num(row.active_at_start), from: range.from.toISOString(), to: range.to.toISOString() };
}

/** An invoice's revenue bucket: the plan it bills (a Team subscription's: the Team plan), else "other" (as invoice_day_totals buckets it). */
export const invoicePlan = (i: SQL) => sql`coalesce(${i}.plan_type::text, 'other')`;

/**
 * Paid invoices minus refunds (each by when the money moved) as (plan, amount) rows: invoices from
 * invoice_day_totals for whole days and from the rows at the edges; refunds (few) from their rows, charged
 * to their invoice's plan.
 */
function revenueRows(range: Partial<Range> & { to: Date }): SQL {
  const { days, partial } = splitDays(range.from ?? null, range.to);
  const parts: SQL[] = partial.map(
    (r) => sql`
    select ${invoicePlan(sql`invoices`)} as plan, amount_cents::bigint as amount from invoices
    where status = 'paid' and paid_at >= ${ts(r.from)} and paid_at < ${ts(r.to)}`,
  );
  if (days) parts.push(sql`select plan, paid_cents as amount from invoice_day_totals where ${dayRange(days)}`);
  const ref = range.from
    ? sql`r.refunded_at >= ${ts(range.from)} and r.refunded_at < ${ts(range.to)}`
    : sql`r.refunded_at < ${ts(range.to)}`;
  parts.push(sql`
    select coalesce((select ${invoicePlan(sql`i`)} from invoices i where i.stripe_invoice_id = r.stripe_invoice_id), 'other') as plan,
      -r.amount_cents::bigint as amount
    from refunds r where ${ref}`); // one index lookup per refund, never a scan of the invoices
  return sql.join(parts, sql` union all `);
}

export async function revenueByPlan(db: Reader, range: Partial<Range> & { to: Date }): Promise<RevenueByPlan[]> {
  const rows = await all(
    db,
    sql`
    select plan, sum(amount) as revenue from (${revenueRows(range)}) x group by plan`,
  );
  const by = new Map(rows.map((r) => [String(r.plan), num(r.revenue)]));
  // a person's plans always; a team's plans and "other" when they took anything
  const out: RevenueByPlan[] = BILLING_PLANS.filter((p) => isPersonPlan(p) || by.get(p)).map((p) => ({
    planType: p,
    revenue: by.get(p) ?? 0,
  }));
  if (by.get("other")) out.push({ planType: "other", revenue: by.get("other")! });
  return out;
}

export async function revenue(db: Reader, range: Range): Promise<number> {
  const row = await one(db, sql`select coalesce(sum(amount), 0) as revenue from (${revenueRows(range)}) x`);
  return num(row.revenue);
}

/** What generations cost in [from, to), by when they were created. */
export async function generationCost(db: Reader, range: Range): Promise<number> {
  return sumOf(await totalsByStatus(db, range.from, range.to), "costCents");
}

export const last30Days = (now: Date): Range => ({ from: new Date(now.getTime() - 30 * DAY_MS), to: now });

export async function profit30d(db: Reader, now: Date): Promise<Profit30d> {
  const range = last30Days(now);
  const [revenueCents, costCents] = [await revenue(db, range), await generationCost(db, range)];
  return { profitCents: revenueCents - costCents, revenueCents, costCents };
}

export async function profitMrr(db: Reader, now: Date): Promise<ProfitMrr> {
  const [mrrCents, estMonthlyCostCents] = [await mrr(db, now), await generationCost(db, last30Days(now))];
  return { profitCents: mrrCents - estMonthlyCostCents, mrrCents, estMonthlyCostCents };
}
