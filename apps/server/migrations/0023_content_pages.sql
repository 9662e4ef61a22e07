-- The shop's own pages (issue 19 §2): the texts the owner edits in the back office (CGV, FAQ,
-- delivery, contact), each with its title and description for search engines, in Markdown
-- rendered on the server; and the contact details the shop's settings lacked (a WhatsApp
-- number, opening hours, the shop's place on the map). Additive (ADR 030): the previous release
-- neither reads nor writes any of it.
CREATE TABLE "pages_contenu" (
  "slug" text PRIMARY KEY,
  "titre" text NOT NULL,
  "description" text NOT NULL,
  "contenu" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "pages_contenu_slug" CHECK ("slug" in ('cgv', 'faq', 'livraison', 'contact')),
  CONSTRAINT "pages_contenu_tailles" CHECK (char_length("titre") <= 120 and char_length("description") <= 300 and char_length("contenu") <= 20000)
);
--> statement-breakpoint
INSERT INTO "pages_contenu" ("slug", "titre", "description", "contenu") VALUES
('cgv', 'Conditions générales de vente', 'Les conditions de vente de la boutique : commandes, prix en FCFA, paiement, livraison à Dakar, retours et remboursements.',
'## Objet

Les présentes conditions régissent les ventes conclues sur la boutique en ligne. Passer commande vaut acceptation de ces conditions.

## Prix

Les prix sont indiqués en francs CFA (FCFA), toutes taxes comprises. Les frais de livraison s''ajoutent selon la zone et sont affichés avant la confirmation de la commande.

## Commande

La commande est enregistrée dès sa confirmation. Vous la suivez dans « Mes achats » et pouvez l''annuler tant qu''elle est en attente de confirmation ou de paiement.

## Paiement

Vous payez par Wave, Orange Money, Free Money, carte bancaire ou en espèces à la livraison lorsque la commande le permet.

## Livraison

Nos livreurs couvrent Dakar et sa banlieue ; les régions sont livrées par transporteur. Vous pouvez aussi retirer votre commande gratuitement dans l''un de nos dépôts.

## Retours et remboursements

Un produit abîmé ou manquant doit être signalé au livreur ou au service client dans les 48 heures : nous le remplaçons ou vous remboursons.'),
('faq', 'Questions fréquentes', 'Livraison à Dakar, retrait en dépôt, modes de paiement, annulation, fidélité : les réponses aux questions les plus posées.',
'### Comment passer commande ?

Ajoutez vos produits au panier, connectez-vous (Google ou e-mail), choisissez la livraison à domicile ou le retrait en dépôt, puis le mode de paiement. Vous suivez ensuite votre commande dans « Mes achats ».

### Faut-il un compte pour commander ?

Vous pouvez parcourir le catalogue et remplir votre panier sans compte. Il est conservé sur votre téléphone et rejoint votre compte dès que vous vous connectez.

### Quand suis-je livré ?

Nos livreurs couvrent Dakar et sa banlieue tous les jours ; les régions sont livrées par transporteur. Le livreur vous appelle avant de passer.

### Puis-je annuler ma commande ?

Oui, depuis « Mes achats », tant qu''elle est en attente de confirmation ou de paiement. Ensuite, appelez-nous.

### Comment fonctionnent les points de fidélité ?

Chaque commande livrée vous rapporte 1 point par tranche de 1 000 FCFA d''articles. Vos points vous font monter de niveau et débloquent des remises ou la livraison offerte.

### Un produit est abîmé ou manquant ?

Signalez-le au livreur ou appelez-nous dans les 48 heures : nous le remplaçons ou vous remboursons.'),
('livraison', 'Livraison et retrait', 'Livraison à domicile à Dakar et en régions, frais par zone, délais, et retrait gratuit dans nos dépôts.',
'## Livraison à domicile

Nos livreurs passent tous les jours à Dakar et dans sa banlieue. Les frais dépendent de votre quartier et s''affichent avant la confirmation de la commande. Le livreur vous appelle avant de passer.

## Régions

Les commandes pour les régions partent par transporteur ; nous vous appelons pour convenir du délai.

## Retrait en dépôt

Choisissez le retrait à l''étape de livraison : votre commande vous attend sans frais dans le dépôt de votre choix.'),
('contact', 'Nous contacter', 'Téléphone, WhatsApp, e-mail, adresse et horaires de la boutique : écrivez-nous ou passez nous voir.',
'Une question sur une commande, un produit ou une livraison ? Appelez-nous ou écrivez-nous sur WhatsApp : nous répondons aux heures d''ouverture.');
--> statement-breakpoint
ALTER TABLE "preferences" ADD COLUMN "whatsapp" text;
--> statement-breakpoint
ALTER TABLE "preferences" ADD COLUMN "horaires" text;
--> statement-breakpoint
ALTER TABLE "preferences" ADD COLUMN "latitude" double precision;
--> statement-breakpoint
ALTER TABLE "preferences" ADD COLUMN "longitude" double precision;
