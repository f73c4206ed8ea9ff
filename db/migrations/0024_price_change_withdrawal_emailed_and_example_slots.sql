ALTER TABLE "price_change_notices" ADD COLUMN "withdrawal_emailed_at" timestamp with time zone;--> statement-breakpoint
-- Changes withdrawn before this column existed told their subscribers then (a failure was logged): the cron must not tell them again (decision 251).
UPDATE "price_change_notices" SET "withdrawal_emailed_at" = "updated_at" WHERE "emailed_at" IS NOT NULL AND "price_change_id" IN (SELECT "id" FROM "price_changes" WHERE "withdrawn_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "example_slot" text;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_example_slot_unique" UNIQUE("example_slot");--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_example_consented" CHECK ("ratings"."example_slot" is null or "ratings"."picture_consent");