-- The talent query matched a position and a region by trigram indexes on the comma-joined text: '%总账会计%' found
-- every portrait naming the position (19,463 of 200,000), and each was read to test the region and the star level.
-- match_keys holds the exact keys ('p:' position, 'r:' province or 'province:city'), so position and region are one
-- containment test on one GIN index and only the portraits that have both are read.
DROP INDEX "talent_apply_jobs_citys_trgm_idx";--> statement-breakpoint
DROP INDEX "talent_apply_jobs_positions_trgm_idx";--> statement-breakpoint
ALTER TABLE "talent_apply_jobs" ADD COLUMN "match_keys" text[] GENERATED ALWAYS AS (string_to_array('p:' || replace(positions, ',', ',p:') || ',r:' || replace(citys, ',', ',r:') || ',r:' || replace(regexp_replace(citys, ':[^,]*', '', 'g'), ',', ',r:'), ',')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "talent_apply_jobs_match_keys_idx" ON "talent_apply_jobs" USING gin ("match_keys");