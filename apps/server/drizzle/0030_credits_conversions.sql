CREATE TABLE "credits_conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"role" text NOT NULL,
	"title" text NOT NULL,
	"activity_date" date NOT NULL,
	"year" integer NOT NULL,
	"credits" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"evidence_file" text NOT NULL,
	"evidence_name" text NOT NULL,
	"evidence_mime" text NOT NULL,
	"evidence_size" integer NOT NULL,
	"evidence_sha256" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"grant_id" integer,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credits_conversions" ADD CONSTRAINT "credits_conversions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits_conversions" ADD CONSTRAINT "credits_conversions_rule_id_credits_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."credits_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits_conversions" ADD CONSTRAINT "credits_conversions_grant_id_credits_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."credits_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits_conversions" ADD CONSTRAINT "credits_conversions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credits_conversions_evidence_uq" ON "credits_conversions" USING btree ("user_id","evidence_sha256") WHERE "credits_conversions"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "credits_conversions_user_idx" ON "credits_conversions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "credits_conversions_status_idx" ON "credits_conversions" USING btree ("status","created_at");