-- Catalogue search (GET /restpp/catalogue/search): Spanish full-text search and trigram similarity,
-- accent- and case-insensitive. Both extensions are trusted (PostgreSQL 13+): the database owner
-- may create them without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (it finds its dictionary through search_path); naming the dictionary
-- makes the fold IMMUTABLE, so it can back an index when the catalogue grows.
CREATE OR REPLACE FUNCTION search_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, input)) $$;
