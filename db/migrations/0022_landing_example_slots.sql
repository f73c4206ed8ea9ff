ALTER TABLE "ratings" ADD COLUMN "example_slot" text;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_example_slot_unique" UNIQUE("example_slot");--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_example_consented" CHECK ("ratings"."example_slot" is null or "ratings"."picture_consent");