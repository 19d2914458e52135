CREATE TABLE "tools_risk_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_name" text NOT NULL,
	"input" jsonb NOT NULL,
	"analysis" jsonb NOT NULL,
	"score" smallint NOT NULL,
	"state" text NOT NULL,
	"source" text,
	"order_no" text,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tools_risk_reports" ADD CONSTRAINT "tools_risk_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tools_risk_reports_user_idx" ON "tools_risk_reports" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tools_risk_reports_free_idx" ON "tools_risk_reports" USING btree ("user_id","source","ready_at");