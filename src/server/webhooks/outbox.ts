/**
 * Webhook deliveries come from the event outbox (docs/decisions/020-webhooks.md): `recordEvent`
 * calls this inside the transaction of the change, so a delivery row exists if and only if the
 * change committed, and survives a crash until the delivery job sends it. The body is rendered
 * here, once, from the rows as they are in that transaction: what a receiver gets is the state
 * the event describes, not whatever the row holds when the job runs.
 */
import { and, arrayOverlaps, eq, isNull, sql } from "drizzle-orm";
import type {
  EncomendaStatus,
  ReservaStatus,
  RetiradaMetodo,
  Transportadora,
  VisitaTipo,
  WebhookEvento,
} from "../../shared/domain";
import type { DomainEvent } from "../../shared/schemas/events";
import type { WebhookPayload } from "../../shared/schemas/webhooks";
import type { Executor } from "../db/client";
import { portaoNome } from "../db/gate-name";
import {
  acessos,
  areasComuns,
  atendenteConversas,
  chamadas,
  condominios,
  encomendas,
  passes,
  portoes,
  reservaConvidados,
  reservas,
  solicitacoesAcesso,
  unidades,
  webhookAssinaturas,
  webhookEntregas,
} from "../db/schema";
import { iso } from "../http/serialize";

export const WEBHOOKS_CHANNEL = "guarita_webhooks";
/** Attempts go on for this long after the event (or after a redelivery). */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
/** The gate named in `portao.abrir` when the request does not say which. */
export const PORTAO_PADRAO = "principal";

/** Which webhook events a realtime event is: a decision to authorise is also the gate command. */
export function webhookEventsOf(event: DomainEvent): WebhookEvento[] {
  switch (event.type) {
    case "solicitacao.criada":
      return ["solicitacao.criada"];
    case "atendimento.atualizado":
      // The virtual attendant let a party guest in from a booking's list: the gate opens as for a pass.
      return event.acesso?.origem === "reserva" ? ["portao.abrir"] : [];
    case "chamada.criada":
    case "chamada.atualizada":
      return ["chamada.status_alterado"];
    case "notificacao.atualizada":
    case "acesso.entrada":
    case "acesso.saida":
    case "acesso.atualizado":
    case "passe.atualizado":
    case "totem.atualizado":
    case "central.atualizada":
    case "faturamento.atualizado":
      return [];
    case "encomenda.atualizada":
      if (event.encomenda?.acao === "recebida") return ["encomenda.recebida"];
      if (event.encomenda?.acao === "retirada") return ["encomenda.retirada"];
      return [];
    case "reserva.atualizada":
      switch (event.reserva?.acao) {
        case "criada":
          // An area without approval confirms the booking as it is made: both events.
          return event.reserva.status === "confirmada" ? ["reserva.criada", "reserva.confirmada"] : ["reserva.criada"];
        case "confirmada":
          return ["reserva.confirmada"];
        case "recusada":
          return ["reserva.recusada"];
        case "cancelada":
          return ["reserva.cancelada"];
        default:
          return [];
      }
    case "passe.validado":
      // A pass that opens the gate sends the same command as an authorised request.
      return event.passe?.resultado === "liberado" ? ["portao.abrir"] : [];
    case "solicitacao.atualizada":
      if (event.status === "autorizado") return ["solicitacao.autorizada", "portao.abrir"];
      if (event.status === "negado") return ["solicitacao.negada"];
      if (event.status === "expirado") return ["solicitacao.expirada"];
      return [];
  }
}

type EventData =
  | NonNullable<Awaited<ReturnType<typeof loadSolicitacaoData>>>
  | PasseData
  | EncomendaData
  | ReservaData
  | GuestEntryData;
type GuestEntryData = NonNullable<Awaited<ReturnType<typeof loadGuestEntryData>>>;
type ReservaData = NonNullable<Awaited<ReturnType<typeof loadReservaData>>>;
type PasseData = NonNullable<Awaited<ReturnType<typeof loadPasseData>>>;
type EncomendaData = NonNullable<Awaited<ReturnType<typeof loadEncomendaData>>>;

async function loadData(tx: Executor, organizationId: string, event: DomainEvent): Promise<EventData | null> {
  if (event.type === "atendimento.atualizado" && event.acesso && event.atendimento) {
    return loadGuestEntryData(tx, organizationId, event.acesso.id, event.atendimento.id);
  }
  if (event.solicitacao_id) return loadSolicitacaoData(tx, organizationId, event.solicitacao_id, event);
  if (event.passe?.id) return loadPasseData(tx, organizationId, event.passe.id);
  if (event.encomenda?.id) return loadEncomendaData(tx, organizationId, event.encomenda.id);
  if (event.reserva?.id) return loadReservaData(tx, organizationId, event.reserva.id);
  return null;
}

