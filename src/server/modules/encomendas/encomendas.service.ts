/**
 * Deliveries (docs/product.md, "Encomendas"; docs/decisions/043-deliveries.md). A porteiro receives a
 * unit's packages as one batch with a random 6-digit pickup code; the residents are told in the same
 * transaction (the notices' outbox); the resident, or someone they sent with the code, collects; the
 * porteiro types the code (counted against a guess limit before it is looked up, like a pass's PIN)
 * and records who took it. A package is handed over once: the hand-over is one UPDATE … WHERE
 * status = 'aguardando' on rows locked in a fixed order, so of two porteiros at the same moment one
 * wins and the other is told when and to whom it went.
 */
import { randomInt } from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { EncomendaStatus, RetiradaMetodo, Transportadora } from "../../../shared/domain";
import { maskDocument } from "../../../shared/mask";
import type {
  Autorizado,
  AutorizadoCreateInput,
  Encomenda,
  EncomendaConfirmar,
  EncomendaCreate,
  EncomendaDetail,
  RetiradaConsulta,
  RetiradaConsultaResult,
  RetiradaCreate,
} from "../../../shared/schemas/encomendas";
import {
  autorizadoCreateSchema,
  PERECIVEL_REAVISO_MINUTOS,
  TRANSPORTADORA_LABELS,
} from "../../../shared/schemas/encomendas";
import { dataHoraCurta } from "../../../shared/time";
import { type AuditActor, actorOf, recordAudit } from "../../audit/audit";
import { admitGuess, forgiveGuess, type GuessKind } from "../../auth/guess-throttle";
import type { Reader } from "../../auth/scope";
import { assertSeesCondominio, assertSeesUnidade, isResidentScope, seesUnidade } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import { toPage } from "../../db/pagination";
import {
  encomendaAutorizados,
  encomendaAvisos,
  encomendaLotes,
  encomendas,
  pessoas,
  unidadeMoradores,
} from "../../db/schema";
import { buildSearchText } from "../../db/search";
import { findCondominioInTenant, findUnidadeInTenant } from "../../db/tenant-lookups";
import type { TenantContext } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { enqueuePackageNotices } from "../../notifications/package-notices";
import { recordEvent } from "../../realtime/events";
import { fotoOfEncomenda } from "../fotos/fotos.service";
import {
  autorizadosOf,
  type EncomendaFilters,
  type EncomendaRow,
  encomendasByIds,
  encomendasOfLotes,
  findEncomenda,
  listEncomendas,
  lotesWithCode,
} from "./encomendas.queries";

export const ENCOMENDA_NOT_FOUND = "Encomenda não encontrada";
const CODE_DRAWS = 20;

/**
 * The pickup-code guess limit: a code is 6 digits like a PIN, with the same budget per validator and
 * per condominium, on its own counters (a gate busy with packages does not spend the passes' PINs).
 */
export const CODIGO_GUESS_LIMIT = { porValidador: 10, porCondominio: 30, windowMs: 15 * 60_000 };
const CODIGO_GUESSES: GuessKind = {
  prefix: "guarita:codigo-retirada:",
  ...CODIGO_GUESS_LIMIT,
  validatorSpent:
    "Você digitou muitos códigos de retirada incorretos nos últimos 15 minutos. Aguarde alguns minutos ou peça ao morador o QR Code.",
  condominiumSpent:
    "Muitos códigos de retirada incorretos neste condomínio nos últimos 15 minutos. Aguarde alguns minutos.",
};
export const CODIGO_NAO_ENCONTRADO = "Código de retirada não encontrado neste condomínio. Confira os 6 dígitos.";

/** Who acts at the gate: a signed-in member (the attendant records batches as the system). */
type Caller = Pick<TenantContext, "organizationId" | "scope" | "userId" | "user" | "ip">;

export function transportadoraNome(t: Transportadora, outra: string | null): string {
  return t === "outra" ? outra || TRANSPORTADORA_LABELS.outra : TRANSPORTADORA_LABELS[t];
}

