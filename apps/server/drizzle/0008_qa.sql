CREATE TABLE "content_experts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"organisation" text NOT NULL,
	"photo" text,
	"fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"introduction" text NOT NULL,
	"works" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_experts_name_org_uq" UNIQUE("name","organisation")
);
--> statement-breakpoint
CREATE TABLE "qa_consultations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"topic" text NOT NULL,
	"description" text NOT NULL,
	"preferred_time" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"expert_user_id" integer,
	"scheduled_at" timestamp with time zone,
	"channel" text,
	"channel_note" text DEFAULT '' NOT NULL,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_daily_summaries" (
	"day" date PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_experts" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"categories" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"content" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer
);
--> statement-breakpoint
CREATE TABLE "qa_holidays" (
	"date" date PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" boolean NOT NULL,
	"is_member" boolean NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"due_soon_at" timestamp with time zone NOT NULL,
	"claimed_by" integer,
	"claim_expires_at" timestamp with time zone,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"answer_html" text,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"useful_count" integer DEFAULT 0 NOT NULL,
	"rating" smallint,
	"closed_at" timestamp with time zone,
	"due_soon_notified_at" timestamp with time zone,
	"overdue_notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_votes" (
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "qa_votes_question_id_user_id_pk" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "qa_consultations" ADD CONSTRAINT "qa_consultations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_consultations" ADD CONSTRAINT "qa_consultations_expert_user_id_users_id_fk" FOREIGN KEY ("expert_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_experts" ADD CONSTRAINT "qa_experts_profile_id_content_experts_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."content_experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_experts" ADD CONSTRAINT "qa_experts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_follow_ups" ADD CONSTRAINT "qa_follow_ups_question_id_qa_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qa_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_follow_ups" ADD CONSTRAINT "qa_follow_ups_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_images" ADD CONSTRAINT "qa_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_images" ADD CONSTRAINT "qa_images_question_id_qa_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qa_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_votes" ADD CONSTRAINT "qa_votes_question_id_qa_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qa_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_votes" ADD CONSTRAINT "qa_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qa_consultations_user_idx" ON "qa_consultations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "qa_consultations_expert_idx" ON "qa_consultations" USING btree ("expert_user_id","scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qa_experts_user_key" ON "qa_experts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "qa_follow_ups_question_idx" ON "qa_follow_ups" USING btree ("question_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "qa_images_file_key" ON "qa_images" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "qa_images_user_idx" ON "qa_images" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "qa_questions_user_idx" ON "qa_questions" USING btree ("user_id","asked_at");--> statement-breakpoint
CREATE INDEX "qa_questions_status_due_idx" ON "qa_questions" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "qa_questions_public_idx" ON "qa_questions" USING btree ("category","answered_at");--> statement-breakpoint
CREATE INDEX "qa_questions_title_trgm_idx" ON "qa_questions" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "qa_questions_body_trgm_idx" ON "qa_questions" USING gin ("body" gin_trgm_ops);