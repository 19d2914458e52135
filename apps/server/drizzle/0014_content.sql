CREATE TABLE "content_article_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"action" text NOT NULL,
	"publish_at" timestamp with time zone,
	"user_id" integer,
	"user_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_article_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"saved_by" integer,
	"saved_by_name" text NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_article_versions_uq" UNIQUE("article_id","version")
);
--> statement-breakpoint
CREATE TABLE "content_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"cover" text,
	"body" text NOT NULL,
	"body_text" text NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"region" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"industry" text,
	"company_size" text,
	"access" text DEFAULT 'public' NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_articles_kind_title_uq" UNIQUE("kind","title")
);
--> statement-breakpoint
CREATE TABLE "content_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"image" text,
	"link" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_banners_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "content_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_images_file_name_unique" UNIQUE("file_name")
);
--> statement-breakpoint
CREATE TABLE "content_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation" text NOT NULL,
	"contact" text NOT NULL,
	"phone" text NOT NULL,
	"cooperation_type" text NOT NULL,
	"need" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text
);
--> statement-breakpoint
CREATE TABLE "content_learning_bases" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"introduction" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"contact" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_service_guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"steps" jsonb NOT NULL,
	"materials" jsonb NOT NULL,
	"faq" jsonb NOT NULL,
	"link" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_service_guides_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "content_topics" (
	"type" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"banner" text,
	"intro" text NOT NULL,
	"tag" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_article_events" ADD CONSTRAINT "content_article_events_article_id_content_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."content_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_article_versions" ADD CONSTRAINT "content_article_versions_article_id_content_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."content_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_article_events_article_idx" ON "content_article_events" USING btree ("article_id","at");--> statement-breakpoint
CREATE INDEX "content_articles_list_idx" ON "content_articles" USING btree ("kind","state","publish_at");--> statement-breakpoint
CREATE INDEX "content_articles_title_trgm_idx" ON "content_articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "content_articles_text_trgm_idx" ON "content_articles" USING gin (("summary" || ' ' || "body_text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "content_leads_ip_idx" ON "content_leads" USING btree ("ip","created_at");