/** The API's view of a package; the pickup code only for the unit's residents, and only while it waits. */
export function toEncomenda(r: EncomendaRow, reader: Pick<Reader, "scope">): Encomenda {
  const status = r.status as EncomendaStatus;
  return {
    id: r.id,
    lote_id: r.loteId,
    condominio_id: r.condominioId,
    unidade_id: r.unidadeId,
    unidade: { codigo: r.unidadeCodigo, torre: r.unidadeTorre },
    condominio: { id: r.condominioId, nome: r.condominioNome, timezone: r.condominioTimezone },
    destinatario: r.destinatarioId ? { id: r.destinatarioId, nome: r.destinatarioNome ?? "" } : null,
    transportadora: r.transportadora as Transportadora,
    transportadora_nome: transportadoraNome(r.transportadora as Transportadora, r.transportadoraOutra),
    rastreio: r.rastreio,
    local: r.local,
    perecivel: r.perecivel,
    observacoes: r.observacoes,
    status,
    origem: r.origem as "portaria" | "atendente",
    recebida_em: r.recebidaEm,
    recebida_por_nome: r.recebidaPorNome ?? null,
    ciente_em: r.cienteEm,
    retirada_em: r.retiradaEm,
    retirada_metodo: r.retiradaMetodo as RetiradaMetodo | null,
    retirada_por_nome: r.retiradaNome,
    entregue_por_nome: r.entreguePorNome ?? null,
    retirada_motivo: r.retiradaMotivo,
    devolucao_motivo: r.devolucaoMotivo,
    devolvida_em: r.devolvidaEm,
    codigo_retirada: isResidentScope(reader) && status === "aguardando" ? r.codigoRetirada : null,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

export async function list(db: Database, reader: Reader, f: EncomendaFilters, page: number, pageSize: number) {
  const { items, counted } = await listEncomendas(db, reader, f, page, pageSize);
  return toPage(
    items.map((r) => toEncomenda(r, reader)),
    counted,
    page,
    pageSize,
  );
}

/** What signing a photo's address needs (the server's secret). */
export interface PhotoSigning {
  secret: string;
}

export async function get(
  db: Database,
  reader: Reader & { userId?: string },
  id: string,
  photos: PhotoSigning,
): Promise<EncomendaDetail> {
  const row = await findEncomenda(db, reader, id);
  if (!row) throw notFound(ENCOMENDA_NOT_FOUND);
  const [lote, avisos, [extra], foto] = await Promise.all([
    encomendasOfLotes(db, reader.organizationId, [row.loteId]),
    db
      .select()
      .from(encomendaAvisos)
      .where(and(eq(encomendaAvisos.organizationId, reader.organizationId), eq(encomendaAvisos.loteId, row.loteId)))
      .orderBy(asc(encomendaAvisos.createdAt), asc(encomendaAvisos.id)),
    db
      .select({ documento: encomendas.retiradaDocumento })
      .from(encomendas)
      .where(and(eq(encomendas.organizationId, reader.organizationId), eq(encomendas.id, id))),
    fotoOfEncomenda(
      { db, secret: photos.secret },
      { organizationId: reader.organizationId, userId: reader.userId ?? null },
      id,
    ),
  ]);
  return {
    ...toEncomenda(row, reader),
    lote: lote.filter((r) => r.id !== id).map((r) => toEncomenda(r, reader)),
    avisos: avisos.map((a) => ({
      id: a.id,
      motivo: a.motivo as EncomendaDetail["avisos"][number]["motivo"],
      canal: a.canal as EncomendaDetail["avisos"][number]["canal"],
      pessoa_nome: a.pessoaNome,
      status: a.status as EncomendaDetail["avisos"][number]["status"],
      demo: a.demo,
      mensagem: a.mensagem,
      ultimo_erro: a.ultimoErro,
      enviada_em: iso(a.enviadaEm),
      created_at: iso(a.createdAt),
    })),
    // A resident sees who collected and how; the document stays with staff.
    retirada_documento: isResidentScope(reader) ? null : (extra?.documento ?? null),
    foto,
  };
}

function searchText(
  item: {
    transportadora: Transportadora;
    transportadora_outra: string | null;
    rastreio: string | null;
    local: string | null;
  },
  unidade: { codigo: string; torre: string | null },
) {
  return buildSearchText([
    transportadoraNome(item.transportadora, item.transportadora_outra),
    item.rastreio,
    item.local,
    unidade.codigo,
    unidade.torre,
  ]);
}

/**
 * A 6-digit code no other batch of the condominium still waiting holds, drawn under the condominium's
 * transaction lock so two porteiros receiving at once never draw the same one.
 */
async function drawCode(tx: Executor, condominioId: string): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`guarita.encomenda-codigo:${condominioId}`}))`);
  for (let i = 0; i < CODE_DRAWS; i++) {
    const codigo = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const taken = await tx.execute(sql`
      SELECT 1 FROM ${encomendaLotes} l
      WHERE l.condominio_id = ${condominioId} AND l.codigo_retirada = ${codigo}
        AND EXISTS (SELECT 1 FROM ${encomendas} e WHERE e.lote_id = l.id AND e.status IN ('aguardando', 'a_confirmar'))
      LIMIT 1`);
    if ((taken as unknown as { rows: unknown[] }).rows.length === 0) return codigo;
  }
  throw conflict("Não foi possível gerar um código de retirada. Tente de novo.");
}

async function recordPackageEvent(
  tx: Executor,
  organizationId: string,
  p: { id: string; loteId: string; unidadeId: string; condominioId: string; status: EncomendaStatus },
  acao: "recebida" | "retirada" | "atualizada",
) {
  await recordEvent(tx, organizationId, {
    type: "encomenda.atualizada",
    visita: { unidade_id: p.unidadeId, nome_visitante: "" },
    condominioId: p.condominioId,
    encomenda: { id: p.id, lote_id: p.loteId, status: p.status, acao },
  });
}

/** The unit and condominium a caller receives for: in scope, active, and of each other. */
async function receivingUnit(
  db: Executor,
  caller: Pick<Reader, "organizationId" | "scope">,
  condominioId: string,
  unidadeId: string,
) {
  assertSeesCondominio(caller, condominioId, "Condomínio não encontrado");
  const [condominio, unidade] = await Promise.all([
    findCondominioInTenant(db, caller.organizationId, condominioId),
    findUnidadeInTenant(db, caller.organizationId, unidadeId),
  ]);
  if (!condominio) throw notFound("Condomínio não encontrado");
  if (!unidade || !seesUnidade(caller, { unidadeId: unidade.id, condominioId: unidade.condominioId })) {
    throw notFound("Unidade não encontrada");
  }
  if (unidade.condominioId !== condominio.id) {
    throw badRequest("A unidade não pertence ao condomínio selecionado", [
      { path: "unidade_id", message: "A unidade não pertence ao condomínio selecionado" },
    ]);
  }
  if (!condominio.enabled) {
    throw badRequest("Condomínio inativo", [{ path: "condominio_id", message: "Condomínio inativo" }]);
  }
  if (!unidade.enabled) throw badRequest("Unidade inativa", [{ path: "unidade_id", message: "Unidade inativa" }]);
  return { condominio, unidade };
}

async function assertResidentOf(
  tx: Executor,
  organizationId: string,
  unidadeId: string,
  pessoaId: string,
  path: string,
) {
  const [resident] = await tx
    .select({ id: pessoas.id, nome: pessoas.nome })
    .from(unidadeMoradores)
    .innerJoin(pessoas, eq(pessoas.id, unidadeMoradores.pessoaId))
    .where(
      and(
        eq(unidadeMoradores.organizationId, organizationId),
        eq(unidadeMoradores.unidadeId, unidadeId),
        eq(unidadeMoradores.pessoaId, pessoaId),
        eq(unidadeMoradores.ativo, true),
      ),
    );
  if (!resident) {
    throw badRequest("Esta pessoa não é moradora ativa da unidade", [
      { path, message: "Esta pessoa não é moradora ativa da unidade" },
    ]);
  }
  return resident;
}

export interface ReceiveOptions {
  /** Who recorded it: a porteiro, or the virtual attendant from what a delivery person said. */
  origem?: "portaria" | "atendente";
  conversaId?: string | null;
  now?: Date;
}

/**
 * Receives one batch for a unit in one transaction: the code, the packages, the residents' notices
 * (unless the attendant recorded it: then the porteiro confirms first), events and the audit record.
 * Returns the batch's id and its packages' ids.
 */
export async function receiveInTx(
  tx: Executor,
  actor: { organizationId: string; userId: string | null; audit: AuditActor },
  input: EncomendaCreate,
  unidade: { id: string; codigo: string; torre: string | null; condominioId: string },
  options: ReceiveOptions = {},
): Promise<{ loteId: string; ids: string[] }> {
  const org = actor.organizationId;
  const origem = options.origem ?? "portaria";
  const now = options.now ?? new Date();
  const status: EncomendaStatus = origem === "atendente" ? "a_confirmar" : "aguardando";
  const perecivel = input.itens.some((i) => i.perecivel);
  const codigo = await drawCode(tx, unidade.condominioId);
  const [lote] = await tx
    .insert(encomendaLotes)
    .values({
      organizationId: org,
      condominioId: unidade.condominioId,
      unidadeId: unidade.id,
      destinatarioPessoaId: input.destinatario_pessoa_id ?? null,
      codigoRetirada: codigo,
      origem,
      recebidoPorUserId: actor.userId,
      conversaId: options.conversaId ?? null,
      proximoAvisoEm:
        perecivel && status === "aguardando" ? new Date(now.getTime() + PERECIVEL_REAVISO_MINUTOS * 60_000) : null,
    })
    .returning({ id: encomendaLotes.id });
  const rows = await tx
    .insert(encomendas)
    .values(
      input.itens.map((item) => ({
        organizationId: org,
        loteId: lote!.id,
        condominioId: unidade.condominioId,
        unidadeId: unidade.id,
        transportadora: item.transportadora,
        transportadoraOutra: item.transportadora_outra,
        rastreio: item.rastreio,
        local: item.local,
        perecivel: item.perecivel,
        observacoes: item.observacoes,
        status,
        recebidaEm: now,
        busca: searchText(item, unidade),
      })),
    )
    .returning({ id: encomendas.id });
  if (status === "aguardando") {
    await enqueuePackageNotices(
      tx,
      {
        organizationId: org,
        loteId: lote!.id,
        unidadeId: unidade.id,
        destinatarioPessoaId: input.destinatario_pessoa_id ?? null,
      },
      "chegada",
    );
  }
  for (const row of rows) {
    await recordPackageEvent(
      tx,
      org,
      { id: row.id, loteId: lote!.id, unidadeId: unidade.id, condominioId: unidade.condominioId, status },
      status === "aguardando" ? "recebida" : "atualizada",
    );
  }
  await recordAudit(tx, org, actor.audit, {
    acao: "criar",
    entidade: "encomenda",
    entidadeId: rows[0]!.id,
    resumo:
      rows.length === 1
        ? `Registrou uma encomenda para a unidade ${unidade.codigo}`
        : `Registrou ${rows.length} encomendas para a unidade ${unidade.codigo}`,
    depois: {
      lote_id: lote!.id,
      unidade_id: unidade.id,
      itens: input.itens.map((i) => ({ transportadora: i.transportadora, perecivel: i.perecivel })),
      origem,
    },
  });
  return { loteId: lote!.id, ids: rows.map((r) => r.id) };
}

export async function create(db: Database, tenant: Caller, input: EncomendaCreate) {
  const { unidade } = await receivingUnit(db, tenant, input.condominio_id, input.unidade_id);
  const result = await db.transaction(async (tx) => {
    if (input.destinatario_pessoa_id) {
      await assertResidentOf(
        tx,
        tenant.organizationId,
        unidade.id,
        input.destinatario_pessoa_id,
        "destinatario_pessoa_id",
      );
    }
    return receiveInTx(
      tx,
      { organizationId: tenant.organizationId, userId: tenant.userId, audit: actorOf(tenant) },
      input,
      unidade,
    );
  });
  // In the order the porteiro listed them (they share the transaction's time).
  const rows = await encomendasByIds(db, tenant.organizationId, result.ids);
  const position = new Map(result.ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return { lote_id: result.loteId, itens: rows.map((r) => toEncomenda(r, tenant)) };
}

/** Locks packages the caller sees, in id order (two hand-overs of overlapping sets never deadlock). */
async function lockPackages(tx: Executor, caller: Reader, ids: string[]) {
  const rows = await tx
    .select()
    .from(encomendas)
    .where(and(eq(encomendas.organizationId, caller.organizationId), inArray(encomendas.id, ids)))
    .orderBy(asc(encomendas.id))
    .for("update");
  const visible = rows.filter((r) => seesUnidade(caller, { unidadeId: r.unidadeId, condominioId: r.condominioId }));
  if (visible.length !== new Set(ids).size) throw notFound(ENCOMENDA_NOT_FOUND);
  return visible;
}

/** A porteiro confirms what the attendant recorded (the delivery person's words), then the residents are told. */
export async function confirmar(
  db: Database,
  tenant: Caller,
  id: string,
  input: EncomendaConfirmar,
  photos: PhotoSigning,
) {
  await db.transaction(async (tx) => {
    const [current] = await lockPackages(tx, tenant, [id]);
    if (current!.status !== "a_confirmar") {
      throw conflict("Esta encomenda já foi confirmada.");
    }
    const unidade = await findUnidadeInTenant(tx, tenant.organizationId, current!.unidadeId);
    const item = input.item;
    await tx
      .update(encomendas)
      .set({
        transportadora: item.transportadora,
        transportadoraOutra: item.transportadora_outra,
        rastreio: item.rastreio,
        local: item.local,
        perecivel: item.perecivel,
        observacoes: item.observacoes,
        status: "aguardando",
        busca: searchText(item, unidade ?? { codigo: "", torre: null }),
        updatedAt: new Date(),
      })
      .where(eq(encomendas.id, id));
    const [lote] = await tx
      .update(encomendaLotes)
      .set({
        recebidoPorUserId: tenant.userId,
        proximoAvisoEm: item.perecivel
          ? sql`now() + make_interval(mins => ${PERECIVEL_REAVISO_MINUTOS})`
          : encomendaLotes.proximoAvisoEm,
      })
      .where(eq(encomendaLotes.id, current!.loteId))
      .returning();
    await enqueuePackageNotices(
      tx,
      {
        organizationId: tenant.organizationId,
        loteId: current!.loteId,
        unidadeId: current!.unidadeId,
        destinatarioPessoaId: lote?.destinatarioPessoaId ?? null,
      },
      "chegada",
    );
    await recordPackageEvent(tx, tenant.organizationId, { ...current!, status: "aguardando" }, "recebida");
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "alterar",
      entidade: "encomenda",
      entidadeId: id,
      resumo: "Confirmou uma encomenda registrada pelo atendente virtual",
      antes: { status: "a_confirmar" },
      depois: { status: "aguardando", transportadora: item.transportadora, perecivel: item.perecivel },
    });
  });
  return get(db, tenant, id, photos);
}

/** Returned to the sender or registered by mistake: leaves the waiting list, the residents' notices stop. */
export async function devolver(db: Database, tenant: Caller, id: string, motivo: string, photos: PhotoSigning) {
  await db.transaction(async (tx) => {
    const [current] = await lockPackages(tx, tenant, [id]);
    if (current!.status !== "aguardando" && current!.status !== "a_confirmar") {
      throw conflict(
        current!.status === "retirada" ? "Esta encomenda já foi retirada." : "Esta encomenda já foi devolvida.",
      );
    }
    await tx
      .update(encomendas)
      .set({ status: "devolvida", devolucaoMotivo: motivo, devolvidaEm: new Date(), updatedAt: new Date() })
      .where(eq(encomendas.id, id));
    await settleLoteIfDone(tx, current!.loteId);
    await recordPackageEvent(tx, tenant.organizationId, { ...current!, status: "devolvida" }, "atualizada");
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "alterar",
      entidade: "encomenda",
      entidadeId: id,
      resumo: "Registrou a devolução de uma encomenda",
      antes: { status: current!.status },
      depois: { status: "devolvida", motivo },
    });
  });
  return get(db, tenant, id, photos);
}

/** A batch with nothing left to collect needs no more notices. */
async function settleLoteIfDone(tx: Executor, loteId: string) {
  await tx.execute(sql`
    UPDATE ${encomendaLotes} SET proximo_aviso_em = NULL
    WHERE id = ${loteId} AND proximo_aviso_em IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM ${encomendas} e WHERE e.lote_id = ${loteId} AND e.status IN ('aguardando', 'a_confirmar'))`);
}

/** "Código já usado: retirada em 28/11/2026 às 14:03 por Maria (entregue por João)." */
function alreadyCollectedMessage(
  r: { retiradaEm: Date | null; retiradaNome: string | null; entreguePor: string | null },
  timezone: string,
) {
  const quando = r.retiradaEm ? dataHoraCurta(r.retiradaEm, timezone) : "data desconhecida";
  const quem = r.retiradaNome ?? "pessoa não registrada";
  const porteiro = r.entreguePor ? ` (entregue por ${r.entreguePor})` : "";
  return `Encomenda já retirada em ${quando} por ${quem}${porteiro}.`;
}

/** The most recent hand-over among these packages, with the porteiro's name. */
async function lastHandOver(tx: Executor, organizationId: string, ids: string[]) {
  const result = await tx.execute<{
    retirada_em: string | Date | null;
    retirada_nome: string | null;
    entregue_por: string | null;
  }>(sql`
    SELECT e.retirada_em, e.retirada_nome, u.name AS entregue_por
    FROM ${encomendas} e LEFT JOIN "user" u ON u.id = e.entregue_por_user_id
    WHERE e.organization_id = ${organizationId} AND e.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND e.status = 'retirada'
    ORDER BY e.retirada_em DESC LIMIT 1`);
  const row = (
    result as unknown as {
      rows: { retirada_em: string | Date | null; retirada_nome: string | null; entregue_por: string | null }[];
    }
  ).rows[0];
  if (!row) return null;
  return {
    retiradaEm: row.retirada_em ? new Date(row.retirada_em) : null,
    retiradaNome: row.retirada_nome,
    entreguePor: row.entregue_por,
  };
}

/**
 * What a pickup code names at this condominium: the unit's packages waiting under it, its residents
 * and the people it authorised. Counted against the guess limit first; a code that named a batch
 * gives its count back. A code whose packages all left answers 409 with when and by whom.
 */
export async function consultar(
  db: Database,
  tenant: Caller,
  input: RetiradaConsulta,
  now: Date = new Date(),
): Promise<RetiradaConsultaResult> {
  assertSeesCondominio(tenant, input.condominio_id, "Condomínio não encontrado");
  const condominio = await findCondominioInTenant(db, tenant.organizationId, input.condominio_id);
  if (!condominio) throw notFound("Condomínio não encontrado");
  const attempt = await admitGuess(db, CODIGO_GUESSES, condominio.id, { userId: tenant.userId, apiKeyId: null }, now);
  const lotes = await lotesWithCode(db, tenant.organizationId, condominio.id, input.codigo);
  if (lotes.length === 0) throw notFound(CODIGO_NAO_ENCONTRADO);
  await forgiveGuess(db, attempt);
  const rows = await encomendasOfLotes(
    db,
    tenant.organizationId,
    lotes.map((l) => l.id),
  );
  const waiting = rows.filter((r) => r.status === "aguardando");
  if (waiting.length === 0) {
    const last = await lastHandOver(
      db,
      tenant.organizationId,
      rows.map((r) => r.id),
    );
    if (last) throw conflict(alreadyCollectedMessage(last, condominio.timezone));
    throw conflict("Nenhuma encomenda aguarda retirada com este código.");
  }
  const unidadeId = waiting[0]!.unidadeId;
  const itens = waiting.filter((r) => r.unidadeId === unidadeId);
  const [moradores, autorizados] = await Promise.all([
    db
      .select({ id: pessoas.id, nome: pessoas.nome })
      .from(unidadeMoradores)
      .innerJoin(pessoas, eq(pessoas.id, unidadeMoradores.pessoaId))
      .where(
        and(
          eq(unidadeMoradores.organizationId, tenant.organizationId),
          eq(unidadeMoradores.unidadeId, unidadeId),
          eq(unidadeMoradores.ativo, true),
          eq(pessoas.ativo, true),
        ),
      )
      .orderBy(asc(pessoas.nome)),
    listAutorizados(db, tenant, unidadeId, now),
  ]);
  return {
    unidade: { id: unidadeId, codigo: itens[0]!.unidadeCodigo, torre: itens[0]!.unidadeTorre },
    itens: itens.map((r) => toEncomenda(r, tenant)),
    moradores,
    autorizados: autorizados.filter((a) => a.vigente),
  };
}

/** The condominium's date today, as an ISO day (an authorisation holds through its last day there). */
function todayIn(timezone: string, now: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** Who collected, checked against the unit: its resident, its authorised person, or a name typed at the gate. */
async function collector(
  tx: Executor,
  organizationId: string,
  unidade: { id: string; timezone: string },
  who: RetiradaCreate["retirada_por"],
  now: Date,
): Promise<{
  pessoaId: string | null;
  autorizadoId: string | null;
  nome: string;
  documento: string | null;
  kind: string;
}> {
  if (who.pessoa_id) {
    const resident = await assertResidentOf(tx, organizationId, unidade.id, who.pessoa_id, "retirada_por.pessoa_id");
    return {
      pessoaId: resident.id,
      autorizadoId: null,
      nome: resident.nome,
      documento: who.documento,
      kind: "morador",
    };
  }
  if (who.autorizado_id) {
    const [a] = await tx
      .select()
      .from(encomendaAutorizados)
      .where(
        and(
          eq(encomendaAutorizados.organizationId, organizationId),
          eq(encomendaAutorizados.id, who.autorizado_id),
          eq(encomendaAutorizados.unidadeId, unidade.id),
          isNull(encomendaAutorizados.removidoEm),
        ),
      );
    if (!a || (a.validoAte && a.validoAte < todayIn(unidade.timezone, now))) {
      throw badRequest("Esta pessoa não está autorizada a retirar encomendas desta unidade", [
        {
          path: "retirada_por.autorizado_id",
          message: "Esta pessoa não está autorizada a retirar encomendas desta unidade",
        },
      ]);
    }
    return {
      pessoaId: null,
      autorizadoId: a.id,
      nome: a.nome,
      documento: who.documento ?? a.documento,
      kind: "autorizado",
    };
  }
  return { pessoaId: null, autorizadoId: null, nome: who.nome!, documento: who.documento, kind: "outra_pessoa" };
}

/**
 * Hands packages over. With the code (typed or the resident's QR): counted against the guess limit,
 * and every package must be of a batch with that code. Without it: the reason is required and audited.
 * All in one transaction on rows locked in id order: the first porteiro's hand-over wins; the second
 * is told when and to whom.
 */
export async function retirar(db: Database, tenant: Caller, input: RetiradaCreate, now: Date = new Date()) {
  assertSeesCondominio(tenant, input.condominio_id, "Condomínio não encontrado");
  const condominio = await findCondominioInTenant(db, tenant.organizationId, input.condominio_id);
  if (!condominio) throw notFound("Condomínio não encontrado");
  const attempt =
    input.metodo === "sem_codigo"
      ? null
      : await admitGuess(db, CODIGO_GUESSES, condominio.id, { userId: tenant.userId, apiKeyId: null }, now);
  const ids = [...new Set(input.encomenda_ids)];
  const done = await db.transaction(async (tx) => {
    const locked = await lockPackages(tx, tenant, ids);
    if (locked.some((r) => r.condominioId !== condominio.id)) throw notFound(ENCOMENDA_NOT_FOUND);
    const unidades = new Set(locked.map((r) => r.unidadeId));
    if (unidades.size > 1) {
      throw badRequest("Selecione encomendas de uma só unidade", [
        { path: "encomenda_ids", message: "Selecione encomendas de uma só unidade" },
      ]);
    }
    if (input.codigo) {
      const lotes = await tx
        .select({ id: encomendaLotes.id })
        .from(encomendaLotes)
        .where(
          and(
            inArray(
              encomendaLotes.id,
              locked.map((r) => r.loteId),
            ),
            eq(encomendaLotes.codigoRetirada, input.codigo),
          ),
        );
      if (lotes.length !== new Set(locked.map((r) => r.loteId)).size) {
        throw badRequest("O código de retirada não confere com estas encomendas", [
          { path: "codigo", message: "O código de retirada não confere com estas encomendas" },
        ]);
      }
    }
    const notWaiting = locked.filter((r) => r.status !== "aguardando");
    if (notWaiting.length > 0) {
      const last = await lastHandOver(
        tx,
        tenant.organizationId,
        notWaiting.map((r) => r.id),
      );
      if (last) throw conflict(alreadyCollectedMessage(last, condominio.timezone));
      throw conflict(
        notWaiting[0]!.status === "devolvida"
          ? "Esta encomenda foi devolvida."
          : "Esta encomenda ainda não foi confirmada pela portaria.",
      );
    }
    const who = await collector(
      tx,
      tenant.organizationId,
      { id: locked[0]!.unidadeId, timezone: condominio.timezone },
      input.retirada_por,
      now,
    );
    const updated = await tx
      .update(encomendas)
      .set({
        status: "retirada",
        retiradaEm: now,
        entreguePorUserId: tenant.userId,
        retiradaMetodo: input.metodo,
        retiradaPessoaId: who.pessoaId,
        retiradaAutorizadoId: who.autorizadoId,
        retiradaNome: who.nome,
        retiradaDocumento: who.documento,
        retiradaMotivo: input.metodo === "sem_codigo" ? input.motivo : null,
        updatedAt: now,
      })
      .where(and(inArray(encomendas.id, ids), eq(encomendas.status, "aguardando")))
      .returning({ id: encomendas.id });
    // The rows are locked: nobody else can have moved them since they were read.
    if (updated.length !== ids.length) throw conflict("As encomendas mudaram enquanto eram entregues. Tente de novo.");
    for (const loteId of new Set(locked.map((r) => r.loteId))) await settleLoteIfDone(tx, loteId);
    for (const r of locked) {
      await recordPackageEvent(tx, tenant.organizationId, { ...r, status: "retirada" }, "retirada");
    }
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "alterar",
      entidade: "encomenda",
      entidadeId: locked[0]!.id,
      resumo:
        input.metodo === "sem_codigo"
          ? `Entregou ${ids.length === 1 ? "uma encomenda" : `${ids.length} encomendas`} sem o código de retirada`
          : `Entregou ${ids.length === 1 ? "uma encomenda" : `${ids.length} encomendas`} com o código de retirada`,
      antes: { status: "aguardando" },
      depois: {
        status: "retirada",
        encomenda_ids: ids,
        metodo: input.metodo,
        retirada_por: who.kind,
        ...(who.pessoaId ? { pessoa_id: who.pessoaId } : {}),
        ...(who.autorizadoId ? { autorizado_id: who.autorizadoId } : {}),
        ...(input.metodo === "sem_codigo" ? { motivo: input.motivo } : {}),
      },
    });
    return ids;
  });
  // The code named these packages: not a guess.
  if (attempt) await forgiveGuess(db, attempt);
  const rows = await encomendasByIds(db, tenant.organizationId, done);
  return { itens: rows.map((r) => toEncomenda(r, tenant)) };
}

/** A resident acknowledges a batch's notice: a perishable's repeated notices stop. */
export async function ciente(db: Database, tenant: Caller, id: string, photos: PhotoSigning) {
  await db.transaction(async (tx) => {
    const [current] = await lockPackages(tx, tenant, [id]);
    const [lote] = await tx
      .update(encomendaLotes)
      .set({
        cienteEm: sql`COALESCE(${encomendaLotes.cienteEm}, now())`,
        cienteUserId: sql`COALESCE(${encomendaLotes.cienteUserId}, ${tenant.userId})`,
        proximoAvisoEm: null,
      })
      .where(eq(encomendaLotes.id, current!.loteId))
      .returning({ cienteEm: encomendaLotes.cienteEm });
    if (lote)
      await recordPackageEvent(
        tx,
        tenant.organizationId,
        { ...current!, status: current!.status as EncomendaStatus },
        "atualizada",
      );
  });
  return get(db, tenant, id, photos);
}

function toAutorizado(a: typeof encomendaAutorizados.$inferSelect, today: string): Autorizado {
  return {
    id: a.id,
    unidade_id: a.unidadeId,
    nome: a.nome,
    documento: maskDocument(a.documento),
    valido_ate: a.validoAte,
    vigente: !a.validoAte || a.validoAte >= today,
    created_at: iso(a.createdAt),
  };
}

async function unitInScope(db: Executor, reader: Reader, unidadeId: string) {
  const unidade = await findUnidadeInTenant(db, reader.organizationId, unidadeId);
  if (!unidade || !seesUnidade(reader, { unidadeId: unidade.id, condominioId: unidade.condominioId })) {
    throw notFound("Unidade não encontrada");
  }
  const condominio = await findCondominioInTenant(db, reader.organizationId, unidade.condominioId);
  return { unidade, timezone: condominio?.timezone ?? "America/Sao_Paulo" };
}

export async function listAutorizados(
  db: Database | Executor,
  reader: Reader,
  unidadeId: string,
  now: Date = new Date(),
) {
  const { timezone } = await unitInScope(db, reader, unidadeId);
  const today = todayIn(timezone, now);
  return (await autorizadosOf(db, reader.organizationId, unidadeId)).map((a) => toAutorizado(a, today));
}

export async function createAutorizado(db: Database, tenant: Caller, raw: AutorizadoCreateInput) {
  const input = autorizadoCreateSchema.parse(raw);
  const { unidade, timezone } = await unitInScope(db, tenant, input.unidade_id);
  if (input.valido_ate && input.valido_ate < todayIn(timezone, new Date())) {
    throw badRequest("A data final já passou", [{ path: "valido_ate", message: "A data final já passou" }]);
  }
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(encomendaAutorizados)
      .values({
        organizationId: tenant.organizationId,
        condominioId: unidade.condominioId,
        unidadeId: unidade.id,
        nome: input.nome,
        documento: input.documento,
        validoAte: input.valido_ate ?? null,
        criadoPorUserId: tenant.userId,
      })
      .returning();
    await recordAutorizadoEvent(tx, tenant.organizationId, unidade);
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "criar",
      entidade: "encomenda_autorizado",
      entidadeId: created!.id,
      resumo: `Autorizou uma pessoa a retirar encomendas da unidade ${unidade.codigo}`,
      depois: { unidade_id: unidade.id, valido_ate: input.valido_ate ?? null },
    });
    return created!;
  });
  return toAutorizado(row, todayIn(timezone, new Date()));
}

export async function removeAutorizado(db: Database, tenant: Caller, id: string) {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(encomendaAutorizados)
      .where(
        and(
          eq(encomendaAutorizados.organizationId, tenant.organizationId),
          eq(encomendaAutorizados.id, id),
          isNull(encomendaAutorizados.removidoEm),
        ),
      )
      .for("update");
    if (!current) throw notFound("Pessoa autorizada não encontrada");
    assertSeesUnidade(tenant, current, "Pessoa autorizada não encontrada");
    await tx.update(encomendaAutorizados).set({ removidoEm: new Date() }).where(eq(encomendaAutorizados.id, id));
    await recordAutorizadoEvent(tx, tenant.organizationId, {
      id: current.unidadeId,
      condominioId: current.condominioId,
    });
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "excluir",
      entidade: "encomenda_autorizado",
      entidadeId: id,
      resumo: "Removeu a autorização para retirar encomendas",
      antes: { unidade_id: current.unidadeId },
    });
  });
}

/** The authorised people moved: the unit's screens read them again (no package changed). */
async function recordAutorizadoEvent(
  tx: Executor,
  organizationId: string,
  unidade: { id: string; condominioId: string },
) {
  await recordEvent(tx, organizationId, {
    type: "encomenda.atualizada",
    visita: { unidade_id: unidade.id, nome_visitante: "" },
    condominioId: unidade.condominioId,
  });
}
