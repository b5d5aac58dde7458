/**
 * Keeps the central's queue in step with its sources (docs/decisions/042-operators-central.md): a
 * few set-based statements that open an item for each thing needing a person, resolve the items whose
 * cause went away elsewhere, and mark those past their SLA. Idempotent (one open item per origin,
 * enforced by a unique index), so every instance may run it; a transaction-scoped advisory lock
 * keeps two runs from doing the same work at once. Runs at once after the events that matter and
 * every few seconds (the SLA and silent kiosks are about time passing).
 */
import { sql } from "drizzle-orm";
import { PERECIVEL_CENTRAL_MINUTOS } from "../../../shared/schemas/central";
import type { Database, Executor } from "../../db/client";
import { recordEvent } from "../../realtime/events";

/** A paired kiosk silent this long is reported (its stream's heartbeat writes contact at least every minute). */
export const TOTEM_SILENCIO_MINUTOS = 5;
/** A gate command that failed this many attempts is reported while it is still being retried. */
const TENTATIVAS_COMANDO = 2;
/** Gate commands older than this are not news any more. */
const COMANDO_JANELA_HORAS = 1;
/** Distinct from every other advisory lock of the app: "central" in ASCII. */
const SYNC_LOCK = 0x63656e7472616cn;

type Touched = { organization_id: string; condominio_id: string };

/**
 * The package of a package's item (`encomenda:<id>`, `perecivel:<id>`: the id from the 11th character),
 * null for any other item; a CASE, so another item's origin is never cast.
 */
