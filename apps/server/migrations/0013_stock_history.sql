-- Every change of a product's stock is a line of its history (DESIGN §5): the back office's
-- movements and imports as before, and now the sales, cancellations and refunds of orders.
-- `raison` tells them apart; `commande_id` names the order that made a line (kept null once
-- the order is gone, so the product's history still adds up); an order's line has no `motif`.
ALTER TABLE "mouvements_stock" ADD COLUMN "raison" text DEFAULT 'manuel' NOT NULL;--> statement-breakpoint
UPDATE "mouvements_stock" SET "raison" = 'import' WHERE "motif" = 'Import CSV';--> statement-breakpoint
ALTER TABLE "mouvements_stock" ALTER COLUMN "raison" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "mouvements_stock" ADD CONSTRAINT "mouvements_stock_raison" CHECK ("raison" in ('vente', 'annulation', 'remboursement', 'manuel', 'import', 'creation'));--> statement-breakpoint
ALTER TABLE "mouvements_stock" ALTER COLUMN "motif" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mouvements_stock" ADD COLUMN "commande_id" integer;--> statement-breakpoint
ALTER TABLE "mouvements_stock" ADD CONSTRAINT "mouvements_stock_commande_id_commandes_id_fk" FOREIGN KEY ("commande_id") REFERENCES "public"."commandes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The order's deletion (with its customer's account) finds its lines by this index.
CREATE INDEX "mouvements_stock_commande_idx" ON "mouvements_stock" USING btree ("commande_id");