/**
 * A booking as a receiver gets it (docs/decisions/044-common-area-bookings.md): the area, the unit,
 * the time and the status, and how many guests are listed, never who (names and documents stay in
 * Guarita, where retention and the data subjects' requests reach them).
 */
async function loadReservaData(tx: Executor, organizationId: string, reservaId: string) {
  const r = reservas;
  const [row] = await tx
    .select({
      reserva: {
        id: r.id,
        status: r.status,
        inicio: r.inicio,
        fim: r.fim,
        convidadosTotal: sql<number>`(SELECT count(*)::int FROM ${reservaConvidados} WHERE ${reservaConvidados.reservaId} = ${r.id} AND ${reservaConvidados.removidoEm} IS NULL)`,
      },
      area: { id: areasComuns.id, nome: areasComuns.nome },
      condominio: { id: condominios.id, nome: condominios.nome },
      unidade: { id: unidades.id, codigo: unidades.codigo, torre: unidades.torre, pbxRamal: unidades.pbxRamal },
    })
    .from(r)
    .innerJoin(areasComuns, eq(areasComuns.id, r.areaId))
    .innerJoin(condominios, eq(condominios.id, r.condominioId))
    .innerJoin(unidades, eq(unidades.id, r.unidadeId))
    .where(and(eq(r.organizationId, organizationId), eq(r.id, reservaId)));
  return row ? { kind: "reserva" as const, ...row } : null;
}

function renderReserva(organizationId: string, event: DomainEvent, tipo: WebhookEvento, data: ReservaData): string {
  const { reserva, area, condominio, unidade } = data;
  const payload: WebhookPayload = {
    id: `evt_${event.id}_${tipo}`,
    tipo,
    criado_em: event.created_at,
    organizacao_id: organizationId,
    dados: {
      reserva: {
        id: reserva.id,
        status: reserva.status as ReservaStatus,
        area,
        inicio: iso(reserva.inicio),
        fim: iso(reserva.fim),
        convidados_total: Number(reserva.convidadosTotal),
      },
      condominio,
      unidade: { id: unidade.id, codigo: unidade.codigo, torre: unidade.torre, pbx_ramal: unidade.pbxRamal },
    },
  };
  return JSON.stringify(payload);
}

/**
 * A package as a receiver gets it (docs/decisions/020-webhooks.md, "Packages"): what it is and
 * when it came and went, never who it is for or who collected it (names and documents stay in
 * Guarita, where retention and the data subjects' requests reach them).
 */
async function loadEncomendaData(tx: Executor, organizationId: string, encomendaId: string) {
  const e = encomendas;
  const [row] = await tx
    .select({
      encomenda: {
        id: e.id,
        loteId: e.loteId,
        status: e.status,
        transportadora: e.transportadora,
        rastreio: e.rastreio,
        perecivel: e.perecivel,
        recebidaEm: e.recebidaEm,
        retiradaEm: e.retiradaEm,
        retiradaMetodo: e.retiradaMetodo,
      },
      condominio: { id: condominios.id, nome: condominios.nome },
      unidade: { id: unidades.id, codigo: unidades.codigo, torre: unidades.torre, pbxRamal: unidades.pbxRamal },
    })
    .from(e)
    .innerJoin(condominios, eq(condominios.id, e.condominioId))
    .innerJoin(unidades, eq(unidades.id, e.unidadeId))
    .where(and(eq(e.organizationId, organizationId), eq(e.id, encomendaId)));
  return row ? { kind: "encomenda" as const, ...row } : null;
}

function renderEncomenda(organizationId: string, event: DomainEvent, tipo: WebhookEvento, data: EncomendaData): string {
  const { encomenda: e, condominio, unidade } = data;
  const payload: WebhookPayload = {
    id: `evt_${event.id}_${tipo}`,
    tipo,
    criado_em: event.created_at,
    organizacao_id: organizationId,
    dados: {
      encomenda: {
        id: e.id,
        lote_id: e.loteId,
        status: e.status as EncomendaStatus,
        transportadora: e.transportadora as Transportadora,
        rastreio: e.rastreio,
        perecivel: e.perecivel,
        recebida_em: iso(e.recebidaEm),
        retirada_em: iso(e.retiradaEm),
        retirada_metodo: e.retiradaMetodo as RetiradaMetodo | null,
      },
      condominio,
      unidade: { id: unidade.id, codigo: unidade.codigo, torre: unidade.torre, pbx_ramal: unidade.pbxRamal },
    },
  };
  return JSON.stringify(payload);
}

