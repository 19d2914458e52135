CREATE TABLE "credits_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"holder_name" text NOT NULL,
	"id_number_masked" text,
	"total" integer NOT NULL,
	"professional" integer NOT NULL,
	"public" integer NOT NULL,
	"items" jsonb NOT NULL,
	"rule_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	CONSTRAINT "credits_certificates_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "credits_certificates" ADD CONSTRAINT "credits_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits_certificates" ADD CONSTRAINT "credits_certificates_rule_id_credits_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."credits_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credits_certificates_valid_uq" ON "credits_certificates" USING btree ("user_id","year") WHERE "credits_certificates"."revoked_at" IS NULL;