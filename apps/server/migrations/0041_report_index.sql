-- The sales report (issue 26 §1, ADR 059) finds a period's sales by their first move to `payee`
-- or `livree`: `livree` has its index (migration 0037), `payee` gets one. Expand-only (ADR 030).
CREATE INDEX IF NOT EXISTS "order_history_payee_at_idx" ON "order_history" USING btree ("at") WHERE "order_history"."to_etat" = 'payee';
