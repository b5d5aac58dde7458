/**
 * API keys of a tenant (docs/decisions/019-api-keys.md): what the PBX, the AI attendant and the gate
 * controller authenticate with on /api/v1. Only a SHA-256 of the secret is stored, with a short
 * visible prefix so people can tell their keys apart.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { API_KEY_SCOPES, WEBHOOK_ENTREGA_STATUSES, WEBHOOK_EVENTOS } from "../../../shared/domain";
import { organization, user } from "./auth";

const tz = { withTimezone: true, mode: "date" } as const;
const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    nome: text("nome").notNull(),
    /** The first characters of the secret ("gk_3f9a1c2b"), shown in the list. */
    prefixo: text("prefixo").notNull(),
    /** SHA-256 (hex) of the whole secret; the secret itself is shown once and never stored. */
    hash: text("hash").notNull(),
    escopos: text("escopos").array().notNull(),
    criadoPorUserId: text("criado_por_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    /** Written at most once a minute per key, so using a key is not a write per request. */
    ultimoUsoEm: timestamp("ultimo_uso_em", tz),
    revogadoEm: timestamp("revogado_em", tz),
    revogadoPorUserId: text("revogado_por_user_id").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check(
      "api_keys_escopos_check",
      sql.raw(
        `cardinality("escopos") > 0 AND "escopos" <@ ARRAY[${API_KEY_SCOPES.map((s) => `'${s}'`).join(", ")}]::text[]`,
      ),
    ),
    // Authentication looks a key up by its hash.
    uniqueIndex("api_keys_hash_uq").on(t.hash),
    // Target of the tenant-scoped attribution references (who created a request or a call).
    unique("api_keys_id_org_uq").on(t.id, t.organizationId),
    // The settings screen lists a tenant's keys, newest first.
    index("api_keys_org_created_idx").on(t.organizationId, t.createdAt),
  ],
);

/**
 * The first answer to each `Idempotency-Key` a key sent on a POST of /api/v1
 * (docs/decisions/021-idempotency.md): a retry with the same key and body gets it again, a retry
 * with another body is refused, and one arriving while the first is still running gets 409.
 */
export const apiIdempotencia = pgTable(
  "api_idempotencia",
  {
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    chave: text("chave").notNull(),
    /** Method and path of the first request; the same key on another route is a client bug. */
    rota: text("rota").notNull(),
    /** SHA-256 of the first request's body. */
    corpoHash: text("corpo_hash").notNull(),
    /** Null while the first request runs. */
    statusHttp: integer("status_http"),
    resposta: jsonb("resposta"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.chave] }),
    // Housekeeping deletes answers older than a day.
    index("api_idempotencia_created_idx").on(t.createdAt),
  ],
);

/** A tenant's outbound webhook (docs/decisions/020-webhooks.md). */
export const webhookAssinaturas = pgTable(
  "webhook_assinaturas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    descricao: text("descricao"),
    eventos: text("eventos").array().notNull(),
    /**
     * The signing secret (`whsec_…`). Kept readable, unlike an API key's: every delivery is signed
     * with it. Shown once at creation; "Gerar novo segredo" replaces it.
     */
    segredo: text("segredo").notNull(),
    ativa: boolean("ativa").notNull().default(true),
    criadoPorUserId: text("criado_por_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
    /**
     * Deleting a webhook hides it and stops its deliveries, but keeps the row: a request's
     * timeline still shows where its gate command went.
     */
    excluidoEm: timestamp("excluido_em", tz),
  },
  (t) => [
    check(
      "webhook_assinaturas_eventos_check",
      sql.raw(`cardinality("eventos") > 0 AND "eventos" <@ ARRAY[${inList(WEBHOOK_EVENTOS)}]::text[]`),
    ),
    unique("webhook_assinaturas_id_org_uq").on(t.id, t.organizationId),
    // Every recorded event looks up its tenant's active subscriptions.
    index("webhook_assinaturas_org_idx").on(t.organizationId, t.createdAt),
  ],
);

/**
 * One event to one subscription: written in the transaction of the change that caused it (the
 * event outbox), then sent by the delivery job with retries for 24 hours.
 */
export const webhookEntregas = pgTable(
  "webhook_entregas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id").notNull(),
    assinaturaId: uuid("assinatura_id").notNull(),
    /** The outbox event (eventos.id of the tenant) it came from. */
    eventoId: bigint("evento_id", { mode: "number" }).notNull(),
    tipo: text("tipo").notNull(),
    /** The request the event is about: its timeline shows the gate command's delivery. */
    solicitacaoId: uuid("solicitacao_id"),
    /** The exact JSON body sent (and signed). */
    corpo: text("corpo").notNull(),
    status: text("status").notNull().default("pendente"),
    tentativas: integer("tentativas").notNull().default(0),
    /** When a `pendente` row is due; while a sender holds it, the end of its lease. */
    proximaTentativaEm: timestamp("proxima_tentativa_em", tz).notNull().defaultNow(),
    /** Retries stop after this (24 hours after the event; a redelivery starts a new day). */
    tentarAte: timestamp("tentar_ate", tz).notNull(),
    ultimoStatusHttp: integer("ultimo_status_http"),
    ultimoErro: text("ultimo_erro"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    entregueEm: timestamp("entregue_em", tz),
  },
  (t) => [
    check("webhook_entregas_status_check", sql.raw(`"status" IN (${inList(WEBHOOK_ENTREGA_STATUSES)})`)),
    check("webhook_entregas_tipo_check", sql.raw(`"tipo" IN (${inList(WEBHOOK_EVENTOS)})`)),
    foreignKey({
      name: "webhook_entregas_assinatura_fk",
      columns: [t.assinaturaId, t.organizationId],
      foreignColumns: [webhookAssinaturas.id, webhookAssinaturas.organizationId],
    }).onDelete("cascade"),
    // One delivery per event and subscription, however often the event is recorded or replayed.
    uniqueIndex("webhook_entregas_evento_uq").on(t.assinaturaId, t.eventoId, t.tipo),
    // The delivery job's claim: due pending rows, oldest first.
    index("webhook_entregas_due_idx").on(t.proximaTentativaEm).where(sql`${t.status} = 'pendente'`),
    // The central's gate commands that did not go through (docs/decisions/042-operators-central.md).
    index("webhook_entregas_portao_falhas_idx")
      .on(t.createdAt)
      .where(sql`${t.tipo} = 'portao.abrir' AND ${t.status} <> 'entregue'`),
    // The settings screen lists a subscription's deliveries, newest first.
    index("webhook_entregas_assinatura_created_idx").on(t.assinaturaId, t.createdAt.desc(), t.id.desc()),
    index("webhook_entregas_solicitacao_idx").on(t.solicitacaoId).where(sql`${t.solicitacaoId} IS NOT NULL`),
    // Housekeeping deletes old rows.
    index("webhook_entregas_created_idx").on(t.createdAt),
  ],
);

/** Each attempt of a delivery, with the receiver's answer, for the settings screen. */
export const webhookTentativas = pgTable(
  "webhook_tentativas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entregaId: uuid("entrega_id")
      .notNull()
      .references(() => webhookEntregas.id, { onDelete: "cascade" }),
    /** The HTTP status the receiver answered; null when no answer came (refused, timeout). */
    statusHttp: integer("status_http"),
    erro: text("erro"),
    duracaoMs: integer("duracao_ms").notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [index("webhook_tentativas_entrega_idx").on(t.entregaId, t.createdAt)],
);
