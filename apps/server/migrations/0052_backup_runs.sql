-- When the backup steps last succeeded (issue 27 §3, ADR 067): the nightly archive, its copy
-- off the server (restic) and the monthly restore drill, one row each, written by the
-- operations commands and read by every instance's /metrics
-- (teranga_backup_last_success_timestamp_seconds), so the age of the last good backup can
-- raise an alert with no exporter on the server. Additive (ADR 030): an older release ignores it.
CREATE TABLE IF NOT EXISTS "backup_runs" (
  "step" text PRIMARY KEY,
  "succeeded_at" timestamp with time zone NOT NULL DEFAULT now(),
  "detail" text NOT NULL DEFAULT '',
  CONSTRAINT "backup_runs_step" CHECK ("step" in ('archive', 'offsite', 'drill'))
);
