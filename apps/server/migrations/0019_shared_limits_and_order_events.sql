-- Several instances on one database (issue 17). The limits that protect money and identity
-- are counted here rather than in one process: a window per (limit, key) that starts with its
-- first hit, as one instance's limiter did, raised by one statement; and the places held by
-- open streams, each renewed while its stream lives, so a killed instance's expire.
CREATE TABLE "rate_limit_counters" (
  "name" text NOT NULL,
  "key" text NOT NULL,
  "count" integer NOT NULL,
  "window_end" timestamp with time zone NOT NULL,
  PRIMARY KEY ("name", "key")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_end_idx" ON "rate_limit_counters" ("window_end");
--> statement-breakpoint
CREATE TABLE "rate_limit_places" (
  "id" uuid PRIMARY KEY,
  "name" text NOT NULL,
  "key" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_places_key_idx" ON "rate_limit_places" ("name", "key");
--> statement-breakpoint
CREATE INDEX "rate_limit_places_expires_at_idx" ON "rate_limit_places" ("expires_at");
--> statement-breakpoint
-- Every line of an order's history is an order event (placed: its first line; a move: the
-- others): each instance hears it at commit, in commit order, and reads the line again. The
-- payload is small: the kind, the order's id, the history line's id.
CREATE OR REPLACE FUNCTION teranga_order_event() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('teranga_orders', (CASE WHEN NEW.from_etat IS NULL THEN 'placed' ELSE 'state' END) || ':' || NEW.commande_id || ':' || NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_history_event AFTER INSERT ON order_history
  FOR EACH ROW EXECUTE FUNCTION teranga_order_event();
