-- ADR 073: each order history line names the transaction that wrote it, so that an instance
-- whose notifications connection was lost reads again every line of a transaction still open
-- before the loss, however many ids were taken meanwhile (the catch-up of ADR 066 looked only
-- 10 000 ids back). Additive (ADR 030): lines written before this migration have none, and an
-- older release's inserts get it from the default.
ALTER TABLE "order_history" ADD COLUMN "xact" xid8;--> statement-breakpoint
ALTER TABLE "order_history" ALTER COLUMN "xact" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "order_history_xact_idx" ON "order_history" USING btree ("xact");
