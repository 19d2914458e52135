CREATE TABLE "learning_period_seconds" (
	"period_kind" text NOT NULL,
	"period_key" text NOT NULL,
	"user_id" integer NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learning_period_seconds_period_kind_period_key_user_id_pk" PRIMARY KEY("period_kind","period_key","user_id")
);
--> statement-breakpoint
ALTER TABLE "learning_period_seconds" ADD CONSTRAINT "learning_period_seconds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_period_seconds_rank_idx" ON "learning_period_seconds" USING btree ("period_kind","period_key","seconds" DESC NULLS LAST,"user_id");--> statement-breakpoint
-- hand-written
-- Backfill: the per-period totals of the days already recorded (same keys as the learning-time flush).
INSERT INTO "learning_period_seconds" ("period_kind", "period_key", "user_id", "seconds")
SELECT p.kind, p.key, d.user_id, sum(d.seconds)::int
  FROM "learning_daily_seconds" d
  CROSS JOIN LATERAL (VALUES ('week', to_char((d.day - (extract(isodow FROM d.day)::int - 1))::timestamp, 'YYYY-MM-DD')),
                             ('month', to_char(d.day::timestamp, 'YYYY-MM')), ('all', 'all')) AS p(kind, key)
 GROUP BY p.kind, p.key, d.user_id;
