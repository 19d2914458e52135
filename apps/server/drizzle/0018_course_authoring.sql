CREATE TABLE "courses_video_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"upload_id" integer,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"output" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses_video_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses_lessons" DROP CONSTRAINT "courses_lessons_duration_ck";--> statement-breakpoint
ALTER TABLE "courses_lessons" ALTER COLUMN "video_file" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "member_price" integer;--> statement-breakpoint
ALTER TABLE "courses_lessons" ADD COLUMN "poster_file" text;--> statement-breakpoint
ALTER TABLE "courses_video_jobs" ADD CONSTRAINT "courses_video_jobs_lesson_id_courses_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."courses_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_video_jobs" ADD CONSTRAINT "courses_video_jobs_upload_id_courses_video_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."courses_video_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_video_uploads" ADD CONSTRAINT "courses_video_uploads_lesson_id_courses_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."courses_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_video_uploads" ADD CONSTRAINT "courses_video_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_video_jobs_pending_idx" ON "courses_video_jobs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "courses_video_jobs_lesson_idx" ON "courses_video_jobs" USING btree ("lesson_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_member_price_ck" CHECK ("courses"."member_price" IS NULL OR ("courses"."price_type" = 'paid' AND "courses"."member_price" >= 0 AND "courses"."member_price" <= "courses"."price"));--> statement-breakpoint
ALTER TABLE "courses_lessons" ADD CONSTRAINT "courses_lessons_duration_ck" CHECK ("courses_lessons"."duration" > 0 OR ("courses_lessons"."video_file" IS NULL AND "courses_lessons"."duration" = 0));