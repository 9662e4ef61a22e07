CREATE TABLE "livreurs" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"telephone" text NOT NULL,
	"actif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "livreurs_nom_length" CHECK (length("nom") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "affectations_livreur" (
	"id" serial PRIMARY KEY NOT NULL,
	"commande_id" integer NOT NULL,
	"livreur_id" integer,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commandes_livreur" (
	"commande_id" integer PRIMARY KEY NOT NULL,
	"livreur_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes_commande" (
	"id" serial PRIMARY KEY NOT NULL,
	"commande_id" integer NOT NULL,
	"staff_id" integer,
	"texte" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_commande_texte_length" CHECK (length("texte") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "affectations_livreur" ADD CONSTRAINT "affectations_livreur_commande_id_commandes_id_fk" FOREIGN KEY ("commande_id") REFERENCES "public"."commandes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affectations_livreur" ADD CONSTRAINT "affectations_livreur_livreur_id_livreurs_id_fk" FOREIGN KEY ("livreur_id") REFERENCES "public"."livreurs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affectations_livreur" ADD CONSTRAINT "affectations_livreur_staff_id_clients_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes_commande" ADD CONSTRAINT "notes_commande_commande_id_commandes_id_fk" FOREIGN KEY ("commande_id") REFERENCES "public"."commandes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes_commande" ADD CONSTRAINT "notes_commande_staff_id_clients_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affectations_livreur_commande_idx" ON "affectations_livreur" USING btree ("commande_id","id");--> statement-breakpoint
CREATE INDEX "affectations_livreur_livreur_idx" ON "affectations_livreur" USING btree ("livreur_id");--> statement-breakpoint
ALTER TABLE "commandes_livreur" ADD CONSTRAINT "commandes_livreur_commande_id_commandes_id_fk" FOREIGN KEY ("commande_id") REFERENCES "public"."commandes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commandes_livreur" ADD CONSTRAINT "commandes_livreur_livreur_id_livreurs_id_fk" FOREIGN KEY ("livreur_id") REFERENCES "public"."livreurs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commandes_livreur_livreur_idx" ON "commandes_livreur" USING btree ("livreur_id");--> statement-breakpoint
CREATE INDEX "notes_commande_commande_idx" ON "notes_commande" USING btree ("commande_id","id");
