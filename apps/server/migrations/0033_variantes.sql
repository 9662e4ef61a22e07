-- Variants (issue 24 §2, ADR 053 §1-2), release R, additive (ADR 030). A product keeps its row
-- and becomes the summary of its variants (`variantes`), kept by the database in the writing
-- transaction whoever writes: the grid still reads `produits` alone. The previous release,
-- which knows no variant, goes on writing `produits` and `panier_produits` while it serves:
-- compatibility triggers (dropped in R+1) carry its writes to the one variant of a product.
-- Every trigger here acts only on a statement of the application itself
-- (`pg_trigger_depth() = 1`): the summary's own writes and the mirrors' do not loop.
ALTER TABLE "produits" ADD COLUMN IF NOT EXISTS "options" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "produits" ADD CONSTRAINT "produits_options_liste" CHECK (jsonb_typeof("options") = 'array' AND jsonb_array_length("options") <= 3);
--> statement-breakpoint
ALTER TABLE "produits" ADD COLUMN IF NOT EXISTS "nb_variantes" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "produits" ADD COLUMN IF NOT EXISTS "prix_max" integer;
--> statement-breakpoint
ALTER TABLE "produits" ADD COLUMN IF NOT EXISTS "recherche_variantes" text;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "variantes" (
  "id" serial PRIMARY KEY NOT NULL,
  "produit_id" integer NOT NULL REFERENCES "produits"("id") ON DELETE CASCADE,
  "position" integer DEFAULT 0 NOT NULL,
  "valeur1" text,
  "valeur2" text,
  "valeur3" text,
  "code" text NOT NULL,
  "code_barres" text,
  "prix" integer NOT NULL,
  "prix_promo" integer,
  "promo_debut" timestamp with time zone,
  "promo_fin" timestamp with time zone,
  "quantite" integer DEFAULT 0 NOT NULL,
  "seuil" integer DEFAULT 5 NOT NULL,
  "image" text,
  "actif" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "variantes_prix_positive" CHECK ("prix" > 0),
  CONSTRAINT "variantes_prix_promo_positive" CHECK ("prix_promo" IS NULL OR "prix_promo" > 0),
  CONSTRAINT "variantes_quantite_nonnegative" CHECK ("quantite" >= 0),
  CONSTRAINT "variantes_seuil_nonnegative" CHECK ("seuil" >= 0),
  CONSTRAINT "variantes_valeurs_ordre" CHECK (("valeur2" IS NULL OR "valeur1" IS NOT NULL) AND ("valeur3" IS NULL OR "valeur2" IS NOT NULL))
);
--> statement-breakpoint
-- A SKU is never reused, a withdrawn variant's included.
CREATE UNIQUE INDEX IF NOT EXISTS "variantes_code_key" ON "variantes" ("code");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "variantes_code_barres_key" ON "variantes" ("code_barres") WHERE "code_barres" IS NOT NULL;
--> statement-breakpoint
-- One live variant per combination of values (a product without options: one live variant).
CREATE UNIQUE INDEX IF NOT EXISTS "variantes_combinaison_key" ON "variantes" ("produit_id", "valeur1", "valeur2", "valeur3") NULLS NOT DISTINCT WHERE "actif";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "variantes_produit_idx" ON "variantes" ("produit_id", "position", "id");
--> statement-breakpoint
-- The cart's lines by variant (owner: cart). `panier_produits` stays while the previous release
-- serves (its upsert names its key) and is mirrored both ways below; R+1 drops it.
CREATE TABLE IF NOT EXISTS "panier_lignes" (
  "id" serial PRIMARY KEY NOT NULL,
  "panier_id" integer NOT NULL REFERENCES "paniers"("id") ON DELETE CASCADE,
  "produit_id" integer NOT NULL REFERENCES "produits"("id") ON DELETE CASCADE,
  "variante_id" integer NOT NULL REFERENCES "variantes"("id") ON DELETE CASCADE,
  "quantite" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "panier_lignes_quantite_positive" CHECK ("quantite" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "panier_lignes_cle" ON "panier_lignes" ("panier_id", "variante_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "panier_lignes_panier_idx" ON "panier_lignes" ("panier_id");
--> statement-breakpoint
-- The lines name their variant; nullable in R (the previous release inserts without it, a
-- trigger below fills it), not null in R+1. No new index on these large tables (ADR 030).
ALTER TABLE "detail_commandes" ADD COLUMN IF NOT EXISTS "variante_id" integer REFERENCES "variantes"("id") ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE "remboursement_lignes" ADD COLUMN IF NOT EXISTS "variante_id" integer REFERENCES "variantes"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "mouvements_stock" ADD COLUMN IF NOT EXISTS "variante_id" integer REFERENCES "variantes"("id") ON DELETE CASCADE;
--> statement-breakpoint
-- What search matches (ADR 053 §5): for each live variant, the product's name, its values and its code.
CREATE OR REPLACE FUNCTION "variantes_recherche"("p_id" integer, "p_designation" text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT teranga_normalize(string_agg(concat_ws(' ', "p_designation", v."valeur1", v."valeur2", v."valeur3", v."code"), ' | ' ORDER BY v."position", v."id"))
  FROM "variantes" v WHERE v."produit_id" = "p_id" AND v."actif"
$$;
--> statement-breakpoint
-- Each product's summary from its live variants: stock summed, their count, lowest and highest
-- regular price, the code of a lone variant, the search text, and the sale of one variant (a
-- lone variant's as it is; else among the sales below their price not ended, a running one
-- with the lowest sale price, else the one starting first), so that `priceNow` on the product
-- is the lowest price a shopper pays now among them. The products are locked in id order
-- first, then summed in a new statement: a change committed meanwhile is seen, not lost.
-- Idempotent: the sale boundary timer of every instance may call it. Called outside a trigger
-- (the timer), its write to `produits` is its own all the same: the compatibility trigger
-- below lets it through (`teranga.resume`, for this statement only).
CREATE OR REPLACE FUNCTION "produits_resumer"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "produits" WHERE "id" = ANY("ids") ORDER BY "id" FOR UPDATE;
  PERFORM set_config('teranga.resume', 'on', true);
  UPDATE "produits" p SET
    "quantite" = s."quantite",
    "nb_variantes" = s."n",
    "prix" = coalesce(s."prix", p."prix"),
    "prix_max" = coalesce(s."prix_max", p."prix_max"),
    "code" = CASE WHEN s."n" = 1 THEN s."code" ELSE p."code" END,
    ("prix_promo", "promo_debut", "promo_fin") = (
      SELECT v."prix_promo", v."promo_debut", v."promo_fin" FROM "variantes" v
      WHERE v."produit_id" = p."id" AND v."actif"
        AND (s."n" = 1 OR (v."prix_promo" < v."prix" AND (v."promo_fin" IS NULL OR v."promo_fin" > now())))
      ORDER BY (v."promo_debut" IS NULL OR v."promo_debut" <= now()) DESC,
        CASE WHEN v."promo_debut" IS NULL OR v."promo_debut" <= now() THEN v."prix_promo" END,
        v."promo_debut", v."id"
      LIMIT 1),
    "recherche_variantes" = "variantes_recherche"(p."id", p."designation")
  FROM (
    SELECT i."id", coalesce(sum(v."quantite"), 0)::int AS "quantite", count(v."id")::int AS "n",
      min(v."prix") AS "prix", max(v."prix") AS "prix_max", min(v."code") AS "code"
    FROM unnest("ids") AS i("id") LEFT JOIN "variantes" v ON v."produit_id" = i."id" AND v."actif"
    GROUP BY i."id"
  ) s
  WHERE p."id" = s."id";
  PERFORM set_config('teranga.resume', '', true);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "variantes_ajouts_retraits"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <> 1 THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "produits_resumer"(ARRAY(SELECT DISTINCT "produit_id" FROM "nouveaux"));
  ELSE
    PERFORM "produits_resumer"(ARRAY(SELECT DISTINCT "produit_id" FROM "anciens"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A statement that changed only stock (the ledger's) adds each product's delta to its stock in
-- one update: under READ COMMITTED two orders taking two variants of one product both count.
-- Any other change recomputes the summary.
CREATE OR REPLACE FUNCTION "variantes_changements"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <> 1 THEN RETURN NULL; END IF;
  IF NOT EXISTS (
    SELECT 1 FROM "anciens" a JOIN "nouveaux" n ON n."id" = a."id"
    WHERE (to_jsonb(a) - 'quantite' - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'quantite' - 'updated_at')
  ) AND (SELECT count(*) FROM "anciens") = (SELECT count(*) FROM "nouveaux") THEN
    UPDATE "produits" p SET "quantite" = p."quantite" + d."delta"
    FROM (
      SELECT n."produit_id", sum(n."quantite" - a."quantite")::int AS "delta"
      FROM "anciens" a JOIN "nouveaux" n ON n."id" = a."id" WHERE n."actif" GROUP BY n."produit_id"
    ) d
    WHERE p."id" = d."produit_id" AND d."delta" <> 0;
  ELSE
    PERFORM "produits_resumer"(ARRAY(SELECT "produit_id" FROM "anciens" UNION SELECT "produit_id" FROM "nouveaux"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "produits_recherche_variantes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."recherche_variantes" := "variantes_recherche"(NEW."id", NEW."designation");
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Compatibility with the previous release (dropped in R+1). A write of its to a product's
-- price, sale, code, threshold or stock: copied to the product's one variant (stock as a
-- delta); for a product with several variants, a stock change skips the row (its take then
-- finds too little stock and refuses the order) and the prices, sale and threshold stay.
CREATE OR REPLACE FUNCTION "produits_vers_variante"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "seules" integer;
BEGIN
  IF pg_trigger_depth() <> 1 OR current_setting('teranga.resume', true) = 'on' THEN RETURN NEW; END IF;
  SELECT count(*) INTO "seules" FROM "variantes" WHERE "produit_id" = NEW."id" AND "actif";
  IF "seules" = 0 THEN RETURN NEW; END IF;
  IF "seules" = 1 THEN
    UPDATE "variantes" SET "quantite" = "quantite" + (NEW."quantite" - OLD."quantite"), "prix" = NEW."prix",
        "prix_promo" = NEW."prix_promo", "promo_debut" = NEW."promo_debut", "promo_fin" = NEW."promo_fin",
        "code" = NEW."code", "seuil" = NEW."seuil", "updated_at" = now()
      WHERE "produit_id" = NEW."id" AND "actif"
      RETURNING "quantite" INTO NEW."quantite";
    NEW."prix_max" := NEW."prix";
    NEW."recherche_variantes" := "variantes_recherche"(NEW."id", NEW."designation");
    RETURN NEW;
  END IF;
  IF NEW."quantite" IS DISTINCT FROM OLD."quantite" THEN RETURN NULL; END IF;
  NEW."prix" := OLD."prix";
  NEW."prix_promo" := OLD."prix_promo";
  NEW."promo_debut" := OLD."promo_debut";
  NEW."promo_fin" := OLD."promo_fin";
  NEW."seuil" := OLD."seuil";
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A product inserted without a variant (the previous release; this release's back office until
-- it writes variants, ADR 053 §9 step 4) gets one from its row, which its row then already sums.
CREATE OR REPLACE FUNCTION "produits_variante_initiale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <> 1 THEN RETURN NULL; END IF;
  WITH "seuls" AS (
    INSERT INTO "variantes" ("produit_id", "position", "code", "prix", "prix_promo", "promo_debut", "promo_fin", "quantite", "seuil")
    SELECT n."id", 0, n."code", n."prix", n."prix_promo", n."promo_debut", n."promo_fin", n."quantite", n."seuil" FROM "nouveaux" n
    WHERE NOT EXISTS (SELECT 1 FROM "variantes" v WHERE v."produit_id" = n."id")
    RETURNING "produit_id", "code")
  UPDATE "produits" p SET "nb_variantes" = 1, "prix_max" = p."prix",
      "recherche_variantes" = teranga_normalize(concat_ws(' ', p."designation", s."code"))
    FROM "seuls" s WHERE p."id" = s."produit_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A line inserted without its variant (the previous release) names its product's only live
-- variant; for a refund line, the variant of its order's line of that product.
CREATE OR REPLACE FUNCTION "lignes_variante_seule"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'remboursement_lignes' THEN
    NEW."variante_id" := (SELECT min(d."variante_id") FROM "detail_commandes" d JOIN "remboursements" r ON r."commande_id" = d."commande_id"
      WHERE r."id" = NEW."remboursement_id" AND d."produit_id" = NEW."produit_id" HAVING count(DISTINCT d."variante_id") = 1);
  END IF;
  IF NEW."variante_id" IS NULL THEN
    NEW."variante_id" := (SELECT min("id") FROM "variantes" WHERE "produit_id" = NEW."produit_id" AND "actif" HAVING count(*) = 1);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The previous release's cart (`panier_produits`) and this one's (`panier_lignes`), mirrored:
-- an old write lands on the product's only variant's line (a product with several refuses it,
-- the row skipped); a line written here is summed into its product's old row, so a cart filled
-- on one instance is whole when the other places the order.
CREATE OR REPLACE FUNCTION "panier_produits_refus"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <> 1 THEN RETURN NEW; END IF;
  IF (SELECT count(*) FROM "variantes" WHERE "produit_id" = NEW."produit_id" AND "actif") <> 1 THEN RETURN NULL; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "panier_produits_vers_lignes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <> 1 THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "panier_lignes" WHERE "panier_id" = OLD."panier_id" AND "produit_id" = OLD."produit_id";
    RETURN NULL;
  END IF;
  INSERT INTO "panier_lignes" ("panier_id", "produit_id", "variante_id", "quantite")
    SELECT NEW."panier_id", NEW."produit_id", v."id", NEW."quantite" FROM "variantes" v
    WHERE v."produit_id" = NEW."produit_id" AND v."actif"
    ORDER BY v."position", v."id" LIMIT 1
    ON CONFLICT ("panier_id", "variante_id") DO UPDATE SET "quantite" = excluded."quantite";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "panier_lignes_vers_produits"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "ligne" "panier_lignes";
  "total" integer;
BEGIN
  IF pg_trigger_depth() <> 1 THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN "ligne" := OLD; ELSE "ligne" := NEW; END IF;
  SELECT sum("quantite")::int INTO "total" FROM "panier_lignes" WHERE "panier_id" = "ligne"."panier_id" AND "produit_id" = "ligne"."produit_id";
  IF "total" IS NULL THEN
    DELETE FROM "panier_produits" WHERE "panier_id" = "ligne"."panier_id" AND "produit_id" = "ligne"."produit_id";
  ELSE
    INSERT INTO "panier_produits" ("panier_id", "produit_id", "quantite") VALUES ("ligne"."panier_id", "ligne"."produit_id", "total")
      ON CONFLICT ("panier_id", "produit_id") DO UPDATE SET "quantite" = excluded."quantite";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The triggers before the copy: a write of the previous release waits for this transaction,
-- so none falls between the copy and the triggers (as migration 0025).
CREATE TRIGGER "variantes_ajouts" AFTER INSERT ON "variantes" REFERENCING NEW TABLE AS "nouveaux"
  FOR EACH STATEMENT EXECUTE FUNCTION "variantes_ajouts_retraits"();
--> statement-breakpoint
CREATE TRIGGER "variantes_retraits" AFTER DELETE ON "variantes" REFERENCING OLD TABLE AS "anciens"
  FOR EACH STATEMENT EXECUTE FUNCTION "variantes_ajouts_retraits"();
--> statement-breakpoint
CREATE TRIGGER "variantes_changements" AFTER UPDATE ON "variantes" REFERENCING OLD TABLE AS "anciens" NEW TABLE AS "nouveaux"
  FOR EACH STATEMENT EXECUTE FUNCTION "variantes_changements"();
--> statement-breakpoint
CREATE TRIGGER "produits_recherche_variantes" BEFORE UPDATE OF "designation" ON "produits"
  FOR EACH ROW WHEN (OLD."designation" IS DISTINCT FROM NEW."designation") EXECUTE FUNCTION "produits_recherche_variantes"();
--> statement-breakpoint
CREATE TRIGGER "produits_vers_variante" BEFORE UPDATE ON "produits" FOR EACH ROW
  WHEN (OLD."quantite" IS DISTINCT FROM NEW."quantite" OR OLD."prix" IS DISTINCT FROM NEW."prix"
    OR OLD."prix_promo" IS DISTINCT FROM NEW."prix_promo" OR OLD."promo_debut" IS DISTINCT FROM NEW."promo_debut"
    OR OLD."promo_fin" IS DISTINCT FROM NEW."promo_fin" OR OLD."code" IS DISTINCT FROM NEW."code" OR OLD."seuil" IS DISTINCT FROM NEW."seuil")
  EXECUTE FUNCTION "produits_vers_variante"();
--> statement-breakpoint
CREATE TRIGGER "produits_variante_initiale" AFTER INSERT ON "produits" REFERENCING NEW TABLE AS "nouveaux"
  FOR EACH STATEMENT EXECUTE FUNCTION "produits_variante_initiale"();
--> statement-breakpoint
CREATE TRIGGER "detail_commandes_variante" BEFORE INSERT ON "detail_commandes" FOR EACH ROW
  WHEN (NEW."variante_id" IS NULL) EXECUTE FUNCTION "lignes_variante_seule"();
--> statement-breakpoint
CREATE TRIGGER "remboursement_lignes_variante" BEFORE INSERT ON "remboursement_lignes" FOR EACH ROW
  WHEN (NEW."variante_id" IS NULL) EXECUTE FUNCTION "lignes_variante_seule"();
--> statement-breakpoint
CREATE TRIGGER "mouvements_stock_variante" BEFORE INSERT ON "mouvements_stock" FOR EACH ROW
  WHEN (NEW."variante_id" IS NULL) EXECUTE FUNCTION "lignes_variante_seule"();
--> statement-breakpoint
-- The backfill: one variant per product, from its row (the insert's trigger sums them back).
INSERT INTO "variantes" ("produit_id", "position", "code", "prix", "prix_promo", "promo_debut", "promo_fin", "quantite", "seuil", "created_at", "updated_at")
  SELECT "id", 0, "code", "prix", "prix_promo", "promo_debut", "promo_fin", "quantite", "seuil", "created_at", "updated_at" FROM "produits" ORDER BY "id";
--> statement-breakpoint
UPDATE "detail_commandes" d SET "variante_id" = v."id" FROM "variantes" v WHERE v."produit_id" = d."produit_id" AND d."variante_id" IS NULL;
--> statement-breakpoint
UPDATE "remboursement_lignes" r SET "variante_id" = v."id" FROM "variantes" v WHERE v."produit_id" = r."produit_id" AND r."variante_id" IS NULL;
--> statement-breakpoint
UPDATE "mouvements_stock" m SET "variante_id" = v."id" FROM "variantes" v WHERE v."produit_id" = m."produit_id" AND m."variante_id" IS NULL;
--> statement-breakpoint
INSERT INTO "panier_lignes" ("panier_id", "produit_id", "variante_id", "quantite", "created_at")
  SELECT c."panier_id", c."produit_id", v."id", c."quantite", c."created_at" FROM "panier_produits" c JOIN "variantes" v ON v."produit_id" = c."produit_id";
--> statement-breakpoint
CREATE TRIGGER "panier_produits_refus" BEFORE INSERT OR UPDATE ON "panier_produits" FOR EACH ROW EXECUTE FUNCTION "panier_produits_refus"();
--> statement-breakpoint
CREATE TRIGGER "panier_produits_vers_lignes" AFTER INSERT OR UPDATE OR DELETE ON "panier_produits" FOR EACH ROW EXECUTE FUNCTION "panier_produits_vers_lignes"();
--> statement-breakpoint
CREATE TRIGGER "panier_lignes_vers_produits" AFTER INSERT OR UPDATE OR DELETE ON "panier_lignes" FOR EACH ROW EXECUTE FUNCTION "panier_lignes_vers_produits"();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "produits_recherche_variantes_trgm_idx" ON "produits" USING gin ("recherche_variantes" gin_trgm_ops);
