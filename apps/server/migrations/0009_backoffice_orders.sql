-- The back office's orders (issue 10): refunds, and the indexes the staff's order list needs
-- on 100,000 orders (filters by state, day, payment and delivery mode; search by number prefix,
-- phone digits, customer name or email).
CREATE TABLE "remboursements" (
  "id" serial PRIMARY KEY NOT NULL,
  "commande_id" integer NOT NULL REFERENCES "commandes"("id") ON DELETE CASCADE,
  "montant" integer NOT NULL,
  "provider" text NOT NULL,
  "provider_ref" text,
  "motif" text NOT NULL,
  "staff_id" integer REFERENCES "clients"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "remboursements_montant_nonnegative" CHECK ("montant" >= 0),
  CONSTRAINT "remboursements_provider" CHECK ("provider" in ('wave', 'paytech', 'cash'))
);
--> statement-breakpoint
-- One refund per order, ever: the second is refused by the database too.
CREATE UNIQUE INDEX "remboursements_commande_key" ON "remboursements" ("commande_id");
--> statement-breakpoint
CREATE INDEX "commandes_datecomm_idx" ON "commandes" ("datecomm" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "commandes_etat_datecomm_idx" ON "commandes" ("etat", "datecomm" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "commandes_numero_pattern_idx" ON "commandes" ("numerocommande" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "paiements_a_rembourser_idx" ON "paiements" ("commande_id") WHERE "statut" = 'a_rembourser';
--> statement-breakpoint
CREATE INDEX "commandes_total_idx" ON "commandes" (("montantcommande" + "montantliv" - "remise"), "id");
--> statement-breakpoint
CREATE INDEX "commandes_modepaiement_datecomm_idx" ON "commandes" ("modepaiement_id", "datecomm" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "commandes_zone_idx" ON "commandes" (lower("zone"), "datecomm" DESC);
--> statement-breakpoint
-- Phone digits anywhere in the order's number or the customer's, names and emails anywhere: trigrams.
CREATE INDEX "commandes_tel_digits_trgm_idx" ON "commandes" USING gin (regexp_replace(coalesce("tel", ''), '[^0-9]', '', 'g') gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "clients_telephone_digits_trgm_idx" ON "clients" USING gin (regexp_replace(coalesce("telephone", ''), '[^0-9]', '', 'g') gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "clients_nom_trgm_idx" ON "clients" USING gin ((coalesce("prenom", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "clients_email_trgm_idx" ON "clients" USING gin (coalesce("email", '') gin_trgm_ops);
