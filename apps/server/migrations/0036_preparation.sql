-- Preparation: missing items and substitutes (issue 25 §2, ADR 055), release R, additive (ADR 030).
--
-- Each order line says what to do when its product is missing: replace it by a similar product
-- (the default, as the shopper is asked at checkout) or not.
ALTER TABLE "detail_commandes" ADD COLUMN IF NOT EXISTS "remplacer" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- What was ordered, once the line is prepared (null: not prepared, `quantite` is what was
-- ordered). After the preparation `quantite` is what is delivered and charged: every read of an
-- order's goods (refunds, totals, slips) keeps reading it.
ALTER TABLE "detail_commandes" ADD COLUMN IF NOT EXISTS "quantite_commandee" integer;
--> statement-breakpoint
ALTER TABLE "detail_commandes" ADD CONSTRAINT "detail_quantite_commandee_positive" CHECK ("quantite_commandee" IS NULL OR "quantite_commandee" >= 1);
--> statement-breakpoint
-- A substitute line names the line it replaces.
ALTER TABLE "detail_commandes" ADD COLUMN IF NOT EXISTS "remplace_ligne_id" integer REFERENCES "detail_commandes"("id") ON DELETE CASCADE;
--> statement-breakpoint
-- A substitute costing more than what it replaces: the part of its total not charged (the cap)
-- until the shopper accepts to pay it; 0 otherwise.
ALTER TABLE "detail_commandes" ADD COLUMN IF NOT EXISTS "supplement" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "detail_commandes" ADD CONSTRAINT "detail_supplement_nonnegative" CHECK ("supplement" >= 0);
--> statement-breakpoint
-- A line none of which could be prepared keeps its row (what was ordered) with 0 units. The
-- previous release never writes 0, so relaxing the check is compatible with it.
ALTER TABLE "detail_commandes" ADD CONSTRAINT "detail_quantite_nonnegative" CHECK ("quantite" >= 0);
--> statement-breakpoint
ALTER TABLE "detail_commandes" DROP CONSTRAINT IF EXISTS "detail_quantite_positive";
--> statement-breakpoint
-- The shopper's note for the preparer, when the order was prepared (once), and the difference
-- a dearer substitute would add if the shopper accepts it (null: none offered), and when they did.
ALTER TABLE "commandes" ADD COLUMN IF NOT EXISTS "note_preparation" text;
--> statement-breakpoint
ALTER TABLE "commandes" ADD CONSTRAINT "commandes_note_preparation_length" CHECK ("note_preparation" IS NULL OR length("note_preparation") BETWEEN 1 AND 500);
--> statement-breakpoint
ALTER TABLE "commandes" ADD COLUMN IF NOT EXISTS "prepare_le" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "commandes" ADD COLUMN IF NOT EXISTS "supplement" integer;
--> statement-breakpoint
ALTER TABLE "commandes" ADD CONSTRAINT "commandes_supplement_positive" CHECK ("supplement" IS NULL OR "supplement" > 0);
--> statement-breakpoint
ALTER TABLE "commandes" ADD COLUMN IF NOT EXISTS "supplement_accepte_le" timestamp with time zone;
--> statement-breakpoint
-- The stock history's new reason: an order's goods given back or taken at its preparation.
ALTER TABLE "mouvements_stock" DROP CONSTRAINT IF EXISTS "mouvements_stock_raison";
--> statement-breakpoint
ALTER TABLE "mouvements_stock" ADD CONSTRAINT "mouvements_stock_raison" CHECK ("raison" in ('vente', 'annulation', 'remboursement', 'manuel', 'import', 'creation', 'preparation'));
