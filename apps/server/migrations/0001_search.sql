-- Search is case- and accent-insensitive, partial and typo-tolerant (DESIGN §4): trigram
-- indexes over the lower-cased, unaccented designation. unaccent() is only STABLE, so an
-- IMMUTABLE wrapper with an explicit dictionary makes it usable in an index expression.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION teranga_normalize(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS produits_search_trgm_idx ON produits USING gin (teranga_normalize(designation) gin_trgm_ops);
