-- The talent query matched a position and a region by trigram indexes on the comma-joined text: '%总账会计%' found
-- every portrait naming the position (19,463 of 200,000), and each was read to test the region and the star level.
-- match_keys holds the exact keys ('p:' position, 'r:' province or 'province:city', 's:' each star level reached),
-- so position, region and star level are one containment test on one GIN index, and only the portraits that have
-- all three are read. star_level is kept by the triggers of 0020; the generated column follows it.
DROP INDEX "talent_apply_jobs_citys_trgm_idx";--> statement-breakpoint
DROP INDEX "talent_apply_jobs_positions_trgm_idx";--> statement-breakpoint
ALTER TABLE "talent_apply_jobs" ADD COLUMN "match_keys" text[] GENERATED ALWAYS AS (string_to_array('p:' || replace(positions, ',', ',p:') || ',r:' || replace(citys, ',', ',r:') || ',r:' || replace(regexp_replace(citys, ':[^,]*', '', 'g'), ',', ',r:') || CASE WHEN star_level >= 1 THEN ',s:1' ELSE '' END || CASE WHEN star_level >= 2 THEN ',s:2' ELSE '' END || CASE WHEN star_level >= 3 THEN ',s:3' ELSE '' END || CASE WHEN star_level >= 4 THEN ',s:4' ELSE '' END || CASE WHEN star_level >= 5 THEN ',s:5' ELSE '' END, ',')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "talent_apply_jobs_match_keys_idx" ON "talent_apply_jobs" USING gin ("match_keys");