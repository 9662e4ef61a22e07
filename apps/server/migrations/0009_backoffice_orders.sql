-- The back office's orders (issue 10): what the staff list needs on 100,000 orders, and the
-- refunds table.
CREATE INDEX IF NOT EXISTS "commandes_datecomm_idx" ON "commandes" ("datecomm" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "commandes_etat_datecomm_idx" ON "commandes" ("etat", "datecomm" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "commandes_numero_prefix_idx" ON "commandes" ("numerocommande" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "commandes_tel_digits_idx" ON "commandes" USING gin ((regexp_replace(coalesce("tel", ''), '[^0-9]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "remboursements" (
  "id" serial PRIMARY KEY,
  "commande_id" integer NOT NULL REFERENCES "commandes"("id") ON DELETE CASCADE,
  "montant" integer NOT NULL CONSTRAINT "remboursements_montant_nonnegative" CHECK ("montant" >= 0),
  "provider" text NOT NULL,
  "provider_ref" text,
  "motif" text NOT NULL,
  "staff_id" integer REFERENCES "clients"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "remboursements_commande_key" ON "remboursements" ("commande_id");
