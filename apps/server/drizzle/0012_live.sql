CREATE TABLE "live_attendance" (
	"class_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"last_report_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_attendance_class_id_user_id_pk" PRIMARY KEY("class_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"quota_year_start" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"staff" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"teacher" text NOT NULL,
	"teacher_title" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"access" text NOT NULL,
	"stream_url" text DEFAULT '' NOT NULL,
	"recording" text,
	"replay_course_id" integer,
	"cover_hue" smallint DEFAULT 200 NOT NULL,
	"reminded_day" boolean DEFAULT false NOT NULL,
	"reminded_soon" boolean DEFAULT false NOT NULL,
	"pinned_message_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_attendance" ADD CONSTRAINT "live_attendance_class_id_live_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."live_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD CONSTRAINT "live_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bookings" ADD CONSTRAINT "live_bookings_class_id_live_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."live_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bookings" ADD CONSTRAINT "live_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_class_id_live_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."live_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_bookings_class_user_uq" ON "live_bookings" USING btree ("class_id","user_id");--> statement-breakpoint
CREATE INDEX "live_bookings_user_idx" ON "live_bookings" USING btree ("user_id","quota_year_start");--> statement-breakpoint
CREATE INDEX "live_chat_class_id_idx" ON "live_chat_messages" USING btree ("class_id","id");--> statement-breakpoint
CREATE INDEX "live_chat_user_time_idx" ON "live_chat_messages" USING btree ("class_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "live_classes_starts_idx" ON "live_classes" USING btree ("starts_at");