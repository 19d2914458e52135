-- Trigram search (Chinese substring matching) for every later GIN index; available in PGlite and PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
