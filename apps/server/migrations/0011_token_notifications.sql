-- Instances keep who holds which API token in memory (ADR 021): any change that can end a
-- token or change what it may do tells them at commit, whoever makes it (the shop, the
-- admin:grant script, an operator in psql). The payload is the client's id; `*` when a
-- role's rights change or a table is emptied, which concerns everyone.
CREATE OR REPLACE FUNCTION teranga_tokens_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('teranga_tokens', '*');
  ELSIF TG_TABLE_NAME = 'clients' THEN
    PERFORM pg_notify('teranga_tokens', OLD.id::text);
  ELSE
    PERFORM pg_notify('teranga_tokens', OLD.client_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER api_tokens_changed AFTER UPDATE OR DELETE ON api_tokens
  FOR EACH ROW EXECUTE FUNCTION teranga_tokens_changed();
--> statement-breakpoint
CREATE TRIGGER clients_role_changed AFTER UPDATE OF role_id OR DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION teranga_tokens_changed();
--> statement-breakpoint
CREATE TRIGGER roles_changed AFTER UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION teranga_tokens_changed();
--> statement-breakpoint
CREATE TRIGGER api_tokens_truncated AFTER TRUNCATE ON api_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION teranga_tokens_changed();
