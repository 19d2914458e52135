CREATE TABLE "courses_outer_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer,
	"first_visit" boolean DEFAULT false NOT NULL,
	"visited_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses_outer_visits" ADD CONSTRAINT "courses_outer_visits_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_outer_visits" ADD CONSTRAINT "courses_outer_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_outer_visits_course_idx" ON "courses_outer_visits" USING btree ("course_id","visited_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "courses_outer_visits_first_uq" ON "courses_outer_visits" USING btree ("course_id","user_id") WHERE "courses_outer_visits"."first_visit";