-- Refunds in parts (issue 16 §2, ADR 025): several refunds per order, each pending while its
-- provider is asked (outside the order's lock), then done or failed; each may name lines and
-- quantities; the points taken back are one ledger row per refund.
DROP INDEX "remboursements_commande_key";--> statement-breakpoint
ALTER TABLE "remboursements" ADD COLUMN "statut" text DEFAULT 'effectue' NOT NULL;--> statement-breakpoint
ALTER TABLE "remboursements" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "remboursements" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "remboursements" ADD CONSTRAINT "remboursements_statut" CHECK ("statut" in ('en_cours', 'effectue', 'echoue'));--> statement-breakpoint
CREATE INDEX "remboursements_commande_idx" ON "remboursements" USING btree ("commande_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remboursements_idempotency_key" ON "remboursements" USING btree ("idempotency_key");--> statement-breakpoint
CREATE TABLE "remboursement_lignes" (
	"id" serial PRIMARY KEY NOT NULL,
	"remboursement_id" integer NOT NULL,
	"produit_id" integer NOT NULL,
	"quantite" integer NOT NULL,
	"prix" integer NOT NULL,
	"restock" boolean NOT NULL,
	CONSTRAINT "remboursement_lignes_quantite_positive" CHECK ("quantite" > 0)
);
--> statement-breakpoint
ALTER TABLE "remboursement_lignes" ADD CONSTRAINT "remboursement_lignes_remboursement_id_remboursements_id_fk" FOREIGN KEY ("remboursement_id") REFERENCES "public"."remboursements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remboursement_lignes" ADD CONSTRAINT "remboursement_lignes_produit_id_produits_id_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."produits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remboursement_lignes_remboursement_idx" ON "remboursement_lignes" USING btree ("remboursement_id");--> statement-breakpoint
ALTER TABLE "points_fidelite" ADD COLUMN "remboursement_id" integer;--> statement-breakpoint
ALTER TABLE "points_fidelite" ADD CONSTRAINT "points_fidelite_remboursement_id_remboursements_id_fk" FOREIGN KEY ("remboursement_id") REFERENCES "public"."remboursements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP INDEX "points_commande_motif_key";--> statement-breakpoint
CREATE UNIQUE INDEX "points_commande_motif_key" ON "points_fidelite" USING btree ("commande_id","motif") WHERE "remboursement_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "points_remboursement_key" ON "points_fidelite" USING btree ("remboursement_id");
