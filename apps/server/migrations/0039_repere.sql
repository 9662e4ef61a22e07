-- The customer's landmark (« point de repère ») for the courier (issue 25 §3), release R,
-- additive (ADR 030): Dakar addresses are often a neighbourhood and a street without a number,
-- so the courier reads « derrière la pharmacie, portail bleu » beside the address. Kept on the
-- saved address and copied on the order when chosen, like the address itself. Bounded as the
-- shared schema bounds it, so a client skipping the form cannot store more.
ALTER TABLE "adresses" ADD COLUMN IF NOT EXISTS "repere" text;
--> statement-breakpoint
ALTER TABLE "adresses" DROP CONSTRAINT IF EXISTS "adresses_repere_length";
--> statement-breakpoint
ALTER TABLE "adresses" ADD CONSTRAINT "adresses_repere_length" CHECK ("repere" IS NULL OR length("repere") BETWEEN 1 AND 150);
--> statement-breakpoint
ALTER TABLE "commandes" ADD COLUMN IF NOT EXISTS "repere" text;
--> statement-breakpoint
ALTER TABLE "commandes" DROP CONSTRAINT IF EXISTS "commandes_repere_length";
--> statement-breakpoint
ALTER TABLE "commandes" ADD CONSTRAINT "commandes_repere_length" CHECK ("repere" IS NULL OR length("repere") BETWEEN 1 AND 150);
