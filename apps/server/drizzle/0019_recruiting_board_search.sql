ALTER TABLE "recruiting_posts" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written
-- The board's keyword matches a post's title or its company's name. One column holding both, kept by triggers
-- (so seeds, imports and every write path keep it), lets one trigram index answer the keyword together with the
-- city, instead of uniting two index searches and fetching every match by primary key.
CREATE FUNCTION recruiting_posts_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := NEW.title || ' ' || coalesce((SELECT name FROM recruiting_companies WHERE user_id = NEW.company_id), '');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER recruiting_posts_search_text BEFORE INSERT OR UPDATE OF title, company_id ON recruiting_posts
  FOR EACH ROW EXECUTE FUNCTION recruiting_posts_search_text();
--> statement-breakpoint
CREATE FUNCTION recruiting_companies_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recruiting_posts SET search_text = title || ' ' || NEW.name WHERE company_id = NEW.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER recruiting_companies_renamed AFTER UPDATE OF name ON recruiting_companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION recruiting_companies_renamed();
--> statement-breakpoint
UPDATE recruiting_posts p SET search_text = p.title || ' ' || c.name FROM recruiting_companies c WHERE c.user_id = p.company_id;
--> statement-breakpoint
CREATE INDEX "recruiting_posts_board_search_idx" ON "recruiting_posts" USING gin ("search_text" gin_trgm_ops,"citys" gin_trgm_ops) WHERE "recruiting_posts"."status" = 'online';
