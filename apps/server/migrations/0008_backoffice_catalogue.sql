ALTER TABLE "produits" ADD COLUMN "seuil" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "produits" ADD CONSTRAINT "produits_seuil_nonnegative" CHECK ("produits"."seuil" >= 0);--> statement-breakpoint
CREATE TABLE "mouvements_stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"produit_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"quantite_apres" integer NOT NULL,
	"motif" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mouvements_stock_delta_nonzero" CHECK ("mouvements_stock"."delta" <> 0),
	CONSTRAINT "mouvements_stock_quantite_nonnegative" CHECK ("mouvements_stock"."quantite_apres" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mouvements_stock" ADD CONSTRAINT "mouvements_stock_produit_id_produits_id_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."produits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mouvements_stock" ADD CONSTRAINT "mouvements_stock_staff_id_clients_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mouvements_stock_produit_idx" ON "mouvements_stock" USING btree ("produit_id","created_at");--> statement-breakpoint
CREATE TABLE "medias" (
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	CONSTRAINT "medias_pkey" PRIMARY KEY("key","width")
);
--> statement-breakpoint
ALTER TABLE "medias" ADD CONSTRAINT "medias_staff_id_clients_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;
