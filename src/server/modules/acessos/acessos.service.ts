/**
 * The access log (docs/product.md, "Entradas e saídas"): entries through a successful pass validation, an
 * authorised request or a resident at the gate, and exits. One record per visit; an entry and its
 * `acesso.entrada` event commit together, and the unique indexes make a request or a validation enter once.
 */

import { and, eq, gte, isNull, sql } from "drizzle-orm";
import type { AcessoOrigem, VisitaTipo } from "../../../shared/domain";
import { maskDocument } from "../../../shared/mask";
import {
  ACESSO_ORIGEM_LABELS,
  type Acesso,
  type AcessoListRow,
  DESFAZER_SAIDA_JANELA_MINUTOS,
  type EntradaCreate,
  NAO_ENTROU_JANELA_MINUTOS,
} from "../../../shared/schemas/acessos";
import { CONVIDADO_ANTECEDENCIA_MINUTOS } from "../../../shared/schemas/reservas";
import { type AuditActor, NOME_DO_REGISTRO, recordAudit } from "../../audit/audit";
import { assertSeesUnidade, type DataScope, type Reader } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import { toPage } from "../../db/pagination";
import {
  acessos as a,
  condominios,
  passes,
  passeValidacoes,
  pessoas,
  reservaConvidados,
  reservas,
  solicitacoesAcesso as s,
  unidades,
  user,
} from "../../db/schema";
import { buildSearchText } from "../../db/search";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { activeResidentsInCallingOrder } from "../../notifications/residents";
import { recordEvent } from "../../realtime/events";
import { type FotoReader, thumbnailsOf } from "../fotos/fotos.service";
import { type AcessoFilters, type AcessoRow, findAcesso, listAcessos } from "./acessos.queries";

/** What other modules may use of this module's queries (docs/architecture.md, "Boundaries (server)"). */
export { countPresentes } from "./acessos.queries";

export const ACESSO_NOT_FOUND = "Registro de acesso não encontrado";
/** A validation registers an entry only shortly after it opened the gate. */
export const VALIDACAO_VALIDA_MS = 10 * 60_000;

/** Who registers: a porteiro's login or an integration's key, and the name kept on the record. */
export interface Registrar {
  organizationId: string;
  userId: string | null;
  apiKeyId: string | null;
  /** A gate's kiosk, when the virtual attendant there validates a PIN. */
  totemId?: string;
  nome: string;
  ip?: string | null;
  /**
   * Where a console user may act (auth/scope.ts): a porteiro assigned to condominiums works only
   * there. Absent (or null) for an integration's key and for staff: the whole tenant.
   */
  scope?: DataScope;
}

/** 404 unless `who` works where this unit is; a record of another condominium is "not found". */
function assertOperatesAt(who: Registrar, unit: { unidadeId: string; condominioId: string }, message: string) {
  assertSeesUnidade({ scope: who.scope ?? null }, unit, message);
}

/** Before a change to a record by id: 404 when it is of a condominium `who` does not work at. */
async function assertOperatesOn(tx: Executor, who: Registrar, id: string) {
  if (!who.scope) return;
  const [row] = await tx
    .select({ unidadeId: a.unidadeId, condominioId: a.condominioId })
    .from(a)
    .where(and(eq(a.organizationId, who.organizationId), eq(a.id, id)));
  if (row) assertOperatesAt(who, row, ACESSO_NOT_FOUND);
}

/** The porteiro or the gate controller, as the audit trail names them. */
export function registrarActor(who: Registrar): AuditActor {
  return who.apiKeyId
    ? { tipo: "chave_api", id: who.apiKeyId, nome: who.nome, ip: who.ip ?? null }
    : { tipo: "usuario", id: who.userId, nome: who.nome, ip: who.ip ?? null };
}

export function toAcesso(r: AcessoRow): Acesso {
  const x = r.row;
  return {
    id: x.id,
    condominio_id: x.condominioId,
    unidade_id: x.unidadeId,
    nome: x.nome,
    documento: x.documento,
    tipo: x.tipo as VisitaTipo,
    origem: x.origem as AcessoOrigem,
    solicitacao_id: x.solicitacaoId,
    passe_id: x.passeId,
    autorizado_por_nome: x.autorizadoPorNome,
    entrada_em: iso(x.entradaEm),
    entrada_por: x.entradaPorNome,
    saida_em: iso(x.saidaEm),
    saida_por: x.saidaPorNome,
    nao_entrou_em: iso(x.naoEntrouEm),
    nao_entrou_por: x.naoEntrouPorNome,
    unidade: r.unidade,
    condominio: { nome: r.condominio.nome, timezone: r.condominio.timezone },
  };
}

