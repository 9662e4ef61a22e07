-- Invoices and credit notes frozen at issue (ADR 061 §7), release R, additive (ADR 030): what a
-- document prints of its order (lines, totals, payment, customer and delivery text) is stored with
-- it in the transaction that assigns its number, and printed from there, so an invoice once issued
-- never changes (a preparation or an accepted supplement after payment changes the order, not the
-- paid invoice). Nullable: the documents numbered before (migration 0043's backfill, or by the
-- previous release's orders numbered lazily before this one) have none and print from the order.
ALTER TABLE "factures" ADD COLUMN IF NOT EXISTS "contenu" jsonb;
--> statement-breakpoint
ALTER TABLE "avoirs" ADD COLUMN IF NOT EXISTS "contenu" jsonb;
