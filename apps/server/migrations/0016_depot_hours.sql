-- A depot's opening hours (issue 16 §2), edited in the back office and shown where a shopper
-- picks a depot: per weekday (lun … dim) null when closed, else {"ouverture":"08:00","fermeture":"19:00"};
-- the column is null while the owner has not given them. Checked by the shared depot schema.
ALTER TABLE "depots" ADD COLUMN "horaires" jsonb;
--> statement-breakpoint
-- The medias sweep (issue 16 §2) deletes old uploads by their age: an index on it.
CREATE INDEX "medias_created_at_idx" ON "medias" ("created_at");
