CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text,
	"title" text NOT NULL,
	"cover" text NOT NULL,
	"summary" text NOT NULL,
	"description" jsonb NOT NULL,
	"teacher_id" integer NOT NULL,
	"kind" text NOT NULL,
	"outer_url" text,
	"price_type" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"lesson_count" integer DEFAULT 0 NOT NULL,
	"total_duration" integer DEFAULT 0 NOT NULL,
	"learner_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"favorite_count" integer DEFAULT 0 NOT NULL,
	"hot_score" integer GENERATED ALWAYS AS (learner_count * 2 + like_count * 3 + favorite_count) STORED NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courses_slug_unique" UNIQUE("slug"),
	CONSTRAINT "courses_price_ck" CHECK ("courses"."price" >= 0 AND ("courses"."price_type" = 'paid' OR "courses"."price" = 0)),
	CONSTRAINT "courses_counts_ck" CHECK ("courses"."like_count" >= 0 AND "courses"."favorite_count" >= 0 AND "courses"."learner_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "courses_course_tags" (
	"course_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "courses_course_tags_course_id_tag_id_pk" PRIMARY KEY("course_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "courses_favorites" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courses_favorites_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "courses_grants" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"source" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courses_grants_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "courses_lesson_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"kind" text NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"explanation" text NOT NULL,
	CONSTRAINT "courses_lesson_questions_lesson_sort_uq" UNIQUE("lesson_id","sort")
);
--> statement-breakpoint
CREATE TABLE "courses_lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"title" text NOT NULL,
	"video_file" text NOT NULL,
	"duration" integer NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	CONSTRAINT "courses_lessons_course_sort_uq" UNIQUE("course_id","sort"),
	CONSTRAINT "courses_lessons_duration_ck" CHECK ("courses_lessons"."duration" > 0)
);
--> statement-breakpoint
CREATE TABLE "courses_likes" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courses_likes_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "courses_media_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "courses_tags_name_uq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "courses_teachers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"photo" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	CONSTRAINT "courses_teachers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "learning_answers" (
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"chosen" jsonb NOT NULL,
	"correct" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learning_answers_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "learning_course_progress" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_learned_at" timestamp with time zone NOT NULL,
	"last_lesson_id" integer,
	"learn_seconds" integer DEFAULT 0 NOT NULL,
	"finished_lessons" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "learning_course_progress_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "learning_daily_seconds" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learning_daily_seconds_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "learning_lesson_progress" (
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"max_position" double precision DEFAULT 0 NOT NULL,
	"credited_seconds" double precision DEFAULT 0 NOT NULL,
	"last_credit" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'paused' NOT NULL,
	"last_report_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"just_finished" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learning_lesson_progress_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "learning_note_likes" (
	"user_id" integer NOT NULL,
	"note_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learning_note_likes_user_id_note_id_pk" PRIMARY KEY("user_id","note_id")
);
--> statement-breakpoint
CREATE TABLE "learning_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"video_second" integer NOT NULL,
	"content" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"lesson_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_teacher_id_courses_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."courses_teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_course_tags" ADD CONSTRAINT "courses_course_tags_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_course_tags" ADD CONSTRAINT "courses_course_tags_tag_id_courses_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."courses_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_favorites" ADD CONSTRAINT "courses_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_favorites" ADD CONSTRAINT "courses_favorites_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_grants" ADD CONSTRAINT "courses_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_grants" ADD CONSTRAINT "courses_grants_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_lesson_questions" ADD CONSTRAINT "courses_lesson_questions_lesson_id_courses_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."courses_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_lessons" ADD CONSTRAINT "courses_lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_likes" ADD CONSTRAINT "courses_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_likes" ADD CONSTRAINT "courses_likes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_tags" ADD CONSTRAINT "courses_tags_parent_id_courses_tags_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."courses_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_answers" ADD CONSTRAINT "learning_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_answers" ADD CONSTRAINT "learning_answers_question_id_courses_lesson_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."courses_lesson_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_course_progress" ADD CONSTRAINT "learning_course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_course_progress" ADD CONSTRAINT "learning_course_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_daily_seconds" ADD CONSTRAINT "learning_daily_seconds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_lesson_progress" ADD CONSTRAINT "learning_lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_lesson_progress" ADD CONSTRAINT "learning_lesson_progress_lesson_id_courses_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."courses_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_lesson_progress" ADD CONSTRAINT "learning_lesson_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_note_likes" ADD CONSTRAINT "learning_note_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_note_likes" ADD CONSTRAINT "learning_note_likes_note_id_learning_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."learning_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_notes" ADD CONSTRAINT "learning_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_notes" ADD CONSTRAINT "learning_notes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_notes" ADD CONSTRAINT "learning_notes_lesson_id_courses_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."courses_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_lesson_id_courses_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."courses_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_newest_idx" ON "courses" USING btree ("published","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_hotest_idx" ON "courses" USING btree ("published","hot_score" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_title_trgm_idx" ON "courses" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_summary_trgm_idx" ON "courses" USING gin ("summary" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_course_tags_tag_idx" ON "courses_course_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "courses_favorites_user_idx" ON "courses_favorites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_tags_parent_idx" ON "courses_tags" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "learning_course_progress_user_recent_idx" ON "learning_course_progress" USING btree ("user_id","last_learned_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "learning_daily_seconds_day_idx" ON "learning_daily_seconds" USING btree ("day","user_id");--> statement-breakpoint
CREATE INDEX "learning_lesson_progress_user_course_idx" ON "learning_lesson_progress" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "learning_notes_user_idx" ON "learning_notes" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "learning_notes_lesson_public_idx" ON "learning_notes" USING btree ("lesson_id","like_count" DESC NULLS LAST) WHERE "learning_notes"."is_public";--> statement-breakpoint
CREATE INDEX "comments_course_idx" ON "comments" USING btree ("course_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_lesson_idx" ON "comments" USING btree ("lesson_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);