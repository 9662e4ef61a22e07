CREATE TABLE "order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"commande_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_etat" text,
	"to_etat" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"reason" text,
	CONSTRAINT "order_history_actor_kind" CHECK ("order_history"."actor_kind" in ('client', 'staff', 'provider', 'system'))
);
--> statement-breakpoint
ALTER TABLE "paiements" ADD COLUMN "provider_token" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "commande_id" integer;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_commande_id_commandes_id_fk" FOREIGN KEY ("commande_id") REFERENCES "public"."commandes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_commande_idx" ON "order_history" USING btree ("commande_id","id");--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_commande_id_commandes_id_fk" FOREIGN KEY ("commande_id") REFERENCES "public"."commandes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_commande_idx" ON "payment_events" USING btree ("commande_id");--> statement-breakpoint
-- Orders placed before the history existed: their current state, as the system found it.
INSERT INTO "order_history" ("commande_id", "at", "from_etat", "to_etat", "actor_kind", "reason")
  SELECT "id", "updated_at", NULL, "etat", 'system', 'état à l''ouverture de l''historique' FROM "commandes";--> statement-breakpoint
-- Events already stored: their order, through the attempt they named (Wave's session id, PayTech's ref_command).
UPDATE "payment_events" e SET "commande_id" = p."commande_id" FROM "paiements" p
  WHERE p."provider" = e."provider" AND p."provider_ref" = coalesce(e."payload"->'data'->>'id', e."payload"->>'ref_command');
