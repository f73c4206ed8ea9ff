CREATE TABLE "ops_counts" (
	"name" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ops_counts_name_minute_pk" PRIMARY KEY("name","minute")
);
--> statement-breakpoint
CREATE INDEX "ops_counts_minute_idx" ON "ops_counts" USING btree ("minute");