ALTER TABLE "headshots" ADD COLUMN "kind" text DEFAULT 'generate' NOT NULL;--> statement-breakpoint
ALTER TABLE "headshots" ADD COLUMN "version_of" uuid;--> statement-breakpoint
ALTER TABLE "headshots" ADD COLUMN "version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "headshots" ADD COLUMN "edit_of" uuid;--> statement-breakpoint
ALTER TABLE "headshots" ADD COLUMN "instruction" text;--> statement-breakpoint
ALTER TABLE "headshots" ADD COLUMN "free_redo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "headshots" ADD COLUMN "chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "headshots" ADD CONSTRAINT "headshots_version_of_headshots_id_fk" FOREIGN KEY ("version_of") REFERENCES "public"."headshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headshots" ADD CONSTRAINT "headshots_edit_of_headshots_id_fk" FOREIGN KEY ("edit_of") REFERENCES "public"."headshots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "headshots_version_idx" ON "headshots" USING btree ("version_of","version") WHERE "headshots"."version_of" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "headshots_one_free_redo" ON "headshots" USING btree ("version_of") WHERE "headshots"."free_redo" and "headshots"."status" <> 'failed';--> statement-breakpoint
ALTER TABLE "headshots" ADD CONSTRAINT "headshots_kind" CHECK ("headshots"."kind" in ('generate', 'edit', 'redo'));--> statement-breakpoint
ALTER TABLE "headshots" ADD CONSTRAINT "headshots_version_shape" CHECK (("headshots"."version_of" is null) = ("headshots"."version" = 1) and ("headshots"."kind" = 'edit') = ("headshots"."instruction" is not null) and ("headshots"."kind" = 'generate') = ("headshots"."version_of" is null) and (not "headshots"."free_redo" or "headshots"."kind" = 'redo'));