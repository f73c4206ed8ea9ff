CREATE TABLE "shoots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"styles" text[] NOT NULL,
	"photo_count" smallint NOT NULL,
	"email_when_ready" boolean DEFAULT false NOT NULL,
	"watched_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "shoots_photo_count" CHECK ("shoots"."photo_count" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "headshots" ADD COLUMN "shoot_id" uuid;--> statement-breakpoint
ALTER TABLE "shoots" ADD CONSTRAINT "shoots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shoots_user_created_idx" ON "shoots" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "headshots" ADD CONSTRAINT "headshots_shoot_id_shoots_id_fk" FOREIGN KEY ("shoot_id") REFERENCES "public"."shoots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "headshots_shoot_idx" ON "headshots" USING btree ("shoot_id") WHERE "headshots"."shoot_id" is not null;