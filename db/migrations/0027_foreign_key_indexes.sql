-- concurrently: every foreign key gets an index (db/foreign-key-indexes.test.ts), built without locking writes (decision 263)
CREATE INDEX CONCURRENTLY IF NOT EXISTS "admin_audit_log_actor_idx" ON "admin_audit_log" USING btree ("actor_user_id") WHERE "admin_audit_log"."actor_user_id" is not null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "headshots_edit_of_idx" ON "headshots" USING btree ("edit_of") WHERE "headshots"."edit_of" is not null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "moderation_flags_flagged_by_idx" ON "moderation_flags" USING btree ("flagged_by") WHERE "moderation_flags"."flagged_by" is not null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "price_changes_created_by_idx" ON "price_changes" USING btree ("created_by") WHERE "price_changes"."created_by" is not null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ratings_user_idx" ON "ratings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "team_capture_links_created_by_idx" ON "team_capture_links" USING btree ("created_by") WHERE "team_capture_links"."created_by" is not null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "team_invitations_invited_by_idx" ON "team_invitations" USING btree ("invited_by") WHERE "team_invitations"."invited_by" is not null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "team_invitations_accepted_by_idx" ON "team_invitations" USING btree ("accepted_by") WHERE "team_invitations"."accepted_by" is not null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "team_members_chosen_idx" ON "team_members" USING btree ("chosen_headshot_id") WHERE "team_members"."chosen_headshot_id" is not null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "team_members_capture_link_idx" ON "team_members" USING btree ("capture_link_id") WHERE "team_members"."capture_link_id" is not null;