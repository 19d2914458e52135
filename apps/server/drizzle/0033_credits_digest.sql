CREATE TABLE "credits_digest_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sms" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credits_digest_weeks" (
	"week" text PRIMARY KEY NOT NULL,
	"after_user_id" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credits_digests" (
	"user_id" integer NOT NULL,
	"week" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sms" text,
	"sms_params" jsonb,
	"sms_at" timestamp with time zone,
	CONSTRAINT "credits_digests_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
ALTER TABLE "credits_digest_settings" ADD CONSTRAINT "credits_digest_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits_digests" ADD CONSTRAINT "credits_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credits_digests_sms_pending_idx" ON "credits_digests" USING btree ("week") WHERE "credits_digests"."sms" = 'pending';