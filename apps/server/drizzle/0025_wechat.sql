CREATE TABLE "wechat_bindings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"nickname" text,
	"avatar_url" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_credentials" (
	"app_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text,
	"expires_at" timestamp with time zone,
	"refreshed_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	CONSTRAINT "wechat_credentials_app_id_kind_pk" PRIMARY KEY("app_id","kind")
);
--> statement-breakpoint
CREATE TABLE "wechat_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"redirect" text NOT NULL,
	"user_id" integer,
	"session_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wechat_payer_openids" (
	"user_id" integer NOT NULL,
	"app_id" text NOT NULL,
	"openid" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wechat_payer_openids_user_id_app_id_pk" PRIMARY KEY("user_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "wechat_sign_in_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wechat_bindings" ADD CONSTRAINT "wechat_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_oauth_states" ADD CONSTRAINT "wechat_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_payer_openids" ADD CONSTRAINT "wechat_payer_openids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_sign_in_tickets" ADD CONSTRAINT "wechat_sign_in_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_bindings_app_openid_key" ON "wechat_bindings" USING btree ("app_id","openid");