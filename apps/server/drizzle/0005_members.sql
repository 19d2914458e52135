CREATE TABLE "members_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"title_type" text NOT NULL,
	"title" text NOT NULL,
	"tax_no" text,
	"email" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text NOT NULL,
	"reject_reason" text,
	"pdf_file" text,
	"handled_by" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	CONSTRAINT "members_invoices_amount_ck" CHECK ("members_invoices"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "members_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"product_type" text NOT NULL,
	"product_id" integer NOT NULL,
	"subject" text NOT NULL,
	"amount" integer NOT NULL,
	"list_price" integer NOT NULL,
	"period_days" integer,
	"state" text NOT NULL,
	"channel" text,
	"channel_trade_no" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"member_end_at" timestamp with time zone,
	CONSTRAINT "members_orders_amount_ck" CHECK ("members_orders"."amount" > 0 AND "members_orders"."list_price" >= "members_orders"."amount")
);
--> statement-breakpoint
CREATE TABLE "members_payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"order_no" text,
	"content_type" text,
	"raw_body" text NOT NULL,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"period_days" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "members_plans_slug_unique" UNIQUE("slug"),
	CONSTRAINT "members_plans_ck" CHECK ("members_plans"."price" > 0 AND "members_plans"."period_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "members_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members_invoices" ADD CONSTRAINT "members_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members_invoices" ADD CONSTRAINT "members_invoices_order_id_members_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."members_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members_invoices" ADD CONSTRAINT "members_invoices_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members_orders" ADD CONSTRAINT "members_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_invoices_one_live_uq" ON "members_invoices" USING btree ("order_id") WHERE "members_invoices"."state" <> 'rejected';--> statement-breakpoint
CREATE INDEX "members_invoices_user_idx" ON "members_invoices" USING btree ("user_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "members_invoices_state_idx" ON "members_invoices" USING btree ("state","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_orders_order_no_uq" ON "members_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "members_orders_one_pending_uq" ON "members_orders" USING btree ("user_id","product_type","product_id") WHERE "members_orders"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "members_orders_user_idx" ON "members_orders" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "members_payment_notifications_order_idx" ON "members_payment_notifications" USING btree ("order_no","received_at");