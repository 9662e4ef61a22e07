-- Invoices and credit notes (issue 26 §3, ADR 061), release R, additive (ADR 030): new tables
-- only, nothing the previous release reads changes. Numbers come from a counter row per
-- (kind, year), updated under its row lock in the transaction that makes an order paid or
-- delivered (an invoice, « F-2026-000123 ») or confirms a refund (a credit note, « A-2026-000045 »):
-- a rolled-back transaction gives its number back, so the yearly sequence has no gap.
CREATE TABLE IF NOT EXISTS "numeros_documents" (
  "type" text NOT NULL,
  "annee" integer NOT NULL,
  "dernier" integer NOT NULL,
  CONSTRAINT "numeros_documents_pkey" PRIMARY KEY ("type", "annee"),
  CONSTRAINT "numeros_documents_type" CHECK ("type" IN ('F', 'A')),
  CONSTRAINT "numeros_documents_dernier" CHECK ("dernier" >= 1)
);
--> statement-breakpoint
-- One invoice per order, assigned once (the unique key): paid then delivered keeps its number.
CREATE TABLE IF NOT EXISTS "factures" (
  "id" serial PRIMARY KEY NOT NULL,
  "commande_id" integer NOT NULL REFERENCES "commandes"("id") ON DELETE CASCADE,
  "numero" text NOT NULL,
  "annee" integer NOT NULL,
  "sequence" integer NOT NULL,
  "emise_le" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "factures_commande_key" UNIQUE ("commande_id"),
  CONSTRAINT "factures_numero_key" UNIQUE ("numero"),
  CONSTRAINT "factures_annee_sequence_key" UNIQUE ("annee", "sequence")
);
--> statement-breakpoint
-- One credit note per refund done, referring to its order's invoice.
CREATE TABLE IF NOT EXISTS "avoirs" (
  "id" serial PRIMARY KEY NOT NULL,
  "remboursement_id" integer NOT NULL REFERENCES "remboursements"("id") ON DELETE CASCADE,
  "commande_id" integer NOT NULL REFERENCES "commandes"("id") ON DELETE CASCADE,
  "numero" text NOT NULL,
  "annee" integer NOT NULL,
  "sequence" integer NOT NULL,
  "emise_le" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "avoirs_remboursement_key" UNIQUE ("remboursement_id"),
  CONSTRAINT "avoirs_numero_key" UNIQUE ("numero"),
  CONSTRAINT "avoirs_annee_sequence_key" UNIQUE ("annee", "sequence")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "avoirs_commande_idx" ON "avoirs" ("commande_id");
--> statement-breakpoint
-- The « Facturation » settings, one row: the shop's legal identity on every invoice, the
-- footer, and the VAT rate (null: no VAT lines). Bounded as the shared schema bounds them.
CREATE TABLE IF NOT EXISTS "facturation" (
  "id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
  "nom" text,
  "adresse" text,
  "ninea" text,
  "rccm" text,
  "telephone" text,
  "pied" text,
  "tva_taux" integer,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "facturation_id_check" CHECK ("id" = 1),
  CONSTRAINT "facturation_tva_taux" CHECK ("tva_taux" IS NULL OR "tva_taux" BETWEEN 1 AND 100),
  CONSTRAINT "facturation_lengths" CHECK (length(coalesce("nom", '')) <= 150 AND length(coalesce("adresse", '')) <= 300 AND length(coalesce("ninea", '')) <= 40 AND length(coalesce("rccm", '')) <= 60 AND length(coalesce("telephone", '')) <= 30 AND length(coalesce("pied", '')) <= 500)
);
--> statement-breakpoint
-- Orders paid or delivered before this release: numbered here, by the date of the first of
-- « paid online » or « delivered », per year. Orders the previous release makes paid while this
-- one migrates get theirs from the new release, lazily, at the first read under the same lock.
WITH evenements AS (
  SELECT c.id, LEAST(
    (SELECT min(h.at) FROM "order_history" h WHERE h.commande_id = c.id AND h.to_etat IN ('payee', 'livree')),
    (SELECT min(p.updated_at) FROM "paiements" p WHERE p.commande_id = c.id AND p.statut IN ('payee', 'a_rembourser', 'remboursee')),
    c.dateliv
  ) AS at
  FROM "commandes" c
  WHERE NOT EXISTS (SELECT 1 FROM "factures" f WHERE f.commande_id = c.id)
), numerotes AS (
  SELECT e.id, e.at, extract(year FROM e.at AT TIME ZONE 'UTC')::int AS annee,
    (row_number() OVER (PARTITION BY extract(year FROM e.at AT TIME ZONE 'UTC') ORDER BY e.at, e.id))::int
      + coalesce((SELECT max(f.sequence) FROM "factures" f WHERE f.annee = extract(year FROM e.at AT TIME ZONE 'UTC')::int), 0) AS sequence
  FROM evenements e
  WHERE e.at IS NOT NULL
)
INSERT INTO "factures" ("commande_id", "numero", "annee", "sequence", "emise_le")
SELECT id, 'F-' || annee || '-' || lpad(sequence::text, 6, '0'), annee, sequence, at FROM numerotes;
--> statement-breakpoint
-- Refunds done before this release: their credit notes, by date, per year.
WITH numerotes AS (
  SELECT r.id, r.commande_id, r.created_at AS at, extract(year FROM r.created_at AT TIME ZONE 'UTC')::int AS annee,
    (row_number() OVER (PARTITION BY extract(year FROM r.created_at AT TIME ZONE 'UTC') ORDER BY r.created_at, r.id))::int
      + coalesce((SELECT max(a.sequence) FROM "avoirs" a WHERE a.annee = extract(year FROM r.created_at AT TIME ZONE 'UTC')::int), 0) AS sequence
  FROM "remboursements" r
  WHERE r.statut = 'effectue' AND NOT EXISTS (SELECT 1 FROM "avoirs" a WHERE a.remboursement_id = r.id)
)
INSERT INTO "avoirs" ("remboursement_id", "commande_id", "numero", "annee", "sequence", "emise_le")
SELECT id, commande_id, 'A-' || annee || '-' || lpad(sequence::text, 6, '0'), annee, sequence, at FROM numerotes;
--> statement-breakpoint
-- The counters continue after what was numbered.
INSERT INTO "numeros_documents" ("type", "annee", "dernier")
SELECT 'F', annee, max(sequence) FROM "factures" GROUP BY annee
UNION ALL
SELECT 'A', annee, max(sequence) FROM "avoirs" GROUP BY annee
ON CONFLICT ("type", "annee") DO UPDATE SET "dernier" = GREATEST("numeros_documents"."dernier", EXCLUDED."dernier");
