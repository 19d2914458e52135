-- hand-written (drizzle's index builder has no INCLUDE)
-- The talent query counted and ordered every match to show one page: 2,738 portraits (2,340 heap pages, 11 ms) for a
-- position, a province and a star level among 200,000. Its page is now an index-only walk of the order index, which
-- carries each portrait's match_keys, testing the keys as it goes (10 rows: 0.1-0.5 ms); the count is made apart
-- from the page (recruiting.service.ts).
CREATE INDEX "talent_apply_jobs_query_cover_idx" ON "talent_apply_jobs" USING btree ("star_level" DESC NULLS LAST,"updated_at" DESC NULLS LAST,"user_id") INCLUDE ("match_keys") WHERE "talent_apply_jobs"."show_personal_info" AND "talent_apply_jobs"."listed";--> statement-breakpoint
DROP INDEX "talent_apply_jobs_query_order_idx";
