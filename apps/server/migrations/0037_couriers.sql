-- The courier's phone (issue 25 §3, ADR 056), release R, additive (ADR 030): the `livreur`
-- staff role, invitations by phone number, and the link from a courier of the list to the
-- account that signs in as them.
INSERT INTO "roles" ("name", "isadmin", "isclient") VALUES ('livreur', false, false) ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
-- A role check widened: the previous release never writes the new role.
ALTER TABLE "invitations_staff" DROP CONSTRAINT IF EXISTS "invitations_staff_role";
--> statement-breakpoint
ALTER TABLE "invitations_staff" ADD CONSTRAINT "invitations_staff_role" CHECK ("role" in ('admin', 'gestionnaire', 'livreur'));
--> statement-breakpoint
-- An invitation names an e-mail address or a phone number (E.164), never both.
ALTER TABLE "invitations_staff" ALTER COLUMN "email" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "invitations_staff" ADD COLUMN IF NOT EXISTS "telephone" text;
--> statement-breakpoint
ALTER TABLE "invitations_staff" ADD CONSTRAINT "invitations_staff_contact" CHECK (("email" IS NULL) <> ("telephone" IS NULL) AND ("telephone" IS NULL OR "telephone" ~ '^\+[1-9][0-9]{6,14}$'));
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "invitations_staff_pending_telephone_key" ON "invitations_staff" ("telephone") WHERE "accepted_at" IS NULL AND "telephone" IS NOT NULL;
--> statement-breakpoint
-- The courier of the list a `livreur` invitation names.
ALTER TABLE "invitations_staff" ADD COLUMN IF NOT EXISTS "livreur_id" integer REFERENCES "livreurs"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "invitations_staff" ADD CONSTRAINT "invitations_staff_livreur_role" CHECK (("role" = 'livreur') = ("livreur_id" IS NOT NULL));
--> statement-breakpoint
-- The account that signs in as this courier, set when their invitation is accepted: one each way.
ALTER TABLE "livreurs" ADD COLUMN IF NOT EXISTS "client_id" integer REFERENCES "clients"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "livreurs_client_key" ON "livreurs" ("client_id") WHERE "client_id" IS NOT NULL;
--> statement-breakpoint
-- An invitation by phone goes out through the messages' outbox: a message about an invitation
-- rather than an order (the previous release's worker sends any row; its order pages read rows by order).
ALTER TABLE "message_outbox" ALTER COLUMN "history_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "message_outbox" ALTER COLUMN "commande_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN IF NOT EXISTS "invitation_id" integer REFERENCES "invitations_staff"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_about" CHECK (("commande_id" IS NOT NULL AND "history_id" IS NOT NULL) OR "invitation_id" IS NOT NULL);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "message_outbox_invitation_key" ON "message_outbox" ("invitation_id", "channel") WHERE "invitation_id" IS NOT NULL;
