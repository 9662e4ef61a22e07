-- ADR 069: the stock trigger of migration 0033 told a stock-only statement (the ledger's) from any
-- other by comparing each changed row as JSON less `quantite` and `updated_at`: two `to_jsonb` of
-- whole rows per variant an order takes, its costliest trigger. The same test on the columns
-- themselves. Every other column of `variantes` is named here; variants-schema.test.ts fails if
-- one is added to the table and not to this list.
CREATE OR REPLACE FUNCTION "variantes_changements"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <> 1 THEN RETURN NULL; END IF;
  IF NOT EXISTS (
    SELECT 1 FROM "anciens" a JOIN "nouveaux" n ON n."id" = a."id"
    WHERE (a."produit_id", a."position", a."valeur1", a."valeur2", a."valeur3", a."code", a."code_barres", a."prix",
        a."prix_promo", a."promo_debut", a."promo_fin", a."seuil", a."image", a."actif", a."created_at")
      IS DISTINCT FROM (n."produit_id", n."position", n."valeur1", n."valeur2", n."valeur3", n."code", n."code_barres", n."prix",
        n."prix_promo", n."promo_debut", n."promo_fin", n."seuil", n."image", n."actif", n."created_at")
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
