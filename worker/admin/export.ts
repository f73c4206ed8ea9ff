/**
 * CSV exports written by lib's `csvText` (RFC 4180, formula cells escaped: OWASP CSV injection). Rows
 * are read a page at a time (1,000) by keyset, the next page while the current one is written, so an export holds two pages in memory whatever the table's size. A stream
 * outlives its request's handler (and the request's database session, closed when the handler
 * returns), so each export opens its own session and closes it when the last page is read or the
 * download is abandoned.
 */
import { sql, type SQL } from "drizzle-orm";
import { createDb, type Db, type DbConfig } from "../../db";
import { csvText, type CsvCell } from "../lib";
import { invoicePlan, type Range } from "./figures";
import { allUsers, isoText } from "./users";

type Cell = CsvCell;
const csv = csvText;

/**
 * What `pages` yields, asking for the next page before handing out the current one, so the database
 * reads page n + 1 while page n is written out. Returning early returns `pages` too.
 */
export async function* readAhead<T>(pages: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    let next = pages.next();
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = pages.next();
      next.catch(() => {}); // awaited on the next turn, where a failure surfaces
      yield current.value;
    }
  } finally {
    await pages.return(undefined);
  }
}

/** A streamed CSV body: the header, then each page of rows as it is read (one read ahead), on a session of its own. */
function csvStream(
  config: DbConfig,
  header: string[],
  rows: (db: Db) => AsyncGenerator<Cell[][]>,
  euros?: ReadonlySet<number>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { db, close } = createDb(config);
  async function* closing() {
    try {
      yield* rows(db);
    } finally {
      await close().catch(() => {});
    }
  }
  const pages = readAhead(closing());
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csv([header])));
        return;
      }
      const next = await pages.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csv(next.value, euros)));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

export const USERS_CSV_HEADER = [
  "id",
  "email",
  "first_name",
  "last_name",
  "headshots",
  "subscriptions",
  "subscription_status",
  "subscription_plan",
  "last_headshot_at",
  "joined_at",
  "team",
  "team_role",
];

export function usersCsv(config: DbConfig): ReadableStream<Uint8Array> {
  async function* pages(db: Db) {
    for await (const users of allUsers(db)) {
      yield users.map((u): Cell[] => [
        u.id,
        u.email,
        u.firstName,
        u.lastName,
        u.headshotCount,
        u.subscriptionCount,
        u.subscription?.status ?? null,
        u.subscription?.planType ?? null,
        u.lastHeadshotDate,
        u.createdAt,
        u.team?.name ?? null,
        u.team?.role ?? null,
      ]);
    }
  }
  return csvStream(config, USERS_CSV_HEADER, pages);
}

/**
 * The user_email of a money movement whose owner no longer exists: deleting a user keeps their invoices
 * and refunds (the books must add up) with the owner set to null.
 */
export const DELETED_ACCOUNT = "deleted account";

export const FINANCIALS_CSV_HEADER = [
  "date",
  "type",
  "stripe_id",
  "stripe_invoice_id",
  "user_email",
  "plan",
  "amount_cents",
  "amount_eur",
  "currency",
  "billing_reason",
];

/**
 * Every money movement in [from, to): paid invoices (positive) and refunds (negative), by when the
 * money moved, oldest first — the ledger behind the revenue figures.
 */
/** An invoice's plan for the CSV: a person's plan, or "team" for an invoice of a Team subscription (issue 25). */
const planOf = (i: SQL) => sql`nullif(${invoicePlan(i)}, 'other')`;

export function financialsCsv(config: DbConfig, range: Partial<Range> & { to: Date }, batch = 1000): ReadableStream<Uint8Array> {
  const to = range.to.toISOString();
  async function* pages(db: Db) {
    let after: { at: string; id: string } | null = null;
    for (;;) {
      // Each branch takes its own next `batch` rows after the cursor (through its time index), so a page
      // never sorts the whole range; the page is the first `batch` of both.
      const start = (col: SQL, id: SQL) =>
        after
          ? sql`${col} >= ${after.at}::timestamptz and (${col}, ${id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
          : range.from
            ? sql`${col} >= ${range.from.toISOString()}::timestamptz`
            : sql`true`;
      const res = await db.execute(sql`
        select ${isoText(sql`x.at`)} as date, x.at::text as cursor_at, x.id, x.type, x.stripe_id, x.stripe_invoice_id,
          x.user_email, x.plan, x.amount_cents, x.currency, x.billing_reason
        from (
          (select i.paid_at as at, i.id, 'invoice' as type, i.stripe_invoice_id as stripe_id, i.stripe_invoice_id,
            u.email as user_email, ${planOf(sql`i`)} as plan, i.amount_cents, i.currency, i.billing_reason
          from invoices i left join users u on u.id = i.user_id
          where i.status = 'paid' and ${start(sql`i.paid_at`, sql`i.id`)} and i.paid_at < ${to}::timestamptz
          order by i.paid_at, i.id limit ${batch})
          union all
          (select r.refunded_at, r.id, 'refund', r.stripe_refund_id, r.stripe_invoice_id,
            u.email, (select ${planOf(sql`ri`)} from invoices ri where ri.stripe_invoice_id = r.stripe_invoice_id), -r.amount_cents, r.currency, r.reason
          from refunds r left join users u on u.id = r.user_id
          where ${start(sql`r.refunded_at`, sql`r.id`)} and r.refunded_at < ${to}::timestamptz
          order by r.refunded_at, r.id limit ${batch})
        ) x order by x.at, x.id limit ${batch}`);
      const rows = res.rows as Record<string, unknown>[];
      if (rows.length === 0) return;
      yield rows.map((r): Cell[] => {
        const cents = Number(r.amount_cents);
        return [
          String(r.date),
          String(r.type),
          String(r.stripe_id),
          (r.stripe_invoice_id as string | null) ?? null,
          (r.user_email as string | null) ?? DELETED_ACCOUNT,
          (r.plan as string | null) ?? null,
          cents,
          cents / 100,
          String(r.currency),
          (r.billing_reason as string | null) ?? null,
        ];
      });
      if (rows.length < batch) return;
      const last = rows[rows.length - 1]!;
      after = { at: String(last.cursor_at), id: String(last.id) };
    }
  }
  return csvStream(config, FINANCIALS_CSV_HEADER, pages, new Set([FINANCIALS_CSV_HEADER.indexOf("amount_eur")]));
}
