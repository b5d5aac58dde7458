/**
 * Bookings of common areas (docs/decisions/044-common-area-bookings.md; docs/product.md). A resident
 * books for their unit (staff for any unit); the area's rules are checked here with the shared
 * src/shared/reserva-regras.ts; two bookings never overlap (cleaning gap included) because the
 * exclusion constraint `reservas_sem_conflito_ex` refuses the second insert, whatever the race;
 * the monthly limit is counted under a transaction lock on (area, unit) so two parallel requests of
 * one unit cannot both pass it. The síndico approves or refuses pending bookings; residents are
 * told through the notices' outbox in the same transaction.
 */
import { and, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { RESERVA_STATUSES_ATIVOS, type ReservaStatus } from "../../../shared/domain";
import { maskDocument } from "../../../shared/mask";
import { TENANT_WIDE_ROLES } from "../../../shared/permissions";
import {
  type AreaRegras,
  dentroDoPrazoDeCancelamento,
  horariosDoDia,
  instante,
  MENSAGENS,
  sobrepoe,
  somaDias,
  verificarPrazos,
  verificarRegras,
} from "../../../shared/reserva-regras";
import { normalizeSearch } from "../../../shared/schemas/common";
import {
  CALENDARIO_MAX_DIAS,
  type CalendarioItem,
  type ConvidadoInput,
  type Disponibilidade,
  type Reserva,
  type ReservaCreate,
  type ReservaDetail,
} from "../../../shared/schemas/reservas";
import { actorOf, recordAudit } from "../../audit/audit";
import type { Reader } from "../../auth/scope";
import { isResidentScope, seesCondominio, seesUnidade } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import { toPage } from "../../db/pagination";
import { acessos, areasComuns, condominios, reservaConvidados, reservas } from "../../db/schema";
import { findPessoaOfUser, findUnidadeInTenant } from "../../db/tenant-lookups";
import type { TenantContext } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { enqueueBookingNotices } from "../../notifications/booking-notices";
import { recordEvent } from "../../realtime/events";
import {
  activeOfArea,
  calendarRows,
  convidadosOf,
  findReserva,
  listReservas,
  type ReservaFilters,
  type ReservaRow,
} from "./reservas.queries";

export const RESERVA_NOT_FOUND = "Reserva não encontrada";
export const AREA_NOT_FOUND = "Área não encontrada";
const EXCLUSION = "reservas_sem_conflito_ex";

type Caller = Pick<TenantContext, "organizationId" | "scope" | "userId" | "user" | "ip" | "role">;

/** Staff (owner, síndico, porteiro, operador) book for any unit, confirmed at once, and cancel at any time. */
const isStaff = (caller: Pick<TenantContext, "role">) => TENANT_WIDE_ROLES.includes(caller.role);

const ativo = (status: string) => (RESERVA_STATUSES_ATIVOS as readonly string[]).includes(status);

function podeCancelar(
  row: { status: string; inicio: string | Date; fim: string | Date; cancelamentoHoras: number },
  caller: Caller,
  now: Date,
): boolean {
  if (!ativo(row.status) || new Date(row.fim).getTime() <= now.getTime()) return false;
  return isStaff(caller) || dentroDoPrazoDeCancelamento(new Date(row.inicio), row.cancelamentoHoras, now);
}

export function toReserva(row: ReservaRow, caller: Caller, now: Date = new Date()): Reserva {
  return {
    id: row.id,
    condominio_id: row.condominioId,
    condominio: { id: row.condominioId, nome: row.condominioNome, timezone: row.condominioTimezone },
    area: { id: row.areaId, nome: row.areaNome },
    unidade_id: row.unidadeId,
    unidade: { codigo: row.unidadeCodigo, torre: row.unidadeTorre },
    status: row.status as ReservaStatus,
    inicio: row.inicio,
    fim: row.fim,
    data: row.data,
    solicitada_por_nome: row.solicitadaPorNome,
    observacoes: row.observacoes,
    regras_aceitas_em: row.regrasAceitasEm,
    decidida_em: row.decididaEm,
    decidida_por_nome: row.decididaPorNome,
    motivo_recusa: row.motivoRecusa,
    cancelada_em: row.canceladaEm,
    motivo_cancelamento: row.motivoCancelamento,
    convidados_total: Number(row.convidadosTotal),
    pode_cancelar: podeCancelar(row, caller, now),
    created_at: row.createdAt,
  };
}

export async function list(db: Database, caller: Caller, f: ReservaFilters, page: number, pageSize: number) {
  const { items, counted } = await listReservas(db, caller, f, page, pageSize);
  const now = new Date();
  return toPage(
    items.map((row) => toReserva(row, caller, now)),
    counted,
    page,
    pageSize,
  );
}

export async function get(db: Executor, caller: Caller, id: string): Promise<ReservaDetail> {
  const row = await findReserva(db, caller, id);
  if (!row) throw notFound(RESERVA_NOT_FOUND);
  const convidados = await convidadosOf(db, caller.organizationId, id);
  return {
    ...toReserva(row, caller),
    convidados: convidados.map((c) => ({
      id: c.id,
      nome: c.nome,
      documento: maskDocument(c.documento),
      telefone: c.telefone,
      entrada_em: c.entradaEm,
      presente: Boolean(c.presente),
    })),
  };
}

/** An area the caller sees (a morador: of their condominiums), with its condominium's timezone. */
async function loadArea(db: Executor, caller: Reader, areaId: string) {
  const [row] = await db
    .select({ area: areasComuns, timezone: condominios.timezone })
    .from(areasComuns)
    .innerJoin(condominios, eq(condominios.id, areasComuns.condominioId))
    .where(and(eq(areasComuns.organizationId, caller.organizationId), eq(areasComuns.id, areaId)));
  if (!row || !seesCondominio(caller, row.area.condominioId)) throw notFound(AREA_NOT_FOUND);
  // An inactive or removed area of the caller's condominium is not a 404: a screen opened before it
  // changed is told it takes no bookings (MENSAGENS.indisponivel), and its availability shows none.
  return row;
}

export function regrasOf(area: typeof areasComuns.$inferSelect, timezone: string): AreaRegras {
  return {
    horarios: area.horarios,
    modo: area.modo as AreaRegras["modo"],
    bloco_horas: area.blocoHoras,
    antecedencia_minima_horas: area.antecedenciaMinimaHoras,
    antecedencia_maxima_dias: area.antecedenciaMaximaDias,
    timezone,
  };
}

function ruleError(campo: string, mensagem: string) {
  return badRequest(mensagem, [{ path: campo, message: mensagem }]);
}

/** The exclusion constraint refused the insert (SQLSTATE 23P01), through Drizzle's wrapper. */
function isExclusionViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string; message?: string };
    if (pg.code === "23P01" && (pg.constraint === EXCLUSION || pg.message?.includes(EXCLUSION))) return true;
  }
  return false;
}

