CREATE TABLE "courses_lesson_subtitles" (
	"lesson_id" integer NOT NULL,
	"lang" text DEFAULT 'zh-CN' NOT NULL,
	"label" text DEFAULT '中文' NOT NULL,
	"vtt" text NOT NULL,
	"cue_count" integer NOT NULL,
	"source_name" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courses_lesson_subtitles_lesson_id_lang_pk" PRIMARY KEY("lesson_id","lang")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "care_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses_lesson_subtitles" ADD CONSTRAINT "courses_lesson_subtitles_lesson_id_courses_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."courses_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_lesson_subtitles" ADD CONSTRAINT "courses_lesson_subtitles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;