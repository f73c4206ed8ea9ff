ALTER TABLE "headshots" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "headshots" ADD COLUMN "wait_until" timestamp with time zone;