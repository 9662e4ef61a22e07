-- The owner's alerts (issue 26 §4, ADR 062), release R, additive (ADR 030): the « Alertes »
-- settings (one row), the variants already told of as low (a mark, gone when the stock rises
-- above the threshold again), and each alert once (a unique key: the day of a summary, the order
-- of an unpaid or failed-payment alert, a sweep's stock crossings). Their messages go through
-- the outbox as staff messages about an alert rather than an order or an invitation: the
-- previous release's worker sends any row, and its checks are relaxed, not tightened.
CREATE TABLE IF NOT EXISTS "alert_settings" (
  "id" integer PRIMARY KEY DEFAULT 1,
  "canal" text NOT NULL DEFAULT 'sms',
  "resume_heure" text,
  "stock" boolean NOT NULL DEFAULT true,
  "impayees" boolean NOT NULL DEFAULT false,
  "impayees_minutes" integer NOT NULL DEFAULT 10,
  "paiement_echoue" boolean NOT NULL DEFAULT false,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "alert_settings_one_row" CHECK ("id" = 1),
  CONSTRAINT "alert_settings_canal" CHECK ("canal" in ('sms', 'whatsapp')),
  CONSTRAINT "alert_settings_resume_heure" CHECK ("resume_heure" IS NULL OR "resume_heure" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  CONSTRAINT "alert_settings_impayees_minutes" CHECK ("impayees_minutes" BETWEEN 1 AND 25)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stock_alert_marks" (
  "variante_id" integer PRIMARY KEY REFERENCES "variantes"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- What is low today is already on the back office's dashboard: the first alert is for the next crossing.
INSERT INTO "stock_alert_marks" ("variante_id")
  SELECT v."id" FROM "variantes" v JOIN "produits" p ON p."id" = v."produit_id" WHERE p."actif" AND v."actif" AND v."quantite" <= v."seuil"
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "staff_alerts" (
  "id" bigserial PRIMARY KEY,
  "kind" text NOT NULL,
  "cle" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "staff_alerts_kind" CHECK ("kind" in ('stock', 'resume', 'impayee', 'paiement_echoue'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "staff_alerts_kind_cle_key" ON "staff_alerts" ("kind", "cle");
--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN IF NOT EXISTS "alert_id" bigint REFERENCES "staff_alerts"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "message_outbox_alert_key" ON "message_outbox" ("alert_id", "channel", "recipient") WHERE "alert_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT IF EXISTS "message_outbox_about";
--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_about" CHECK (("commande_id" IS NOT NULL AND "history_id" IS NOT NULL) OR "invitation_id" IS NOT NULL OR "alert_id" IS NOT NULL);