/**
 * Why [inicio, fim) cannot be held: it meets an active booking itself (conflict), or only its
 * cleaning gap or this booking's own gap (cleaning). Read after the refused insert rolled back.
 */
async function conflictError(db: Executor, areaId: string, limpeza: number, inicio: Date, fim: Date) {
  const others = await activeOfArea(db, areaId, inicio, new Date(fim.getTime() + limpeza * 60_000));
  const direct = others.some((o) => sobrepoe(inicio, fim, o.inicio, o.fim));
  return conflict(direct || others.length === 0 ? MENSAGENS.conflito : MENSAGENS.limpeza(limpeza));
}

function searchOf(c: { nome: string; documento: string | null }) {
  return normalizeSearch([c.nome, c.documento].filter(Boolean).join(" "));
}

async function recordReservaEvent(
  tx: Executor,
  organizationId: string,
  r: { id: string; areaId: string; condominioId: string; unidadeId: string; status: ReservaStatus },
  acao: "criada" | "confirmada" | "recusada" | "cancelada" | "atualizada",
) {
  await recordEvent(tx, organizationId, {
    type: "reserva.atualizada",
    visita: { unidade_id: r.unidadeId, nome_visitante: "" },
    condominioId: r.condominioId,
    reserva: { id: r.id, area_id: r.areaId, condominio_id: r.condominioId, status: r.status, acao },
  });
}