export const ENCOMENDA_DO_ITEM = sql.raw(
  "(CASE WHEN i.tipo IN ('encomenda_a_confirmar', 'encomenda_perecivel') THEN substr(i.origem, 11)::uuid END)",
);

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * One run at `now` (a test's clock). Returns the (tenant, condominium) pairs whose queue changed; an
 * event is recorded for each, in the same transaction, so the screens read the queue again.
 */
export async function syncCentral(db: Database, now = new Date()): Promise<Touched[]> {
  return db.transaction(async (tx) => {
    const locked = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${SYNC_LOCK.toString()}::bigint) AS ok`),
    );
    if (!locked[0]?.ok) return [];
    const at = now.toISOString();
    const touched: Touched[] = [];
    for (const step of [openItems, resolveSettled, followTakeOvers, escalate]) {
      touched.push(...(await step(tx, at)));
    }
    const unique = [...new Map(touched.map((t) => [`${t.organization_id}/${t.condominio_id}`, t])).values()];
    for (const t of unique) {
      await recordEvent(tx, t.organization_id, { type: "central.atualizada", condominioId: t.condominio_id });
    }
    return unique;
  });
}

/**
 * New items: hand-overs, requests past the wait, gate commands refused, silent kiosks, packages the
 * attendant recorded, perishables nobody acknowledged.
 */
async function openItems(tx: Executor, at: string): Promise<Touched[]> {
  const inserted = rowsOf<Touched>(
    await tx.execute(sql`
    WITH candidatos AS (
      -- The attendant handed the visitor over to a person.
      SELECT c.organization_id, c.condominio_id, c.portao_id, 'atendimento' AS tipo, 'conversa:' || c.id AS origem,
             c.solicitacao_id, c.id AS conversa_id, LEAST(c.ultima_atividade_em, ${at}::timestamptz) AS criado_em
        FROM atendente_conversas c
       WHERE c.etapa = 'com_porteiro' AND c.encerrada_em IS NULL
      UNION ALL
      -- A request still pending after the condominium's wait, or that no resident answered; not one a
      -- hand-over already brought (the conversation's item covers its visitor).
      SELECT s.organization_id, s.condominio_id, s.portao_id,
             CASE WHEN s.sem_resposta_moradores_em IS NOT NULL THEN 'morador_sem_resposta' ELSE 'solicitacao_atrasada' END,
             'solicitacao:' || s.id, s.id, NULL,
             LEAST(COALESCE(s.sem_resposta_moradores_em, s.created_at + make_interval(secs => co.espera_morador_segundos)), ${at}::timestamptz)
        FROM solicitacoes_acesso s
        JOIN condominios co ON co.id = s.condominio_id
       WHERE s.status = 'pendente'
         AND (s.sem_resposta_moradores_em IS NOT NULL
              OR s.created_at <= ${at}::timestamptz - make_interval(secs => co.espera_morador_segundos))
         AND NOT EXISTS (SELECT 1 FROM atendente_conversas c
                          WHERE c.solicitacao_id = s.id AND c.etapa = 'com_porteiro' AND c.encerrada_em IS NULL)
      UNION ALL
      -- A gate command the controller did not accept (still retrying after a few attempts, or given up).
      SELECT e.organization_id, (e.corpo::jsonb #>> '{dados,portao,condominio_id}')::uuid,
             (e.corpo::jsonb #>> '{dados,portao,id}')::uuid, 'comando_falhou', 'entrega:' || e.id,
             e.solicitacao_id, NULL, e.created_at
        FROM webhook_entregas e
       WHERE e.tipo = 'portao.abrir' AND e.status <> 'entregue'
         AND e.created_at >= ${at}::timestamptz - make_interval(hours => ${COMANDO_JANELA_HORAS})
         AND (e.status = 'falhou' OR e.tentativas >= ${TENTATIVAS_COMANDO})
      UNION ALL
      -- A paired kiosk that stopped talking to the server.
      SELECT t.organization_id, t.condominio_id, t.portao_id, 'dispositivo_silencioso', 'totem:' || t.id,
             NULL, NULL, t.ultimo_contato_em + make_interval(mins => ${TOTEM_SILENCIO_MINUTOS})
        FROM totens t
       WHERE t.revogado_em IS NULL AND t.pareado_em IS NOT NULL
         AND t.ultimo_contato_em < ${at}::timestamptz - make_interval(mins => ${TOTEM_SILENCIO_MINUTOS})
      UNION ALL
      -- A package the attendant recorded from a delivery person's words: a porteiro checks and confirms
      -- it (docs/decisions/043-deliveries.md). Its conversation, when still there, gives the gate and
      -- the courier's words.
      SELECT e.organization_id, e.condominio_id, ac.portao_id, 'encomenda_a_confirmar', 'encomenda:' || e.id,
             NULL, ac.id, LEAST(e.recebida_em, ${at}::timestamptz)
        FROM encomendas e
        JOIN encomenda_lotes l ON l.id = e.lote_id
        LEFT JOIN atendente_conversas ac ON ac.id = l.conversa_id
       WHERE e.status = 'a_confirmar'
      UNION ALL
      -- A perishable package waiting past the limit with no resident's "ciente".
      SELECT e.organization_id, e.condominio_id, NULL, 'encomenda_perecivel', 'perecivel:' || e.id,
             NULL, NULL, e.recebida_em + make_interval(mins => ${PERECIVEL_CENTRAL_MINUTOS})
        FROM encomendas e
        JOIN encomenda_lotes l ON l.id = e.lote_id
       WHERE e.status = 'aguardando' AND e.perecivel AND l.ciente_em IS NULL
         AND e.recebida_em <= ${at}::timestamptz - make_interval(mins => ${PERECIVEL_CENTRAL_MINUTOS})
    )
    INSERT INTO central_itens (organization_id, condominio_id, portao_id, tipo, origem, solicitacao_id, conversa_id, criado_em, updated_at)
    SELECT organization_id, condominio_id, portao_id, tipo, origem, solicitacao_id, conversa_id, criado_em, ${at}::timestamptz
      FROM candidatos
     WHERE condominio_id IS NOT NULL
       -- Resolved by a person after its cause began: not again (a hand-over the operator closed while
       -- the conversation still says "com_porteiro"); a later cause (the visitor talks again, nobody
       -- answered after all, the kiosk fell silent again) opens a new one.
       AND NOT EXISTS (SELECT 1 FROM central_itens r
                        WHERE r.origem = candidatos.origem AND r.status = 'resolvido' AND r.resolvido_em >= candidatos.criado_em)
    ON CONFLICT (origem) WHERE status <> 'resolvido' DO NOTHING
    RETURNING organization_id, condominio_id`),
  );
  // Nobody answered after all: the item waiting for the wait's end says so now.
  const upgraded = rowsOf<Touched>(
    await tx.execute(sql`
    UPDATE central_itens i SET tipo = 'morador_sem_resposta', updated_at = ${at}::timestamptz
      FROM solicitacoes_acesso s
     WHERE i.tipo = 'solicitacao_atrasada' AND i.status <> 'resolvido' AND s.id = i.solicitacao_id
       AND s.sem_resposta_moradores_em IS NOT NULL
    RETURNING i.organization_id, i.condominio_id`),
  );
  return [...inserted, ...upgraded];
}

/**
 * Items whose cause went away: the request decided anywhere (its screen, the resident, the
 * attendant), the conversation past the hand-over, the command delivered after all, the kiosk back,
 * the package confirmed, collected or acknowledged.
 * A decided request records its decision and decider as the item's outcome.
 */
async function resolveSettled(tx: Executor, at: string): Promise<Touched[]> {
  const decided = rowsOf<Touched>(
    await tx.execute(sql`
    UPDATE central_itens i
       SET status = 'resolvido', resolvido_em = ${at}::timestamptz, updated_at = ${at}::timestamptz,
           desfecho = CASE s.status WHEN 'autorizado' THEN 'autorizado' WHEN 'negado' THEN 'negado' ELSE 'na_origem' END,
           resolvido_por_user_id = s.decidido_por_user_id
      FROM solicitacoes_acesso s
     WHERE i.status <> 'resolvido' AND i.tipo IN ('solicitacao_atrasada', 'morador_sem_resposta', 'atendimento')
       AND s.id = i.solicitacao_id AND s.status <> 'pendente'
    RETURNING i.organization_id, i.condominio_id`),
  );
  const conversations = rowsOf<Touched>(
    await tx.execute(sql`
    UPDATE central_itens i
       SET status = 'resolvido', resolvido_em = ${at}::timestamptz, updated_at = ${at}::timestamptz,
           desfecho = 'na_origem', resolvido_por_user_id = c.atendido_por_user_id
      FROM atendente_conversas c
     WHERE i.status <> 'resolvido' AND i.tipo = 'atendimento' AND c.id = i.conversa_id
       AND (c.etapa <> 'com_porteiro' OR c.encerrada_em IS NOT NULL)
    RETURNING i.organization_id, i.condominio_id`),
  );
  const commands = rowsOf<Touched>(
    await tx.execute(sql`
    UPDATE central_itens i
       SET status = 'resolvido', resolvido_em = ${at}::timestamptz, updated_at = ${at}::timestamptz, desfecho = 'na_origem'
      FROM webhook_entregas e
     WHERE i.status <> 'resolvido' AND i.tipo = 'comando_falhou' AND i.origem = 'entrega:' || e.id AND e.status = 'entregue'
    RETURNING i.organization_id, i.condominio_id`),
  );
  const kiosks = rowsOf<Touched>(
    await tx.execute(sql`
    UPDATE central_itens i
       SET status = 'resolvido', resolvido_em = ${at}::timestamptz, updated_at = ${at}::timestamptz, desfecho = 'na_origem'
      FROM totens t
     WHERE i.status <> 'resolvido' AND i.tipo = 'dispositivo_silencioso' AND i.origem = 'totem:' || t.id
       AND (t.revogado_em IS NOT NULL
            OR t.ultimo_contato_em >= ${at}::timestamptz - make_interval(mins => ${TOTEM_SILENCIO_MINUTOS}))
    RETURNING i.organization_id, i.condominio_id`),
  );
  // A package confirmed or returned (or gone), a perishable collected, returned or acknowledged; the
  // person whose act settled it is recorded when the package says who (the porteiro who confirmed or
  // handed it over, the resident who acknowledged).
  const packages = rowsOf<Touched>(
    await tx.execute(sql`
    UPDATE central_itens i
       SET status = 'resolvido', resolvido_em = ${at}::timestamptz, updated_at = ${at}::timestamptz, desfecho = 'na_origem',
           resolvido_por_user_id = (
             SELECT CASE
                      WHEN e.status = 'retirada' THEN e.entregue_por_user_id
                      WHEN i.tipo = 'encomenda_a_confirmar' AND e.status = 'aguardando' THEN l.recebido_por_user_id
                      WHEN i.tipo = 'encomenda_perecivel' AND l.ciente_em IS NOT NULL THEN l.ciente_user_id
                    END
               FROM encomendas e JOIN encomenda_lotes l ON l.id = e.lote_id
              WHERE e.id = ${ENCOMENDA_DO_ITEM})
     WHERE i.status <> 'resolvido' AND i.tipo IN ('encomenda_a_confirmar', 'encomenda_perecivel')
       AND NOT EXISTS (
             SELECT 1 FROM encomendas e JOIN encomenda_lotes l ON l.id = e.lote_id
              WHERE e.id = ${ENCOMENDA_DO_ITEM}
                AND CASE i.tipo
                      WHEN 'encomenda_a_confirmar' THEN e.status = 'a_confirmar'
                      ELSE e.status = 'aguardando' AND e.perecivel AND l.ciente_em IS NULL
                    END)
    RETURNING i.organization_id, i.condominio_id`),
  );
  return [...decided, ...conversations, ...commands, ...kiosks, ...packages];
}

/** A person who took the conversation over in "Atendimentos" holds its item too. */
async function followTakeOvers(tx: Executor, at: string): Promise<Touched[]> {
  return rowsOf<Touched>(
    await tx.execute(sql`
    UPDATE central_itens i
       SET status = 'assumido', assumido_por_user_id = c.atendido_por_user_id, assumido_em = ${at}::timestamptz,
           updated_at = ${at}::timestamptz
      FROM atendente_conversas c
     WHERE i.status = 'aberto' AND i.tipo = 'atendimento' AND c.id = i.conversa_id AND c.atendido_por_user_id IS NOT NULL
    RETURNING i.organization_id, i.condominio_id`),
  );
}

/** Past the condominium's SLA: to claim while open, to resolve while claimed. Marked once. */
async function escalate(tx: Executor, at: string): Promise<Touched[]> {
  return rowsOf<Touched>(
    await tx.execute(sql`
    UPDATE central_itens i SET escalado_em = ${at}::timestamptz, updated_at = ${at}::timestamptz
      FROM condominios co
     WHERE co.id = i.condominio_id AND i.escalado_em IS NULL AND i.status <> 'resolvido'
       AND ((i.status = 'aberto' AND i.criado_em <= ${at}::timestamptz - make_interval(secs => co.sla_assumir_segundos))
         OR (i.status = 'assumido' AND i.assumido_em <= ${at}::timestamptz - make_interval(secs => co.sla_resolver_segundos)))
    RETURNING i.organization_id, i.condominio_id`),
  );
}

/**
 * Too many wrong PINs at a condominium (modules/portaria): one open item per condominium while
 * someone looks into it, written by the refusal itself, with the event that shows it.
 */
export async function reportPinLockout(
  db: Database,
  place: { organizationId: string; condominioId: string; portaoId: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = rowsOf<{ id: string }>(
      await tx.execute(sql`
      INSERT INTO central_itens (organization_id, condominio_id, portao_id, tipo, origem)
      VALUES (${place.organizationId}, ${place.condominioId}::uuid, ${place.portaoId}::uuid, 'pin_bloqueado',
              ${`pin:${place.condominioId}`})
      ON CONFLICT (origem) WHERE status <> 'resolvido' DO NOTHING
      RETURNING id`),
    );
    if (inserted.length > 0)
      await recordEvent(tx, place.organizationId, { type: "central.atualizada", condominioId: place.condominioId });
  });
}
