CREATE TABLE "adresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"libelle" text,
	"adresse" text NOT NULL,
	"zone_id" integer,
	"telephone" text,
	"latitude" double precision,
	"longitude" double precision,
	"par_defaut" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "caroussels" (
	"id" serial PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"titre" text,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"designation" text NOT NULL,
	"image" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"firebase_uid" text NOT NULL,
	"email" text,
	"login" text,
	"name" text,
	"prenom" text,
	"civilite" smallint,
	"telephone" text,
	"ville" text,
	"pays" text,
	"adresseliv" text,
	"image" text,
	"google_img" text,
	"role_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commandes" (
	"id" serial PRIMARY KEY NOT NULL,
	"numerocommande" text NOT NULL,
	"client_id" integer NOT NULL,
	"etat" text NOT NULL,
	"datecomm" timestamp with time zone DEFAULT now() NOT NULL,
	"dateliv" timestamp with time zone,
	"montantcommande" integer NOT NULL,
	"montantliv" integer DEFAULT 0 NOT NULL,
	"remise" integer DEFAULT 0 NOT NULL,
	"code" text,
	"tel" text,
	"adresseliv" text,
	"zone" text,
	"latitude" double precision,
	"longitude" double precision,
	"modepaiement_id" integer NOT NULL,
	"modelivraison_id" integer NOT NULL,
	"depot_id" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commandes_amounts_nonnegative" CHECK ("commandes"."montantcommande" >= 0 and "commandes"."montantliv" >= 0 and "commandes"."remise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "depots" (
	"id" serial PRIMARY KEY NOT NULL,
	"designation" text NOT NULL,
	"description" text,
	"adresse" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "detail_commandes" (
	"id" serial PRIMARY KEY NOT NULL,
	"commande_id" integer NOT NULL,
	"produit_id" integer NOT NULL,
	"quantite" integer NOT NULL,
	"prix" integer NOT NULL,
	CONSTRAINT "detail_quantite_positive" CHECK ("detail_commandes"."quantite" >= 1)
);
--> statement-breakpoint
CREATE TABLE "favoris" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"produit_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modelivraisons" (
	"id" serial PRIMARY KEY NOT NULL,
	"designation" text NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "modelivraisons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "modepaiements" (
	"id" serial PRIMARY KEY NOT NULL,
	"designation" text NOT NULL,
	"code" text NOT NULL,
	"image" text,
	"description" text,
	"actif" boolean DEFAULT true NOT NULL,
	CONSTRAINT "modepaiements_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "paiements" (
	"id" serial PRIMARY KEY NOT NULL,
	"commande_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"montant" integer NOT NULL,
	"statut" text DEFAULT 'en_cours' NOT NULL,
	"checkout_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "panier_produits" (
	"id" serial PRIMARY KEY NOT NULL,
	"panier_id" integer NOT NULL,
	"produit_id" integer NOT NULL,
	"quantite" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "panier_produits_quantite_positive" CHECK ("panier_produits"."quantite" >= 1)
);
--> statement-breakpoint
CREATE TABLE "paniers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"etat" text DEFAULT 'actif' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_fidelite" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"commande_id" integer,
	"points" integer NOT NULL,
	"motif" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"logo" text,
	"logo2" text,
	"email" text,
	"lieu" text,
	"promotion" text,
	"promotion2" text,
	"siteweb" text,
	"telephone" text,
	"telephone2" text
);
--> statement-breakpoint
CREATE TABLE "privilege_recompenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"privilege_id" integer NOT NULL,
	"typerecompense_id" integer NOT NULL,
	"valeur" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privileges" (
	"id" serial PRIMARY KEY NOT NULL,
	"designation" text NOT NULL,
	"couleur" text,
	"point" integer NOT NULL,
	"image" text,
	CONSTRAINT "privileges_point_unique" UNIQUE("point")
);
--> statement-breakpoint
CREATE TABLE "produits" (
	"id" serial PRIMARY KEY NOT NULL,
	"designation" text NOT NULL,
	"description" text,
	"code" text NOT NULL,
	"prix" integer NOT NULL,
	"quantite" integer DEFAULT 0 NOT NULL,
	"unite" text DEFAULT 'pièce' NOT NULL,
	"image" text,
	"souscategorie_id" integer NOT NULL,
	"vues" integer DEFAULT 0 NOT NULL,
	"actif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produits_prix_positive" CHECK ("produits"."prix" > 0),
	CONSTRAINT "produits_quantite_nonnegative" CHECK ("produits"."quantite" >= 0)
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"isadmin" boolean DEFAULT false NOT NULL,
	"isclient" boolean DEFAULT true NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "souscategories" (
	"id" serial PRIMARY KEY NOT NULL,
	"categorie_id" integer NOT NULL,
	"designation" text NOT NULL,
	"image" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "typerecompenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"designation" text NOT NULL,
	CONSTRAINT "typerecompenses_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "zones_livraison" (
	"id" serial PRIMARY KEY NOT NULL,
	"designation" text NOT NULL,
	"frais" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "zones_frais_nonnegative" CHECK ("zones_livraison"."frais" >= 0)
);
--> statement-breakpoint
ALTER TABLE "adresses" ADD CONSTRAINT "adresses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adresses" ADD CONSTRAINT "adresses_zone_id_zones_livraison_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones_livraison"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commandes" ADD CONSTRAINT "commandes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commandes" ADD CONSTRAINT "commandes_modepaiement_id_modepaiements_id_fk" FOREIGN KEY ("modepaiement_id") REFERENCES "public"."modepaiements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commandes" ADD CONSTRAINT "commandes_modelivraison_id_modelivraisons_id_fk" FOREIGN KEY ("modelivraison_id") REFERENCES "public"."modelivraisons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commandes" ADD CONSTRAINT "commandes_depot_id_depots_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detail_commandes" ADD CONSTRAINT "detail_commandes_commande_id_commandes_id_fk" FOREIGN KEY ("commande_id") REFERENCES "public"."commandes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detail_commandes" ADD CONSTRAINT "detail_commandes_produit_id_produits_id_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."produits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favoris" ADD CONSTRAINT "favoris_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favoris" ADD CONSTRAINT "favoris_produit_id_produits_id_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."produits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paiements" ADD CONSTRAINT "paiements_commande_id_commandes_id_fk" FOREIGN KEY ("commande_id") REFERENCES "public"."commandes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panier_produits" ADD CONSTRAINT "panier_produits_panier_id_paniers_id_fk" FOREIGN KEY ("panier_id") REFERENCES "public"."paniers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panier_produits" ADD CONSTRAINT "panier_produits_produit_id_produits_id_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."produits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paniers" ADD CONSTRAINT "paniers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_fidelite" ADD CONSTRAINT "points_fidelite_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_fidelite" ADD CONSTRAINT "points_fidelite_commande_id_commandes_id_fk" FOREIGN KEY ("commande_id") REFERENCES "public"."commandes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privilege_recompenses" ADD CONSTRAINT "privilege_recompenses_privilege_id_privileges_id_fk" FOREIGN KEY ("privilege_id") REFERENCES "public"."privileges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privilege_recompenses" ADD CONSTRAINT "privilege_recompenses_typerecompense_id_typerecompenses_id_fk" FOREIGN KEY ("typerecompense_id") REFERENCES "public"."typerecompenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produits" ADD CONSTRAINT "produits_souscategorie_id_souscategories_id_fk" FOREIGN KEY ("souscategorie_id") REFERENCES "public"."souscategories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "souscategories" ADD CONSTRAINT "souscategories_categorie_id_categories_id_fk" FOREIGN KEY ("categorie_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adresses_client_idx" ON "adresses" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_key" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_client_idx" ON "api_tokens" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_firebase_uid_key" ON "clients" USING btree ("firebase_uid");--> statement-breakpoint
CREATE INDEX "clients_email_idx" ON "clients" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "commandes_numero_key" ON "commandes" USING btree ("numerocommande");--> statement-breakpoint
CREATE INDEX "commandes_client_idx" ON "commandes" USING btree ("client_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "commandes_expiry_idx" ON "commandes" USING btree ("expires_at") WHERE "commandes"."etat" = 'en_attente_paiement';--> statement-breakpoint
CREATE INDEX "detail_commandes_commande_idx" ON "detail_commandes" USING btree ("commande_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favoris_client_produit_key" ON "favoris" USING btree ("client_id","produit_id");--> statement-breakpoint
CREATE INDEX "favoris_produit_idx" ON "favoris" USING btree ("produit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_client_key" ON "idempotency_keys" USING btree ("client_id","key");--> statement-breakpoint
CREATE INDEX "paiements_commande_idx" ON "paiements" USING btree ("commande_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paiements_provider_ref_key" ON "paiements" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "panier_produits_panier_produit_key" ON "panier_produits" USING btree ("panier_id","produit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paniers_client_key" ON "paniers" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_key" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "points_client_idx" ON "points_fidelite" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_commande_motif_key" ON "points_fidelite" USING btree ("commande_id","motif");--> statement-breakpoint
CREATE INDEX "privilege_recompenses_privilege_idx" ON "privilege_recompenses" USING btree ("privilege_id");--> statement-breakpoint
CREATE UNIQUE INDEX "produits_code_key" ON "produits" USING btree ("code");--> statement-breakpoint
CREATE INDEX "produits_souscategorie_idx" ON "produits" USING btree ("souscategorie_id","id");--> statement-breakpoint
CREATE INDEX "produits_vues_idx" ON "produits" USING btree ("vues" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "souscategories_categorie_idx" ON "souscategories" USING btree ("categorie_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_livraison_designation_key" ON "zones_livraison" USING btree ("designation");