export async function list(
  db: Database,
  reader: Reader & FotoReader,
  f: AcessoFilters,
  page: number,
  pageSize: number,
  photos: { secret: string },
) {
  const { rows, counted } = await listAcessos(db, reader, f, page, pageSize);
  // The visitor's face beside an entry that came from a request with a photo (docs/product.md,
  // "Fotos"): one statement for the page; the rows are already inside the reader's scope.
  const solicitacaoIds = rows.flatMap((r) => (r.row.solicitacaoId ? [r.row.solicitacaoId] : []));
  const thumbs = await thumbnailsOf({ db, secret: photos.secret }, reader, solicitacaoIds);
  // The list shows documents masked (docs/product.md, "Personal data and retention").
  const items: AcessoListRow[] = rows.map((r) => ({
    ...toAcesso(r),
    documento: maskDocument(r.row.documento),
    foto_miniatura_url: (r.row.solicitacaoId && thumbs.get(r.row.solicitacaoId)) || null,
  }));
  return toPage(items, counted, page, pageSize);
}

interface Visit {
  condominioId: string;
  unidadeId: string;
  nome: string;
  documento: string | null;
  tipo: VisitaTipo;
  solicitacaoId?: string;
  passeId?: string;
  validacaoId?: string;
  reservaConvidadoId?: string;
  autorizadoPorPessoaId?: string;
  autorizadoPorNome: string | null;
}

/** Who is coming in, from the authorisation the entry names; refuses what can't enter. */
async function visitOf(tx: Executor, who: Registrar, input: EntradaCreate, now: Date): Promise<Visit> {
  const { organizationId } = who;
  if (input.origem === "passe") {
    const [v] = await tx
      .select({
        resultado: passeValidacoes.resultado,
        createdAt: passeValidacoes.createdAt,
        condominioId: passeValidacoes.condominioId,
        passe: passes,
        criadoPor: user.name,
      })
      .from(passeValidacoes)
      .innerJoin(
        passes,
        and(eq(passes.id, passeValidacoes.passeId), eq(passes.organizationId, passeValidacoes.organizationId)),
      )
      .leftJoin(user, eq(user.id, passes.criadoPorUserId))
      .where(and(eq(passeValidacoes.organizationId, organizationId), eq(passeValidacoes.id, input.validacao_id)));
    if (!v) throw notFound("Validação não encontrada");
    if (v.resultado !== "liberado") throw conflict("Este passe não foi liberado: valide-o de novo.");
    if (v.createdAt.getTime() < now.getTime() - VALIDACAO_VALIDA_MS) {
      throw conflict("Esta validação tem mais de 10 minutos. Valide o passe de novo.");
    }
    return {
      condominioId: v.condominioId,
      unidadeId: v.passe.unidadeId,
      nome: v.passe.nome,
      documento: v.passe.documento,
      tipo: v.passe.tipo as VisitaTipo,
      passeId: v.passe.id,
      validacaoId: input.validacao_id,
      autorizadoPorNome: v.criadoPor,
    };
  }
  if (input.origem === "solicitacao") {
    const [r] = await tx
      .select()
      .from(s)
      .where(and(eq(s.organizationId, organizationId), eq(s.id, input.solicitacao_id)));
    if (!r) throw notFound("Solicitação não encontrada");
    if (r.status !== "autorizado") throw conflict("Só a entrada de uma solicitação autorizada pode ser registrada.");
    return {
      condominioId: r.condominioId,
      unidadeId: r.unidadeId,
      nome: r.nomeVisitante,
      documento: r.docVisitante,
      tipo: r.tipo as VisitaTipo,
      solicitacaoId: r.id,
      autorizadoPorNome: r.decididoPorNome,
    };
  }
  if (input.origem === "reserva") return guestVisit(tx, who, input.reserva_convidado_id, now);
  const [unidade] = await tx
    .select({ id: unidades.id, condominioId: unidades.condominioId })
    .from(unidades)
    .where(and(eq(unidades.organizationId, organizationId), eq(unidades.id, input.unidade_id)));
  if (!unidade) throw notFound("Unidade não encontrada");
  const residents = await activeResidentsInCallingOrder(tx, organizationId, [unidade.id]);
  const morador = residents.find((r) => r.pessoaId === input.autorizado_por_pessoa_id);
  if (!morador) {
    throw badRequest("Este morador não mora na unidade selecionada", [
      { path: "autorizado_por_pessoa_id", message: "Este morador não mora na unidade selecionada" },
    ]);
  }
  return {
    condominioId: unidade.condominioId,
    unidadeId: unidade.id,
    nome: input.nome,
    documento: input.documento,
    tipo: input.tipo,
    autorizadoPorPessoaId: morador.pessoaId,
    autorizadoPorNome: morador.nome,
  };
}

