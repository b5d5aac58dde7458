/**
 * The virtual attendant's conversations (docs/product.md, "Atendente virtual"): one per visitor at a
 * gate, its engine state, and the transcript. Transcripts are personal data: they follow the
 * condominium's retention and the data subjects' tools (docs/product.md, "Personal data and retention").
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
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
    /**
     * Who is on the other end of a phone line or WhatsApp: the call's id (Twilio's CallSid) or the
     * sender's WhatsApp id. Personal data (a phone number): blanked by anonymisation and retention.
     */
    contato: text("contato"),
    /** Played by staff in the console ("Simular ligação", "Simular WhatsApp"): no provider involved. */
    demo: boolean("demo").notNull().default(false),
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
    // One conversation per phone call (Twilio's retries of the first request find it).
    uniqueIndex("atendente_conversas_telefone_uq")
      .on(t.contato)
      .where(sql`${t.canal} = 'telefone' AND ${t.contato} IS NOT NULL`),
    // One open WhatsApp conversation per sender and gate: the next message continues it.
    uniqueIndex("atendente_conversas_whatsapp_aberta_uq")
      .on(t.portaoId, t.contato)
      .where(sql`${t.canal} = 'whatsapp' AND ${t.encerradaEm} IS NULL AND ${t.contato} IS NOT NULL`),
    // Reports: a condominium's conversations in a period (docs/product.md, "Relatórios").
    index("atendente_conversas_condominio_criada_idx").on(t.condominioId, t.createdAt),
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

/**
 * What a provider's webhook already delivered (a phone call's turn, a WhatsApp message id), and what
 * Guarita answered: a retry of the same delivery gets the same answer and changes nothing
 * (docs/decisions/037-phone-line-and-whatsapp.md). Goes with its conversation.
 */
export const atendenteEntradas = pgTable(
  "atendente_entradas",
  {
    /** "twilio:<CallSid>:<turno>" or "whatsapp:<message id>". */
    chave: text("chave").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    conversaId: uuid("conversa_id")
      .notNull()
      .references(() => atendenteConversas.id, { onDelete: "cascade" }),
    /** The answer given (TwiML for a call); null while the turn is being answered. */
    resposta: text("resposta"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [index("atendente_entradas_conversa_idx").on(t.conversaId)],
);

/**
 * The attendant's lines to a WhatsApp visitor, sent through the Cloud API like the residents'
 * messages (an outbox: a lease per row, retries with backoff), so a reply written while Meta is
 * unreachable still goes out. Goes with its conversation.
 */
export const atendenteEnvios = pgTable(
  "atendente_envios",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    conversaId: uuid("conversa_id")
      .notNull()
      .references(() => atendenteConversas.id, { onDelete: "cascade" }),
    /** The sending number (the gate's phone number id) and the visitor's WhatsApp id. */
    numeroId: text("numero_id").notNull(),
    destino: text("destino").notNull(),
    texto: text("texto").notNull(),
    /** pendente, enviada, falhou. */
    status: text("status").notNull().default("pendente"),
    tentativas: integer("tentativas").notNull().default(0),
    proximaTentativaEm: timestamp("proxima_tentativa_em", tz).notNull().defaultNow(),
    provedorMensagemId: text("provedor_mensagem_id"),
    ultimoErro: text("ultimo_erro"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("atendente_envios_status_ck", sql`${t.status} IN ('pendente', 'enviada', 'falhou')`),
    index("atendente_envios_devidos_idx").on(t.proximaTentativaEm).where(sql`${t.status} = 'pendente'`),
    index("atendente_envios_conversa_idx").on(t.conversaId),
  ],
);
