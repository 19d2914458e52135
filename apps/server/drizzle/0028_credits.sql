CREATE TABLE "credits_course_settings" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"credits" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credits_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"category" text NOT NULL,
	"credits" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"title" text NOT NULL,
	"rule_id" integer NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_reason" text,
	CONSTRAINT "credits_grants_credits_ck" CHECK ("credits_grants"."credits" > 0)
);
--> statement-breakpoint
CREATE TABLE "credits_profiles" (
	"user_id" integer NOT NULL,
	"region" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credits_profiles_user_id_pk" PRIMARY KEY("user_id")
);
--> statement-breakpoint
CREATE TABLE "credits_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"region" text,
	"version" integer NOT NULL,
	"required_total" integer NOT NULL,
	"professional_min" integer,
	"professional_share_num" integer,
	"professional_share_den" integer,
	"public_min" integer,
	"minutes_per_credit" integer NOT NULL,
	"conversions" jsonb NOT NULL,
	"filing_deadline" date NOT NULL,
	"source" text NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	CONSTRAINT "credits_rules_seed_key_unique" UNIQUE("seed_key"),
	CONSTRAINT "credits_rules_share_ck" CHECK (("credits_rules"."professional_share_num" IS NULL) = ("credits_rules"."professional_share_den" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "credits_course_settings" ADD CONSTRAINT "credits_course_settings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits_grants" ADD CONSTRAINT "credits_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits_grants" ADD CONSTRAINT "credits_grants_rule_id_credits_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."credits_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits_profiles" ADD CONSTRAINT "credits_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits_rules" ADD CONSTRAINT "credits_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credits_grants_once_uq" ON "credits_grants" USING btree ("user_id","source","source_id");--> statement-breakpoint
CREATE INDEX "credits_grants_user_year_idx" ON "credits_grants" USING btree ("user_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "credits_rules_version_uq" ON "credits_rules" USING btree ("year",coalesce("region", ''),"version");