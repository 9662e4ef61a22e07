-- Sign-in with a phone number (issue 18 §1): the number Firebase proved by SMS, in E.164, kept
-- apart from `telephone` (the contact number the customer types freely). Additive (ADR 030):
-- the previous release neither reads nor writes it.
ALTER TABLE "clients" ADD COLUMN "telephone_verifie" text;
