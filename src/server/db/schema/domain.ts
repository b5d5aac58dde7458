/**
 * Guarita's own tables (docs/product.md, "Data and field names"), in Portuguese snake_case.
 *
 * Tenancy: every tenant-owned row carries `organization_id`. Child rows reference their parent
 * through composite foreign keys that include the parent's tenant (and condominium), so the
 * database itself refuses a unit of tenant A under a condominium of tenant B, or a resident link
 * between a person and a unit of different condominiums.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  pgView,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  CANAIS_PREFERIDOS,
  CHAMADA_RESPOSTAS,
  CHAMADA_STATUSES,
  CONTATO_MORADOR,
  DECISAO_VIAS,
  DEFAULT_TIMEZONE,
  EXPIRACAO_SOLICITACAO_MAX_MINUTOS,
  EXPIRACAO_SOLICITACAO_MIN_MINUTOS,
  EXPIRACAO_SOLICITACAO_PADRAO_MINUTOS,
  PORTAO_TIPOS,
  RETENCAO_MAX_DIAS,
  RETENCAO_MIN_DIAS,
  RETENCAO_PADRAO_DIAS,
  SOLICITACAO_STATUSES,
  SOLICITACAO_TIPOS,
} from "../../../shared/domain";
import { RETENCAO_FOTOS_MIN_DIAS, RETENCAO_FOTOS_PADRAO_DIAS } from "../../../shared/schemas/fotos";
import { organization, user } from "./auth";
import { apiKeys } from "./integrations";

const tz = { withTimezone: true, mode: "date" } as const;

/**
 * `ON DELETE SET NULL (column)`: on a composite tenant foreign key, clear only the reference and keep
 * `organization_id` (NOT NULL). PostgreSQL 15+; drizzle's builder only types the bare actions, and
 * drizzle-kit writes the action verbatim into the SQL and the snapshot, so the schema stays the source.
 */
export const setNullOnly = (column: string) => `set null ("${column}")` as "set null";

