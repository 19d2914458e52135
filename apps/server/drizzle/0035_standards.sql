CREATE TABLE "standards" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"doc_number" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "standards_kind_ck" CHECK ("standards"."kind" IN ('standard', 'policy'))
);
--> statement-breakpoint
CREATE TABLE "standards_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"standard_id" integer NOT NULL,
	"changed_on" date NOT NULL,
	"note" text NOT NULL,
	"course_ids" integer[] NOT NULL,
	"exam_type_ids" integer[] NOT NULL,
	"audience" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"after_user_id" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by" integer
);
--> statement-breakpoint
CREATE TABLE "standards_deliveries" (
	"change_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "standards_deliveries_change_id_user_id_pk" PRIMARY KEY("change_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "standards_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"standard_id" integer NOT NULL,
	"course_id" integer,
	"exam_type_id" integer,
	"updated_through" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "standards_links_target_ck" CHECK (num_nonnulls("standards_links"."course_id", "standards_links"."exam_type_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "standards_changes" ADD CONSTRAINT "standards_changes_standard_id_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standards_changes" ADD CONSTRAINT "standards_changes_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standards_deliveries" ADD CONSTRAINT "standards_deliveries_change_id_standards_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."standards_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standards_deliveries" ADD CONSTRAINT "standards_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standards_links" ADD CONSTRAINT "standards_links_standard_id_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standards_links" ADD CONSTRAINT "standards_links_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standards_links" ADD CONSTRAINT "standards_links_exam_type_id_exams_types_id_fk" FOREIGN KEY ("exam_type_id") REFERENCES "public"."exams_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standards_links" ADD CONSTRAINT "standards_links_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standards_name_uq" ON "standards" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "standards_changes_day_uq" ON "standards_changes" USING btree ("standard_id","changed_on");--> statement-breakpoint
CREATE INDEX "standards_changes_pending_idx" ON "standards_changes" USING btree ("id") WHERE "standards_changes"."delivered_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "standards_links_course_uq" ON "standards_links" USING btree ("standard_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standards_links_exam_type_uq" ON "standards_links" USING btree ("standard_id","exam_type_id");--> statement-breakpoint
CREATE INDEX "standards_links_course_idx" ON "standards_links" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "standards_links_exam_type_idx" ON "standards_links" USING btree ("exam_type_id");--> statement-breakpoint
CREATE INDEX "learning_course_progress_finished_idx" ON "learning_course_progress" USING btree ("course_id","user_id") WHERE "learning_course_progress"."finished_at" IS NOT NULL;