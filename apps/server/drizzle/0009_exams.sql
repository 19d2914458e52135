CREATE TABLE "exams_answers" (
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" jsonb,
	"flagged" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"earned" double precision,
	"needs_grading" boolean DEFAULT false NOT NULL,
	"graded_by" integer,
	"graded_at" timestamp with time zone,
	"comment" text,
	CONSTRAINT "exams_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exams_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"state" text NOT NULL,
	"auth_session_id" integer NOT NULL,
	"items" jsonb NOT NULL,
	"question_ids" integer[] NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"submit_reason" text,
	"leave_count" integer DEFAULT 0 NOT NULL,
	"takeovers" integer DEFAULT 0 NOT NULL,
	"score" double precision,
	"passed" boolean,
	"pending_grading" integer DEFAULT 0 NOT NULL,
	"graded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exams_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" integer NOT NULL,
	"attempt_id" integer,
	"type_id" integer NOT NULL,
	"holder_name" text NOT NULL,
	"exam_name" text NOT NULL,
	"level" text NOT NULL,
	"score" double precision NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE TABLE "exams_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exams_paper_questions" (
	"paper_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"score" integer NOT NULL,
	CONSTRAINT "exams_paper_questions_paper_id_question_id_pk" PRIMARY KEY("paper_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exams_papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"title" text NOT NULL,
	"mode" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"multiple_scoring" text NOT NULL,
	"shuffle_questions" boolean NOT NULL,
	"shuffle_options" boolean NOT NULL,
	"allow_review" boolean NOT NULL,
	"max_leaves" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exams_papers_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "exams_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"kind" text NOT NULL,
	"knowledge_point" text NOT NULL,
	"difficulty" smallint NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"score" integer NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exams_questions_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "exams_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"order_no" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exams_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"title" text NOT NULL,
	"register_start" timestamp with time zone NOT NULL,
	"register_end" timestamp with time zone NOT NULL,
	"exam_start" timestamp with time zone NOT NULL,
	"exam_end" timestamp with time zone NOT NULL,
	"max_attempts" integer DEFAULT 1 NOT NULL,
	"capacity" integer,
	"seed_key" text,
	CONSTRAINT "exams_sessions_seed_key_unique" UNIQUE("seed_key"),
	CONSTRAINT "exams_sessions_windows_ck" CHECK ("exams_sessions"."register_start" < "exams_sessions"."register_end" AND "exams_sessions"."exam_start" < "exams_sessions"."exam_end")
);
--> statement-breakpoint
CREATE TABLE "exams_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_name" text NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"summary" text NOT NULL,
	"notice" text NOT NULL,
	"syllabus" jsonb NOT NULL,
	"fee_mode" text NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"pass_score" integer NOT NULL,
	"full_score" integer DEFAULT 100 NOT NULL,
	"validity_months" integer NOT NULL,
	"min_star" smallint DEFAULT 0 NOT NULL,
	"min_finished_courses" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_types_type_name_unique" UNIQUE("type_name")
);
--> statement-breakpoint
ALTER TABLE "exams_answers" ADD CONSTRAINT "exams_answers_attempt_id_exams_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exams_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_answers" ADD CONSTRAINT "exams_answers_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_attempts" ADD CONSTRAINT "exams_attempts_registration_id_exams_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."exams_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_attempts" ADD CONSTRAINT "exams_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_certificates" ADD CONSTRAINT "exams_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_certificates" ADD CONSTRAINT "exams_certificates_attempt_id_exams_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exams_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_certificates" ADD CONSTRAINT "exams_certificates_type_id_exams_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."exams_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_certificates" ADD CONSTRAINT "exams_certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_paper_questions" ADD CONSTRAINT "exams_paper_questions_paper_id_exams_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."exams_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_paper_questions" ADD CONSTRAINT "exams_paper_questions_question_id_exams_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exams_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_papers" ADD CONSTRAINT "exams_papers_type_id_exams_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."exams_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_questions" ADD CONSTRAINT "exams_questions_type_id_exams_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."exams_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_registrations" ADD CONSTRAINT "exams_registrations_session_id_exams_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exams_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_registrations" ADD CONSTRAINT "exams_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_sessions" ADD CONSTRAINT "exams_sessions_type_id_exams_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."exams_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams_sessions" ADD CONSTRAINT "exams_sessions_paper_id_exams_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."exams_papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exams_answers_grading_idx" ON "exams_answers" USING btree ("attempt_id") WHERE "exams_answers"."needs_grading" AND "exams_answers"."graded_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "exams_attempts_seq_uq" ON "exams_attempts" USING btree ("registration_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_attempts_one_open_uq" ON "exams_attempts" USING btree ("registration_id") WHERE "exams_attempts"."state" = 'in_progress';--> statement-breakpoint
CREATE INDEX "exams_attempts_open_deadline_idx" ON "exams_attempts" USING btree ("deadline") WHERE "exams_attempts"."state" = 'in_progress';--> statement-breakpoint
CREATE INDEX "exams_attempts_user_idx" ON "exams_attempts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_certificates_number_uq" ON "exams_certificates" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_certificates_attempt_uq" ON "exams_certificates" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "exams_certificates_user_idx" ON "exams_certificates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exams_questions_type_idx" ON "exams_questions" USING btree ("type_id","kind","knowledge_point");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_registrations_one_uq" ON "exams_registrations" USING btree ("session_id","user_id");--> statement-breakpoint
CREATE INDEX "exams_registrations_user_idx" ON "exams_registrations" USING btree ("user_id");