/**
 * Webhook deliveries come from the event outbox (docs/decisions/020-webhooks.md): `recordEvent`
 * calls this inside the transaction of the change, so a delivery row exists if and only if the
 * change committed, and survives a crash until the delivery job sends it. The body is rendered
 * here, once, from the rows as they are in that transaction: what a receiver gets is the state
 * the event describes, not whatever the row holds when the job runs.
 */
import { and, arrayOverlaps, eq, isNull, sql } from "drizzle-orm";
import type { WebhookEvento } from "../../shared/domain";
import type { DomainEvent } from "../../shared/schemas/events";
import type { WebhookPayload } from "../../shared/schemas/webhooks";
import type { Executor } from "../db/client";
import { chamadas, condominios, solicitacoesAcesso, unidades, webhookAssinaturas, webhookEntregas } from "../db/schema";
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
    case "chamada.criada":
    case "chamada.atualizada":
      return ["chamada.status_alterado"];
    case "notificacao.atualizada":
      return [];
    case "solicitacao.atualizada":
      if (event.status === "autorizado") return ["solicitacao.autorizada", "portao.abrir"];
      if (event.status === "negado") return ["solicitacao.negada"];
      if (event.status === "expirado") return ["solicitacao.expirada"];
      return [];
  }
}

async function loadData(tx: Executor, organizationId: string, event: DomainEvent) {
  const s = solicitacoesAcesso;
  const [row] = await tx
    .select({
      solicitacao: {
        id: s.id,
        status: s.status,
        tipo: s.tipo,
        nomeVisitante: s.nomeVisitante,
        motivo: s.motivo,
        portao: s.portao,
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
    .where(and(eq(s.organizationId, organizationId), eq(s.id, event.solicitacao_id)));
  if (!row) return null;
  const [chamada] = event.chamada
    ? await tx
        .select()
        .from(chamadas)
        .where(and(eq(chamadas.organizationId, organizationId), eq(chamadas.id, event.chamada.id)))
    : [];
  return { ...row, chamada: chamada ?? null };
}

function render(
  organizationId: string,
  event: DomainEvent,
  tipo: WebhookEvento,
  data: NonNullable<Awaited<ReturnType<typeof loadData>>>,
): string {
  const { solicitacao: s, condominio, unidade, chamada } = data;
  const payload: WebhookPayload = {
    id: `evt_${event.id}_${tipo}`,
    tipo,
    criado_em: event.created_at,
    organizacao_id: organizationId,
    dados: {
      solicitacao: {
        id: s.id,
        status: s.status as WebhookPayload["dados"]["solicitacao"]["status"],
        tipo: s.tipo as WebhookPayload["dados"]["solicitacao"]["tipo"],
        nome_visitante: s.nomeVisitante,
        motivo: s.motivo,
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
      ...(tipo === "portao.abrir" ? { portao: { nome: s.portao ?? PORTAO_PADRAO, condominio_id: condominio.id } } : {}),
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
        solicitacaoId: event.solicitacao_id,
        corpo: bodies.get(tipo)!,
        tentarAte: sql`now() + make_interval(secs => ${RETRY_WINDOW_MS / 1000})`,
      })),
  );
  await tx.insert(webhookEntregas).values(rows).onConflictDoNothing();
  await tx.execute(sql`SELECT pg_notify(${WEBHOOKS_CHANNEL}, ${organizationId})`);
}
