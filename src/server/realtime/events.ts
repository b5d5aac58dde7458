/**
 * Writing realtime events. Called inside the transaction that changes the data, so an event exists
 * if and only if its change committed; pg_notify is delivered at commit, to every instance. The
 * webhook deliveries the event causes are written here too (webhooks/outbox.ts).
 */
import { sql } from "drizzle-orm";
import { SOLICITACAO_ROOTS } from "../../shared/query-keys";
import type { DomainEvent } from "../../shared/schemas/events";
import type { Executor } from "../db/client";
import { eventos } from "../db/schema";
import { enqueueWebhookDeliveries } from "../webhooks/outbox";

export const EVENTS_CHANNEL = "guarita_eventos";

export interface EventInput {
  type: DomainEvent["type"];
  solicitacao: { id: string; nome_visitante: string; status: DomainEvent["status"]; unidade_id: string };
  /** On `chamada.*` events. */
  chamada?: NonNullable<DomainEvent["chamada"]>;
  /** On a decision: through what and by whom (the console's toast names a resident's decision). */
  decisao?: NonNullable<DomainEvent["decisao"]>;
  /** Every resident was reached and nobody answered. */
  semRespostaMoradores?: boolean;
}

export async function recordEvent(tx: Executor, organizationId: string, input: EventInput): Promise<DomainEvent> {
  // Next per-tenant id; the row lock serialises this tenant's event writers until commit.
  const seq = await tx.execute<{ ultimo_id: string | number }>(sql`
    INSERT INTO evento_sequencias (organization_id, ultimo_id) VALUES (${organizationId}, 1)
    ON CONFLICT (organization_id) DO UPDATE SET ultimo_id = evento_sequencias.ultimo_id + 1
    RETURNING ultimo_id`);
  const id = Number((seq as unknown as { rows: { ultimo_id: string | number }[] }).rows[0]!.ultimo_id);
  const createdAt = new Date();
  const event: DomainEvent = {
    id,
    type: input.type,
    solicitacao_id: input.solicitacao.id,
    unidade_id: input.solicitacao.unidade_id,
    nome_visitante: input.solicitacao.nome_visitante,
    status: input.solicitacao.status,
    ...(input.chamada ? { chamada: input.chamada } : {}),
    ...(input.decisao ? { decisao: input.decisao } : {}),
    ...(input.semRespostaMoradores ? { sem_resposta_moradores: true } : {}),
    invalidate: [...SOLICITACAO_ROOTS],
    created_at: createdAt.toISOString(),
  };
  await tx.insert(eventos).values({
    organizationId,
    id,
    tipo: event.type,
    solicitacaoId: event.solicitacao_id,
    payload: event,
    createdAt,
  });
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ organizationId, event })})`);
  // The same outbox feeds the webhooks: a delivery exists if and only if this change commits.
  await enqueueWebhookDeliveries(tx, organizationId, event);
  return event;
}
