CREATE TABLE "talent_apply_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"sex" smallint NOT NULL,
	"birthday" date NOT NULL,
	"salary" smallint NOT NULL,
	"show_personal_info" boolean DEFAULT false NOT NULL,
	"citys" text NOT NULL,
	"positions" text NOT NULL,
	"industries" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"stored_name" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text,
	"issuer" text NOT NULL,
	"issued_on" date NOT NULL,
	"attachment_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_edus" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"school" text NOT NULL,
	"major" text NOT NULL,
	"degree" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_job_profits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"profit_type" smallint NOT NULL,
	"awarded_on" date NOT NULL,
	"issuer" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company" text NOT NULL,
	"position" text NOT NULL,
	"position_level" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"duties" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"publication" text NOT NULL,
	"published_on" date NOT NULL,
	"link" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_rcpjs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"star_id" smallint NOT NULL,
	"status" text NOT NULL,
	"statement" text,
	"materials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"credential_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"figures" jsonb NOT NULL,
	"result_level" smallint,
	"reject_reason" text,
	"reviewed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "talent_user_infos" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"birthday" date,
	"unit_size" smallint,
	"position_level" smallint,
	"work_unit" text,
	"contact_phone" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "talent_apply_jobs" ADD CONSTRAINT "talent_apply_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_attachments" ADD CONSTRAINT "talent_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_credentials" ADD CONSTRAINT "talent_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_credentials" ADD CONSTRAINT "talent_credentials_attachment_id_talent_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."talent_attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_edus" ADD CONSTRAINT "talent_edus_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_job_profits" ADD CONSTRAINT "talent_job_profits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_jobs" ADD CONSTRAINT "talent_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_papers" ADD CONSTRAINT "talent_papers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_rcpjs" ADD CONSTRAINT "talent_rcpjs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_rcpjs" ADD CONSTRAINT "talent_rcpjs_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_user_infos" ADD CONSTRAINT "talent_user_infos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "talent_apply_jobs_user_key" ON "talent_apply_jobs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "talent_attachments_user_idx" ON "talent_attachments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "talent_credentials_user_idx" ON "talent_credentials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "talent_edus_user_idx" ON "talent_edus" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "talent_job_profits_user_idx" ON "talent_job_profits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "talent_jobs_user_idx" ON "talent_jobs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "talent_papers_user_idx" ON "talent_papers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "talent_rcpjs_user_idx" ON "talent_rcpjs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "talent_rcpjs_status_idx" ON "talent_rcpjs" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "talent_rcpjs_one_open_key" ON "talent_rcpjs" USING btree ("user_id") WHERE "talent_rcpjs"."status" in ('draft', 'submitted');