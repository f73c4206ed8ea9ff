ALTER TABLE "headshots" ALTER COLUMN "original_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "headshots" ADD COLUMN "images_deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "headshots_retention_idx" ON "headshots" USING btree ("created_at") WHERE "headshots"."images_deleted_at" is null and "headshots"."status" in ('completed', 'failed');--> statement-breakpoint
CREATE INDEX "headshots_retention_unfinished_idx" ON "headshots" USING btree ("images_deleted_at") WHERE "headshots"."images_deleted_at" is not null and "headshots"."original_key" is not null;