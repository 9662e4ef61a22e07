-- Messages that cost money (issue 23 §4, ADR 034 amended). Only additions, and one unique index
-- replaced by a wider one that still holds every row the previous release writes (ADR 030):
-- its inserts (`on conflict do nothing`, no target) keep meeting a unique key on their event.
--
-- The countries other than Senegal whose numbers get order messages (calling codes, « 33 »):
-- none until the owner lists some in the settings.
ALTER TABLE "preferences" ADD COLUMN "indicatifs_messages" text[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
-- A message about something other than its history line's move (a refund: `remboursement:{id}`;
-- a payment that moved nothing: `paiement:{attempt id}`);
-- '' for the move's own message, as every row written so far.
ALTER TABLE "message_outbox" ADD COLUMN "event" text NOT NULL DEFAULT '';
--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_event_kind_key" ON "message_outbox" ("history_id", "event", "channel", "recipient");
--> statement-breakpoint
DROP INDEX "message_outbox_event_key";
--> statement-breakpoint
-- Customer messages handed to a provider, per number and day (Dakar's): every instance counts
-- in the same rows, so a number gets at most the day's allowance whichever instance sends.
CREATE TABLE "message_daily_counts" (
  "recipient" text NOT NULL,
  "day" date NOT NULL,
  "sent" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("recipient", "day")
);
