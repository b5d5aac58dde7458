/**
 * Writing realtime events. Called inside the transaction that changes the data, so an event exists
 * if and only if its change committed; pg_notify is delivered at commit, to every instance. The
 * webhook deliveries the event causes are written here too (webhooks/outbox.ts).
 */
import { sql } from "drizzle-orm";
import {
  ACESSO_ROOTS,
  ATENDIMENTO_ROOTS,
  CENTRAL_ROOTS,
  ENCOMENDA_ROOTS,
  FATURAMENTO_ROOTS,
  PASSE_ROOTS,
  type QueryRoot,
  RESERVA_ROOTS,
  SOLICITACAO_ROOTS,
  TOTEM_ROOTS,
} from "../../shared/query-keys";
import type { DomainEvent } from "../../shared/schemas/events";
import type { Executor } from "../db/client";
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
  /** On `atendimento.*` events. */
  atendimento?: NonNullable<DomainEvent["atendimento"]>;
  /** On `totem.*` events. */
  totem?: NonNullable<DomainEvent["totem"]>;
  /** On `encomenda.*` events. */
  encomenda?: NonNullable<DomainEvent["encomenda"]>;
  /** On `reserva.*` events (with `visita` naming the booking's unit, so a morador hears only their own). */
  reserva?: NonNullable<DomainEvent["reserva"]>;
  /** Every resident was reached and nobody answered. */
  semRespostaMoradores?: boolean;
  /**
   * Where it happened, when that is not the subject's unit's condominium (a pass validated at a gate).
   * Otherwise the access record's, else read from the unit in the same statement.
   */
  condominioId?: string;
}

export async function recordEvent(tx: Executor, organizationId: string, input: EventInput): Promise<DomainEvent> {
  const createdAt = new Date();
  const subject = input.solicitacao ?? input.visita;
  const condominioId = input.condominioId ?? input.acesso?.condominio_id;
  const fields: Omit<DomainEvent, "id"> = {
    type: input.type,
    ...(input.solicitacao ? { solicitacao_id: input.solicitacao.id, status: input.solicitacao.status } : {}),
    ...(subject ? { unidade_id: subject.unidade_id } : {}),
    ...(condominioId ? { condominio_id: condominioId } : {}),
    nome_visitante: subject?.nome_visitante ?? "",
    ...(input.chamada ? { chamada: input.chamada } : {}),
    ...(input.acesso ? { acesso: input.acesso } : {}),
    ...(input.passe ? { passe: input.passe } : {}),
    ...(input.decisao ? { decisao: input.decisao } : {}),
    ...(input.atendimento ? { atendimento: input.atendimento } : {}),
    ...(input.totem ? { totem: input.totem } : {}),
    ...(input.encomenda ? { encomenda: input.encomenda } : {}),
    ...(input.reserva ? { reserva: input.reserva } : {}),
    ...(input.semRespostaMoradores ? { sem_resposta_moradores: true } : {}),
    invalidate: [...rootsOf(input.type)],
    created_at: createdAt.toISOString(),
  };
  // The unit's condominium, read in the same statement (assigned porteiros' streams filter by it).
  const condominioOfUnit =
    condominioId || !subject
      ? sql`'{}'::jsonb`
      : sql`COALESCE((SELECT jsonb_build_object('condominio_id', condominio_id) FROM unidades WHERE id = ${subject.unidade_id}::uuid AND organization_id = ${organizationId}), '{}'::jsonb)`;
  // One round trip for the next per-tenant id, the outbox row and the NOTIFY: every write that
  // records an event (a create at the gate, a decision) waits for it before its commit. The
  // counter's row lock serialises this tenant's event writers until commit, so ids follow commit order.
  const result = await tx.execute<{ id: string | number; condominio_id: string | null }>(sql`
    WITH seq AS (
      INSERT INTO evento_sequencias (organization_id, ultimo_id) VALUES (${organizationId}, 1)
      ON CONFLICT (organization_id) DO UPDATE SET ultimo_id = evento_sequencias.ultimo_id + 1
      RETURNING ultimo_id
    ), stored AS (
      INSERT INTO eventos (organization_id, id, tipo, solicitacao_id, payload, created_at)
      SELECT ${organizationId}, ultimo_id, ${fields.type}, ${fields.solicitacao_id ?? null}::uuid,
             ${JSON.stringify(fields)}::jsonb || jsonb_build_object('id', ultimo_id) || ${condominioOfUnit}, ${fields.created_at}::timestamptz
      FROM seq
      RETURNING id, payload
    )
    SELECT id, payload->>'condominio_id' AS condominio_id, pg_notify(${EVENTS_CHANNEL}, json_build_object('organizationId', ${organizationId}::text, 'event', payload)::text)
    FROM stored`);
  const stored = (result as unknown as { rows: { id: string | number; condominio_id: string | null }[] }).rows[0]!;
  const id = Number(stored.id);
  const event = {
    id,
    ...fields,
    ...(stored.condominio_id ? { condominio_id: stored.condominio_id } : {}),
  } as DomainEvent;
  // The same outbox feeds the webhooks: a delivery exists if and only if this change commits.
  await enqueueWebhookDeliveries(tx, organizationId, event);
  return event;
}

/** The console screens an event refreshes (src/shared/query-keys.ts). */
function rootsOf(type: DomainEvent["type"]): readonly QueryRoot[] {
  if (type.startsWith("acesso.")) return ACESSO_ROOTS;
  if (type.startsWith("passe.")) return PASSE_ROOTS;
  if (type.startsWith("atendimento.")) return ATENDIMENTO_ROOTS;
  if (type.startsWith("totem.")) return TOTEM_ROOTS;
  if (type.startsWith("central.")) return CENTRAL_ROOTS;
  if (type.startsWith("encomenda.")) return ENCOMENDA_ROOTS;
  if (type.startsWith("reserva.")) return RESERVA_ROOTS;
  if (type.startsWith("faturamento.")) return FATURAMENTO_ROOTS;
  return SOLICITACAO_ROOTS;
}
