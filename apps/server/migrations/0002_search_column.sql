ALTER TABLE "produits" ADD COLUMN "recherche" text GENERATED ALWAYS AS (teranga_normalize(designation)) STORED;--> statement-breakpoint
-- Search reads the stored normalised designation: no unaccent() call per candidate row.
DROP INDEX IF EXISTS "produits_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "produits_recherche_trgm_idx" ON "produits" USING gin ("recherche" gin_trgm_ops);
