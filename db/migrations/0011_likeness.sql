ALTER TABLE "headshots" ADD COLUMN "likeness" smallint;--> statement-breakpoint
ALTER TABLE "headshots" ADD COLUMN "likeness_reported_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "headshots_likeness_idx" ON "headshots" USING btree ("created_at","style","likeness") WHERE "headshots"."likeness" is not null;--> statement-breakpoint
ALTER TABLE "headshots" ADD CONSTRAINT "headshots_likeness_percent" CHECK ("headshots"."likeness" between 0 and 100);