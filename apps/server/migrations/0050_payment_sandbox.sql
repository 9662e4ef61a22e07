-- The payment sandbox shared by every instance (issue 27 §2, ADR 066), release R, additive
-- (ADR 030): its keys, drawn by the first instance that starts and read by the others, and its
-- checkout sessions, created on one instance and paid, checked or refunded on any. An older
-- release's instances keep theirs in memory and ignore these tables.
CREATE TABLE IF NOT EXISTS "payment_sandbox_keys" (
  "provider" text PRIMARY KEY,
  "api_key" text NOT NULL,
  "secret" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "payment_sandbox_keys_provider" CHECK ("provider" in ('wave', 'paytech'))
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "payment_sandbox_sessions" (
  "id" text PRIMARY KEY,
  "provider" text NOT NULL,
  "amount" bigint NOT NULL,
  "commande" text NOT NULL,
  "reference" text NOT NULL,
  "success_url" text NOT NULL,
  "error_url" text NOT NULL,
  "status" text NOT NULL DEFAULT 'open',
  "extra" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "refunded" bigint NOT NULL DEFAULT 0,
  "refunds" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "payment_sandbox_sessions_provider" CHECK ("provider" in ('wave', 'paytech')),
  CONSTRAINT "payment_sandbox_sessions_status" CHECK ("status" in ('open', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_sandbox_sessions_reference_idx" ON "payment_sandbox_sessions" ("provider", "reference");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_sandbox_sessions_status_idx" ON "payment_sandbox_sessions" ("status", "created_at");
