ALTER TABLE "courses" ADD COLUMN "presence_min_minutes" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "presence_max_minutes" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "max_playback_rate" double precision;--> statement-breakpoint
ALTER TABLE "learning_lesson_progress" ADD COLUMN "presence_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learning_lesson_progress" ADD COLUMN "presence_nonce" text;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_presence_ck" CHECK (("courses"."presence_min_minutes" IS NULL) = ("courses"."presence_max_minutes" IS NULL) AND ("courses"."presence_min_minutes" IS NULL OR ("courses"."presence_min_minutes" >= 1 AND "courses"."presence_min_minutes" <= "courses"."presence_max_minutes" AND "courses"."presence_max_minutes" <= 120)));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_max_rate_ck" CHECK ("courses"."max_playback_rate" IS NULL OR ("courses"."max_playback_rate" >= 1 AND "courses"."max_playback_rate" <= 2));