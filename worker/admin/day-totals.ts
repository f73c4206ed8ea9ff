/**
 * The shards of headshot_day_totals folded back (issue 38, decision 241). Generations write a day's totals
 * into 16 shards so that they do not queue on one row; once a day is over, hardly anything writes to it any
 * more, and its shards are folded into shard 0 so the operator's figures read one row per day and status,
 * as before the shards. One statement, safe beside the trigger: a trigger's upsert that meets a shard row
 * being folded waits for it, then writes a new shard row, which the next run folds.
 */
import { sql } from "drizzle-orm";
import type { JobDeps } from "../lib";

/** Folds the shards of the days before yesterday (UTC) into shard 0. Returns how many shard rows were folded. */
export async function foldDayTotalShards({ db, now }: Pick<JobDeps, "db" | "now">): Promise<number> {
  const before = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const result = await db.execute(sql`
    with folded as (
      delete from headshot_day_totals where day < ${before}::date and shard <> 0
      returning day, status, headshots, cost_cents, duration_ms, timed
    ), summed as (
      insert into headshot_day_totals as t (day, status, shard, headshots, cost_cents, duration_ms, timed)
      select day, status, 0, sum(headshots), sum(cost_cents), sum(duration_ms), sum(timed) from folded group by day, status
      on conflict (day, status, shard) do update set
        headshots = t.headshots + excluded.headshots, cost_cents = t.cost_cents + excluded.cost_cents,
        duration_ms = t.duration_ms + excluded.duration_ms, timed = t.timed + excluded.timed
      returning 1
    )
    select (select count(*)::int from folded) as folded, (select count(*)::int from summed) as summed`);
  return Number((result.rows[0] as { folded: number } | undefined)?.folded ?? 0);
}
