CREATE TABLE "team_capture_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"domains" text[] NOT NULL,
	"max_joins" integer NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_capture_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "team_capture_links_max_joins" CHECK ("team_capture_links"."max_joins" > 0),
	CONSTRAINT "team_capture_links_domains" CHECK (cardinality("team_capture_links"."domains") > 0)
);
--> statement-breakpoint
ALTER TABLE "team_invitations" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "capture_link_id" uuid;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "reminder_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "remind_after_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "auto_remind" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team_capture_links" ADD CONSTRAINT "team_capture_links_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_capture_links" ADD CONSTRAINT "team_capture_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_capture_links_team_idx" ON "team_capture_links" USING btree ("team_id","created_at");--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_capture_link_id_team_capture_links_id_fk" FOREIGN KEY ("capture_link_id") REFERENCES "public"."team_capture_links"("id") ON DELETE set null ON UPDATE no action;