-- The grids' totals without counting the catalogue (issue 19 budgets, ADR 039): how many
-- visible products each (sub-category, in stock, regular price) holds, kept by the database
-- itself as each write to `produits` commits, so that a page of 100,000 products reads a few
-- hundred counts instead of counting its matches. The triggers only append signed rows (+n
-- for products that enter a key, -n for those that leave it): two orders emptying two products
-- never wait on the same row. The catalogue folds the rows into one per key every few minutes
-- (catalogue.repository.ts, foldCatalogueCounts); a reader sums whichever rows it sees, which
-- is the same total before and after a fold.
CREATE TABLE IF NOT EXISTS "produits_comptes" (
  "souscategorie_id" integer NOT NULL,
  "en_stock" boolean NOT NULL,
  "prix" integer NOT NULL,
  "n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "produits_comptes_cle_idx" ON "produits_comptes" ("souscategorie_id", "en_stock", "prix");
--> statement-breakpoint
-- Inserted and deleted products, a statement at a time (a bulk insert adds one row per key).
CREATE OR REPLACE FUNCTION "produits_comptes_ajouts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "produits_comptes" ("souscategorie_id", "en_stock", "prix", "n")
    SELECT "souscategorie_id", "quantite" > 0, "prix", count(*)::int FROM "nouveaux" WHERE "actif" GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "produits_comptes_retraits"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "produits_comptes" ("souscategorie_id", "en_stock", "prix", "n")
    SELECT "souscategorie_id", "quantite" > 0, "prix", -count(*)::int FROM "anciens" WHERE "actif" GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An updated product, only when its key changes (the trigger's WHEN, checked without calling
-- the function): an order's stock decrement that leaves some stock, a view, a sale price or
-- a name write nothing here.
CREATE OR REPLACE FUNCTION "produits_comptes_changement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."actif" THEN
    INSERT INTO "produits_comptes" ("souscategorie_id", "en_stock", "prix", "n") VALUES (OLD."souscategorie_id", OLD."quantite" > 0, OLD."prix", -1);
  END IF;
  IF NEW."actif" THEN
    INSERT INTO "produits_comptes" ("souscategorie_id", "en_stock", "prix", "n") VALUES (NEW."souscategorie_id", NEW."quantite" > 0, NEW."prix", 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "produits_comptes_vidage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "produits_comptes";
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "produits_comptes_ajouts" ON "produits";
--> statement-breakpoint
CREATE TRIGGER "produits_comptes_ajouts" AFTER INSERT ON "produits" REFERENCING NEW TABLE AS "nouveaux"
  FOR EACH STATEMENT EXECUTE FUNCTION "produits_comptes_ajouts"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "produits_comptes_retraits" ON "produits";
--> statement-breakpoint
CREATE TRIGGER "produits_comptes_retraits" AFTER DELETE ON "produits" REFERENCING OLD TABLE AS "anciens"
  FOR EACH STATEMENT EXECUTE FUNCTION "produits_comptes_retraits"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "produits_comptes_changement" ON "produits";
--> statement-breakpoint
CREATE TRIGGER "produits_comptes_changement" AFTER UPDATE OF "actif", "souscategorie_id", "prix", "quantite" ON "produits"
  FOR EACH ROW
  WHEN ((OLD."actif", OLD."souscategorie_id", OLD."prix", OLD."quantite" > 0) IS DISTINCT FROM (NEW."actif", NEW."souscategorie_id", NEW."prix", NEW."quantite" > 0))
  EXECUTE FUNCTION "produits_comptes_changement"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "produits_comptes_vidage" ON "produits";
--> statement-breakpoint
CREATE TRIGGER "produits_comptes_vidage" AFTER TRUNCATE ON "produits"
  FOR EACH STATEMENT EXECUTE FUNCTION "produits_comptes_vidage"();
--> statement-breakpoint
-- The catalogue as it stands: the triggers above hold the table's writers back until this
-- migration commits, so no write falls between the count and the triggers.
DELETE FROM "produits_comptes";
--> statement-breakpoint
INSERT INTO "produits_comptes" ("souscategorie_id", "en_stock", "prix", "n")
  SELECT "souscategorie_id", "quantite" > 0, "prix", count(*)::int FROM "produits" WHERE "actif" GROUP BY 1, 2, 3;