async function loadPasseData(tx: Executor, organizationId: string, passeId: string) {
  const [row] = await tx
    .select({
      passe: { id: passes.id, nome: passes.nome, tipo: passes.tipo, descricao: passes.descricao },
      condominio: { id: condominios.id, nome: condominios.nome },
      unidade: { id: unidades.id, codigo: unidades.codigo, torre: unidades.torre, pbxRamal: unidades.pbxRamal },
    })
    .from(passes)
    .innerJoin(condominios, eq(condominios.id, passes.condominioId))
    .innerJoin(unidades, eq(unidades.id, passes.unidadeId))
    .where(and(eq(passes.organizationId, organizationId), eq(passes.id, passeId)));
  return row ? { kind: "passe" as const, ...row } : null;
}

async function loadSolicitacaoData(tx: Executor, organizationId: string, solicitacaoId: string, event: DomainEvent) {
  const s = solicitacoesAcesso;
  const [row] = await tx
    .select({
      solicitacao: {
        id: s.id,
        status: s.status,
        tipo: s.tipo,
        nomeVisitante: s.nomeVisitante,
        motivo: s.motivo,
        portaoId: s.portaoId,
        portao: portaoNome,
        createdAt: s.createdAt,
        decididoEm: s.decididoEm,
        decididoPorNome: s.decididoPorNome,
      },
      condominio: { id: condominios.id, nome: condominios.nome },
      unidade: { id: unidades.id, codigo: unidades.codigo, torre: unidades.torre, pbxRamal: unidades.pbxRamal },
    })
    .from(s)
    .innerJoin(condominios, eq(condominios.id, s.condominioId))
    .innerJoin(unidades, eq(unidades.id, s.unidadeId))
    .where(and(eq(s.organizationId, organizationId), eq(s.id, solicitacaoId)));
  if (!row) return null;
  const [chamada] = event.chamada
    ? await tx
        .select()
        .from(chamadas)
        .where(and(eq(chamadas.organizationId, organizationId), eq(chamadas.id, event.chamada.id)))
    : [];
  return { kind: "solicitacao" as const, ...row, chamada: chamada ?? null };
}

function renderPasse(organizationId: string, event: DomainEvent, data: PasseData): string {
  const { passe, condominio, unidade } = data;
  const payload: WebhookPayload = {
    id: `evt_${event.id}_portao.abrir`,
    tipo: "portao.abrir",
    criado_em: event.created_at,
    organizacao_id: organizationId,
    dados: {
      passe: {
        id: passe.id,
        nome: passe.nome,
        tipo: passe.tipo as VisitaTipo,
        descricao: passe.descricao,
      },
      condominio,
      unidade: { id: unidade.id, codigo: unidade.codigo, torre: unidade.torre, pbx_ramal: unidade.pbxRamal },
      portao: {
        id: event.passe?.portao_id ?? null,
        nome: event.passe?.portao ?? PORTAO_PADRAO,
        condominio_id: condominio.id,
        acesso_id: event.acesso?.id ?? null,
      },
    },
  };
  return JSON.stringify(payload);
}

/**
 * The gate a party guest let in by the virtual attendant goes through (its conversation's gate), with
 * the unit and condominium: the guest's name stays in Guarita (docs/decisions/044-common-area-bookings.md).
 */
async function loadGuestEntryData(tx: Executor, organizationId: string, acessoId: string, conversaId: string) {
  const [row] = await tx
    .select({
      condominio: { id: condominios.id, nome: condominios.nome },
      unidade: { id: unidades.id, codigo: unidades.codigo, torre: unidades.torre, pbxRamal: unidades.pbxRamal },
      portao: { id: portoes.id, nome: portoes.nome },
    })
    .from(acessos)
    .innerJoin(condominios, eq(condominios.id, acessos.condominioId))
    .innerJoin(unidades, eq(unidades.id, acessos.unidadeId))
    .leftJoin(
      atendenteConversas,
      and(eq(atendenteConversas.id, conversaId), eq(atendenteConversas.organizationId, organizationId)),
    )
    .leftJoin(portoes, eq(portoes.id, atendenteConversas.portaoId))
    .where(and(eq(acessos.organizationId, organizationId), eq(acessos.id, acessoId)));
  return row ? { kind: "convidado" as const, ...row } : null;
}

