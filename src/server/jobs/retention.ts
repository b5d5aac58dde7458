/**
 * Retention of visitor data (docs/product.md, "Personal data and retention"). Each condominium keeps visitor
 * data for its `retencao_dias` (90 by default, 30 to 1,825); after that the visitor's name becomes "Visitante
 * anonimizado", document, phone and free text are cleared and the search columns follow. What statistics read
 * (status, dates, units, counts, who decided) stays, so the dashboard does not change. Residents' and staff's
 * records (pessoas) are never touched here.
 *
 * - Requests older than the cutoff (created_at): name, document, phone, motivo, observações; their
 *   calls' search text (it holds the visitor's name); the demo channel's message text to residents.
 * - Passes whose last day (data_fim, the condominium's local date) is before the cutoff's local
 *   date: name, document, phone, description; the visitor's name in the gate's messages about them.
 * - Access records whose entry (entrada_em) is older than the cutoff: name, document.
 * - Packages (docs/decisions/043-deliveries.md) collected (retirada_em) before the cutoff: who collected,
 *   as the gate recorded it (name → "Pessoa anonimizada", document cleared). The package itself (carrier,
 *   dates, unit, method) stays for the counts. Notices about packages sent before the cutoff lose their
 *   address and the demo text; people a unit authorised to collect, removed before the cutoff, lose
 *   their name and document (a current authorisation is needed while it lasts, whatever its age).
 * - Common areas' bookings (docs/decisions/044-common-area-bookings.md): the guests of bookings that
 *   ended (fim) before the cutoff lose name, document and phone ("Visitante anonimizado"); the booking
 *   itself (area, unit, times, status) stays for the calendar and the counts. Notices about bookings
 *   sent before the cutoff lose their address and the demo text.
 * - The virtual attendant's conversations closed (encerrada_em) before the cutoff are deleted, their
 *   messages with them (the foreign key cascades). Not anonymised like the rows above: a transcript
 *   is nothing but free text in and about the visitor's words, which this job clears everywhere,
 *   and no count or statistic reads it (how the visit ended stays on the request it created, which
 *   is anonymised and kept), so an emptied conversation would keep nothing anyone reads. Measured
 *   from its end, so every message of it is past the cutoff; an open one is never touched. A
 *   conversation whose request is anonymised (here or by a data subject's request) is anonymised
 *   with it (anonymiseRequestRows).
 *
 * Safe on several instances at once and never holding big locks: every batch is one short
 * transaction that locks at most BATCH_SIZE rows with FOR UPDATE SKIP LOCKED, so two runs never
 * take the same row, and a row is only ever taken while `anonimizado_em IS NULL` (idempotent).
 * The audit record of a condominium and table is written in the transaction of its last batch,
 * with the rows that run changed.
 */
