CREATE TABLE "training_assignees" (
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"employment_id" integer NOT NULL,
	"reminded_7_at" timestamp with time zone,
	"reminded_1_at" timestamp with time zone,
	CONSTRAINT "training_assignees_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "training_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"plan_id" integer,
	"everyone" boolean NOT NULL,
	"deadline" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "training_employments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "training_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"course_ids" integer[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"seed_key" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "training_plans_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "training_seat_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"seat_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"action" text NOT NULL,
	"employment_id" integer,
	"actor_id" integer,
	"reason" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_seat_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"min_quantity" integer NOT NULL,
	"price" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "training_seat_tiers_min_quantity_unique" UNIQUE("min_quantity"),
	CONSTRAINT "training_seat_tiers_ck" CHECK ("training_seat_tiers"."min_quantity" > 0 AND "training_seat_tiers"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "training_seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"holder_employment_id" integer,
	"holder_user_id" integer,
	"assigned_at" timestamp with time zone,
	CONSTRAINT "training_seats_holder_ck" CHECK (("training_seats"."holder_user_id" IS NULL) = ("training_seats"."holder_employment_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "own_member_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "seat_end_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "own_member_end_at" = "member_end_at" WHERE "member_end_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" drop column "member_end_at";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "member_end_at" timestamp with time zone GENERATED ALWAYS AS (GREATEST(own_member_end_at, seat_end_at)) STORED;--> statement-breakpoint
ALTER TABLE "members_orders" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "training_assignees" ADD CONSTRAINT "training_assignees_assignment_id_training_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."training_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_assignees" ADD CONSTRAINT "training_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_assignees" ADD CONSTRAINT "training_assignees_employment_id_training_employments_id_fk" FOREIGN KEY ("employment_id") REFERENCES "public"."training_employments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_assignments" ADD CONSTRAINT "training_assignments_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_assignments" ADD CONSTRAINT "training_assignments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_assignments" ADD CONSTRAINT "training_assignments_plan_id_training_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."training_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_employments" ADD CONSTRAINT "training_employments_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_employments" ADD CONSTRAINT "training_employments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_seat_events" ADD CONSTRAINT "training_seat_events_seat_id_training_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."training_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_seat_events" ADD CONSTRAINT "training_seat_events_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_seat_events" ADD CONSTRAINT "training_seat_events_employment_id_training_employments_id_fk" FOREIGN KEY ("employment_id") REFERENCES "public"."training_employments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_seat_events" ADD CONSTRAINT "training_seat_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_seats" ADD CONSTRAINT "training_seats_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_seats" ADD CONSTRAINT "training_seats_order_id_members_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."members_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_seats" ADD CONSTRAINT "training_seats_holder_employment_id_training_employments_id_fk" FOREIGN KEY ("holder_employment_id") REFERENCES "public"."training_employments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_seats" ADD CONSTRAINT "training_seats_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_assignees_user_idx" ON "training_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "training_assignees_employment_idx" ON "training_assignees" USING btree ("employment_id");--> statement-breakpoint
CREATE INDEX "training_assignments_company_idx" ON "training_assignments" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_employments_one_active_uq" ON "training_employments" USING btree ("user_id") WHERE "training_employments"."state" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "training_employments_one_invite_uq" ON "training_employments" USING btree ("company_id","user_id") WHERE "training_employments"."state" = 'invited';--> statement-breakpoint
CREATE INDEX "training_employments_company_idx" ON "training_employments" USING btree ("company_id","state","id");--> statement-breakpoint
CREATE INDEX "training_employments_user_idx" ON "training_employments" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "training_seat_events_company_idx" ON "training_seat_events" USING btree ("company_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "training_seats_holder_uq" ON "training_seats" USING btree ("holder_user_id") WHERE "training_seats"."holder_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "training_seats_company_idx" ON "training_seats" USING btree ("company_id","id");