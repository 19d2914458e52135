CREATE TABLE "recruiting_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"attachment_id" integer,
	"status" text NOT NULL,
	"interview_at" timestamp with time zone,
	"interview_place" text,
	"interview_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruiting_companies" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"industry" text,
	"unit_size" smallint,
	"city" text,
	"address" text,
	"logo" text,
	"intro" text,
	"contact_name" text,
	"contact_phone" text,
	"licence" text,
	"status" text DEFAULT 'unsubmitted' NOT NULL,
	"reject_reason" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruiting_pool" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruiting_portrait_views" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"month" text NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	"from_application" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruiting_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"position" text NOT NULL,
	"position_level" smallint NOT NULL,
	"citys" text NOT NULL,
	"salary_band" smallint,
	"salary_min" integer NOT NULL,
	"salary_max" integer,
	"experience" smallint NOT NULL,
	"education" smallint NOT NULL,
	"headcount" integer NOT NULL,
	"description" text NOT NULL,
	"expires_on" date NOT NULL,
	"status" text NOT NULL,
	"review_reason" text,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recruiting_applications" ADD CONSTRAINT "recruiting_applications_post_id_recruiting_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."recruiting_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_applications" ADD CONSTRAINT "recruiting_applications_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_applications" ADD CONSTRAINT "recruiting_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_applications" ADD CONSTRAINT "recruiting_applications_attachment_id_talent_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."talent_attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_companies" ADD CONSTRAINT "recruiting_companies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_companies" ADD CONSTRAINT "recruiting_companies_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_pool" ADD CONSTRAINT "recruiting_pool_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_pool" ADD CONSTRAINT "recruiting_pool_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_portrait_views" ADD CONSTRAINT "recruiting_portrait_views_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_portrait_views" ADD CONSTRAINT "recruiting_portrait_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_posts" ADD CONSTRAINT "recruiting_posts_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recruiting_applications_post_user_key" ON "recruiting_applications" USING btree ("post_id","user_id");--> statement-breakpoint
CREATE INDEX "recruiting_applications_company_idx" ON "recruiting_applications" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recruiting_applications_user_idx" ON "recruiting_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recruiting_companies_status_idx" ON "recruiting_companies" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "recruiting_companies_name_trgm_idx" ON "recruiting_companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "recruiting_pool_company_user_key" ON "recruiting_pool" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recruiting_portrait_views_key" ON "recruiting_portrait_views" USING btree ("user_id","month","company_id");--> statement-breakpoint
CREATE INDEX "recruiting_posts_company_idx" ON "recruiting_posts" USING btree ("company_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recruiting_posts_online_idx" ON "recruiting_posts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "recruiting_posts"."status" = 'online';--> statement-breakpoint
CREATE INDEX "recruiting_posts_review_idx" ON "recruiting_posts" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "recruiting_posts_title_trgm_idx" ON "recruiting_posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recruiting_posts_citys_trgm_idx" ON "recruiting_posts" USING gin ("citys" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "talent_apply_jobs_citys_trgm_idx" ON "talent_apply_jobs" USING gin ("citys" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "talent_apply_jobs_positions_trgm_idx" ON "talent_apply_jobs" USING gin ("positions" gin_trgm_ops);