/** `col IN ('a','b')` for a CHECK constraint built from a shared tuple of values. */
export function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(", ")})`);
}

const tenantColumn = () =>
  text("organization_id")
    .notNull()
    .references(() => organization.id, { onDelete: "cascade" });

export const condominios = pgTable(
  "condominios",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    nome: text("nome").notNull(),
    timezone: text("timezone").notNull().default(DEFAULT_TIMEZONE),
    enabled: boolean("enabled").notNull().default(true),
    /** How long a resident has to answer before the next one is reached (docs/product.md, "Condomínios"). */
    esperaMoradorSegundos: integer("espera_morador_segundos").notNull().default(60),
    /** The central's SLA (docs/decisions/042-operators-central.md): seconds to claim an item, to resolve it. */
    slaAssumirSegundos: integer("sla_assumir_segundos").notNull().default(30),
    slaResolverSegundos: integer("sla_resolver_segundos").notNull().default(300),
    /**
     * Deliveries (docs/decisions/043-deliveries.md): days a package may wait before its residents are
     * reminded once (0 = never), and where delivery people are told to leave packages.
     */
    encomendaLembreteDias: integer("encomenda_lembrete_dias").notNull().default(3),
    encomendaLocalEntrega: text("encomenda_local_entrega"),
    /** Reach every resident at once instead of one after another. */
    notificarTodosMoradores: boolean("notificar_todos_moradores").notNull().default(false),
    /** A message, a phone call, or one then the other to each resident (docs/product.md, "Resident link"). */
    contatoMorador: text("contato_morador").notNull().default("mensagem"),
    /** Days visitor data is kept before it is anonymised (docs/product.md, "Personal data and retention"). */
    retencaoDias: integer("retencao_dias").notNull().default(RETENCAO_PADRAO_DIAS),
    /** Days visitors' photos are kept, at most `retencao_dias` (docs/decisions/039-visitor-photos.md). */
    retencaoFotosDias: integer("retencao_fotos_dias").notNull().default(RETENCAO_FOTOS_PADRAO_DIAS),
    /**
     * Minutes a pending request waits for a decision before it expires (docs/product.md,
     * "Condomínios"); every new request gets its `expiracao_em` from this unless it names one.
     */
    expiracaoSolicitacaoMinutos: integer("expiracao_solicitacao_minutos")
      .notNull()
      .default(EXPIRACAO_SOLICITACAO_PADRAO_MINUTOS),
    /** Name and timezone, normalised for "contains" search (few rows per tenant: no trigram index). */
    busca: text("busca").notNull().default(""),
    /**
     * Moves whenever its units, residents or people change (statement triggers, migration 0021), so
     * the virtual attendant knows with one row whether the directory it holds is still current
     * (src/server/attendant/directory.ts).
     */
    diretorioVersao: bigint("diretorio_versao", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("condominios_espera_morador_ck", sql`${t.esperaMoradorSegundos} BETWEEN 15 AND 3600`),
    check(
      "condominios_sla_ck",
      sql`${t.slaAssumirSegundos} BETWEEN 5 AND 3600 AND ${t.slaResolverSegundos} BETWEEN 30 AND 86400`,
    ),
    check("condominios_encomenda_lembrete_ck", sql`${t.encomendaLembreteDias} BETWEEN 0 AND 60`),
    check("condominios_contato_morador_ck", oneOf("contato_morador", CONTATO_MORADOR)),
    check(
      "condominios_expiracao_solicitacao_ck",
      sql`${t.expiracaoSolicitacaoMinutos} BETWEEN ${sql.raw(String(EXPIRACAO_SOLICITACAO_MIN_MINUTOS))} AND ${sql.raw(String(EXPIRACAO_SOLICITACAO_MAX_MINUTOS))}`,
    ),
    check(
      "condominios_retencao_ck",
      sql`${t.retencaoDias} BETWEEN ${sql.raw(String(RETENCAO_MIN_DIAS))} AND ${sql.raw(String(RETENCAO_MAX_DIAS))}`,
    ),
    check(
      "condominios_retencao_fotos_ck",
      sql`${t.retencaoFotosDias} BETWEEN ${sql.raw(String(RETENCAO_FOTOS_MIN_DIAS))} AND ${t.retencaoDias}`,
    ),
    unique("condominios_id_org_uq").on(t.id, t.organizationId),
    index("condominios_org_nome_idx").on(t.organizationId, t.nome),
  ],
);

export const unidades = pgTable(
  "unidades",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    condominioId: uuid("condominio_id").notNull(),
    codigo: text("codigo").notNull(),
    torre: text("torre"),
    pbxRamal: text("pbx_ramal"),
    observacoes: text("observacoes"),
    enabled: boolean("enabled").notNull().default(true),
    /** Code, tower, extension and observations, normalised for "contains" search (see solicitacoes). */
    busca: text("busca").notNull().default(""),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    index("unidades_busca_trgm_idx").using("gin", t.busca.op("gin_trgm_ops")),
    foreignKey({
      name: "unidades_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    unique("unidades_id_condominio_uq").on(t.id, t.condominioId),
    // A code is unique within its condominium and tower; a unit without tower counts as tower ''.
    uniqueIndex("unidades_codigo_uq").on(t.condominioId, sql`coalesce(${t.torre}, '')`, t.codigo),
    index("unidades_org_torre_codigo_idx").on(t.organizationId, t.torre, t.codigo, t.id),
    index("unidades_condominio_torre_codigo_idx").on(t.condominioId, t.torre, t.codigo, t.id),
    // The PBX looks a unit up by the extension that was dialled (/api/v1/unidades?ramal=).
    index("unidades_org_ramal_idx").on(t.organizationId, t.pbxRamal).where(sql`${t.pbxRamal} IS NOT NULL`),
  ],
);

/**
 * A condominium's gates (docs/product.md, "Portões"): where a visitor waits, a pass is read and the
 * gate command opens. Kept, never deleted once named by a request: a gate out of use is inactive.
 */
export const portoes = pgTable(
  "portoes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    condominioId: uuid("condominio_id").notNull(),
    nome: text("nome").notNull(),
    tipo: text("tipo").notNull().default("pedestres"),
    ativo: boolean("ativo").notNull().default(true),
    /**
     * The WhatsApp Cloud API number (its phone number id) visitors write to at this gate
     * (docs/product.md, "Atendente virtual"): one gate per number, across every tenant.
     */
    whatsappNumeroId: text("whatsapp_numero_id"),
    /**
     * The gate's IP camera (docs/decisions/039-visitor-photos.md, "Gate cameras"): the HTTP snapshot
     * URL fetched when a request is created here, and its user. The password is write-only and kept
     * encrypted (AES-256-GCM under a key derived from the server's secret, bound to this gate's id).
     * Only owners and síndicos save it, so private addresses are allowed; who saved it is kept.
     */
    cameraUrl: text("camera_url"),
    cameraUsuario: text("camera_usuario"),
    cameraSenhaCifrada: text("camera_senha_cifrada"),
    cameraSalvaPorUserId: text("camera_salva_por_user_id").references(() => user.id, { onDelete: "set null" }),
    cameraSalvaEm: timestamp("camera_salva_em", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("portoes_tipo_ck", oneOf("tipo", PORTAO_TIPOS)),
    // A user or a password without an address means nothing: removing the camera removes them.
    check(
      "portoes_camera_ck",
      sql`${t.cameraUrl} IS NOT NULL OR (${t.cameraUsuario} IS NULL AND ${t.cameraSenhaCifrada} IS NULL)`,
    ),
    foreignKey({
      name: "portoes_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    unique("portoes_id_condominio_uq").on(t.id, t.condominioId),
    // One name per condominium, whatever its case: an integration names the gate by it.
    uniqueIndex("portoes_condominio_nome_uq").on(t.condominioId, sql`lower(${t.nome})`),
    uniqueIndex("portoes_whatsapp_numero_uq").on(t.whatsappNumeroId).where(sql`${t.whatsappNumeroId} IS NOT NULL`),
  ],
);

export const pessoas = pgTable(
  "pessoas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    condominioId: uuid("condominio_id").notNull(),
    nome: text("nome").notNull(),
    documento: text("documento"),
    telefoneE164: text("telefone_e164"),
    email: text("email"),
    pbxRamal: text("pbx_ramal"),
    /** How this person prefers to be reached (docs/product.md, "Pessoas"); null: WhatsApp with a phone, else e-mail. */
    canalPreferido: text("canal_preferido"),
    ativo: boolean("ativo").notNull().default(true),
    /** The console login that acts as this person (a síndico or porteiro), if any. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** Name, document, e-mail and extension, normalised for "contains" search. */
    busca: text("busca").notNull().default(""),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("pessoas_canal_preferido_ck", oneOf("canal_preferido", CANAIS_PREFERIDOS)),
    index("pessoas_busca_trgm_idx").using("gin", t.busca.op("gin_trgm_ops")),
    foreignKey({
      name: "pessoas_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    unique("pessoas_id_condominio_uq").on(t.id, t.condominioId),
    // Target of the tenant-scoped references from chamadas and solicitacoes_acesso.
    unique("pessoas_id_org_uq").on(t.id, t.organizationId),
    index("pessoas_org_nome_idx").on(t.organizationId, t.nome, t.id),
    index("pessoas_condominio_nome_idx").on(t.condominioId, t.nome, t.id),
    index("pessoas_user_idx").on(t.userId),
  ],
);

/** Which people live in which unit; the person and the unit must share a condominium. */
export const unidadeMoradores = pgTable(
  "unidade_moradores",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    condominioId: uuid("condominio_id").notNull(),
    unidadeId: uuid("unidade_id").notNull(),
    pessoaId: uuid("pessoa_id").notNull(),
    isResponsavel: boolean("is_responsavel").notNull().default(false),
    ativo: boolean("ativo").notNull().default(true),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "unidade_moradores_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "unidade_moradores_unidade_fk",
      columns: [t.unidadeId, t.condominioId],
      foreignColumns: [unidades.id, unidades.condominioId],
    }).onDelete("cascade"),
    foreignKey({
      name: "unidade_moradores_pessoa_fk",
      columns: [t.pessoaId, t.condominioId],
      foreignColumns: [pessoas.id, pessoas.condominioId],
    }).onDelete("cascade"),
    uniqueIndex("unidade_moradores_unidade_pessoa_uq").on(t.unidadeId, t.pessoaId),
    index("unidade_moradores_pessoa_idx").on(t.pessoaId),
    index("unidade_moradores_condominio_idx").on(t.condominioId),
  ],
);

export const solicitacoesAcesso = pgTable(
  "solicitacoes_acesso",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    condominioId: uuid("condominio_id").notNull(),
    unidadeId: uuid("unidade_id").notNull(),
    tipo: text("tipo").notNull().default("visitante"),
    nomeVisitante: text("nome_visitante").notNull(),
    docVisitante: text("doc_visitante"),
    telefoneVisitante: text("telefone_visitante"),
    motivo: text("motivo"),
    expiracaoEm: timestamp("expiracao_em", tz),
    status: text("status").notNull().default("pendente"),
    decididoEm: timestamp("decidido_em", tz),
    /** Same tenant as the request (solicitacoes_acesso_decidido_por_fk). */
    decididoPorPessoaId: uuid("decidido_por_pessoa_id"),
    decididoPorUserId: text("decidido_por_user_id").references(() => user.id, { onDelete: "set null" }),
    /** The decider's name when the decision was taken, so deleting the person keeps history. */
    decididoPorNome: text("decidido_por_nome"),
    observacoes: text("observacoes"),
    /** Why it was denied, when the decider said (optional; shown to the porteiro and in the timeline). */
    motivoNegacao: text("motivo_negacao"),
    /** The decision came through the integration API with this key (a resident's answer on a call). */
    decididoPorApiKeyId: uuid("decidido_por_api_key_id"),
    /** Who created it: a console user, or an integration's API key (the AI attendant). */
    criadoPorUserId: text("criado_por_user_id").references(() => user.id, { onDelete: "set null" }),
    criadoPorApiKeyId: uuid("criado_por_api_key_id"),
    /** Created by the virtual attendant in a conversation (atendente_conversas.solicitacao_id links it). */
    criadoPeloAtendente: boolean("criado_pelo_atendente").notNull().default(false),
    /** The gate where the visitor is, when known; the gate command names it (same condominium: solicitacoes_acesso_portao_fk). */
    portaoId: uuid("portao_id"),
    /** console, telefone (a resident's answer on a call) or link (the resident's decision link). */
    decididoVia: text("decidido_via"),
    /**
     * Reaching the residents (docs/product.md, "Resident link"): when the next step is due (the next
     * resident, or giving up), and the calling-order position of the next resident. Null when nothing is due.
     */
    escalonamentoEm: timestamp("escalonamento_em", tz),
    escalonamentoProximo: integer("escalonamento_proximo").notNull().default(0),
    /** Set when every resident was reached and nobody answered: the porteiro takes over. */
    semRespostaMoradoresEm: timestamp("sem_resposta_moradores_em", tz),
    /** Set when the visitor's data was anonymised (retention or a data subject's request). */
    anonimizadoEm: timestamp("anonimizado_em", tz),
    /**
     * Visitor name, document, unit code and tower, lower-cased without accents (normalizeSearch in
     * src/shared), kept by the service on every write; a trigram index serves "contains" searches.
     */
    busca: text("busca").notNull().default(""),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("solicitacoes_acesso_status_ck", oneOf("status", SOLICITACAO_STATUSES)),
    check("solicitacoes_acesso_tipo_ck", oneOf("tipo", SOLICITACAO_TIPOS)),
    check("solicitacoes_acesso_decidido_via_ck", oneOf("decidido_via", DECISAO_VIAS)),
    foreignKey({
      name: "solicitacoes_acesso_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "solicitacoes_acesso_unidade_fk",
      columns: [t.unidadeId, t.condominioId],
      foreignColumns: [unidades.id, unidades.condominioId],
    }).onDelete("cascade"),
    unique("solicitacoes_acesso_id_org_uq").on(t.id, t.organizationId),
    // A gate of the request's own condominium.
    foreignKey({
      name: "solicitacoes_acesso_portao_fk",
      columns: [t.portaoId, t.condominioId],
      foreignColumns: [portoes.id, portoes.condominioId],
    }),
    // Deleting the person keeps the decision (and its decidido_por_nome); only the link is cleared.
    foreignKey({
      name: "solicitacoes_acesso_decidido_por_fk",
      columns: [t.decididoPorPessoaId, t.organizationId],
      foreignColumns: [pessoas.id, pessoas.organizationId],
    }).onDelete(setNullOnly("decidido_por_pessoa_id")),
    foreignKey({
      name: "solicitacoes_acesso_criado_por_api_key_fk",
      columns: [t.criadoPorApiKeyId, t.organizationId],
      foreignColumns: [apiKeys.id, apiKeys.organizationId],
    }).onDelete(setNullOnly("criado_por_api_key_id")),
    foreignKey({
      name: "solicitacoes_acesso_decidido_por_api_key_fk",
      columns: [t.decididoPorApiKeyId, t.organizationId],
      foreignColumns: [apiKeys.id, apiKeys.organizationId],
    }).onDelete(setNullOnly("decidido_por_api_key_id")),
    // Lists order by (created_at DESC, id DESC), which PostgreSQL reads as NULLS FIRST; the
    // indexes match exactly, tiebreaker included, so a page comes straight off the index.
    index("solicitacoes_org_created_idx").on(
      t.organizationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("solicitacoes_org_status_created_idx").on(
      t.organizationId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("solicitacoes_org_tipo_created_idx").on(
      t.organizationId,
      t.tipo,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("solicitacoes_condominio_created_idx").on(
      t.condominioId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("solicitacoes_unidade_created_idx").on(
      t.unidadeId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("solicitacoes_decidido_por_idx").on(t.decididoPorPessoaId),
    index("solicitacoes_busca_trgm_idx").using("gin", t.busca.op("gin_trgm_ops")),
    // The escalation job only looks at pending requests with a step due.
    index("solicitacoes_escalonamento_idx")
      .on(t.escalonamentoEm)
      .where(sql`${t.status} = 'pendente' AND ${t.escalonamentoEm} IS NOT NULL`),
    // A gate's "Aguardando decisão": the pending requests of one condominium, oldest first.
    index("solicitacoes_condominio_pendentes_idx").on(t.condominioId, t.createdAt).where(sql`${t.status} = 'pendente'`),
    // The bell counts pending requests nobody answered, per tenant.
    index("solicitacoes_sem_resposta_idx")
      .on(t.organizationId, t.createdAt)
      .where(sql`${t.status} = 'pendente' AND ${t.semRespostaMoradoresEm} IS NOT NULL`),
    // The retention job walks the requests not yet anonymised, oldest first.
    index("solicitacoes_retencao_idx").on(t.condominioId, t.createdAt).where(sql`${t.anonimizadoEm} IS NULL`),
    // The expiry job only ever looks at pending requests with a deadline.
    index("solicitacoes_pendentes_expiracao_idx")
      .on(t.expiracaoEm)
      .where(sql`${t.status} = 'pendente' AND ${t.expiracaoEm} IS NOT NULL`),
  ],
);

export const chamadas = pgTable(
  "chamadas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    solicitacaoId: uuid("solicitacao_id").notNull(),
    /** Same tenant as the call (chamadas_pessoa_fk). */
    pessoaId: uuid("pessoa_id"),
    status: text("status").notNull().default("criada"),
    ramalDiscado: text("ramal_discado"),
    iniciadoEm: timestamp("iniciado_em", tz).notNull().defaultNow(),
    finalizadoEm: timestamp("finalizado_em", tz),
    provedor: text("provedor"),
    /** Who registered it: a console user or an integration's API key (the PBX). */
    criadoPorUserId: text("criado_por_user_id").references(() => user.id, { onDelete: "set null" }),
    criadoPorApiKeyId: uuid("criado_por_api_key_id"),
    /** The resident's answer on this call (DTMF 1/2), which decided the request. */
    resposta: text("resposta"),
    respondidoEm: timestamp("respondido_em", tz),
    /** The key the resident pressed on a call Guarita placed ("1", "2", or another key). */
    tecla: text("tecla"),
    /** The provider's id of a call Guarita placed (Twilio's CallSid): its status callbacks find the row by it. */
    provedorChamadaId: text("provedor_chamada_id"),
    /** The resident message (notificacoes, canal ligacao) this call carries out. */
    notificacaoId: uuid("notificacao_id"),
    /** A call of the demonstration (no Twilio keys): nobody's phone rang. */
    demo: boolean("demo").notNull().default(false),
    /**
     * Person name, dialled extension, visitor name and provider, normalised for "contains" search.
     * Denormalised so a search over 300k calls needs no join; renames rewrite it (pessoas service).
     */
    busca: text("busca").notNull().default(""),
  },
  (t) => [
    index("chamadas_busca_trgm_idx").using("gin", t.busca.op("gin_trgm_ops")),
    uniqueIndex("chamadas_provedor_chamada_uq").on(t.provedorChamadaId).where(sql`${t.provedorChamadaId} IS NOT NULL`),
    uniqueIndex("chamadas_notificacao_uq").on(t.notificacaoId).where(sql`${t.notificacaoId} IS NOT NULL`),
    check("chamadas_status_ck", oneOf("status", CHAMADA_STATUSES)),
    check("chamadas_periodo_ck", sql`${t.finalizadoEm} IS NULL OR ${t.finalizadoEm} >= ${t.iniciadoEm}`),
    check("chamadas_resposta_ck", oneOf("resposta", CHAMADA_RESPOSTAS)),
    check("chamadas_resposta_em_ck", sql`(${t.resposta} IS NULL) = (${t.respondidoEm} IS NULL)`),
    foreignKey({
      name: "chamadas_criado_por_api_key_fk",
      columns: [t.criadoPorApiKeyId, t.organizationId],
      foreignColumns: [apiKeys.id, apiKeys.organizationId],
    }).onDelete(setNullOnly("criado_por_api_key_id")),
    foreignKey({
      name: "chamadas_solicitacao_fk",
      columns: [t.solicitacaoId, t.organizationId],
      foreignColumns: [solicitacoesAcesso.id, solicitacoesAcesso.organizationId],
    }).onDelete("cascade"),
    // Deleting the person keeps the call history; only the link is cleared.
    foreignKey({
      name: "chamadas_pessoa_fk",
      columns: [t.pessoaId, t.organizationId],
      foreignColumns: [pessoas.id, pessoas.organizationId],
    }).onDelete(setNullOnly("pessoa_id")),
    index("chamadas_org_iniciado_idx").on(t.organizationId, t.iniciadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("chamadas_org_status_iniciado_idx").on(
      t.organizationId,
      t.status,
      t.iniciadoEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("chamadas_solicitacao_iniciado_idx").on(
      t.solicitacaoId,
      t.iniciadoEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("chamadas_pessoa_iniciado_idx").on(t.pessoaId, t.iniciadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Active residents: active links whose person is active too (docs/product.md, "Data and field names"). */
export const vMoradoresAtivos = pgView("v_moradores_ativos").as((qb) =>
  qb
    .select({
      id: unidadeMoradores.id,
      organizationId: unidadeMoradores.organizationId,
      condominioId: unidadeMoradores.condominioId,
      unidadeId: unidadeMoradores.unidadeId,
      pessoaId: unidadeMoradores.pessoaId,
      nome: pessoas.nome,
      isResponsavel: unidadeMoradores.isResponsavel,
    })
    .from(unidadeMoradores)
    .innerJoin(pessoas, sql`${pessoas.id} = ${unidadeMoradores.pessoaId}`)
    .where(sql`${unidadeMoradores.ativo} AND ${pessoas.ativo}`),
);
