-- One billing model per owner (issue 49; docs/decisions/346-one-change-flow-one-pending-change.md and
-- 348-one-plan-table.md). Every statement may run again on a database it already changed (IF [NOT] EXISTS, and
-- the data moves are guarded by the columns and table they read), so a run cut short is simply run again.
--
-- 1. One plan enum: invoices record the plan they bill in `billing_plan`, a Team subscription's as 'team' (the
--    `team` boolean beside it goes). The trigger that keeps invoice_day_totals names both columns, so it is dropped
--    first (Postgres refuses to change a column's type under it) and made again without `team`; the Team invoices
--    are moved meanwhile, and were already counted in the "team" bucket, which is what the new trigger reads.
DROP TRIGGER IF EXISTS invoice_day_totals_follow ON invoices;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "plan_type" SET DATA TYPE "public"."billing_plan" USING "plan_type"::text::"public"."billing_plan";--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'invoices' AND column_name = 'team') THEN
    UPDATE "invoices" SET "plan_type" = 'team' WHERE "team" AND "plan_type" IS NULL;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_day_totals_apply() RETURNS trigger
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
ALTER TABLE "invoices" DROP COLUMN IF EXISTS "team";--> statement-breakpoint
CREATE TRIGGER invoice_day_totals_follow AFTER INSERT OR DELETE OR UPDATE OF status, paid_at, plan_type, amount_cents
  ON invoices FOR EACH ROW EXECUTE FUNCTION invoice_day_totals_apply();--> statement-breakpoint
--
-- 2. One pending change: a person's scheduled downgrade moves onto its subscription's row (`scheduled_plan_type`
--    from `scheduled_at`, as a Team's fewer seats already were). Every row of the old table, the ended ones too
--    (applied, canceled), is kept in the audit log as it was, then the table goes.
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "scheduled_plan_type" "billing_plan";--> statement-breakpoint
DO $$
BEGIN
  IF to_regclass('public.scheduled_downgrades') IS NOT NULL THEN
    UPDATE "subscriptions" s
    SET "scheduled_plan_type" = d."target_plan_type"::text::"public"."billing_plan", "scheduled_at" = d."effective_date"
    FROM "scheduled_downgrades" d
    WHERE d."subscription_id" = s."id" AND d."status" = 'scheduled' AND s."status" NOT IN ('canceled', 'incomplete_expired');
    INSERT INTO "admin_audit_log" ("actor_user_id", "actor_email", "action", "target_type", "target_id", "details", "created_at")
    SELECT NULL, 'migration 0030_one_billing_model', 'billing.scheduled_downgrade', 'subscription', d."subscription_id"::text,
      to_jsonb(d), d."created_at"
    FROM "scheduled_downgrades" d;
  END IF;
END $$;--> statement-breakpoint
DROP TABLE IF EXISTS "scheduled_downgrades" CASCADE;--> statement-breakpoint
DROP TYPE IF EXISTS "public"."downgrade_status";--> statement-breakpoint
DROP TYPE IF EXISTS "public"."plan_type";--> statement-breakpoint
--
-- 3. The live subscriptions' index follows the one status group (domain/subscription-status.ts LIVE_STATUSES).
DROP INDEX IF EXISTS "subscriptions_live_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_live_idx" ON "subscriptions" USING btree ("status","current_period_end","plan_type","user_id","created_at") WHERE "subscriptions"."status" in ('active', 'trialing', 'past_due', 'unpaid');--> statement-breakpoint
--
-- 4. One money-back column: {"own": <when>, "team": <when>}, from the two timestamps.
ALTER TABLE "address_benefits" ADD COLUMN IF NOT EXISTS "money_back" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'address_benefits' AND column_name = 'money_back_at') THEN
    UPDATE "address_benefits"
    SET "money_back" = "money_back" || jsonb_strip_nulls(jsonb_build_object('own', "money_back_at", 'team', "team_money_back_at"))
    WHERE "money_back_at" IS NOT NULL OR "team_money_back_at" IS NOT NULL;
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "address_benefits" DROP COLUMN IF EXISTS "money_back_at";--> statement-breakpoint
ALTER TABLE "address_benefits" DROP COLUMN IF EXISTS "team_money_back_at";
