CREATE TABLE "magazine_files" (
	"issue_id" integer NOT NULL,
	"kind" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "magazine_files_issue_id_kind_pk" PRIMARY KEY("issue_id","kind")
);
--> statement-breakpoint
CREATE TABLE "magazine_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"issue_no" smallint NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"toc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page_count" integer NOT NULL,
	"sample_pages" integer NOT NULL,
	"file_bytes" integer NOT NULL,
	"cover_hue" smallint DEFAULT 210 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magazine_progress" (
	"user_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"page" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "magazine_progress_user_id_issue_id_pk" PRIMARY KEY("user_id","issue_id")
);
--> statement-breakpoint
ALTER TABLE "magazine_files" ADD CONSTRAINT "magazine_files_issue_id_magazine_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."magazine_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_progress" ADD CONSTRAINT "magazine_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_progress" ADD CONSTRAINT "magazine_progress_issue_id_magazine_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."magazine_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "magazine_issues_year_month_uq" ON "magazine_issues" USING btree ("year","month");--> statement-breakpoint
CREATE INDEX "magazine_issues_published_idx" ON "magazine_issues" USING btree ("published_at");