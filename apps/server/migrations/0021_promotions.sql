-- Promotions (issue 19 §1). A product's sale price runs between optional dates (the catalogue
-- reads « now » in SQL, so a sale ends on its own); discount codes, their uses counted in the
-- order's transaction (`utilisations`, raised only below `utilisations_max`, given back when
-- the order is cancelled); an order keeps the code it used and the code's part of `remise`.
ALTER TABLE "produits" ADD COLUMN "prix_promo" integer;
--> statement-breakpoint
ALTER TABLE "produits" ADD COLUMN "promo_debut" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "produits" ADD COLUMN "promo_fin" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "produits" ADD CONSTRAINT "produits_prix_promo_positive" CHECK ("prix_promo" is null or "prix_promo" > 0);
--> statement-breakpoint
CREATE TABLE "codes_promo" (
  "id" serial PRIMARY KEY,
  "code" text NOT NULL,
  "type" text NOT NULL,
  "valeur" integer NOT NULL,
  "minimum" integer DEFAULT 0 NOT NULL,
  "debut" timestamp with time zone,
  "fin" timestamp with time zone,
  "utilisations_max" integer,
  "par_client" integer,
  "premiere_commande" boolean DEFAULT false NOT NULL,
  "souscategories" integer[],
  "utilisations" integer DEFAULT 0 NOT NULL,
  "actif" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "codes_promo_type" CHECK ("type" in ('pourcentage', 'montant')),
  CONSTRAINT "codes_promo_valeur" CHECK ("valeur" > 0 and ("type" <> 'pourcentage' or "valeur" <= 100)),
  CONSTRAINT "codes_promo_utilisations" CHECK ("utilisations" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "codes_promo_code_key" ON "codes_promo" (upper("code"));
--> statement-breakpoint
ALTER TABLE "commandes" ADD COLUMN "codepromo_id" integer REFERENCES "codes_promo"("id");
--> statement-breakpoint
ALTER TABLE "commandes" ADD COLUMN "remise_code" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "commandes_codepromo_idx" ON "commandes" ("codepromo_id", "client_id") WHERE "codepromo_id" is not null;
