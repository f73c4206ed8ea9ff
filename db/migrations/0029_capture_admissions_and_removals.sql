CREATE TABLE "team_removals" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_removals_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "team_capture_links" ADD COLUMN "admitted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_removals" ADD CONSTRAINT "team_removals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_removals" ADD CONSTRAINT "team_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_removals_user_idx" ON "team_removals" USING btree ("user_id");--> statement-breakpoint
UPDATE "team_capture_links" SET "admitted" = (SELECT count(*) FROM "team_members" WHERE "team_members"."capture_link_id" = "team_capture_links"."id");