import { and, asc, count, eq, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { localClock } from "../../shared/pass-schedule";
import type { AuditoriaAcao, AuditoriaEntidade } from "../../shared/schemas/auditoria";
import type { RetencaoContagens } from "../../shared/schemas/condominios";
import { type AuditActor, recordAudit, SYSTEM_ACTOR } from "../audit/audit";
import type { Database, Executor } from "../db/client";
import { acessos, atendenteConversas, condominios, passes, solicitacoesAcesso } from "../db/schema";
import { buildSearchText } from "../db/search";
import { chamadaSearchText } from "../modules/chamadas/chamadas.service";
import { purgeDeletedBlobs } from "../modules/fotos/fotos.service";
import type { BlobStore } from "../storage";

export const ANONYMISED_NAME = "Visitante anonimizado";
/**
 * Who collected a package, or someone authorised to: a person, not necessarily a visitor (a resident,
 * their cleaner); the word the data subjects' requests write on a person's record.
 */
export const ANONYMISED_PERSON = "Pessoa anonimizada";
/** What an anonymised conversation's messages say instead of what was said. */
export const ANONYMISED_TEXT = "[anonimizado]";
export const RETENTION_BATCH_SIZE = 500;
const DAY_MS = 86_400_000;

export type RetentionCounts = RetencaoContagens;

export interface AnonymiseOptions {
  /** Only this tenant's condominiums (the on-demand run). */
  organizationId?: string;
  /** Only this condominium (with organizationId). */
  condominioId?: string;
  /** Who the audit records name: the system by default, the user on an on-demand run. */
  actor?: AuditActor;
  batchSize?: number;
  /** Checked between batches: a stopping instance ends the run early (the next run goes on). */
  shouldStop?: () => boolean;
  /**
   * The photos' blob store: with it, the run ends by deleting the blobs of the photos it deleted;
   * without it (a preview's caller, some tests) they wait, queued, for the next purge.
   */
  store?: BlobStore;
}

interface CondominioRetention {
  id: string;
  organizationId: string;
  timezone: string;
  retencaoDias: number;
  /** Photos go sooner (docs/decisions/039-visitor-photos.md): at most retencaoDias. */
  retencaoFotosDias: number;
}

/** Visitor data created before this instant is past its retention. */
export function retentionCutoff(retencaoDias: number, now: Date): Date {
  return new Date(now.getTime() - retencaoDias * DAY_MS);
}

/** A pass is past its retention when its last day is before the cutoff's local date. */
function passCutoffDate(c: CondominioRetention, now: Date): string {
  return localClock(retentionCutoff(c.retencaoDias, now), c.timezone).date;
}

const zero = (): RetentionCounts => ({
  solicitacoes: 0,
  passes: 0,
  acessos: 0,
  conversas: 0,
  fotos: 0,
  encomendas: 0,
  avisos_encomendas: 0,
  autorizados_encomendas: 0,
  convidados_reservas: 0,
  avisos_reservas: 0,
});

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

const number = new Intl.NumberFormat("pt-BR");

function summary(kind: keyof RetentionCounts, n: number, dias: number): string {
  const one = n === 1;
  const what = {
    solicitacoes: one ? "solicitação anonimizada" : "solicitações anonimizadas",
    passes: one ? "passe anonimizado" : "passes anonimizados",
    acessos: one ? "registro de entrada e saída anonimizado" : "registros de entrada e saída anonimizados",
    conversas: one ? "conversa do atendente apagada" : "conversas do atendente apagadas",
    fotos: one ? "foto de visitante apagada" : "fotos de visitantes apagadas",
    encomendas: one ? "retirada de encomenda anonimizada" : "retiradas de encomendas anonimizadas",
    avisos_encomendas: one ? "aviso de encomenda anonimizado" : "avisos de encomendas anonimizados",
    autorizados_encomendas: one
      ? "pessoa autorizada a retirar encomendas anonimizada"
      : "pessoas autorizadas a retirar encomendas anonimizadas",
    convidados_reservas: one ? "convidado de reserva anonimizado" : "convidados de reservas anonimizados",
    avisos_reservas: one ? "aviso de reserva anonimizado" : "avisos de reservas anonimizados",
  }[kind];
  return `Retenção: ${number.format(n)} ${what} (mais de ${number.format(dias)} dias)`;
}

/**
 * The audit record of each table: anonymised rows under their kind; deleted conversations under their
 * condominium (the record points at the condominium either way, and there is no conversation left to open).
 */
const AUDIT: Record<keyof RetentionCounts, { acao: AuditoriaAcao; entidade: AuditoriaEntidade }> = {
  solicitacoes: { acao: "anonimizar", entidade: "solicitacao" },
  passes: { acao: "anonimizar", entidade: "passe" },
  acessos: { acao: "anonimizar", entidade: "acesso" },
  conversas: { acao: "excluir", entidade: "condominio" },
  fotos: { acao: "excluir", entidade: "condominio" },
  encomendas: { acao: "anonimizar", entidade: "encomenda" },
  avisos_encomendas: { acao: "anonimizar", entidade: "encomenda" },
  autorizados_encomendas: { acao: "anonimizar", entidade: "encomenda_autorizado" },
  convidados_reservas: { acao: "anonimizar", entidade: "reserva" },
  avisos_reservas: { acao: "anonimizar", entidade: "reserva" },
};

/** `(VALUES (...), (...))` rows for an UPDATE … FROM. */
function valuesList(rows: SQL[]): SQL {
  return sql.join(rows, sql`, `);
}

/**
 * The realtime outbox (eventos: replayed to reconnecting screens, pruned after a few days) keeps the
 * visitor's name as the screens were told it; it follows the record (decision 030: nothing of an
 * anonymised visitor stays anywhere, the audit trail included).
 */
async function anonymiseEvents(tx: Executor, which: SQL) {
  await tx.execute(sql`
    UPDATE eventos SET payload = jsonb_set(payload, '{nome_visitante}', to_jsonb(${ANONYMISED_NAME}::text))
    WHERE ${which} AND coalesce(payload->>'nome_visitante', '') NOT IN ('', ${ANONYMISED_NAME})`);
}

/** One batch of requests: locks, anonymises, rewrites their calls' search and demo messages. */
async function requestsBatch(tx: Executor, c: CondominioRetention, cutoff: Date, now: Date, limit: number) {
  const rows = rowsOf<{ id: string; codigo: string; torre: string | null }>(
    await tx.execute(sql`
      SELECT s.id, u.codigo, u.torre
      FROM solicitacoes_acesso s
      JOIN unidades u ON u.id = s.unidade_id AND u.condominio_id = s.condominio_id
      WHERE s.condominio_id = ${c.id} AND s.organization_id = ${c.organizationId}
        AND s.anonimizado_em IS NULL AND s.created_at < ${cutoff.toISOString()}::timestamptz
      ORDER BY s.created_at
      LIMIT ${limit}
      FOR UPDATE OF s SKIP LOCKED`),
  );
  await anonymiseRequestRows(tx, c.organizationId, rows, now);
  return rows.length;
}

/**
 * Anonymises these requests of a tenant (already locked by the caller, with their unit's code and
 * tower for the search text), their calls' search text and the demo channel's messages. The
 * retention job and the data subjects' requests (modules/titulares) share it.
 */
export async function anonymiseRequestRows(
  tx: Executor,
  organizationId: string,
  rows: { id: string; codigo: string; torre: string | null }[],
  now: Date,
) {
  if (rows.length === 0) return;
  const values = rows.map((r) => sql`(${r.id}::uuid, ${buildSearchText([ANONYMISED_NAME, null, r.codigo, r.torre])})`);
  await tx.execute(sql`
    UPDATE solicitacoes_acesso AS s
    SET nome_visitante = ${ANONYMISED_NAME}, doc_visitante = NULL, telefone_visitante = NULL,
        motivo = NULL, observacoes = NULL, motivo_negacao = NULL, busca = v.busca, anonimizado_em = ${now.toISOString()}::timestamptz
    FROM (VALUES ${valuesList(values)}) AS v(id, busca)
    WHERE s.id = v.id AND s.anonimizado_em IS NULL`);
  const ids = rows.map((r) => r.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await deleteFotosOf(tx, organizationId, { solicitacoes: idList });
  // Calls: their search text holds the visitor's name (chamadas.queries.ts builds it).
  const calls = rowsOf<{
    id: string;
    pessoa_nome: string | null;
    ramal_discado: string | null;
    provedor: string | null;
  }>(
    await tx.execute(sql`
      SELECT ch.id, p.nome AS pessoa_nome, ch.ramal_discado, ch.provedor
      FROM chamadas ch
      LEFT JOIN pessoas p ON p.id = ch.pessoa_id AND p.organization_id = ch.organization_id
      WHERE ch.organization_id = ${organizationId} AND ch.solicitacao_id IN (${idList})`),
  );
  for (let i = 0; i < calls.length; i += RETENTION_BATCH_SIZE) {
    const callValues = calls.slice(i, i + RETENTION_BATCH_SIZE).map(
      (r) =>
        sql`(${r.id}::uuid, ${chamadaSearchText({
          pessoaNome: r.pessoa_nome,
          ramalDiscado: r.ramal_discado,
          visitante: ANONYMISED_NAME,
          provedor: r.provedor,
        })})`,
    );
    await tx.execute(
      sql`UPDATE chamadas AS ch SET busca = v.busca FROM (VALUES ${valuesList(callValues)}) AS v(id, busca) WHERE ch.id = v.id`,
    );
  }
  // The demo channel keeps the message as the resident read it, the visitor's name included.
  await tx.execute(sql`
    UPDATE notificacoes SET mensagem = NULL
    WHERE organization_id = ${organizationId} AND solicitacao_id IN (${idList}) AND mensagem IS NOT NULL`);
  await anonymiseEvents(tx, sql`organization_id = ${organizationId} AND solicitacao_id IN (${idList})`);
  await anonymiseConversations(tx, organizationId, idList, now);
}

/**
 * The attendant's conversations that led to these requests: the transcript names the visitor (and
 * holds whatever else was said), the engine's state keeps the name it understood, a WhatsApp
 * conversation keeps the visitor's number. The conversation
 * stays (its outcome, dates and gate) with every message's text replaced; the messages first, while
 * their conversation is not yet marked, so a second run finds nothing to do.
 */
async function anonymiseConversations(tx: Executor, organizationId: string, requestIdList: SQL, now: Date) {
  const which = sql`c.organization_id = ${organizationId} AND c.solicitacao_id IN (${requestIdList}) AND c.anonimizada_em IS NULL`;
  await tx.execute(sql`
    UPDATE atendente_mensagens AS m SET texto = ${ANONYMISED_TEXT}
    FROM atendente_conversas AS c
    WHERE ${which} AND m.conversa_id = c.id AND m.organization_id = c.organization_id`);
  // What a phone line or WhatsApp kept of it: the TwiML answered (it repeats what was said) and
  // the lines to the visitor's WhatsApp number (the number itself is personal data).
  await tx.execute(sql`
    DELETE FROM atendente_entradas AS e
    USING atendente_conversas AS c
    WHERE ${which} AND e.conversa_id = c.id`);
  await tx.execute(sql`
    UPDATE atendente_envios AS v
    SET texto = ${ANONYMISED_TEXT}, destino = '',
        status = CASE WHEN v.status = 'pendente' THEN 'falhou' ELSE v.status END
    FROM atendente_conversas AS c
    WHERE ${which} AND v.conversa_id = c.id`);
  await tx.execute(sql`
    UPDATE atendente_conversas AS c
    SET estado = jsonb_set(c.estado, '{nomeVisitante}', 'null'::jsonb), anonimizada_em = ${now.toISOString()}::timestamptz,
        contato = CASE WHEN c.canal = 'whatsapp' THEN NULL ELSE c.contato END
    WHERE ${which}`);
}

/** One batch of passes: locks, anonymises, takes the name out of the gate's messages about them. */
async function passesBatch(tx: Executor, c: CondominioRetention, cutoffDate: string, now: Date, limit: number) {
  const rows = rowsOf<{ id: string; nome: string; codigo: string; torre: string | null }>(
    await tx.execute(sql`
      SELECT p.id, p.nome, u.codigo, u.torre
      FROM passes p
      JOIN unidades u ON u.id = p.unidade_id AND u.condominio_id = p.condominio_id
      WHERE p.condominio_id = ${c.id} AND p.organization_id = ${c.organizationId}
        AND p.anonimizado_em IS NULL AND p.data_fim < ${cutoffDate}::date
      ORDER BY p.data_fim
      LIMIT ${limit}
      FOR UPDATE OF p SKIP LOCKED`),
  );
  await anonymisePassRows(tx, c.organizationId, rows, now);
  return rows.length;
}

/**
 * Anonymises these passes of a tenant (locked by the caller; their name as stored, their unit's
 * code and tower) and takes their visitor's name out of the gate's messages about them. Shared
 * with the data subjects' requests (modules/titulares).
 */
export async function anonymisePassRows(
  tx: Executor,
  organizationId: string,
  rows: { id: string; nome: string; codigo: string; torre: string | null }[],
  now: Date,
) {
  if (rows.length === 0) return;
  const values = rows.map(
    (r) => sql`(${r.id}::uuid, ${r.nome}, ${buildSearchText([ANONYMISED_NAME, null, null, r.codigo, r.torre])})`,
  );
  await tx.execute(sql`
    UPDATE passes AS p
    SET nome = ${ANONYMISED_NAME}, documento = NULL, telefone = NULL, descricao = NULL,
        busca = v.busca, anonimizado_em = ${now.toISOString()}::timestamptz
    FROM (VALUES ${valuesList(values)}) AS v(id, nome, busca)
    WHERE p.id = v.id AND p.anonimizado_em IS NULL`);
  // "Liberado: <nome>, …", "Passe de <nome> expirou …": the gate's log keeps what it showed,
  // without the visitor's name. (The description shown in "Liberado" is the pass's too.)
  await tx.execute(sql`
    UPDATE passe_validacoes AS pv
    SET mensagem = replace(pv.mensagem, v.nome, ${ANONYMISED_NAME})
    FROM (VALUES ${valuesList(values)}) AS v(id, nome, busca)
    WHERE pv.organization_id = ${organizationId} AND pv.passe_id = v.id AND v.nome <> ''
      AND strpos(pv.mensagem, v.nome) > 0`);
  const ids = sql.join(
    rows.map((r) => sql`${r.id}`),
    sql`, `,
  );
  await deleteFotosOf(tx, organizationId, {
    passes: sql.join(
      rows.map((r) => sql`${r.id}::uuid`),
      sql`, `,
    ),
  });
  await anonymiseEvents(tx, sql`organization_id = ${organizationId} AND payload->'passe'->>'id' IN (${ids})`);
}

/** One batch of access records. */
async function acessosBatch(tx: Executor, c: CondominioRetention, cutoff: Date, now: Date, limit: number) {
  const rows = rowsOf<{ id: string; codigo: string; torre: string | null }>(
    await tx.execute(sql`
      SELECT a.id, u.codigo, u.torre
      FROM acessos a
      JOIN unidades u ON u.id = a.unidade_id AND u.condominio_id = a.condominio_id
      WHERE a.condominio_id = ${c.id} AND a.organization_id = ${c.organizationId}
        AND a.anonimizado_em IS NULL AND a.entrada_em < ${cutoff.toISOString()}::timestamptz
      ORDER BY a.entrada_em
      LIMIT ${limit}
      FOR UPDATE OF a SKIP LOCKED`),
  );
  await anonymiseAcessoRows(tx, rows, now);
  return rows.length;
}

/** Anonymises these access records (locked by the caller). Shared with modules/titulares. */
export async function anonymiseAcessoRows(
  tx: Executor,
  rows: { id: string; codigo: string; torre: string | null }[],
  now: Date,
) {
  if (rows.length === 0) return;
  const values = rows.map((r) => sql`(${r.id}::uuid, ${buildSearchText([ANONYMISED_NAME, null, r.codigo, r.torre])})`);
  await tx.execute(sql`
    UPDATE acessos AS a
    SET nome = ${ANONYMISED_NAME}, documento = NULL, busca = v.busca, anonimizado_em = ${now.toISOString()}::timestamptz
    FROM (VALUES ${valuesList(values)}) AS v(id, busca)
    WHERE a.id = v.id AND a.anonimizado_em IS NULL`);
  const ids = sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  await anonymiseEvents(
    tx,
    sql`(organization_id, payload->'acesso'->>'id') IN (SELECT organization_id, id::text FROM acessos WHERE id IN (${ids}))`,
  );
}

/**
 * One batch of photos past the condominium's photo retention: a request's or a conversation's by when
 * it was taken; a pass's once the pass's last day is also behind that cutoff (its holder's face is
 * what the porteiro compares while the pass is in use). A registered person's photo is not a visitor's:
 * it stays while the person does (docs/product.md, "Fotos"), and a common area's photo is nobody's
 * (docs/decisions/044-common-area-bookings.md). Deleting the rows queues their blobs
 * (blobs_excluidos, by trigger); the purge after the run deletes them from the store.
 */
async function fotosBatch(tx: Executor, c: CondominioRetention, now: Date, limit: number) {
  const cutoff = retentionCutoff(c.retencaoFotosDias, now);
  const cutoffDate = localClock(cutoff, c.timezone).date;
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      DELETE FROM fotos
      WHERE id IN (
        SELECT f.id FROM fotos f
        LEFT JOIN passes p ON p.id = f.passe_id
        WHERE f.condominio_id = ${c.id} AND f.organization_id = ${c.organizationId}
          AND f.created_at < ${cutoff.toISOString()}::timestamptz
          AND (f.passe_id IS NULL OR p.data_fim < ${cutoffDate}::date)
          AND f.pessoa_id IS NULL AND f.area_id IS NULL
        ORDER BY f.created_at
        LIMIT ${limit}
        FOR UPDATE OF f SKIP LOCKED)
      RETURNING id`),
  );
  return rows.length;
}

/**
 * The photos of these requests and passes (and of the attendant's conversations that created those
 * requests) are deleted when their visitor is anonymised: a face is not anonymised, it goes.
 */
async function deleteFotosOf(tx: Executor, organizationId: string, owner: { solicitacoes?: SQL; passes?: SQL }) {
  const conditions: SQL[] = [];
  if (owner.solicitacoes) {
    conditions.push(sql`solicitacao_id IN (${owner.solicitacoes})`);
    conditions.push(
      sql`conversa_id IN (SELECT id FROM atendente_conversas WHERE organization_id = ${organizationId} AND solicitacao_id IN (${owner.solicitacoes}))`,
    );
  }
  if (owner.passes) conditions.push(sql`passe_id IN (${owner.passes})`);
  if (conditions.length === 0) return;
  await tx.execute(
    sql`DELETE FROM fotos WHERE organization_id = ${organizationId} AND (${sql.join(conditions, sql` OR `)})`,
  );
}

/**
 * One batch of the condominium's conversations closed before the cutoff: locked (skipping those
 * another run holds) and deleted with their messages.
 */
async function conversasBatch(tx: Executor, c: CondominioRetention, cutoff: Date, limit: number) {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      DELETE FROM atendente_conversas
      WHERE id IN (
        SELECT id FROM atendente_conversas
        WHERE condominio_id = ${c.id} AND organization_id = ${c.organizationId}
          AND encerrada_em IS NOT NULL AND encerrada_em < ${cutoff.toISOString()}::timestamptz
        ORDER BY encerrada_em
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id`),
  );
  return rows.length;
}

