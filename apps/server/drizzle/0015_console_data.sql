CREATE TABLE "learning_day_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"learners" integer DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_month_learners" (
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "learning_month_learners_month_user_id_pk" PRIMARY KEY("month","user_id")
);
--> statement-breakpoint
CREATE TABLE "learning_month_totals" (
	"month" date PRIMARY KEY NOT NULL,
	"learners" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members_daily_sales" (
	"day" date PRIMARY KEY NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"member_conversions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learning_month_learners" ADD CONSTRAINT "learning_month_learners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "members_invoices_requested_idx" ON "members_invoices" USING btree ("requested_at","id");--> statement-breakpoint
CREATE INDEX "members_orders_paid_idx" ON "members_orders" USING btree ("paid_at","id") WHERE "members_orders"."paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "exams_attempts_submitted_idx" ON "exams_attempts" USING btree ("submitted_at","id") WHERE "exams_attempts"."submitted_at" IS NOT NULL;--> statement-breakpoint
-- hand-written
-- Staff dashboard pre-aggregates. Statement-level triggers with transition tables: one aggregate per statement
-- (the learning-time buffer flushes many learners in one INSERT ... ON CONFLICT), rows touched in day order.
-- Days are China time (UTC+8, no daylight saving), computed without the server's time-zone data.
INSERT INTO "learning_day_totals" ("day", "learners", "seconds")
  SELECT "day", count(*), sum("seconds") FROM "learning_daily_seconds" GROUP BY "day";
--> statement-breakpoint
INSERT INTO "learning_month_learners" ("month", "user_id")
  SELECT DISTINCT "day" - (extract(day FROM "day")::int - 1), "user_id" FROM "learning_daily_seconds";
--> statement-breakpoint
INSERT INTO "learning_month_totals" ("month", "learners")
  SELECT "month", count(*) FROM "learning_month_learners" GROUP BY "month";
--> statement-breakpoint
CREATE FUNCTION learning_daily_seconds_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO learning_day_totals (day, learners, seconds)
    SELECT day, count(*), sum(seconds) FROM new_rows GROUP BY day ORDER BY day
  ON CONFLICT (day) DO UPDATE SET learners = learning_day_totals.learners + EXCLUDED.learners,
                                  seconds = learning_day_totals.seconds + EXCLUDED.seconds;
  INSERT INTO learning_month_learners (month, user_id)
    SELECT DISTINCT day - (extract(day FROM day)::int - 1), user_id FROM new_rows ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION learning_daily_seconds_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO learning_day_totals (day, learners, seconds)
    SELECT n.day, 0, sum(n.seconds - o.seconds)
      FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id AND o.day = n.day
     GROUP BY n.day ORDER BY n.day
  ON CONFLICT (day) DO UPDATE SET seconds = learning_day_totals.seconds + EXCLUDED.seconds;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION learning_daily_seconds_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE learning_day_totals t SET learners = t.learners - d.n, seconds = t.seconds - d.s
    FROM (SELECT day, count(*) AS n, sum(seconds) AS s FROM old_rows GROUP BY day) d
   WHERE t.day = d.day;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER learning_daily_seconds_added AFTER INSERT ON "learning_daily_seconds"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learning_daily_seconds_added();
--> statement-breakpoint
CREATE TRIGGER learning_daily_seconds_changed AFTER UPDATE ON "learning_daily_seconds"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learning_daily_seconds_changed();
--> statement-breakpoint
CREATE TRIGGER learning_daily_seconds_removed AFTER DELETE ON "learning_daily_seconds"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION learning_daily_seconds_removed();
--> statement-breakpoint
CREATE FUNCTION learning_month_learners_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO learning_month_totals (month, learners)
    SELECT month, count(*) FROM new_rows GROUP BY month ORDER BY month
  ON CONFLICT (month) DO UPDATE SET learners = learning_month_totals.learners + EXCLUDED.learners;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION learning_month_learners_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE learning_month_totals t SET learners = t.learners - d.n
    FROM (SELECT month, count(*) AS n FROM old_rows GROUP BY month) d
   WHERE t.month = d.month;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER learning_month_learners_added AFTER INSERT ON "learning_month_learners"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learning_month_learners_added();
--> statement-breakpoint
CREATE TRIGGER learning_month_learners_removed AFTER DELETE ON "learning_month_learners"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION learning_month_learners_removed();
--> statement-breakpoint
-- Paid orders by China-time day of payment. A membership conversion is a paid membership order with no earlier paid
-- membership order of the same buyer (renewals are not conversions).
INSERT INTO "members_daily_sales" ("day", "paid_orders", "revenue", "member_conversions")
  SELECT ("paid_at" AT TIME ZONE 'UTC' + interval '8 hours')::date, count(*), sum("amount"),
         count(*) FILTER (WHERE "product_type" = 'member' AND NOT EXISTS (
           SELECT 1 FROM "members_orders" e WHERE e."user_id" = o."user_id" AND e."product_type" = 'member'
              AND e."paid_at" IS NOT NULL AND (e."paid_at", e."id") < (o."paid_at", o."id")))
    FROM "members_orders" o WHERE "paid_at" IS NOT NULL GROUP BY 1;
--> statement-breakpoint
CREATE FUNCTION members_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO members_daily_sales (day, paid_orders, revenue, member_conversions)
    SELECT (n.paid_at AT TIME ZONE 'UTC' + interval '8 hours')::date, count(*), sum(n.amount),
           count(*) FILTER (WHERE n.product_type = 'member' AND NOT EXISTS (
             SELECT 1 FROM members_orders e WHERE e.user_id = n.user_id AND e.product_type = 'member'
                AND e.paid_at IS NOT NULL AND (e.paid_at, e.id) < (n.paid_at, n.id)))
      FROM new_rows n WHERE n.paid_at IS NOT NULL
     GROUP BY 1 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET paid_orders = members_daily_sales.paid_orders + EXCLUDED.paid_orders,
                                  revenue = members_daily_sales.revenue + EXCLUDED.revenue,
                                  member_conversions = members_daily_sales.member_conversions + EXCLUDED.member_conversions;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION members_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO members_daily_sales (day, paid_orders, revenue, member_conversions)
    SELECT (n.paid_at AT TIME ZONE 'UTC' + interval '8 hours')::date, count(*), sum(n.amount),
           count(*) FILTER (WHERE n.product_type = 'member' AND NOT EXISTS (
             SELECT 1 FROM members_orders e WHERE e.user_id = n.user_id AND e.product_type = 'member'
                AND e.paid_at IS NOT NULL AND (e.paid_at, e.id) < (n.paid_at, n.id)))
      FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.paid_at IS NULL AND n.paid_at IS NOT NULL
     GROUP BY 1 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET paid_orders = members_daily_sales.paid_orders + EXCLUDED.paid_orders,
                                  revenue = members_daily_sales.revenue + EXCLUDED.revenue,
                                  member_conversions = members_daily_sales.member_conversions + EXCLUDED.member_conversions;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION members_orders_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE members_daily_sales t
     SET paid_orders = t.paid_orders - d.n, revenue = t.revenue - d.s, member_conversions = t.member_conversions - d.c
    FROM (SELECT (o.paid_at AT TIME ZONE 'UTC' + interval '8 hours')::date AS day, count(*) AS n, sum(o.amount) AS s,
                 count(*) FILTER (WHERE o.product_type = 'member' AND NOT EXISTS (
                   SELECT 1 FROM old_rows e WHERE e.user_id = o.user_id AND e.product_type = 'member'
                      AND e.paid_at IS NOT NULL AND (e.paid_at, e.id) < (o.paid_at, o.id))
                   AND NOT EXISTS (
                   SELECT 1 FROM members_orders e WHERE e.user_id = o.user_id AND e.product_type = 'member'
                      AND e.paid_at IS NOT NULL AND (e.paid_at, e.id) < (o.paid_at, o.id))) AS c
            FROM old_rows o WHERE o.paid_at IS NOT NULL GROUP BY 1) d
   WHERE t.day = d.day;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER members_orders_inserted AFTER INSERT ON "members_orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION members_orders_inserted();
--> statement-breakpoint
CREATE TRIGGER members_orders_updated AFTER UPDATE ON "members_orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION members_orders_updated();
--> statement-breakpoint
CREATE TRIGGER members_orders_deleted AFTER DELETE ON "members_orders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION members_orders_deleted();
