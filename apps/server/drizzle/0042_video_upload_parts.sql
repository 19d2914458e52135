ALTER TABLE "courses_video_uploads" ADD COLUMN "multipart_id" text;--> statement-breakpoint
ALTER TABLE "courses_video_uploads" ADD COLUMN "parts" jsonb DEFAULT '[]'::jsonb NOT NULL;