export async function create(db: Database, caller: Caller, input: ReservaCreate, now: Date = new Date()) {
  const { area, timezone } = await loadArea(db, caller, input.area_id);
  const unidade = await findUnidadeInTenant(db, caller.organizationId, input.unidade_id);
  if (!unidade || !seesUnidade(caller, { unidadeId: unidade.id, condominioId: unidade.condominioId })) {
    throw notFound("Unidade não encontrada");
  }
  if (unidade.condominioId !== area.condominioId) {
    throw ruleError("unidade_id", "A unidade não pertence ao condomínio da área");
  }
  if (!unidade.enabled) throw ruleError("unidade_id", "Unidade inativa");
  if (area.removidaEm || !area.ativa) throw ruleError("area_id", MENSAGENS.indisponivel);
  const checked = verificarRegras(regrasOf(area, timezone), input, now);
  if (!checked.ok) throw ruleError(checked.campo, checked.mensagem);
  if (area.capacidade !== null && input.convidados.length > area.capacidade) {
    throw ruleError("convidados", MENSAGENS.capacidade(area.capacidade));
  }
  const { inicio, fim } = checked.horario;
  const bloqueioFim = new Date(fim.getTime() + area.limpezaMinutos * 60_000);
  const staff = isStaff(caller);
  const status: ReservaStatus = !area.requerAprovacao || staff ? "confirmada" : "pendente";
  const pessoa = staff ? null : await findPessoaOfUser(db, caller.organizationId, caller.userId);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      // The area as it is now, held until commit: removing it (which locks it for update and counts
      // its future bookings) cannot pass between this check and the insert.
      const [current] = await tx
        .select({ ativa: areasComuns.ativa, removidaEm: areasComuns.removidaEm })
        .from(areasComuns)
        .where(eq(areasComuns.id, area.id))
        .for("share");
      if (!current || current.removidaEm || !current.ativa) throw ruleError("area_id", MENSAGENS.indisponivel);
      if (area.maxReservasMes !== null) {
        // Counted and decided under one lock per (area, unit): of two parallel requests, the second counts the first.
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtext(${`guarita.reserva-mes:${area.id}:${unidade.id}`}))`,
        );
        // The month of the booking's local day: from its 1st to the next month's 1st (31 days on lands in it).
        const inicioMes = `${input.data.slice(0, 7)}-01`;
        const proximoMes = `${somaDias(inicioMes, 31).slice(0, 7)}-01`;
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(reservas)
          .where(
            and(
              eq(reservas.unidadeId, unidade.id),
              eq(reservas.areaId, area.id),
              gte(reservas.data, inicioMes),
              lt(reservas.data, proximoMes),
              inArray(reservas.status, [...RESERVA_STATUSES_ATIVOS]),
            ),
          );
        if ((row?.n ?? 0) >= area.maxReservasMes) throw conflict(MENSAGENS.limiteMensal(area.maxReservasMes));
      }
      const [created] = await tx
        .insert(reservas)
        .values({
          organizationId: caller.organizationId,
          condominioId: area.condominioId,
          areaId: area.id,
          unidadeId: unidade.id,
          inicio,
          fim,
          data: input.data,
          bloqueioFim,
          status,
          solicitadaPorUserId: caller.userId,
          solicitadaPorPessoaId: pessoa?.id ?? null,
          regrasAceitasEm: now,
          observacoes: input.observacoes ?? null,
          decididaPorUserId: status === "confirmada" && area.requerAprovacao ? caller.userId : null,
          decididaEm: status === "confirmada" && area.requerAprovacao ? now : null,
        })
        .returning({ id: reservas.id });
      const reservaId = created!.id;
      if (input.convidados.length > 0) {
        await tx.insert(reservaConvidados).values(
          input.convidados.map((c) => ({
            organizationId: caller.organizationId,
            condominioId: area.condominioId,
            reservaId,
            nome: c.nome,
            documento: c.documento ?? null,
            telefone: c.telefone ?? null,
            busca: searchOf({ nome: c.nome, documento: c.documento ?? null }),
          })),
        );
      }
      const ref = { id: reservaId, areaId: area.id, condominioId: area.condominioId, unidadeId: unidade.id, status };
      await recordReservaEvent(tx, caller.organizationId, ref, "criada");
      if (staff && status === "confirmada") {
        await enqueueBookingNotices(
          tx,
          { organizationId: caller.organizationId, reservaId, unidadeId: unidade.id, pessoaId: null },
          "confirmada",
        );
      }
      await recordAudit(tx, caller.organizationId, actorOf(caller), {
        acao: "criar",
        entidade: "reserva",
        entidadeId: reservaId,
        resumo: `Reservou ${area.nome} para a unidade ${unidade.codigo}`,
        depois: {
          area_id: area.id,
          unidade_id: unidade.id,
          inicio: inicio.toISOString(),
          fim: fim.toISOString(),
          status,
          convidados: input.convidados.length,
        },
      });
      return reservaId;
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw await conflictError(db, area.id, area.limpezaMinutos, inicio, fim);
    throw error;
  }
  return get(db, caller, id);
}

/** Locks a booking the caller sees, with its area's settings. */
async function lockReserva(tx: Executor, caller: Reader, id: string) {
  const [row] = await tx
    .select()
    .from(reservas)
    .where(and(eq(reservas.organizationId, caller.organizationId), eq(reservas.id, id)))
    .for("update");
  if (!row || !seesUnidade(caller, { unidadeId: row.unidadeId, condominioId: row.condominioId })) {
    throw notFound(RESERVA_NOT_FOUND);
  }
  const [area] = await tx.select().from(areasComuns).where(eq(areasComuns.id, row.areaId));
  return { row, area: area! };
}

const STATUS_DONE: Record<ReservaStatus, string> = {
  pendente: "Esta reserva ainda aguarda aprovação.",
  confirmada: "Esta reserva já foi aprovada.",
  recusada: "Esta reserva já foi recusada.",
  cancelada: "Esta reserva foi cancelada.",
};

/** The síndico's decision on a pending booking: confirmed (the time stays held) or refused (freed). */
export async function decidir(
  db: Database,
  caller: Caller,
  id: string,
  decisao: { aprovar: true } | { aprovar: false; motivo: string },
) {
  await db.transaction(async (tx) => {
    const { row } = await lockReserva(tx, caller, id);
    if (row.status !== "pendente") throw conflict(STATUS_DONE[row.status as ReservaStatus]);
    const status: ReservaStatus = decisao.aprovar ? "confirmada" : "recusada";
    const now = new Date();
    await tx
      .update(reservas)
      .set({
        status,
        decididaPorUserId: caller.userId,
        decididaEm: now,
        motivoRecusa: decisao.aprovar ? null : decisao.motivo,
        updatedAt: now,
      })
      .where(eq(reservas.id, id));
    await recordReservaEvent(
      tx,
      caller.organizationId,
      { ...row, status },
      status === "confirmada" ? "confirmada" : "recusada",
    );
    await enqueueBookingNotices(
      tx,
      {
        organizationId: caller.organizationId,
        reservaId: id,
        unidadeId: row.unidadeId,
        pessoaId: row.solicitadaPorPessoaId,
      },
      status === "confirmada" ? "confirmada" : "recusada",
    );
    await recordAudit(tx, caller.organizationId, actorOf(caller), {
      acao: "decidir",
      entidade: "reserva",
      entidadeId: id,
      resumo: decisao.aprovar ? "Aprovou uma reserva de área comum" : "Recusou uma reserva de área comum",
      antes: { status: row.status },
      // The reason is free text (it may name someone): the trail says one was given.
      depois: { status, ...(decisao.aprovar ? {} : { motivo_informado: true }) },
    });
  });
  return get(db, caller, id);
}

/** A resident cancels before the area's deadline; staff at any time, with a reason (the residents are told). */
export async function cancelar(db: Database, caller: Caller, id: string, motivo: string | null | undefined) {
  const staff = isStaff(caller);
  if (staff && !motivo) {
    throw badRequest("Informe o motivo do cancelamento", [
      { path: "motivo", message: "Informe o motivo do cancelamento" },
    ]);
  }
  await db.transaction(async (tx) => {
    const { row, area } = await lockReserva(tx, caller, id);
    const now = new Date();
    if (!ativo(row.status)) throw conflict(STATUS_DONE[row.status as ReservaStatus]);
    if (row.fim.getTime() <= now.getTime()) throw conflict("Esta reserva já terminou.");
    if (!staff && !dentroDoPrazoDeCancelamento(row.inicio, area.cancelamentoHoras, now)) {
      throw conflict(MENSAGENS.prazoCancelamento(area.cancelamentoHoras));
    }
    await tx
      .update(reservas)
      .set({
        status: "cancelada",
        canceladaPorUserId: caller.userId,
        canceladaEm: now,
        motivoCancelamento: motivo ?? null,
        updatedAt: now,
      })
      .where(eq(reservas.id, id));
    await recordReservaEvent(tx, caller.organizationId, { ...row, status: "cancelada" }, "cancelada");
    if (staff) {
      await enqueueBookingNotices(
        tx,
        {
          organizationId: caller.organizationId,
          reservaId: id,
          unidadeId: row.unidadeId,
          pessoaId: row.solicitadaPorPessoaId,
        },
        "cancelada",
      );
    }
    await recordAudit(tx, caller.organizationId, actorOf(caller), {
      acao: "alterar",
      entidade: "reserva",
      entidadeId: id,
      resumo: "Cancelou uma reserva de área comum",
      antes: { status: row.status },
      depois: { status: "cancelada", ...(motivo ? { motivo_informado: true } : {}) },
    });
  });
  return get(db, caller, id);
}

/** How a guest typed again matches one on the list: same name and document (the masked one counts). */
function sameGuest(
  stored: { nome: string; documento: string | null; telefone: string | null },
  typed: ConvidadoInput,
): boolean {
  if (normalizeSearch(stored.nome) !== normalizeSearch(typed.nome)) return false;
  const doc = typed.documento ?? null;
  const docOk = doc === stored.documento || (doc !== null && doc === maskDocument(stored.documento));
  return docOk && (typed.telefone ?? null) === (stored.telefone ?? null);
}

/**
 * Replaces the guest list while the booking holds its time and has not ended. Guests who already
 * came in stay (the access log points at them); the others not in the new list are taken off
 * (removido_em); new names are added. Kept guests keep their ids: the gate's list does not flicker.
 */
export async function replaceConvidados(db: Database, caller: Caller, id: string, lista: ConvidadoInput[]) {
  await db.transaction(async (tx) => {
    const { row, area } = await lockReserva(tx, caller, id);
    const now = new Date();
    if (!ativo(row.status)) throw conflict(STATUS_DONE[row.status as ReservaStatus]);
    if (row.fim.getTime() <= now.getTime()) throw conflict("Esta reserva já terminou.");
    const current = await tx
      .select({
        id: reservaConvidados.id,
        nome: reservaConvidados.nome,
        documento: reservaConvidados.documento,
        telefone: reservaConvidados.telefone,
        // Qualified by hand: Drizzle leaves a one-table select's columns unqualified, and "id" would be the entry's.
        entrou: sql<boolean>`EXISTS (SELECT 1 FROM ${acessos} x WHERE x.reserva_convidado_id = "reserva_convidados"."id")`,
      })
      .from(reservaConvidados)
      .where(and(eq(reservaConvidados.reservaId, id), isNull(reservaConvidados.removidoEm)));
    const pending = [...lista];
    const kept: string[] = [];
    const removed: string[] = [];
    for (const c of current) {
      const match = pending.findIndex((typed) => sameGuest(c, typed));
      if (match >= 0) pending.splice(match, 1);
      if (match >= 0 || c.entrou) kept.push(c.id);
      else removed.push(c.id);
    }
    const total = kept.length + pending.length;
    if (area.capacidade !== null && total > area.capacidade) {
      throw ruleError("convidados", MENSAGENS.capacidade(area.capacidade));
    }
    if (removed.length > 0) {
      await tx.update(reservaConvidados).set({ removidoEm: now }).where(inArray(reservaConvidados.id, removed));
    }
    if (pending.length > 0) {
      await tx.insert(reservaConvidados).values(
        pending.map((c) => ({
          organizationId: caller.organizationId,
          condominioId: row.condominioId,
          reservaId: id,
          nome: c.nome,
          documento: c.documento ?? null,
          telefone: c.telefone ?? null,
          busca: searchOf({ nome: c.nome, documento: c.documento ?? null }),
        })),
      );
    }
    await tx.update(reservas).set({ updatedAt: now }).where(eq(reservas.id, id));
    await recordReservaEvent(tx, caller.organizationId, { ...row, status: row.status as ReservaStatus }, "atualizada");
    await recordAudit(tx, caller.organizationId, actorOf(caller), {
      acao: "alterar",
      entidade: "reserva",
      entidadeId: id,
      resumo: "Alterou a lista de convidados de uma reserva",
      // Counts only: the guests' names stay in their rows (docs/decisions/030).
      depois: { convidados: total, adicionados: pending.length, removidos: removed.length },
    });
  });
  return get(db, caller, id);
}

/** The days of [de, ate], at most CALENDARIO_MAX_DIAS; 400 otherwise. */
function daysOf(de: string, ate: string): string[] {
  if (ate < de) {
    throw badRequest("A data final deve ser igual ou posterior à inicial", [
      { path: "ate", message: "A data final deve ser igual ou posterior à inicial" },
    ]);
  }
  const days: string[] = [];
  for (let d = de; d <= ate; d = somaDias(d, 1)) {
    days.push(d);
    if (days.length > CALENDARIO_MAX_DIAS) {
      const message = `O período pode ter no máximo ${CALENDARIO_MAX_DIAS} dias`;
      throw badRequest(message, [{ path: "ate", message }]);
    }
  }
  return days;
}

/** Each day's bookable times of an area: free, taken (a booking or a cleaning gap) or unavailable (a rule). */
export async function disponibilidade(
  db: Executor,
  caller: Caller,
  areaId: string,
  de: string,
  ate: string,
  now: Date = new Date(),
): Promise<Disponibilidade> {
  const days = daysOf(de, ate);
  const { area, timezone } = await loadArea(db, caller, areaId);
  const regras = regrasOf(area, timezone);
  const limpezaMs = area.limpezaMinutos * 60_000;
  const start = instante(de, "00:00", timezone);
  const end = instante(ate, "24:00", timezone);
  const taken = await activeOfArea(
    db,
    area.id,
    new Date(start.getTime() - limpezaMs),
    new Date(end.getTime() + limpezaMs),
  );
  const available = !area.removidaEm && area.ativa;
  return {
    area_id: area.id,
    timezone,
    dias: days.map((data) => {
      const slots = horariosDoDia(regras, data);
      return {
        data,
        fechado: area.horarios[new Date(`${data}T12:00:00Z`).getUTCDay()] === null,
        horarios: slots.map((s) => {
          let situacao: "livre" | "ocupado" | "indisponivel" = "livre";
          let motivo: string | null = null;
          const direct = taken.some((t) => sobrepoe(s.inicio, s.fim, t.inicio, t.fim));
          const gap =
            !direct &&
            taken.some((t) => sobrepoe(s.inicio, new Date(s.fim.getTime() + limpezaMs), t.inicio, t.bloqueioFim));
          if (!available) {
            situacao = "indisponivel";
            motivo = MENSAGENS.indisponivel;
          } else if (direct || gap) {
            situacao = "ocupado";
            motivo = direct ? MENSAGENS.conflito : MENSAGENS.limpeza(area.limpezaMinutos);
          } else {
            const prazo = verificarPrazos(regras, data, s.inicio, now);
            if (prazo) {
              situacao = "indisponivel";
              motivo = prazo.mensagem;
            }
          }
          return {
            hora_inicio: s.hora_inicio,
            hora_fim: s.hora_fim,
            inicio: s.inicio.toISOString(),
            fim: s.fim.toISOString(),
            situacao,
            motivo,
          };
        }),
      };
    }),
  };
}

/** The condominium's bookings holding time in [de, ate]; a morador sees other units' as "Ocupado". */
export async function calendario(
  db: Executor,
  caller: Caller,
  q: { condominio_id: string; area_id?: string; de: string; ate: string },
): Promise<{ items: CalendarioItem[] }> {
  daysOf(q.de, q.ate);
  if (!seesCondominio(caller, q.condominio_id)) throw notFound("Condomínio não encontrado");
  const [condominio] = await db
    .select({ timezone: condominios.timezone })
    .from(condominios)
    .where(and(eq(condominios.organizationId, caller.organizationId), eq(condominios.id, q.condominio_id)));
  if (!condominio) throw notFound("Condomínio não encontrado");
  const rows = await calendarRows(
    db,
    caller.organizationId,
    q.condominio_id,
    q.area_id,
    instante(q.de, "00:00", condominio.timezone),
    instante(q.ate, "24:00", condominio.timezone),
  );
  return {
    items: rows.map((r) => {
      const propria = seesUnidade(caller, { unidadeId: r.unidadeId, condominioId: q.condominio_id });
      const mostra = propria || !isResidentScope(caller);
      const unidadeNome = r.unidadeTorre ? `${r.unidadeCodigo} (${r.unidadeTorre})` : r.unidadeCodigo;
      return {
        id: mostra ? r.id : null,
        area: { id: r.areaId, nome: r.areaNome },
        inicio: r.inicio.toISOString(),
        fim: r.fim.toISOString(),
        status: r.status as ReservaStatus,
        unidade: mostra ? { id: r.unidadeId, codigo: r.unidadeCodigo, torre: r.unidadeTorre } : null,
        titulo: mostra ? `${r.areaNome} · Unidade ${unidadeNome}` : "Ocupado",
        propria: isResidentScope(caller) && propria,
      };
    }),
  };
}
