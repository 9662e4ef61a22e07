-- Identity across sign-in methods (issue 23 §3, ADR 042): what the shop last saw of a client's
-- Firebase account, so that a sign-in can tell when the address became verified or another
-- sign-in method joined (then every earlier API token is revoked), and refuse an ID token older
-- than that change. NULL means "not seen since this release" (rows of an older release): the
-- next sign-in records it and revokes earlier tokens. Additive (ADR 030): the previous release
-- neither reads nor writes these columns.
ALTER TABLE "clients" ADD COLUMN "email_verified" boolean;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "sign_in_methods" text[];
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "identity_since" timestamp with time zone;
--> statement-breakpoint
-- A first-order code is for the first order of a phone number too: the orders of a number,
-- found by its last nine digits (a Senegalese number's national part, however it was typed).
CREATE INDEX "commandes_tel_key_idx" ON "commandes" (right(regexp_replace(coalesce("tel", ''), '[^0-9]', '', 'g'), 9)) WHERE "etat" <> 'annulee';
