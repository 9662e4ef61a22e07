ALTER TABLE "modepaiements" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "modepaiements" SET "position" = "id";
