-- Personal data out of the audit trail (docs/decisions/030-personal-data-out-of-the-audit-trail.md).
-- What was written so far is rewritten the way audit/audit.ts writes from now on: a visitor's or
-- resident's name in `resumo` becomes the placeholder {nome} (the trail's reader puts the live
-- record's name there), names, phones, e-mails, free texts and documents in `antes`/`depois` become
-- "[dado pessoal]" (the field is still named), an export's search text too, and a resident who
-- decided by phone or link is no longer named in `ator_nome` (read from the request instead).
-- This is the one place an UPDATE of `auditoria` is allowed: the trigger lets it through only inside
-- this migration's transaction, only with the setting below, and only on those four columns; then
-- the trigger goes back to refusing every UPDATE. Idempotent (a second run changes nothing).

-- 1. The trigger admits this rewrite, and nothing else.
CREATE OR REPLACE FUNCTION auditoria_somente_insercao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('guarita.auditoria_reescrita', true) = '030-dados-pessoais' THEN
    IF NEW.id = OLD.id AND NEW.organization_id = OLD.organization_id AND NEW.ocorrido_em = OLD.ocorrido_em
       AND NEW.ator_tipo = OLD.ator_tipo AND NEW.ator_id IS NOT DISTINCT FROM OLD.ator_id
       AND NEW.ip IS NOT DISTINCT FROM OLD.ip AND NEW.acao = OLD.acao AND NEW.entidade = OLD.entidade
       AND NEW.entidade_id IS NOT DISTINCT FROM OLD.entidade_id THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'auditoria: registros não podem ser alterados nem apagados' USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint

-- 2. One record's before/after without personal data (dropped at the end).
CREATE OR REPLACE FUNCTION auditoria_030_sem_dados_pessoais(entidade text, valores jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN valores IS NULL OR jsonb_typeof(valores) <> 'object' THEN valores
    ELSE coalesce((
      SELECT jsonb_object_agg(k, CASE
        WHEN k IN ('documento', 'doc_visitante', 'docVisitante', 'titular_documento')
          OR (entidade IN ('pessoa', 'solicitacao', 'passe', 'acesso', 'morador', 'chamada')
              AND k IN ('nome', 'nome_visitante', 'nomeVisitante', 'telefone', 'telefone_visitante',
                        'telefoneVisitante', 'telefoneE164', 'telefone_e164', 'email', 'fotoUrl', 'foto_url',
                        'motivo', 'observacoes', 'descricao'))
          THEN CASE WHEN v IN ('null'::jsonb, '""'::jsonb) THEN 'null'::jsonb ELSE '"[dado pessoal]"'::jsonb END
        WHEN k = 'filtros' AND jsonb_typeof(v) = 'object' AND v ? 'q' AND v -> 'q' NOT IN ('null'::jsonb, '""'::jsonb, 'false'::jsonb)
          THEN jsonb_set(v, '{q}', '"[dado pessoal]"'::jsonb)
        ELSE v
      END)
      FROM jsonb_each(valores) AS e(k, v)
    ), '{}'::jsonb)
  END
$$;--> statement-breakpoint

SELECT set_config('guarita.auditoria_reescrita', '030-dados-pessoais', true);--> statement-breakpoint

-- 3. The rewrite, with the texts the application wrote (modules/*/…service.ts, jobs/expire-solicitacoes.ts).
WITH novo AS (
  SELECT
    id,
    CASE
      WHEN resumo LIKE '%{nome}%' THEN resumo
      WHEN entidade = 'solicitacao' AND resumo LIKE 'Registrou a solicitação de %' THEN 'Registrou a solicitação de {nome}'
      WHEN entidade = 'solicitacao' AND resumo LIKE 'Alterou a solicitação de %' THEN 'Alterou a solicitação de {nome}'
      WHEN entidade = 'solicitacao' AND resumo LIKE 'A solicitação de % expirou sem decisão' THEN 'A solicitação de {nome} expirou sem decisão'
      WHEN entidade = 'solicitacao' AND resumo ~ '^(Autorizou|Negou) a entrada de .* (no console|pelo telefone|pelo link)$'
        THEN regexp_replace(resumo, '^(Autorizou|Negou) a entrada de .* (no console|pelo telefone|pelo link)$', '\1 a entrada de {nome} \2')
      WHEN entidade = 'passe' AND resumo LIKE 'Criou um passe para %' THEN 'Criou um passe para {nome}'
      WHEN entidade = 'passe' AND resumo ~ '^(Alterou|Suspendeu|Reativou|Revogou) o passe de '
        THEN regexp_replace(resumo, '^(Alterou|Suspendeu|Reativou|Revogou) o passe de .*$', '\1 o passe de {nome}')
      WHEN entidade = 'acesso' AND resumo ~ '^Registrou a entrada de .* \([^()]*\)$'
        THEN regexp_replace(resumo, '^Registrou a entrada de .* (\([^()]*\))$', 'Registrou a entrada de {nome} \1')
      WHEN entidade = 'acesso' AND resumo LIKE 'Registrou a saída de %' THEN 'Registrou a saída de {nome}'
      WHEN entidade = 'pessoa' AND resumo LIKE 'Alterou o cadastro de %' THEN 'Alterou o cadastro de {nome}'
      WHEN entidade = 'pessoa' AND resumo LIKE 'Excluiu o cadastro de %' THEN 'Excluiu o cadastro de {nome}'
      WHEN entidade = 'pessoa' AND acao = 'criar' AND resumo LIKE 'Cadastrou %' THEN 'Cadastrou {nome}'
      -- Any other line a change of a visitor's or person's record wrote may hold the name: only the record is named.
      WHEN entidade IN ('solicitacao', 'passe', 'acesso', 'pessoa') AND acao IN ('criar', 'alterar', 'excluir', 'decidir', 'revogar')
        THEN 'Registro sobre {nome}'
      ELSE resumo
    END AS resumo,
    CASE
      WHEN acao = 'decidir' AND entidade = 'solicitacao' AND ator_tipo IN ('chave_api', 'link_morador') THEN NULL
      ELSE ator_nome
    END AS ator_nome,
    auditoria_030_sem_dados_pessoais(entidade, antes) AS antes,
    auditoria_030_sem_dados_pessoais(entidade, depois) AS depois
  FROM auditoria
)
UPDATE auditoria AS a
SET resumo = n.resumo, ator_nome = n.ator_nome, antes = n.antes, depois = n.depois
FROM novo AS n
WHERE a.id = n.id
  AND (a.resumo, a.ator_nome, a.antes, a.depois) IS DISTINCT FROM (n.resumo, n.ator_nome, n.antes, n.depois);--> statement-breakpoint

SELECT set_config('guarita.auditoria_reescrita', '', true);--> statement-breakpoint

DROP FUNCTION auditoria_030_sem_dados_pessoais(text, jsonb);--> statement-breakpoint

-- 4. Append-only again, for everyone (as migration 0013 wrote it).
CREATE OR REPLACE FUNCTION auditoria_somente_insercao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'auditoria: registros não podem ser alterados nem apagados' USING ERRCODE = '42501';
END;
$$;
