CREATE TABLE "user_day_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "headshots_user_generated_idx" ON "headshots" USING btree ("user_id","created_at") WHERE "headshots"."status" <> 'pending';--> statement-breakpoint
CREATE INDEX "subscriptions_entitled_user_idx" ON "subscriptions" USING btree ("user_id","plan_type","current_period_end","created_at") WHERE "subscriptions"."status" in ('active', 'trialing');--> statement-breakpoint
-- user_day_totals follows every insert, delete and change of created_at of users (docs/decisions/060-admin-figures.md).
CREATE FUNCTION user_day_totals_add(d date, n integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO user_day_totals AS t (day, users) VALUES (d, n)
  ON CONFLICT (day) DO UPDATE SET users = t.users + excluded.users;
$$;--> statement-breakpoint
CREATE FUNCTION user_day_totals_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.created_at = NEW.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM user_day_totals_add((OLD.created_at AT TIME ZONE 'UTC')::date, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM user_day_totals_add((NEW.created_at AT TIME ZONE 'UTC')::date, 1);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER user_day_totals_follow AFTER INSERT OR DELETE OR UPDATE OF created_at
  ON users FOR EACH ROW EXECUTE FUNCTION user_day_totals_apply();--> statement-breakpoint
-- the users that exist before this migration
INSERT INTO user_day_totals (day, users)
SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM users GROUP BY 1;