const CONVIDADO_NOT_FOUND = "Convidado não encontrado";

/** "18:30" in the condominium's zone (docs/product.md, "Horários"). */
function hhmm(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone }).format(at);
}

/**
 * A booking's guest at the gate (docs/decisions/044-common-area-bookings.md): on the list (not removed)
 * of a confirmed booking, from a little before its start (the guests arrive early) until its end. The
 * visit is the booking's unit's, authorised by who booked.
 */
async function guestVisit(tx: Executor, who: Registrar, convidadoId: string, now: Date): Promise<Visit> {
  const [g] = await tx
    .select({
      id: reservaConvidados.id,
      nome: reservaConvidados.nome,
      documento: reservaConvidados.documento,
      condominioId: reservas.condominioId,
      unidadeId: reservas.unidadeId,
      status: reservas.status,
      inicio: reservas.inicio,
      fim: reservas.fim,
      timezone: condominios.timezone,
      pessoaId: reservas.solicitadaPorPessoaId,
      pessoaNome: pessoas.nome,
      userNome: user.name,
    })
    .from(reservaConvidados)
    .innerJoin(
      reservas,
      and(eq(reservas.id, reservaConvidados.reservaId), eq(reservas.organizationId, reservaConvidados.organizationId)),
    )
    .innerJoin(condominios, eq(condominios.id, reservas.condominioId))
    .leftJoin(pessoas, eq(pessoas.id, reservas.solicitadaPorPessoaId))
    .leftJoin(user, eq(user.id, reservas.solicitadaPorUserId))
    .where(
      and(
        eq(reservaConvidados.organizationId, who.organizationId),
        eq(reservaConvidados.id, convidadoId),
        isNull(reservaConvidados.removidoEm),
        isNull(reservaConvidados.anonimizadoEm),
      ),
    );
  if (!g) throw notFound(CONVIDADO_NOT_FOUND);
  // Another condominium's guest is "not found" before anything about their booking is told.
  assertOperatesAt(who, g, CONVIDADO_NOT_FOUND);
  if (g.status !== "confirmada") throw conflict("A reserva deste convidado não está confirmada.");
  const abre = new Date(g.inicio.getTime() - CONVIDADO_ANTECEDENCIA_MINUTOS * 60_000);
  if (now < abre || now >= g.fim) {
    throw conflict(
      `Fora do horário da reserva: a lista vale de ${hhmm(abre, g.timezone)} a ${hhmm(g.fim, g.timezone)}.`,
    );
  }
  return {
    condominioId: g.condominioId,
    unidadeId: g.unidadeId,
    nome: g.nome,
    documento: g.documento,
    tipo: "visitante",
    reservaConvidadoId: g.id,
    ...(g.pessoaId && g.pessoaNome ? { autorizadoPorPessoaId: g.pessoaId } : {}),
    autorizadoPorNome: g.pessoaNome ?? g.userNome ?? null,
  };
}

/** 409 when the guest is inside already: their open visit, named and timed as the porteiro reads it. */
async function assertGuestNotInside(tx: Executor, organizationId: string, convidadoId: string) {
  const [open] = await tx
    .select({ nome: a.nome, entradaEm: a.entradaEm, timezone: condominios.timezone })
    .from(a)
    .innerJoin(condominios, eq(condominios.id, a.condominioId))
    .where(
      and(
        eq(a.organizationId, organizationId),
        eq(a.reservaConvidadoId, convidadoId),
        isNull(a.saidaEm),
        isNull(a.naoEntrouEm),
      ),
    );
  if (open) {
    throw conflict(`${open.nome} já está no condomínio (entrada às ${hhmm(open.entradaEm, open.timezone)}).`);
  }
}

/** What an entry names, as "not found" when it is of a condominium the porteiro does not work at. */
const ENTRY_SOURCE_NOT_FOUND: Record<EntradaCreate["origem"], string> = {
  passe: "Validação não encontrada",
  solicitacao: "Solicitação não encontrada",
  morador: "Unidade não encontrada",
  reserva: CONVIDADO_NOT_FOUND,
};

