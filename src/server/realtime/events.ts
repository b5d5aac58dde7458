/**
 * Writing realtime events. Called inside the transaction that changes the data, so an event exists
 * if and only if its change committed; pg_notify is delivered at commit, to every instance. The
 * webhook deliveries the event causes are written here too (webhooks/outbox.ts).
 */
import { sql } from "drizzle-orm";
import { ACESSO_ROOTS, PASSE_ROOTS, type QueryRoot, SOLICITACAO_ROOTS } from "../../shared/query-keys";
import type { DomainEvent } from "../../shared/schemas/events";
import type { Executor } from "../db/client";
import { eventos } from "../db/schema";
import { enqueueWebhookDeliveries } from "../webhooks/outbox";

export const EVENTS_CHANNEL = "guarita_eventos";

/** Whom an event is about: a morador's stream carries only their units' events. */
interface Subject {
  unidade_id: string;
  nome_visitante: string;
}

export interface EventInput {
  type: DomainEvent["type"];
  /** The request the event is about (request and call events, an entry through a request). */
  solicitacao?: Subject & { id: string; status: NonNullable<DomainEvent["status"]> };
  /** Access and pass events: the visitor and their unit (absent for an unknown PIN). */
  visita?: Subject;
  /** On `acesso.*` events. */
  acesso?: NonNullable<DomainEvent["acesso"]>;
  /** On `passe.*` events. */
  passe?: NonNullable<DomainEvent["passe"]>;
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
  const subject = input.solicitacao ?? input.visita;
  const event: DomainEvent = {
    id,
    type: input.type,
    ...(input.solicitacao ? { solicitacao_id: input.solicitacao.id, status: input.solicitacao.status } : {}),
    ...(subject ? { unidade_id: subject.unidade_id } : {}),
    nome_visitante: subject?.nome_visitante ?? "",
    ...(input.chamada ? { chamada: input.chamada } : {}),
    ...(input.acesso ? { acesso: input.acesso } : {}),
    ...(input.passe ? { passe: input.passe } : {}),
    ...(input.decisao ? { decisao: input.decisao } : {}),
    ...(input.semRespostaMoradores ? { sem_resposta_moradores: true } : {}),
    invalidate: [...rootsOf(input.type)],
    created_at: createdAt.toISOString(),
  };
  await tx.insert(eventos).values({
    organizationId,
    id,
    tipo: event.type,
    solicitacaoId: event.solicitacao_id ?? null,
    payload: event,
    createdAt,
  });
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ organizationId, event })})`);
  // The same outbox feeds the webhooks: a delivery exists if and only if this change commits.
  await enqueueWebhookDeliveries(tx, organizationId, event);
  return event;
}

/** The console screens an event refreshes (src/shared/query-keys.ts). */
function rootsOf(type: DomainEvent["type"]): readonly QueryRoot[] {
  if (type.startsWith("acesso.")) return ACESSO_ROOTS;
  if (type.startsWith("passe.")) return PASSE_ROOTS;
  return SOLICITACAO_ROOTS;
}
