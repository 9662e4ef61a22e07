CREATE TABLE "vues_produits" (
	"produit_id" integer NOT NULL,
	"visiteur" text NOT NULL,
	"heure" timestamp with time zone NOT NULL,
	CONSTRAINT "vues_produits_pkey" PRIMARY KEY("produit_id","visiteur","heure")
);
--> statement-breakpoint
ALTER TABLE "vues_produits" ADD CONSTRAINT "vues_produits_produit_id_produits_id_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."produits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vues_produits_heure_idx" ON "vues_produits" USING btree ("heure");