/**
 * One batch of packages collected before the cutoff whose collector is still named (the partial index
 * encomendas_retencao_idx holds exactly these): the name and document the gate recorded go.
 */
async function encomendasBatch(tx: Executor, c: CondominioRetention, cutoff: Date, now: Date, limit: number) {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE encomendas AS e
      SET retirada_nome = ${ANONYMISED_PERSON}, retirada_documento = NULL, anonimizado_em = ${now.toISOString()}::timestamptz
      WHERE e.id IN (
        SELECT id FROM encomendas
        WHERE condominio_id = ${c.id} AND organization_id = ${c.organizationId}
          AND anonimizado_em IS NULL AND retirada_nome IS NOT NULL
          AND retirada_em < ${cutoff.toISOString()}::timestamptz
        ORDER BY retirada_em
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING e.id`),
  );
  return rows.length;
}

/**
 * One batch of the condominium's notices about packages sent before the cutoff that still hold an
 * address: the phone or e-mail and the demo text (it names the resident) go; the resident's name
 * stays with the resident's record, which retention does not touch. One still pending (it cannot be,
 * that old, but the job does not rely on it) is closed as failed rather than sent to nobody.
 */
async function avisosBatch(tx: Executor, c: CondominioRetention, cutoff: Date, limit: number) {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE encomenda_avisos AS a
      SET destino = '', mensagem = NULL,
          status = CASE WHEN a.status = 'pendente' THEN 'falhou' ELSE a.status END
      WHERE a.id IN (
        SELECT v.id FROM encomenda_avisos v
        JOIN encomenda_lotes l ON l.id = v.lote_id AND l.organization_id = v.organization_id
        WHERE l.condominio_id = ${c.id} AND v.organization_id = ${c.organizationId}
          AND v.destino <> '' AND v.created_at < ${cutoff.toISOString()}::timestamptz
        ORDER BY v.created_at
        LIMIT ${limit}
        FOR UPDATE OF v SKIP LOCKED)
      RETURNING a.id`),
  );
  return rows.length;
}

