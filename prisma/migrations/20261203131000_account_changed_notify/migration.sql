-- Every app server keeps the accounts behind recent sessions in memory
-- (lib/auth/account-cache.ts), so a request or socket event does not read
-- them again. These triggers tell every server, through NOTIFY, the moment an
-- account or a session changes, whoever changes it (the app, a script, a DBA
-- in psql): the servers drop what they hold. NOTIFY is delivered at commit,
-- and never for a transaction that rolls back.
CREATE FUNCTION factdesk_notify_account_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('factdesk_account_changed', json_build_object('userId', COALESCE(NEW.id, OLD.id))::text);
  ELSE
    PERFORM pg_notify('factdesk_account_changed', json_build_object('sessionId', COALESCE(NEW.id, OLD.id))::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_account_changed
  AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION factdesk_notify_account_changed();

-- Not for last_seen_at, which the keep-alive moves every few minutes.
CREATE TRIGGER sessions_account_changed_update
  AFTER UPDATE ON "sessions"
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash)
  EXECUTE FUNCTION factdesk_notify_account_changed();

CREATE TRIGGER sessions_account_changed_delete
  AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION factdesk_notify_account_changed();
