CREATE TABLE "regions_manager_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"organisation" text NOT NULL,
	"region" text NOT NULL,
	"contact" text NOT NULL,
	"phone" text NOT NULL,
	"qualifications" text NOT NULL,
	"attachment_file" text,
	"attachment_name" text,
	"attachment_mime" text,
	"attachment_size" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_reason" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "regions_manager_applications_status_ck" CHECK ("regions_manager_applications"."status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "regions_manager_applications" ADD CONSTRAINT "regions_manager_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions_manager_applications" ADD CONSTRAINT "regions_manager_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "regions_manager_applications_one_pending_uq" ON "regions_manager_applications" USING btree ("user_id","region") WHERE "regions_manager_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "regions_manager_applications_user_idx" ON "regions_manager_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "regions_manager_applications_ip_idx" ON "regions_manager_applications" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "regions_manager_applications_status_idx" ON "regions_manager_applications" USING btree ("status","created_at");