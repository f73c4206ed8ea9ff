CREATE TABLE "free_redos" (
	"redo_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"first_id" uuid NOT NULL,
	"given_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "headshots" ADD COLUMN "fair_use_charged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fair_use_tokens" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fair_use_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "free_redos" ADD CONSTRAINT "free_redos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_redos_user_created_idx" ON "free_redos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "free_redos_first_idx" ON "free_redos" USING btree ("first_id");--> statement-breakpoint
-- the free redos already taken (decision 202): a failed one was given back
INSERT INTO "free_redos" ("redo_id", "user_id", "first_id", "given_back_at", "created_at")
SELECT "id", "user_id", "version_of", CASE WHEN "status" = 'failed' THEN "updated_at" END, "created_at" FROM "headshots" WHERE "free_redo" ON CONFLICT DO NOTHING;
