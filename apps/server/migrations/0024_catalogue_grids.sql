-- The shop's grids (issue 19 §2): an index for each sort a page of the whole catalogue asks for
-- (price, newest), the products on sale, and the units each product sold over the last 30
-- days (best sellers), kept by the catalogue from the order lines and refreshed every few
-- minutes (ADR 035), so that no grid reads the order lines when a shopper asks for it.
CREATE INDEX IF NOT EXISTS "produits_prix_idx" ON "produits" ("prix", "id") WHERE "actif";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "produits_prix_promo_idx" ON "produits" ("prix_promo", "id") WHERE "actif" AND "prix_promo" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "produits_nouveautes_idx" ON "produits" ("created_at" DESC, "id" DESC) WHERE "actif";
--> statement-breakpoint
-- The same sorts within a sub-category (its page): a sub-category's prices are close together,
-- so the whole catalogue's index would be read far past the page to find its rows.
CREATE INDEX IF NOT EXISTS "produits_souscategorie_prix_idx" ON "produits" ("souscategorie_id", "prix", "id") WHERE "actif";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "produits_souscategorie_nouveautes_idx" ON "produits" ("souscategorie_id", "created_at" DESC, "id" DESC) WHERE "actif";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ventes_recentes" (
  "produit_id" integer PRIMARY KEY REFERENCES "produits"("id") ON DELETE CASCADE,
  "quantite" integer NOT NULL,
  CONSTRAINT "ventes_recentes_quantite_positive" CHECK ("quantite" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ventes_recentes_quantite_idx" ON "ventes_recentes" ("quantite" DESC, "produit_id");