/** Registers an entry inside the caller's transaction; returns its id. */
export async function registerEntryInTx(
  tx: Executor,
  who: Registrar,
  input: EntradaCreate,
  now: Date = new Date(),
): Promise<string> {
  const visit = await visitOf(tx, who, input, now);
  assertOperatesAt(who, visit, ENTRY_SOURCE_NOT_FOUND[input.origem]);
  // The unique index (acessos_convidado_presente_uq) is what decides between two porteiros tapping
  // the same guest; this reads the common case as a clear message inside the caller's transaction.
  if (visit.reservaConvidadoId) await assertGuestNotInside(tx, who.organizationId, visit.reservaConvidadoId);
  const [unidade] = await tx
    .select({ codigo: unidades.codigo, torre: unidades.torre })
    .from(unidades)
    .where(eq(unidades.id, visit.unidadeId));
  const [row] = await tx
    .insert(a)
    .values({
      organizationId: who.organizationId,
      condominioId: visit.condominioId,
      unidadeId: visit.unidadeId,
      nome: visit.nome,
      documento: visit.documento,
      tipo: visit.tipo,
      origem: input.origem,
      solicitacaoId: visit.solicitacaoId ?? null,
      passeId: visit.passeId ?? null,
      validacaoId: visit.validacaoId ?? null,
      reservaConvidadoId: visit.reservaConvidadoId ?? null,
      autorizadoPorPessoaId: visit.autorizadoPorPessoaId ?? null,
      autorizadoPorNome: visit.autorizadoPorNome,
      entradaEm: now,
      entradaPorUserId: who.userId,
      entradaPorApiKeyId: who.apiKeyId,
      entradaPorNome: who.nome,
      busca: buildSearchText([visit.nome, visit.documento, unidade?.codigo, unidade?.torre]),
    })
    .returning({ id: a.id });
  await recordAudit(tx, who.organizationId, registrarActor(who), {
    acao: "criar",
    entidade: "acesso",
    entidadeId: row!.id,
    resumo: `Registrou a entrada de ${NOME_DO_REGISTRO} (${ACESSO_ORIGEM_LABELS[input.origem].toLowerCase()})`,
    depois: { nome: visit.nome, documento: visit.documento, unidade_id: visit.unidadeId, origem: input.origem },
  });
  await recordEvent(tx, who.organizationId, {
    type: "acesso.entrada",
    visita: { unidade_id: visit.unidadeId, nome_visitante: visit.nome },
    acesso: { id: row!.id, origem: input.origem, condominio_id: visit.condominioId },
  });
  return row!.id;
}

export async function registerEntry(db: Database, who: Registrar, input: EntradaCreate): Promise<Acesso> {
  let id: string;
  try {
    id = await db.transaction((tx) => registerEntryInTx(tx, who, input));
  } catch (error) {
    if (isUniqueViolation(error, "acessos_solicitacao_uq")) {
      throw conflict("A entrada desta solicitação já foi registrada.");
    }
    if (isUniqueViolation(error, "acessos_validacao_uq")) throw conflict("A entrada deste passe já foi registrada.");
    if (input.origem === "reserva" && isUniqueViolation(error, "acessos_convidado_presente_uq")) {
      // Another porteiro's entry for this guest committed first: say whose and when.
      await assertGuestNotInside(db, who.organizationId, input.reserva_convidado_id);
    }
    throw error;
  }
  const row = await findAcesso(db, who.organizationId, id);
  return toAcesso(row!);
}

/** A visit changed (exit, "não entrou", exit undone): its audit entry and its event, in the change's transaction. */
async function recordChange(
  tx: Executor,
  who: Registrar,
  id: string,
  visit: { unidadeId: string; nome: string; condominioId: string; origem: string },
  type: "acesso.saida" | "acesso.atualizado",
  resumo: string,
) {
  await recordAudit(tx, who.organizationId, registrarActor(who), {
    acao: "alterar",
    entidade: "acesso",
    entidadeId: id,
    resumo,
  });
  await recordEvent(tx, who.organizationId, {
    type,
    visita: { unidade_id: visit.unidadeId, nome_visitante: visit.nome },
    acesso: { id, origem: visit.origem as AcessoOrigem, condominio_id: visit.condominioId },
  });
}

