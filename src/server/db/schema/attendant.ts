/**
 * The virtual attendant's conversations (docs/product.md, "Atendente virtual"): one per visitor at a
 * gate, its engine state, and the transcript. Transcripts are personal data: they follow the
 * condominium's retention and the data subjects' tools (docs/product.md, "Personal data and retention").
 */
import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ATENDENTE_AUTORES, ATENDENTE_CANAIS, ATENDENTE_ETAPAS, ATENDENTE_RESULTADOS } from "../../../shared/domain";
import { organization, user } from "./auth";
import { condominios, oneOf, portoes, solicitacoesAcesso } from "./domain";
import { apiKeys } from "./integrations";

const tz = { withTimezone: true, mode: "date" } as const;

/**
 * A gate's kiosk (docs/product.md, "Totem"): a tablet paired once through a single-use link and then
 * holding its own device credential. Only hashes are kept: the pairing code's while it is unused, the
 * credential's after. Never deleted (its conversations name it); revoking ends it at once.
 */
export const totens = pgTable(
  "totens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    condominioId: uuid("condominio_id").notNull(),
    portaoId: uuid("portao_id").notNull(),
    nome: text("nome").notNull(),
    /** SHA-256 of the pairing code while it can still be used. */
    pareamentoHash: text("pareamento_hash"),
    pareamentoExpiraEm: timestamp("pareamento_expira_em", tz),
    /** SHA-256 of the device credential, once paired; a new pairing replaces it. */
    credencialHash: text("credencial_hash"),
    pareadoEm: timestamp("pareado_em", tz),
    /** The device's last request (at most once a minute), so staff see a kiosk that went silent. */
    ultimoContatoEm: timestamp("ultimo_contato_em", tz),
    revogadoEm: timestamp("revogado_em", tz),
    criadoPorUserId: text("criado_por_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "totens_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "totens_portao_fk",
      columns: [t.portaoId, t.condominioId],
      foreignColumns: [portoes.id, portoes.condominioId],
    }),
    unique("totens_id_organization_uq").on(t.id, t.organizationId),
    uniqueIndex("totens_pareamento_uq").on(t.pareamentoHash),
    uniqueIndex("totens_credencial_uq").on(t.credencialHash),
    index("totens_condominio_idx").on(t.organizationId, t.condominioId),
  ],
);

export const atendenteConversas = pgTable(
  "atendente_conversas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    condominioId: uuid("condominio_id").notNull(),
    portaoId: uuid("portao_id"),
    /** Where the visitor talks: the gate's kiosk, the text API, the phone line, WhatsApp. */
    canal: text("canal").notNull(),
    etapa: text("etapa").notNull().default("identificando"),
    resultado: text("resultado"),
    /** The engine's memory between turns (engine/types.ts DialogueState). */
    estado: jsonb("estado").notNull(),
    solicitacaoId: uuid("solicitacao_id"),
    /** The integration key that opened it through the text API. */
    criadoPorApiKeyId: uuid("criado_por_api_key_id"),
    /** The gate's kiosk it runs on (canal totem). */
    totemId: uuid("totem_id"),
    /** The person who took it over in "Atendimentos". */
    atendidoPorUserId: text("atendido_por_user_id").references(() => user.id, { onDelete: "set null" }),
    /**
     * A turn in progress: set atomically when a message is taken and cleared when it is answered, so
     * two messages sent at once are answered one after the other, never both from the same state.
     */
    processandoDesde: timestamp("processando_desde", tz),
    ultimaAtividadeEm: timestamp("ultima_atividade_em", tz).notNull().defaultNow(),
    encerradaEm: timestamp("encerrada_em", tz),
    anonimizadaEm: timestamp("anonimizada_em", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("atendente_conversas_canal_ck", oneOf("canal", ATENDENTE_CANAIS)),
    check("atendente_conversas_etapa_ck", oneOf("etapa", ATENDENTE_ETAPAS)),
    check("atendente_conversas_resultado_ck", oneOf("resultado", ATENDENTE_RESULTADOS)),
    foreignKey({
      name: "atendente_conversas_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "atendente_conversas_portao_fk",
      columns: [t.portaoId, t.condominioId],
      foreignColumns: [portoes.id, portoes.condominioId],
    }),
    foreignKey({
      name: "atendente_conversas_solicitacao_fk",
      columns: [t.solicitacaoId, t.organizationId],
      foreignColumns: [solicitacoesAcesso.id, solicitacoesAcesso.organizationId],
    }).onDelete("set null"),
    foreignKey({
      name: "atendente_conversas_api_key_fk",
      columns: [t.criadoPorApiKeyId, t.organizationId],
      foreignColumns: [apiKeys.id, apiKeys.organizationId],
    }),
    foreignKey({
      name: "atendente_conversas_totem_fk",
      columns: [t.totemId, t.organizationId],
      foreignColumns: [totens.id, totens.organizationId],
    }),
    // "Atendimentos": the open conversations of a tenant, newest activity first.
    index("atendente_conversas_abertas_idx")
      .on(t.organizationId, t.ultimaAtividadeEm.desc())
      .where(sql`${t.encerradaEm} IS NULL`),
    // "Atendimentos", closed ones: the latest closed first.
    index("atendente_conversas_encerradas_idx")
      .on(t.organizationId, t.encerradaEm.desc())
      .where(sql`${t.encerradaEm} IS NOT NULL`),
    // The retention job: a condominium's conversations closed before its cutoff.
    index("atendente_conversas_retencao_idx")
      .on(t.condominioId, t.encerradaEm)
      .where(sql`${t.encerradaEm} IS NOT NULL`),
    // A resident's decision finds the conversation waiting on its request.
    index("atendente_conversas_solicitacao_idx").on(t.solicitacaoId).where(sql`${t.solicitacaoId} IS NOT NULL`),
  ],
);

export const atendenteMensagens = pgTable(
  "atendente_mensagens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    conversaId: uuid("conversa_id")
      .notNull()
      .references(() => atendenteConversas.id, { onDelete: "cascade" }),
    /** visitante, atendente (the engine) or porteiro (a person who took over). */
    autor: text("autor").notNull(),
    autorUserId: text("autor_user_id").references(() => user.id, { onDelete: "set null" }),
    texto: text("texto").notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("atendente_mensagens_autor_ck", oneOf("autor", ATENDENTE_AUTORES)),
    index("atendente_mensagens_conversa_idx").on(t.conversaId, t.createdAt, t.id),
  ],
);
