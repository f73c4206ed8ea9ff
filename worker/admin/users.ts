/**
 * The users table (GET /api/admin/users) and its CSV twin: each row with its headshot and subscription
 * counts, the newest subscription, the team and role (issue 25) and the last headshot date, gathered per
 * row by index lookups (lateral joins on headshots_user_first_generated_idx, headshots_user_generated_idx,
 * subscriptions_user_idx and team_members' key), never by loading the tables.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { userSearchText } from "../../db/schema";
import type { AdminUserRow } from "../../domain/admin-api";
import type { PlanType } from "../../domain/plans";
import { SHOWN_ORDER } from "../billing";

/**
 * `q` as a case-insensitive substring of the email, either name or the full name, with LIKE's wildcards
 * taken literally: a LIKE on db/schema.ts userSearchText, which the users_search_trgm_idx trigram index
 * answers without reading the table.
 */
export function userSearch(q: string | undefined): SQL {
  if (!q) return sql`true`;
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql`${userSearchText} like ${pattern}`;
}

/**
 * A timestamptz as the API's ISO text (2026-11-24T05:57:00.123Z, milliseconds truncated like a JavaScript
 * Date), written by Postgres: the driver then has no dates to parse, nor the export any to format.
 */
export const isoText = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The per-row details for the users selected by `inner` (which must select `u.*` from users u, ordered):
 * the headshots generated, each counted once however many versions it has (a refine, a redo, a quick change is
 * a version of it, decision 200; issue 46), from headshots_user_first_generated_idx alone; the last one made,
 * versions included (the table's Last Activity), as one entry of headshots_user_generated_idx; the subscription the app shows the user
 * (billing's SHOWN_ORDER) and how many
 * there are in one lookup (the count is a window over the user's subscriptions, read before the limit).
 */
const withDetails = (inner: SQL) => sql`
  select u.id, u.email, u.first_name, u.last_name, u.profile_image_url, ${isoText(sql`u.created_at`)} as created_at,
    u.created_at::text as cursor_at, coalesce(h.count, 0) as headshot_count, ${isoText(sql`h.last`)} as last_headshot_date,
    coalesce(s.count, 0) as subscription_count, s.status as subscription_status, s.plan_type as subscription_plan,
    tm.name as team_name, tm.role as team_role
  from (${inner}) u
  left join lateral (
    select (select count(*) from headshots where user_id = u.id and status <> 'pending' and version_of is null) as count,
      (select max(created_at) from headshots where user_id = u.id and status <> 'pending') as last
  ) h on true
  left join lateral (
    select status, plan_type, count(*) over () as count from subscriptions where user_id = u.id
    order by ${sql.join([...SHOWN_ORDER], sql`, `)} limit 1
  ) s on true
  left join lateral (
    select t.name, m.role from team_members m join teams t on t.id = m.team_id where m.user_id = u.id
  ) tm on true
  order by u.created_at desc, u.id desc`;

type Raw = Record<string, unknown>;

export function toUserRow(r: Raw): AdminUserRow {
  return {
    id: String(r.id),
    email: String(r.email),
    firstName: (r.first_name as string | null) ?? null,
    lastName: (r.last_name as string | null) ?? null,
    profileImageUrl: (r.profile_image_url as string | null) ?? null,
    headshotCount: Number(r.headshot_count),
    subscriptionCount: Number(r.subscription_count),
    subscription: r.subscription_status ? { status: String(r.subscription_status), planType: r.subscription_plan as PlanType } : null,
    team: r.team_name ? { name: String(r.team_name), role: r.team_role === "owner" ? "owner" : "member" } : null,
    lastHeadshotDate: (r.last_headshot_date as string | null) ?? null,
    createdAt: String(r.created_at),
  };
}

export async function listUsers(db: Db, opts: { page: number; pageSize: number; q?: string }) {
  const where = userSearch(opts.q);
  const offset = (opts.page - 1) * opts.pageSize;
  // the page's ids first, from users_created_at_id_idx alone (a deep page skips index entries, not rows)
  const rows = await db.execute(
    withDetails(sql`
    select u.* from users u join (
      select id from users where ${where} order by created_at desc, id desc limit ${opts.pageSize} offset ${offset}
    ) p on p.id = u.id`),
  );
  const [count] = (await db.execute(sql`select count(*) as total from users where ${where}`)).rows;
  return { items: rows.rows.map(toUserRow), total: Number(count!.total), page: opts.page, pageSize: opts.pageSize };
}

/**
 * Every user, newest first, `batch` at a time by keyset (created_at, id) — the export streams these
 * pages (reading one ahead), so memory holds two pages whatever the table's size.
 */
export async function* allUsers(db: Db, batch = 1000): AsyncGenerator<AdminUserRow[]> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL = after ? sql`(u.created_at, u.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql`true`;
    const res = await db.execute(
      withDetails(sql`
      select * from users u where ${cursor} order by u.created_at desc, u.id desc limit ${batch}`),
    );
    const raw = res.rows as Raw[];
    if (raw.length) yield raw.map(toUserRow);
    const last = raw[raw.length - 1];
    if (raw.length < batch || !last) return;
    // the text form keeps Postgres's microseconds, which a JavaScript Date would round away
    after = { createdAt: String(last.cursor_at), id: String(last.id) };
  }
}