function renderGuestEntry(organizationId: string, event: DomainEvent, data: GuestEntryData): string {
  const { condominio, unidade, portao } = data;
  const payload: WebhookPayload = {
    id: `evt_${event.id}_portao.abrir`,
    tipo: "portao.abrir",
    criado_em: event.created_at,
    organizacao_id: organizationId,
    dados: {
      condominio,
      unidade: { id: unidade.id, codigo: unidade.codigo, torre: unidade.torre, pbx_ramal: unidade.pbxRamal },
      portao: {
        id: portao?.id ?? null,
        nome: portao?.nome ?? PORTAO_PADRAO,
        condominio_id: condominio.id,
        acesso_id: event.acesso?.id ?? null,
      },
    },
  };
  return JSON.stringify(payload);
}

function render(organizationId: string, event: DomainEvent, tipo: WebhookEvento, data: EventData): string {
  if (data.kind === "convidado") return renderGuestEntry(organizationId, event, data);
  if (data.kind === "passe") return renderPasse(organizationId, event, data);
  if (data.kind === "encomenda") return renderEncomenda(organizationId, event, tipo, data);
  if (data.kind === "reserva") return renderReserva(organizationId, event, tipo, data);
  const { solicitacao: s, condominio, unidade, chamada } = data;
  const payload: WebhookPayload = {
    id: `evt_${event.id}_${tipo}`,
    tipo,
    criado_em: event.created_at,
    organizacao_id: organizationId,
    dados: {
      solicitacao: {
        id: s.id,
        status: s.status as NonNullable<WebhookPayload["dados"]["solicitacao"]>["status"],
        tipo: s.tipo as NonNullable<WebhookPayload["dados"]["solicitacao"]>["tipo"],
        nome_visitante: s.nomeVisitante,
        motivo: s.motivo,
        portao_id: s.portaoId,
        portao: s.portao,
        created_at: iso(s.createdAt),
        decidido_em: iso(s.decididoEm),
        decidido_por_nome: s.decididoPorNome,
      },
      condominio,
      unidade: { id: unidade.id, codigo: unidade.codigo, torre: unidade.torre, pbx_ramal: unidade.pbxRamal },
      ...(tipo === "chamada.status_alterado" && chamada
        ? {
            chamada: {
              id: chamada.id,
              status: chamada.status as NonNullable<WebhookPayload["dados"]["chamada"]>["status"],
              ramal_discado: chamada.ramalDiscado,
              pessoa_id: chamada.pessoaId,
              provedor: chamada.provedor,
              iniciado_em: iso(chamada.iniciadoEm),
              finalizado_em: iso(chamada.finalizadoEm),
              resposta: chamada.resposta as NonNullable<WebhookPayload["dados"]["chamada"]>["resposta"],
            },
          }
        : {}),
      ...(tipo === "portao.abrir"
        ? {
            portao: {
              id: s.portaoId,
              nome: s.portao ?? PORTAO_PADRAO,
              condominio_id: condominio.id,
              acesso_id: event.acesso?.id ?? null,
            },
          }
        : {}),
    },
  };
  return JSON.stringify(payload);
}

/** Writes one delivery per active subscription that wants the event; nothing when none does. */
export async function enqueueWebhookDeliveries(tx: Executor, organizationId: string, event: DomainEvent) {
  const tipos = webhookEventsOf(event);
  if (tipos.length === 0) return;
  const subscriptions = await tx
    .select({ id: webhookAssinaturas.id, eventos: webhookAssinaturas.eventos })
    .from(webhookAssinaturas)
    .where(
      and(
        eq(webhookAssinaturas.organizationId, organizationId),
        eq(webhookAssinaturas.ativa, true),
        isNull(webhookAssinaturas.excluidoEm),
        arrayOverlaps(webhookAssinaturas.eventos, tipos),
      ),
    );
  if (subscriptions.length === 0) return;
  const data = await loadData(tx, organizationId, event);
  if (!data) return;
  const bodies = new Map(tipos.map((tipo) => [tipo, render(organizationId, event, tipo, data)]));
  const rows = subscriptions.flatMap((sub) =>
    tipos
      .filter((tipo) => sub.eventos.includes(tipo))
      .map((tipo) => ({
        organizationId,
        assinaturaId: sub.id,
        eventoId: event.id,
        tipo,
        solicitacaoId: event.solicitacao_id ?? null,
        corpo: bodies.get(tipo)!,
        tentarAte: sql`now() + make_interval(secs => ${RETRY_WINDOW_MS / 1000})`,
      })),
  );
  await tx.insert(webhookEntregas).values(rows).onConflictDoNothing();
  await tx.execute(sql`SELECT pg_notify(${WEBHOOKS_CHANNEL}, ${organizationId})`);
}
