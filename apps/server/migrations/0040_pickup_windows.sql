-- Pickup windows from the depots' opening hours (issue 25 §1, ADR 058), release R, additive
-- (ADR 030): nothing is dropped, renamed or tightened; the previous release ignores the new
-- columns (a depot's windows are rows of `creneaux` it already reads as pickup slots).
--
-- Whether a depot offers its opening hours as pickup windows (the owner turns it on in the
-- depot's settings), and how many orders each window takes (null: no limit).
ALTER TABLE "depots" ADD COLUMN IF NOT EXISTS "retrait_creneaux" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "depots" ADD COLUMN IF NOT EXISTS "retrait_capacite" integer;
--> statement-breakpoint
ALTER TABLE "depots" ADD CONSTRAINT "depots_retrait_capacite" CHECK ("retrait_capacite" IS NULL OR "retrait_capacite" BETWEEN 1 AND 10000);
--> statement-breakpoint
-- A slot row written from a depot's opening hours (one per depot and weekday, kept in step
-- with the hours whenever the depot is saved), not by hand on the slots page.
ALTER TABLE "creneaux" ADD COLUMN IF NOT EXISTS "horaires" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "creneaux_horaires_key" ON "creneaux" ("depot_id", "jour") WHERE "horaires";