/** One batch of people a unit authorised to collect, removed before the cutoff and still named. */
async function autorizadosBatch(tx: Executor, c: CondominioRetention, cutoff: Date, now: Date, limit: number) {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE encomenda_autorizados AS a
      SET nome = ${ANONYMISED_PERSON}, documento = NULL, anonimizado_em = ${now.toISOString()}::timestamptz
      WHERE a.id IN (
        SELECT id FROM encomenda_autorizados
        WHERE condominio_id = ${c.id} AND organization_id = ${c.organizationId}
          AND anonimizado_em IS NULL AND removido_em < ${cutoff.toISOString()}::timestamptz
        ORDER BY removido_em
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING a.id`),
  );
  return rows.length;
}

/**
 * One batch of guests of the condominium's bookings that ended before the cutoff, still named: the
 * guest list is access data (who came to the party), kept as long as the access log's entries.
 */
async function convidadosBatch(tx: Executor, c: CondominioRetention, cutoff: Date, now: Date, limit: number) {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      SELECT v.id FROM reserva_convidados v
      JOIN reservas r ON r.id = v.reserva_id AND r.condominio_id = v.condominio_id
      WHERE v.condominio_id = ${c.id} AND v.organization_id = ${c.organizationId}
        AND v.anonimizado_em IS NULL AND r.fim < ${cutoff.toISOString()}::timestamptz
      ORDER BY r.fim
      LIMIT ${limit}
      FOR UPDATE OF v SKIP LOCKED`),
  );
  await anonymiseGuestRows(
    tx,
    c.organizationId,
    rows.map((r) => r.id),
    now,
  );
  return rows.length;
}

