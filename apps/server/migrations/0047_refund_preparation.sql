-- A preparation's refund (ADR 055: what an order paid online no longer owes once prepared short)
-- is marked: the order's amounts already say it (its lines and total were lowered), so the sales
-- report and the accountant's export must not take it off a second time (ADR 059, 060).
-- Expand-only (ADR 030): a column with a default; an older release's inserts leave it false.
ALTER TABLE "remboursements" ADD COLUMN IF NOT EXISTS "preparation" boolean DEFAULT false NOT NULL;
