-- Every change that can alter who a session is, or what it reaches, is announced on
-- guarita_sessoes (auth/session-resolver.ts, decision 027): each instance forgets what it
-- remembered for that session ("s:"), user ("u:") or organization ("o:"). Triggers, not app code,
-- so better-auth's own writes (sign-out, password reset, revoked sessions) are announced too.
-- NOTIFY delivers at commit and folds identical payloads of one transaction into one.
CREATE FUNCTION guarita_sessoes_notificar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  linha record;
BEGIN
  IF TG_OP = 'DELETE' THEN linha := OLD; ELSE linha := NEW; END IF;
  IF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('guarita_sessoes', 's:' || linha.id);
  ELSIF TG_TABLE_NAME = 'user' THEN
    PERFORM pg_notify('guarita_sessoes', 'u:' || linha.id);
  ELSIF TG_TABLE_NAME = 'member' THEN
    PERFORM pg_notify('guarita_sessoes', 'u:' || linha.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
      PERFORM pg_notify('guarita_sessoes', 'u:' || OLD.user_id);
    END IF;
  ELSIF TG_TABLE_NAME = 'organization' THEN
    PERFORM pg_notify('guarita_sessoes', 'o:' || linha.id);
  ELSE
    -- unidade_moradores and pessoas: what a morador's scope reads
    PERFORM pg_notify('guarita_sessoes', 'o:' || linha.organization_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_notificar AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION guarita_sessoes_notificar();--> statement-breakpoint
CREATE TRIGGER user_notificar AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION guarita_sessoes_notificar();--> statement-breakpoint
CREATE TRIGGER member_notificar AFTER INSERT OR UPDATE OR DELETE ON member
  FOR EACH ROW EXECUTE FUNCTION guarita_sessoes_notificar();--> statement-breakpoint
CREATE TRIGGER organization_notificar AFTER UPDATE OR DELETE ON organization
  FOR EACH ROW EXECUTE FUNCTION guarita_sessoes_notificar();--> statement-breakpoint
CREATE TRIGGER unidade_moradores_notificar AFTER INSERT OR UPDATE OR DELETE ON unidade_moradores
  FOR EACH ROW EXECUTE FUNCTION guarita_sessoes_notificar();--> statement-breakpoint
-- A person's link to a login, or whether they are active: what a morador's scope reads.
CREATE TRIGGER pessoas_notificar_alteracao AFTER UPDATE OF user_id, ativo ON pessoas
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.ativo IS DISTINCT FROM NEW.ativo)
  EXECUTE FUNCTION guarita_sessoes_notificar();--> statement-breakpoint
CREATE TRIGGER pessoas_notificar_insercao AFTER INSERT ON pessoas
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL)
  EXECUTE FUNCTION guarita_sessoes_notificar();--> statement-breakpoint
CREATE TRIGGER pessoas_notificar_exclusao AFTER DELETE ON pessoas
  FOR EACH ROW WHEN (OLD.user_id IS NOT NULL)
  EXECUTE FUNCTION guarita_sessoes_notificar();
--> statement-breakpoint
-- TRUNCATE fires no row trigger: forget everything (tests empty the tables between files).
CREATE FUNCTION guarita_sessoes_esquecer_tudo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('guarita_sessoes', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_truncar AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION guarita_sessoes_esquecer_tudo();--> statement-breakpoint
CREATE TRIGGER user_truncar AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION guarita_sessoes_esquecer_tudo();--> statement-breakpoint
CREATE TRIGGER member_truncar AFTER TRUNCATE ON member
  FOR EACH STATEMENT EXECUTE FUNCTION guarita_sessoes_esquecer_tudo();--> statement-breakpoint
CREATE TRIGGER organization_truncar AFTER TRUNCATE ON organization
  FOR EACH STATEMENT EXECUTE FUNCTION guarita_sessoes_esquecer_tudo();--> statement-breakpoint
CREATE TRIGGER unidade_moradores_truncar AFTER TRUNCATE ON unidade_moradores
  FOR EACH STATEMENT EXECUTE FUNCTION guarita_sessoes_esquecer_tudo();--> statement-breakpoint
CREATE TRIGGER pessoas_truncar AFTER TRUNCATE ON pessoas
  FOR EACH STATEMENT EXECUTE FUNCTION guarita_sessoes_esquecer_tudo();
