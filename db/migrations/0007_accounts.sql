ALTER TABLE "email_verifications" ADD COLUMN "purpose" text DEFAULT 'verify' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "refresh_token_families" ADD COLUMN "previous_token_hash" text;--> statement-breakpoint
ALTER TABLE "refresh_token_families" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_epoch" integer DEFAULT 0 NOT NULL;