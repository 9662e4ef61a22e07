-- Order messages by SMS and WhatsApp (issue 18 §2, ADR 034). The outbox is written in the
-- order change's own transaction, one row per event, channel and recipient (the unique key:
-- a retried insert or a restarted worker never makes a second message); the worker claims due
-- rows with FOR UPDATE SKIP LOCKED, so several instances share it.
CREATE TABLE "message_outbox" (
  "id" bigserial PRIMARY KEY,
  "history_id" integer NOT NULL REFERENCES "order_history"("id") ON DELETE CASCADE,
  "commande_id" integer NOT NULL REFERENCES "commandes"("id") ON DELETE CASCADE,
  "audience" text NOT NULL,
  "channel" text NOT NULL,
  "recipient" text NOT NULL,
  "body" text NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "attempts" integer NOT NULL DEFAULT 0,
  "next_attempt_at" timestamp with time zone NOT NULL DEFAULT now(),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "sent_at" timestamp with time zone,
  "provider_ref" text,
  CONSTRAINT "message_outbox_audience" CHECK ("audience" in ('client', 'staff')),
  CONSTRAINT "message_outbox_channel" CHECK ("channel" in ('sms', 'whatsapp')),
  CONSTRAINT "message_outbox_status" CHECK ("status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_event_key" ON "message_outbox" ("history_id", "channel", "recipient");
--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" ("next_attempt_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "message_outbox_commande_idx" ON "message_outbox" ("commande_id");
--> statement-breakpoint
-- How each customer hears about their orders; no row is the default (SMS).
CREATE TABLE "message_preferences" (
  "client_id" integer PRIMARY KEY REFERENCES "clients"("id") ON DELETE CASCADE,
  "canal" text NOT NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "message_preferences_canal" CHECK ("canal" in ('sms', 'whatsapp', 'aucun'))
);
--> statement-breakpoint
-- Secrets the instances share, drawn by the first one that needs them (the tracking links' key).
CREATE TABLE "server_secrets" (
  "name" text PRIMARY KEY,
  "value" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- The staff's numbers told of each new order (the back office's settings).
ALTER TABLE "preferences" ADD COLUMN "telephones_alertes" text[] NOT NULL DEFAULT '{}';
