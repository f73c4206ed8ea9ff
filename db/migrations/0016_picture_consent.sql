ALTER TABLE "ratings" ADD COLUMN "picture_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "picture_featured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_picture_featurable" CHECK ("ratings"."picture_featured_at" is null or "ratings"."picture_consent");