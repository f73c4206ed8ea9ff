CREATE TYPE "public"."price_change_status" AS ENUM('notifying', 'notified');--> statement-breakpoint
CREATE TABLE "price_change_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_change_id" uuid NOT NULL,
	"user_id" uuid,
	"stripe_subscription_id" text NOT NULL,
	"email" text NOT NULL,
	"emailed_at" timestamp with time zone,
	"stripe_schedule_id" text,
	"switch_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_type" "plan_type" NOT NULL,
	"old_amount_cents" integer NOT NULL,
	"new_amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"old_stripe_price_id" text NOT NULL,
	"stripe_price_id" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_by_email" text NOT NULL,
	"status" "price_change_status" DEFAULT 'notifying' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_changes_stripe_price_id_unique" UNIQUE("stripe_price_id"),
	CONSTRAINT "price_changes_amounts" CHECK ("price_changes"."new_amount_cents" > 0 and "price_changes"."new_amount_cents" <> "price_changes"."old_amount_cents")
);
--> statement-breakpoint
ALTER TABLE "price_change_notices" ADD CONSTRAINT "price_change_notices_price_change_id_price_changes_id_fk" FOREIGN KEY ("price_change_id") REFERENCES "public"."price_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_change_notices" ADD CONSTRAINT "price_change_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_change_notices_one_per_subscription" ON "price_change_notices" USING btree ("price_change_id","stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "price_change_notices_user_idx" ON "price_change_notices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "price_changes_plan_idx" ON "price_changes" USING btree ("plan_type","effective_at");