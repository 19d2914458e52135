ALTER TABLE "exams_types" ADD COLUMN "credit_category" text;--> statement-breakpoint
ALTER TABLE "exams_types" ADD COLUMN "credits" integer;