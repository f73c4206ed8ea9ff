CREATE TABLE "address_benefits" (
	"address_key" text PRIMARY KEY NOT NULL,
	"free_generations_user" uuid,
	"money_back_at" timestamp with time zone,
	"team_money_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"key" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
