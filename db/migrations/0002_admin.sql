-- The operator's search (pg_trgm: Neon has it; PGlite loads it in dev/postgres.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "headshot_day_totals" (
	"day" date NOT NULL,
	"status" "headshot_status" NOT NULL,
	"headshots" integer DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"duration_ms" bigint DEFAULT 0 NOT NULL,
	"timed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "headshot_day_totals_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
CREATE TABLE "invoice_day_totals" (
	"day" date NOT NULL,
	"plan" text NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_day_totals_day_plan_pk" PRIMARY KEY("day","plan")
);
--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "subscriptions_live_idx" ON "subscriptions" USING btree ("status","current_period_end","plan_type","user_id","created_at") WHERE "subscriptions"."status" in ('active', 'trialing', 'past_due');--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower(email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops);--> statement-breakpoint
-- headshot_day_totals follows every insert, delete and relevant update of headshots (docs/decisions/060-admin-figures.md).
CREATE FUNCTION headshot_day_totals_add(d date, s headshot_status, n integer, cost bigint, duration bigint, timed integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO headshot_day_totals AS t (day, status, headshots, cost_cents, duration_ms, timed)
  VALUES (d, s, n, cost, duration, timed)
  ON CONFLICT (day, status) DO UPDATE SET
    headshots = t.headshots + excluded.headshots,
    cost_cents = t.cost_cents + excluded.cost_cents,
    duration_ms = t.duration_ms + excluded.duration_ms,
    timed = t.timed + excluded.timed;
$$;--> statement-breakpoint
CREATE FUNCTION headshot_day_totals_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.created_at = NEW.created_at
     AND OLD.cost_cents IS NOT DISTINCT FROM NEW.cost_cents AND OLD.duration_ms IS NOT DISTINCT FROM NEW.duration_ms THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM headshot_day_totals_add((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.status, -1,
      -coalesce(OLD.cost_cents, 0)::bigint, -coalesce(OLD.duration_ms, 0)::bigint, -(OLD.duration_ms IS NOT NULL)::integer);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM headshot_day_totals_add((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.status, 1,
      coalesce(NEW.cost_cents, 0)::bigint, coalesce(NEW.duration_ms, 0)::bigint, (NEW.duration_ms IS NOT NULL)::integer);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER headshot_day_totals_follow AFTER INSERT OR DELETE OR UPDATE OF status, created_at, cost_cents, duration_ms
  ON headshots FOR EACH ROW EXECUTE FUNCTION headshot_day_totals_apply();--> statement-breakpoint
-- the headshots that exist before this migration
INSERT INTO headshot_day_totals (day, status, headshots, cost_cents, duration_ms, timed)
SELECT (created_at AT TIME ZONE 'UTC')::date, status, count(*), coalesce(sum(cost_cents), 0), coalesce(sum(duration_ms), 0), count(duration_ms)
FROM headshots GROUP BY 1, 2;--> statement-breakpoint
-- invoice_day_totals follows every paid invoice (docs/decisions/060-admin-figures.md).
CREATE FUNCTION invoice_day_totals_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'paid' AND OLD.paid_at IS NOT NULL THEN
    INSERT INTO invoice_day_totals AS t (day, plan, paid_cents)
    VALUES ((OLD.paid_at AT TIME ZONE 'UTC')::date, coalesce(OLD.plan_type::text, 'other'), -OLD.amount_cents)
    ON CONFLICT (day, plan) DO UPDATE SET paid_cents = t.paid_cents + excluded.paid_cents;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'paid' AND NEW.paid_at IS NOT NULL THEN
    INSERT INTO invoice_day_totals AS t (day, plan, paid_cents)
    VALUES ((NEW.paid_at AT TIME ZONE 'UTC')::date, coalesce(NEW.plan_type::text, 'other'), NEW.amount_cents)
    ON CONFLICT (day, plan) DO UPDATE SET paid_cents = t.paid_cents + excluded.paid_cents;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoice_day_totals_follow AFTER INSERT OR DELETE OR UPDATE OF status, paid_at, plan_type, amount_cents
  ON invoices FOR EACH ROW EXECUTE FUNCTION invoice_day_totals_apply();--> statement-breakpoint
-- the invoices that exist before this migration
INSERT INTO invoice_day_totals (day, plan, paid_cents)
SELECT (paid_at AT TIME ZONE 'UTC')::date, coalesce(plan_type::text, 'other'), sum(amount_cents)
FROM invoices WHERE status = 'paid' AND paid_at IS NOT NULL GROUP BY 1, 2;