/** Anonymises these guests of bookings (locked by the caller). Shared with modules/titulares. */
export async function anonymiseGuestRows(tx: Executor, organizationId: string, ids: string[], now: Date) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    UPDATE reserva_convidados
    SET nome = ${ANONYMISED_NAME}, documento = NULL, telefone = NULL, busca = ${buildSearchText([ANONYMISED_NAME])},
        anonimizado_em = ${now.toISOString()}::timestamptz
    WHERE organization_id = ${organizationId} AND anonimizado_em IS NULL
      AND id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
}

/** One batch of the condominium's notices about bookings sent before the cutoff that still hold an address. */
async function avisosReservasBatch(tx: Executor, c: CondominioRetention, cutoff: Date, limit: number) {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE reserva_avisos AS a
      SET destino = '', mensagem = NULL,
          status = CASE WHEN a.status = 'pendente' THEN 'falhou' ELSE a.status END
      WHERE a.id IN (
        SELECT v.id FROM reserva_avisos v
        JOIN reservas r ON r.id = v.reserva_id AND r.organization_id = v.organization_id
        WHERE r.condominio_id = ${c.id} AND v.organization_id = ${c.organizationId}
          AND v.destino <> '' AND v.created_at < ${cutoff.toISOString()}::timestamptz
        ORDER BY v.created_at
        LIMIT ${limit}
        FOR UPDATE OF v SKIP LOCKED)
      RETURNING a.id`),
  );
  return rows.length;
}

/**
 * Runs batches of one table of one condominium until a batch finds fewer rows than it may take;
 * the audit record (when anything changed) goes in the transaction of that last batch.
 */
async function drain(
  db: Database,
  c: CondominioRetention,
  kind: keyof RetentionCounts,
  batch: (tx: Executor, limit: number) => Promise<number>,
  opts: Required<Pick<AnonymiseOptions, "batchSize" | "actor">> & Pick<AnonymiseOptions, "shouldStop">,
): Promise<number> {
  let total = 0;
  for (;;) {
    const stopping = opts.shouldStop?.() ?? false;
    const { n, last } = await db.transaction(async (tx) => {
      const n = stopping ? 0 : await batch(tx, opts.batchSize);
      const last = n < opts.batchSize;
      if (last && total + n > 0) {
        await recordAudit(tx, c.organizationId, opts.actor, {
          ...AUDIT[kind],
          entidadeId: c.id,
          resumo: summary(kind, total + n, kind === "fotos" ? c.retencaoFotosDias : c.retencaoDias),
        });
      }
      return { n, last };
    });
    total += n;
    if (last) return total;
  }
}

function condominiosOf(db: Executor, opts: Pick<AnonymiseOptions, "organizationId" | "condominioId">) {
  return db
    .select({
      id: condominios.id,
      organizationId: condominios.organizationId,
      timezone: condominios.timezone,
      retencaoDias: condominios.retencaoDias,
      retencaoFotosDias: condominios.retencaoFotosDias,
    })
    .from(condominios)
    .where(
      and(
        opts.organizationId ? eq(condominios.organizationId, opts.organizationId) : undefined,
        opts.condominioId ? eq(condominios.id, opts.condominioId) : undefined,
      ),
    )
    .orderBy(asc(condominios.organizationId), asc(condominios.id));
}

/**
 * Anonymises the visitor data of every condominium (or of one, with opts) past its retention at
 * `now`, and deletes its attendant conversations closed before then. Returns how many rows of each
 * table this run changed, in total and per condominium.
 */
export async function anonymiseExpired(
  db: Database,
  now = new Date(),
  opts: AnonymiseOptions = {},
): Promise<RetentionCounts & { porCondominio: Map<string, RetentionCounts> }> {
  const run = {
    batchSize: opts.batchSize ?? RETENTION_BATCH_SIZE,
    actor: opts.actor ?? SYSTEM_ACTOR,
    shouldStop: opts.shouldStop,
  };
  const total = zero();
  const porCondominio = new Map<string, RetentionCounts>();
  for (const c of await condominiosOf(db, opts)) {
    if (opts.shouldStop?.()) break;
    const cutoff = retentionCutoff(c.retencaoDias, now);
    const cutoffDate = passCutoffDate(c, now);
    // Photos first (their retention is the shortest), then conversations: those of the requests
    // about to be anonymised are then gone already, rather than anonymised and deleted in the same run.
    const fotos = await drain(db, c, "fotos", (tx, n) => fotosBatch(tx, c, now, n), run);
    const conversas = await drain(db, c, "conversas", (tx, n) => conversasBatch(tx, c, cutoff, n), run);
    const counts: RetentionCounts = {
      solicitacoes: await drain(db, c, "solicitacoes", (tx, n) => requestsBatch(tx, c, cutoff, now, n), run),
      passes: await drain(db, c, "passes", (tx, n) => passesBatch(tx, c, cutoffDate, now, n), run),
      acessos: await drain(db, c, "acessos", (tx, n) => acessosBatch(tx, c, cutoff, now, n), run),
      conversas,
      fotos,
      encomendas: await drain(db, c, "encomendas", (tx, n) => encomendasBatch(tx, c, cutoff, now, n), run),
      avisos_encomendas: await drain(db, c, "avisos_encomendas", (tx, n) => avisosBatch(tx, c, cutoff, n), run),
      autorizados_encomendas: await drain(
        db,
        c,
        "autorizados_encomendas",
        (tx, n) => autorizadosBatch(tx, c, cutoff, now, n),
        run,
      ),
      convidados_reservas: await drain(
        db,
        c,
        "convidados_reservas",
        (tx, n) => convidadosBatch(tx, c, cutoff, now, n),
        run,
      ),
      avisos_reservas: await drain(db, c, "avisos_reservas", (tx, n) => avisosReservasBatch(tx, c, cutoff, n), run),
    };
    porCondominio.set(c.id, counts);
    for (const kind of Object.keys(total) as (keyof RetentionCounts)[]) total[kind] += counts[kind];
  }
  // The blobs of every photo deleted above (and any a crash left queued) leave the store now.
  if (opts.store) await purgeDeletedBlobs(db, opts.store);
  return { ...total, porCondominio };
}

/** How many rows a run at `now` would anonymise (or delete) in one condominium (no lock, no change). */
export async function previewExpired(
  db: Executor,
  organizationId: string,
  condominioId: string,
  now = new Date(),
): Promise<{ retencaoDias: number; corte: Date; contagens: RetentionCounts } | null> {
  const [c] = await condominiosOf(db, { organizationId, condominioId });
  if (!c) return null;
  const cutoff = retentionCutoff(c.retencaoDias, now);
  const cutoffDate = passCutoffDate(c, now);
  const fotosCutoff = retentionCutoff(c.retencaoFotosDias, now);
  const [[s], [p], [a], [k], [f], [e]] = await Promise.all([
    db
      .select({ n: count() })
      .from(solicitacoesAcesso)
      .where(
        and(
          eq(solicitacoesAcesso.condominioId, c.id),
          eq(solicitacoesAcesso.organizationId, c.organizationId),
          isNull(solicitacoesAcesso.anonimizadoEm),
          lt(solicitacoesAcesso.createdAt, cutoff),
        ),
      ),
    db
      .select({ n: count() })
      .from(passes)
      .where(
        and(
          eq(passes.condominioId, c.id),
          eq(passes.organizationId, c.organizationId),
          isNull(passes.anonimizadoEm),
          lt(passes.dataFim, cutoffDate),
        ),
      ),
    db
      .select({ n: count() })
      .from(acessos)
      .where(
        and(
          eq(acessos.condominioId, c.id),
          eq(acessos.organizationId, c.organizationId),
          isNull(acessos.anonimizadoEm),
          lt(acessos.entradaEm, cutoff),
        ),
      ),
    db
      .select({ n: count() })
      .from(atendenteConversas)
      .where(
        and(
          eq(atendenteConversas.condominioId, c.id),
          eq(atendenteConversas.organizationId, c.organizationId),
          isNotNull(atendenteConversas.encerradaEm),
          lt(atendenteConversas.encerradaEm, cutoff),
        ),
      ),
    rowsOf<{ n: number }>(
      await db.execute(sql`
        SELECT count(*)::int AS n FROM fotos f LEFT JOIN passes p ON p.id = f.passe_id
        WHERE f.condominio_id = ${c.id} AND f.organization_id = ${c.organizationId}
          AND f.created_at < ${fotosCutoff.toISOString()}::timestamptz
          AND (f.passe_id IS NULL OR p.data_fim < ${localClock(fotosCutoff, c.timezone).date}::date)
          AND f.pessoa_id IS NULL AND f.area_id IS NULL`),
    ),
    rowsOf<{ encomendas: number; avisos: number; autorizados: number; convidados: number; avisos_reservas: number }>(
      await db.execute(sql`
        SELECT
          (SELECT count(*) FROM encomendas
           WHERE condominio_id = ${c.id} AND organization_id = ${c.organizationId}
             AND anonimizado_em IS NULL AND retirada_nome IS NOT NULL
             AND retirada_em < ${cutoff.toISOString()}::timestamptz)::int AS encomendas,
          (SELECT count(*) FROM encomenda_avisos v
           JOIN encomenda_lotes l ON l.id = v.lote_id AND l.organization_id = v.organization_id
           WHERE l.condominio_id = ${c.id} AND v.organization_id = ${c.organizationId}
             AND v.destino <> '' AND v.created_at < ${cutoff.toISOString()}::timestamptz)::int AS avisos,
          (SELECT count(*) FROM encomenda_autorizados
           WHERE condominio_id = ${c.id} AND organization_id = ${c.organizationId}
             AND anonimizado_em IS NULL AND removido_em < ${cutoff.toISOString()}::timestamptz)::int AS autorizados,
          (SELECT count(*) FROM reserva_convidados v
           JOIN reservas r ON r.id = v.reserva_id AND r.condominio_id = v.condominio_id
           WHERE v.condominio_id = ${c.id} AND v.organization_id = ${c.organizationId}
             AND v.anonimizado_em IS NULL AND r.fim < ${cutoff.toISOString()}::timestamptz)::int AS convidados,
          (SELECT count(*) FROM reserva_avisos v
           JOIN reservas r ON r.id = v.reserva_id AND r.organization_id = v.organization_id
           WHERE r.condominio_id = ${c.id} AND v.organization_id = ${c.organizationId}
             AND v.destino <> '' AND v.created_at < ${cutoff.toISOString()}::timestamptz)::int AS avisos_reservas`),
    ),
  ]);
  return {
    retencaoDias: c.retencaoDias,
    corte: cutoff,
    contagens: {
      solicitacoes: s?.n ?? 0,
      passes: p?.n ?? 0,
      acessos: a?.n ?? 0,
      conversas: k?.n ?? 0,
      fotos: f?.n ?? 0,
      encomendas: e?.encomendas ?? 0,
      avisos_encomendas: e?.avisos ?? 0,
      autorizados_encomendas: e?.autorizados ?? 0,
      convidados_reservas: e?.convidados ?? 0,
      avisos_reservas: e?.avisos_reservas ?? 0,
    },
  };
}
