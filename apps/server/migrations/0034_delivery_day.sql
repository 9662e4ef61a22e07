-- The delivery day (issue 25), release R, additive (ADR 030): what the slots, the courier's
-- phone and the cash page share. Each part's own tables and columns follow in its own
-- migration (0035 slots, 0036 preparation, 0037 couriers, 0038 cash).
--
-- Delivery slots (§1): per weekday, a time range with a capacity in orders, the zones it serves
-- (null: all) and a cut-off in minutes before its start. A slot with a depot is a pickup slot at
-- that depot (the depot's opening hours offered the same way); without, a home delivery slot.
CREATE TABLE IF NOT EXISTS "creneaux" (
  "id" serial PRIMARY KEY NOT NULL,
  "jour" smallint NOT NULL,
  "debut" time NOT NULL,
  "fin" time NOT NULL,
  "capacite" integer NOT NULL,
  "zones" integer[],
  "delai_minutes" integer DEFAULT 60 NOT NULL,
  "depot_id" integer REFERENCES "depots"("id") ON DELETE CASCADE,
  "actif" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "creneaux_jour" CHECK ("jour" BETWEEN 0 AND 6),
  CONSTRAINT "creneaux_ordre" CHECK ("debut" < "fin"),
  CONSTRAINT "creneaux_capacite_positive" CHECK ("capacite" > 0 AND "capacite" <= 10000),
  CONSTRAINT "creneaux_delai" CHECK ("delai_minutes" BETWEEN 0 AND 10080)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "creneaux_jour_idx" ON "creneaux" ("jour", "debut");
--> statement-breakpoint
-- Days off (Tabaski, Korité, public holidays): every slot of that date is closed.
CREATE TABLE IF NOT EXISTS "fermetures" (
  "id" serial PRIMARY KEY NOT NULL,
  "date" date NOT NULL,
  "motif" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fermetures_motif_length" CHECK (length("motif") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "fermetures_date_key" ON "fermetures" ("date");
--> statement-breakpoint
-- An order's slot: which one, on which date, and its times as they were when it was chosen (a
-- slot edited or deleted later does not change what the shopper was promised).
ALTER TABLE "commandes" ADD COLUMN IF NOT EXISTS "creneau_id" integer REFERENCES "creneaux"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "commandes" ADD COLUMN IF NOT EXISTS "creneau_date" date;
--> statement-breakpoint
ALTER TABLE "commandes" ADD COLUMN IF NOT EXISTS "creneau_debut" time;
--> statement-breakpoint
ALTER TABLE "commandes" ADD COLUMN IF NOT EXISTS "creneau_fin" time;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "commandes_creneau_idx" ON "commandes" ("creneau_date", "creneau_debut") WHERE "creneau_date" IS NOT NULL;
--> statement-breakpoint
-- What the courier entered as collected when they delivered a cash order (§3), and when; null
-- until then (and for an order paid online).
ALTER TABLE "commandes" ADD COLUMN IF NOT EXISTS "montant_encaisse" integer;
--> statement-breakpoint
ALTER TABLE "commandes" ADD COLUMN IF NOT EXISTS "encaisse_le" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "commandes" ADD CONSTRAINT "commandes_montant_encaisse_nonnegative" CHECK ("montant_encaisse" IS NULL OR "montant_encaisse" BETWEEN 0 AND 100000000);
