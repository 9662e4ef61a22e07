-- Depots in the admin's order (issue 16 §4), as zones are: the checkout lists them by position,
-- then id; PUT /api/depot/ordre sets it. Existing depots keep their order (by id).
ALTER TABLE "depots" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "depots" SET "position" = "ordered"."rank" FROM (SELECT "id", row_number() OVER (ORDER BY "id") - 1 AS "rank" FROM "depots") AS "ordered" WHERE "depots"."id" = "ordered"."id";
