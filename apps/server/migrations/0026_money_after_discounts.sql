-- Money after discounts (issue 23 §2, ADR 041). Only additions (ADR 030): an older release
-- still serving writes none of these columns and reads none of them.
-- The loyalty tier's free delivery's part of `remise`: what was paid for the goods is then
-- `montantcommande - (remise - remise_livraison)`. Null on orders placed before (or by an
-- older release): the discount is then taken as on the goods (order-amounts.ts, goodsPaid).
ALTER TABLE "commandes" ADD COLUMN IF NOT EXISTS "remise_livraison" integer;
--> statement-breakpoint
-- What a refund's line gave back: its share of what was paid for the goods, the discounts
-- taken off (null on older rows: their order's price times the quantity).
ALTER TABLE "remboursement_lignes" ADD COLUMN IF NOT EXISTS "montant" integer;
--> statement-breakpoint
-- The payment mode an online attempt was opened for: a late approval after the shopper chose
-- to pay on delivery makes the order an online one of that mode again.
ALTER TABLE "paiements" ADD COLUMN IF NOT EXISTS "modepaiement_id" integer REFERENCES "modepaiements"("id");
