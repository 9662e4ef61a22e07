-- The sales report (issue 26 §1, ADR 059) finds a period's sales by their first move to `payee`
-- or `livree`, in a range of `at`: one partial index on exactly that predicate (the history's
-- partial index on `livree` alone cannot serve the pair). Expand-only (ADR 030).
CREATE INDEX IF NOT EXISTS "order_history_sold_at_idx" ON "order_history" USING btree ("at", "commande_id") WHERE "order_history"."to_etat" in ('payee', 'livree');
