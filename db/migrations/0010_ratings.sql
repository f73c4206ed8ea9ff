CREATE TABLE "ratings" (
	"headshot_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text,
	"publish_consent" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"role" text,
	"testimonial_status" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_stars_range" CHECK ("ratings"."stars" between 1 and 5),
	CONSTRAINT "ratings_testimonial_status" CHECK ("ratings"."testimonial_status" in ('pending', 'approved', 'unpublished')),
	CONSTRAINT "ratings_publishable" CHECK ("ratings"."testimonial_status" is null or ("ratings"."publish_consent" and "ratings"."comment" is not null and "ratings"."first_name" is not null and "ratings"."role" is not null))
);
--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_headshot_id_headshots_id_fk" FOREIGN KEY ("headshot_id") REFERENCES "public"."headshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ratings_testimonials_idx" ON "ratings" USING btree ("testimonial_status","created_at") WHERE "ratings"."testimonial_status" is not null;