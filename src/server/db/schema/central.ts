/**
 * The operators' central (docs/decisions/042-operators-central.md): the queue's items and the
 * operators' own status. An item holds ids only (its condominium, gate, request, conversation):
 * names are read from the sources when the queue is listed, so anonymising a visitor leaves
 * nothing of them here. Coverage is `membro_condominios` (the operador's condominiums).
 */
import { sql } from "drizzle-orm";
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  CENTRAL_DESFECHOS,
  CENTRAL_ITEM_STATUSES,
  CENTRAL_TIPOS,
  PRESENCA_STATUSES,
} from "../../../shared/schemas/central";
import { organization, user } from "./auth";
import { condominios, oneOf } from "./domain";

const tz = { withTimezone: true, mode: "date" } as const;

export const centralItens = pgTable(
  "central_itens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    condominioId: uuid("condominio_id").notNull(),
    portaoId: uuid("portao_id"),
    tipo: text("tipo").notNull(),
    /**
     * What the item is about, one open item per origin: `conversa:<id>`, `solicitacao:<id>`,
     * `entrega:<id>`, `totem:<id>`, `pin:<condominio id>`, `encomenda:<id>` (a package to confirm),
     * `perecivel:<id>` (a perishable package nobody acknowledged).
     */
    origem: text("origem").notNull(),
    solicitacaoId: uuid("solicitacao_id"),
    conversaId: uuid("conversa_id"),
    status: text("status").notNull().default("aberto"),
    /** When it started needing a person (the hand-over, the end of the wait, the last contact). */
    criadoEm: timestamp("criado_em", tz).notNull().defaultNow(),
    assumidoPorUserId: text("assumido_por_user_id").references(() => user.id, { onDelete: "set null" }),
    assumidoEm: timestamp("assumido_em", tz),
    resolvidoPorUserId: text("resolvido_por_user_id").references(() => user.id, { onDelete: "set null" }),
    resolvidoEm: timestamp("resolvido_em", tz),
    desfecho: text("desfecho"),
    nota: text("nota"),
    /** When it passed its SLA (to claim while open, to resolve while claimed); set once. */
    escaladoEm: timestamp("escalado_em", tz),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("central_itens_tipo_ck", oneOf("tipo", CENTRAL_TIPOS)),
    check("central_itens_status_ck", oneOf("status", CENTRAL_ITEM_STATUSES)),
    check("central_itens_desfecho_ck", oneOf("desfecho", CENTRAL_DESFECHOS)),
    // Claimed items have an owner; resolved ones an outcome and a time.
    check(
      "central_itens_estado_ck",
      sql`(${t.status} <> 'assumido' OR ${t.assumidoEm} IS NOT NULL) AND (${t.status} <> 'resolvido' OR (${t.resolvidoEm} IS NOT NULL AND ${t.desfecho} IS NOT NULL))`,
    ),
    foreignKey({
      name: "central_itens_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    // One open item per origin: the sync's inserts are idempotent across instances.
    uniqueIndex("central_itens_origem_aberta_uq").on(t.origem).where(sql`${t.status} <> 'resolvido'`),
    // Whether an origin was resolved since its cause began (the sync does not reopen it).
    index("central_itens_origem_idx").on(t.origem, t.resolvidoEm),
    // The queue: a tenant's open items, oldest first.
    index("central_itens_fila_idx").on(t.organizationId, t.criadoEm).where(sql`${t.status} <> 'resolvido'`),
    // Reports: a condominium's items by when they were created.
    index("central_itens_condominio_criado_idx").on(t.condominioId, t.criadoEm),
  ],
);

/** An operator's own status in the central, and when their screen last said it was open. */
export const operadorPresencas = pgTable(
  "operador_presencas",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("disponivel"),
    desde: timestamp("desde", tz).notNull().defaultNow(),
    vistoEm: timestamp("visto_em", tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "operador_presencas_pk", columns: [t.organizationId, t.userId] }),
    check("operador_presencas_status_ck", oneOf("status", PRESENCA_STATUSES)),
  ],
);
