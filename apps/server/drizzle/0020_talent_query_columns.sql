ALTER TABLE "talent_apply_jobs" ADD COLUMN "star_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "talent_apply_jobs" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written
-- The talent query filters and orders public portraits by their owner's star level and shows only personal accounts
-- that are not disabled. Joining users and users_personal_achieve for every match cost two primary-key probes per
-- matching portrait (5,471 matches: 11,000 probes); the two copies below, kept by triggers on every write path
-- (seeds, imports, the learning area's star updates, staff disabling an account), let one table answer it.
CREATE FUNCTION talent_apply_jobs_query_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.star_level := coalesce((SELECT star_id FROM users_personal_achieve WHERE user_id = NEW.user_id), 0);
  NEW.listed := EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND role = 'personal' AND NOT disabled);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER talent_apply_jobs_query_columns BEFORE INSERT OR UPDATE OF user_id ON talent_apply_jobs
  FOR EACH ROW EXECUTE FUNCTION talent_apply_jobs_query_columns();
--> statement-breakpoint
CREATE FUNCTION talent_apply_jobs_star_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE talent_apply_jobs SET star_level = 0 WHERE user_id = OLD.user_id AND star_level <> 0;
  ELSE
    UPDATE talent_apply_jobs SET star_level = NEW.star_id WHERE user_id = NEW.user_id AND star_level <> NEW.star_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER talent_apply_jobs_star_level AFTER INSERT OR DELETE OR UPDATE OF star_id ON users_personal_achieve
  FOR EACH ROW EXECUTE FUNCTION talent_apply_jobs_star_level();
--> statement-breakpoint
CREATE FUNCTION talent_apply_jobs_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE talent_apply_jobs SET listed = (NEW.role = 'personal' AND NOT NEW.disabled) WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER talent_apply_jobs_listed AFTER UPDATE OF role, disabled ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.disabled IS DISTINCT FROM NEW.disabled)
  EXECUTE FUNCTION talent_apply_jobs_listed();
--> statement-breakpoint
UPDATE talent_apply_jobs j
   SET star_level = coalesce((SELECT pa.star_id FROM users_personal_achieve pa WHERE pa.user_id = j.user_id), 0),
       listed = EXISTS (SELECT 1 FROM users u WHERE u.id = j.user_id AND u.role = 'personal' AND NOT u.disabled);
--> statement-breakpoint
CREATE INDEX "talent_apply_jobs_query_order_idx" ON "talent_apply_jobs" USING btree ("star_level" DESC NULLS LAST,"updated_at" DESC NULLS LAST,"user_id") WHERE "talent_apply_jobs"."show_personal_info" AND "talent_apply_jobs"."listed";
