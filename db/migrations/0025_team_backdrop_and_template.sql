ALTER TABLE "headshots" ADD COLUMN "backdrop_key" text;--> statement-breakpoint
ALTER TABLE "headshots" ADD COLUMN "outfit" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "backdrop_key" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "outfit" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "template_shape" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "template_size" smallint;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "template_border" smallint;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_outfit" CHECK ("teams"."outfit" is null or "teams"."outfit" in ('suit', 'smart-casual', 'own'));--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_template" CHECK (("teams"."template_shape" is null and "teams"."template_size" is null and "teams"."template_border" is null) or ("teams"."template_shape" in ('round', 'square') and "teams"."template_size" between 128 and 2048 and "teams"."template_border" between 0 and 64));