-- What the shop's first boot put in the database, once (issue 23 §5, ADR 045): `demo` (npm
-- start: the demo catalogue, zones, depots, slides, contact details) or `structure`
-- (production: payment and delivery modes, loyalty tiers only). Its presence, not the number
-- of categories, tells later boots that the seed has run: a shop whose owner deleted every
-- category or zone is never seeded again.
CREATE TABLE IF NOT EXISTS "shop_setup" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "contenu" text NOT NULL CHECK ("contenu" IN ('structure', 'demo')),
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A database that booted before this migration was seeded then (every boot wrote the payment
-- modes, and every earlier release seeded the demo): it is marked, never seeded again.
INSERT INTO "shop_setup" ("id", "contenu") SELECT 1, 'demo' WHERE EXISTS (SELECT 1 FROM "modepaiements") ON CONFLICT DO NOTHING;
