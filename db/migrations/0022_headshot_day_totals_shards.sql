-- headshot_day_totals in 16 shards per (day, status): a headshot is counted in the shard its id hashes to, so
-- concurrent generations update different rows instead of queueing on one row lock; readers sum the shards
-- (docs/decisions/241-sharded-day-totals.md). The totals from before stay in shard 0.
ALTER TABLE "headshot_day_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "headshot_day_totals" DROP CONSTRAINT "headshot_day_totals_day_status_pk";--> statement-breakpoint
ALTER TABLE "headshot_day_totals" ADD CONSTRAINT "headshot_day_totals_day_status_shard_pk" PRIMARY KEY("day","status","shard");--> statement-breakpoint
DROP FUNCTION headshot_day_totals_add(date, headshot_status, integer, bigint, bigint, integer);--> statement-breakpoint
CREATE FUNCTION headshot_day_totals_add(d date, s headshot_status, sh smallint, n integer, cost bigint, duration bigint, timed integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO headshot_day_totals AS t (day, status, shard, headshots, cost_cents, duration_ms, timed)
  VALUES (d, s, sh, n, cost, duration, timed)
  ON CONFLICT (day, status, shard) DO UPDATE SET
    headshots = t.headshots + excluded.headshots,
    cost_cents = t.cost_cents + excluded.cost_cents,
    duration_ms = t.duration_ms + excluded.duration_ms,
    timed = t.timed + excluded.timed;
$$;--> statement-breakpoint
-- The shard of a headshot: its id hashed, the low 4 bits (db/schema.ts HEADSHOT_DAY_TOTALS_SHARDS = 16).
-- A row's id never changes, so its old and new counts of an update are in the same shard.
CREATE OR REPLACE FUNCTION headshot_day_totals_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.created_at = NEW.created_at
     AND OLD.cost_cents IS NOT DISTINCT FROM NEW.cost_cents AND OLD.duration_ms IS NOT DISTINCT FROM NEW.duration_ms THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM headshot_day_totals_add((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.status, (hashtext(OLD.id::text) & 15)::smallint, -1,
      -coalesce(OLD.cost_cents, 0)::bigint, -coalesce(OLD.duration_ms, 0)::bigint, -(OLD.duration_ms IS NOT NULL)::integer);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM headshot_day_totals_add((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.status, (hashtext(NEW.id::text) & 15)::smallint, 1,
      coalesce(NEW.cost_cents, 0)::bigint, coalesce(NEW.duration_ms, 0)::bigint, (NEW.duration_ms IS NOT NULL)::integer);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The totals so far stay in shard 0; the days that are over are folded back into shard 0 by the cron
-- (worker/admin/day-totals.ts), so the operator's figures read one row per day and status for them.