export async function registerExit(db: Database, who: Registrar, id: string): Promise<Acesso> {
  await db.transaction(async (tx) => {
    await assertOperatesOn(tx, who, id);
    const [left] = await tx
      .update(a)
      .set({ saidaEm: sql`greatest(now(), ${a.entradaEm})`, saidaPorUserId: who.userId, saidaPorNome: who.nome })
      .where(and(eq(a.organizationId, who.organizationId), eq(a.id, id), isNull(a.saidaEm), isNull(a.naoEntrouEm)))
      .returning({ unidadeId: a.unidadeId, nome: a.nome, condominioId: a.condominioId, origem: a.origem });
    if (!left) {
      const current = await findAcesso(tx, who.organizationId, id);
      if (!current) throw notFound(ACESSO_NOT_FOUND);
      if (current.row.naoEntrouEm) throw conflict(`${current.row.nome} não entrou: não há saída a registrar.`);
      const at = new Intl.DateTimeFormat("pt-BR", {
        hour: "2-digit",
        minute: "2-digit",
        timeZone: current.condominio.timezone,
      }).format(current.row.saidaEm!);
      throw conflict(`A saída de ${current.row.nome} já foi registrada às ${at}.`);
    }
    await recordChange(tx, who, id, left, "acesso.saida", `Registrou a saída de ${NOME_DO_REGISTRO}`);
  });
  const row = await findAcesso(db, who.organizationId, id);
  return toAcesso(row!);
}

/**
 * "Não entrou": the gate opened for someone who did not come in (docs/decisions/033-gate-opening-is-entry.md).
 * Only shortly after the entry and before any exit; the visit stays in the log, marked, and leaves
 * "who is inside". A pass's use is given back, so the visitor can present it again at once.
 */
export async function markNaoEntrou(db: Database, who: Registrar, id: string, now: Date = new Date()): Promise<Acesso> {
  await db.transaction(async (tx) => {
    await assertOperatesOn(tx, who, id);
    const since = new Date(now.getTime() - NAO_ENTROU_JANELA_MINUTOS * 60_000);
    const [row] = await tx
      .update(a)
      .set({ naoEntrouEm: now, naoEntrouPorNome: who.nome })
      .where(
        and(
          eq(a.organizationId, who.organizationId),
          eq(a.id, id),
          isNull(a.saidaEm),
          isNull(a.naoEntrouEm),
          gte(a.entradaEm, since),
        ),
      )
      .returning({
        unidadeId: a.unidadeId,
        nome: a.nome,
        condominioId: a.condominioId,
        origem: a.origem,
        passeId: a.passeId,
        entradaEm: a.entradaEm,
      });
    if (!row) {
      const current = await findAcesso(tx, who.organizationId, id);
      if (!current) throw notFound(ACESSO_NOT_FOUND);
      if (current.row.naoEntrouEm) throw conflict(`${current.row.nome} já está marcado como "não entrou".`);
      if (current.row.saidaEm) throw conflict(`A saída de ${current.row.nome} já foi registrada.`);
      throw conflict(
        `Passaram mais de ${NAO_ENTROU_JANELA_MINUTOS} minutos desde a entrada de ${current.row.nome}: registre a saída.`,
      );
    }
    if (row.passeId) {
      // The use this opening counted is given back only if no later use was counted since.
      await tx
        .update(passes)
        .set({ usos: sql`greatest(${passes.usos} - 1, 0)`, ultimoUsoEm: null })
        .where(and(eq(passes.id, row.passeId), eq(passes.ultimoUsoEm, row.entradaEm)));
    }
    await recordChange(tx, who, id, row, "acesso.atualizado", `Marcou que ${NOME_DO_REGISTRO} não entrou`);
  });
  return toAcesso((await findAcesso(db, who.organizationId, id))!);
}

/** Undoes an exit tapped on the wrong row, for a short time after it: the person is inside again. */
export async function undoExit(db: Database, who: Registrar, id: string, now: Date = new Date()): Promise<Acesso> {
  await db.transaction(async (tx) => {
    await assertOperatesOn(tx, who, id);
    const since = new Date(now.getTime() - DESFAZER_SAIDA_JANELA_MINUTOS * 60_000);
    const [row] = await tx
      .update(a)
      .set({ saidaEm: null, saidaPorUserId: null, saidaPorNome: null })
      .where(and(eq(a.organizationId, who.organizationId), eq(a.id, id), gte(a.saidaEm, since)))
      .returning({ unidadeId: a.unidadeId, nome: a.nome, condominioId: a.condominioId, origem: a.origem });
    if (!row) {
      const current = await findAcesso(tx, who.organizationId, id);
      if (!current) throw notFound(ACESSO_NOT_FOUND);
      if (!current.row.saidaEm) throw conflict(`${current.row.nome} ainda está no condomínio.`);
      throw conflict(
        `A saída de ${current.row.nome} foi registrada há mais de ${DESFAZER_SAIDA_JANELA_MINUTOS} minutos.`,
      );
    }
    await recordChange(tx, who, id, row, "acesso.atualizado", `Desfez a saída de ${NOME_DO_REGISTRO}`);
  });
  return toAcesso((await findAcesso(db, who.organizationId, id))!);
}
