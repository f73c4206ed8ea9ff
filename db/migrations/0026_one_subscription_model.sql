-- One subscription model (issue 37, docs/decisions/210-one-subscription-model.md): people's and teams'
-- subscriptions in one table, each with the amount Stripe bills per period. The Team plan's rows move in
-- from team_subscriptions (same ids, so nothing that named them changes), then that table is dropped.
-- Amounts of rows written before this migration: a price change's new price when the row is on one
-- (price_changes.stripe_price_id), else the plan's launch price as it stands today (weekly €9.99, monthly
-- €29.99, yearly €60.00, Team €19.99 a seat) — what MRR read until now, so no figure moves. The next sync
-- of each subscription (any webhook) rewrites them from Stripe.
CREATE TYPE "public"."billing_plan" AS ENUM('weekly', 'monthly', 'yearly', 'team');--> statement-breakpoint
ALTER TABLE "price_changes" ALTER COLUMN "plan_type" SET DATA TYPE "public"."billing_plan" USING "plan_type"::text::"public"."billing_plan";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "plan_type" SET DATA TYPE "public"."billing_plan" USING "plan_type"::text::"public"."billing_plan";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_seats" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "stripe_schedule_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "interval" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "interval_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- people's rows: their price (a price change's, else the launch price) and their plan's interval
UPDATE "subscriptions" s SET
  "amount_cents" = coalesce(
    (SELECT pc."new_amount_cents" FROM "price_changes" pc WHERE pc."stripe_price_id" = s."stripe_price_id"),
    CASE s."plan_type"::text WHEN 'weekly' THEN 999 WHEN 'monthly' THEN 2999 WHEN 'yearly' THEN 6000 END),
  "currency" = coalesce((SELECT pc."currency" FROM "price_changes" pc WHERE pc."stripe_price_id" = s."stripe_price_id"), 'eur'),
  "interval" = CASE s."plan_type"::text WHEN 'weekly' THEN 'week' WHEN 'monthly' THEN 'month' WHEN 'yearly' THEN 'year' END;--> statement-breakpoint
-- teams' rows, with their own ids and times
INSERT INTO "subscriptions" ("id", "user_id", "team_id", "stripe_subscription_id", "stripe_price_id", "plan_type", "status",
  "seats", "scheduled_seats", "scheduled_at", "stripe_schedule_id", "amount_cents", "currency", "interval", "interval_count",
  "current_period_start", "current_period_end", "cancel_at_period_end", "canceled_at", "created_at", "updated_at")
SELECT t."id", NULL, t."team_id", t."stripe_subscription_id", t."stripe_price_id", 'team', t."status",
  t."seats", t."scheduled_seats", t."scheduled_at", t."stripe_schedule_id", t."seats" * 1999, 'eur', 'month', 1,
  t."current_period_start", t."current_period_end", t."cancel_at_period_end", t."canceled_at", t."created_at", t."updated_at"
FROM "team_subscriptions" t;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "interval" SET NOT NULL;--> statement-breakpoint
DROP TABLE "team_subscriptions";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_team_idx" ON "subscriptions" USING btree ("team_id","status");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_one_owner" CHECK (num_nonnulls("subscriptions"."user_id", "subscriptions"."team_id") <= 1 and (("subscriptions"."plan_type" = 'team') = ("subscriptions"."user_id" is null)));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_amount" CHECK ("subscriptions"."amount_cents" >= 0 and "subscriptions"."interval_count" >= 1 and "subscriptions"."seats" >= 1);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_interval" CHECK ("subscriptions"."interval" in ('day', 'week', 'month', 'year'));
