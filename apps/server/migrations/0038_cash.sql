-- The cash handed back (issue 25 §4), release R, additive (ADR 030, ADR 057): what each courier
-- handed back to the shop, one line per hand-back, on the business day it belongs to (Dakar is
-- UTC all year). Lines are never edited nor deleted: a mistake is corrected by another line,
-- possibly negative. Bounded so that one typo cannot hold an absurd amount.
CREATE TABLE IF NOT EXISTS "remises_caisse" (
  "id" serial PRIMARY KEY NOT NULL,
  "livreur_id" integer NOT NULL REFERENCES "livreurs"("id") ON DELETE RESTRICT,
  "date" date NOT NULL,
  "montant" integer NOT NULL,
  "note" text,
  "staff_id" integer REFERENCES "clients"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "remises_caisse_montant" CHECK ("montant" <> 0 AND "montant" BETWEEN -100000000 AND 100000000),
  CONSTRAINT "remises_caisse_note_length" CHECK ("note" IS NULL OR length("note") BETWEEN 1 AND 500)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "remises_caisse_date_idx" ON "remises_caisse" ("date", "livreur_id");
--> statement-breakpoint
-- The cash page finds a day's delivered cash orders by when the courier collected (§3).
CREATE INDEX IF NOT EXISTS "commandes_encaisse_le_idx" ON "commandes" ("encaisse_le") WHERE "encaisse_le" IS NOT NULL;
--> statement-breakpoint
-- A cash order delivered before the courier's own « Livrée » action (§3) has no `encaisse_le`:
-- its day is its move to `livree`, found by this index.
CREATE INDEX IF NOT EXISTS "order_history_livree_at_idx" ON "order_history" ("at") WHERE "to_etat" = 'livree';
