-- The back office finds an order by any part of its number (issue 16: the suffix a customer
-- reads on the phone, « XC5836 »), whatever its case: trigrams make `ILIKE '%…%'` an index scan
-- on 100,000 orders. The prefix index of 0009 served `LIKE 'TRG-…%'` only, which nothing asks now.
CREATE INDEX "commandes_numero_trgm_idx" ON "commandes" USING gin ("numerocommande" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "commandes_numero_pattern_idx";
