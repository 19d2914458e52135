CREATE TABLE "system_seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_help_problems" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"ttype" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_help_problems_ttype_name_uq" UNIQUE("ttype","name")
);
--> statement-breakpoint
CREATE TABLE "content_site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "content_help_problems_ttype_sort_idx" ON "content_help_problems" USING btree ("ttype","sort");--> statement-breakpoint
CREATE INDEX "content_help_problems_name_trgm_idx" ON "content_help_problems" USING gin ("name" gin_trgm_ops);