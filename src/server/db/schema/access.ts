/**
 * Passes, their validations at the gate, and the access log
 * (docs/decisions/023-passes-and-access-log.md). Same tenancy rules as the rest of the domain:
 * composite foreign keys carry the tenant and the condominium, so a pass of condominium A can't be
 * logged at condominium B's unit, nor an entry point at another tenant's request.
 */
import { sql } from "drizzle-orm";
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ACESSO_ORIGENS,
  PASSE_MODALIDADES,
  PASSE_STATUSES,
  VALIDACAO_METODOS,
  VALIDACAO_RESULTADOS,
  VISITA_TIPOS,
} from "../../../shared/domain";
import { organization, user } from "./auth";
import { reservaConvidados } from "./bookings";
import { condominios, pessoas, portoes, setNullOnly, solicitacoesAcesso, unidades } from "./domain";
import { apiKeys } from "./integrations";

const tz = { withTimezone: true, mode: "date" } as const;
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(", ")})`);
const tenantColumn = () =>
  text("organization_id")
    .notNull()
    .references(() => organization.id, { onDelete: "cascade" });

export const passes = pgTable(
  "passes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    condominioId: uuid("condominio_id").notNull(),
    unidadeId: uuid("unidade_id").notNull(),
    tipo: text("tipo").notNull(),
    nome: text("nome").notNull(),
    /** What the visitor is to the unit ("diarista"), shown at the gate. */
    descricao: text("descricao"),
    documento: text("documento"),
    telefone: text("telefone"),
    modalidade: text("modalidade").notNull(),
    /** Local dates and times in the condominium's timezone (src/shared/pass-schedule.ts). */
    dataInicio: date("data_inicio", { mode: "string" }).notNull(),
    dataFim: date("data_fim", { mode: "string" }).notNull(),
    diasSemana: integer("dias_semana").array().notNull().default(sql`'{}'::integer[]`),
    horaInicio: text("hora_inicio").notNull(),
    horaFim: text("hora_fim").notNull(),
    /** Anti-passback: a use within this many seconds of the last one is refused. */
    intervaloMinimoSegundos: integer("intervalo_minimo_segundos").notNull().default(120),
    status: text("status").notNull().default("ativo"),
    pin: text("pin").notNull(),
    usos: integer("usos").notNull().default(0),
    ultimoUsoEm: timestamp("ultimo_uso_em", tz),
    criadoPorUserId: text("criado_por_user_id").references(() => user.id, { onDelete: "set null" }),
    /** Set when the visitor's data was anonymised (retention or a data subject's request). */
    anonimizadoEm: timestamp("anonimizado_em", tz),
    /** Name, document, description, unit code and tower, normalised for "contains" search. */
    busca: text("busca").notNull().default(""),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("passes_tipo_ck", oneOf("tipo", VISITA_TIPOS)),
    check("passes_modalidade_ck", oneOf("modalidade", PASSE_MODALIDADES)),
    check("passes_status_ck", oneOf("status", PASSE_STATUSES)),
    check("passes_pin_ck", sql`${t.pin} ~ '^[0-9]{6}$'`),
    check("passes_periodo_ck", sql`${t.dataFim} >= ${t.dataInicio}`),
    check(
      "passes_horas_ck",
      sql`${t.horaInicio} ~ '^[0-2][0-9]:[0-5][0-9]$' AND ${t.horaFim} ~ '^[0-2][0-9]:[0-5][0-9]$'`,
    ),
    check("passes_intervalo_ck", sql`${t.intervaloMinimoSegundos} BETWEEN 0 AND 86400`),
    foreignKey({
      name: "passes_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "passes_unidade_fk",
      columns: [t.unidadeId, t.condominioId],
      foreignColumns: [unidades.id, unidades.condominioId],
    }).onDelete("cascade"),
    unique("passes_id_org_uq").on(t.id, t.organizationId),
    unique("passes_id_condominio_uq").on(t.id, t.condominioId),
    // A PIN names one live pass in its condominium: the gate looks it up by (condominium, PIN).
    uniqueIndex("passes_condominio_pin_uq").on(t.condominioId, t.pin).where(sql`${t.status} <> 'revogado'`),
    // The same lookup reaching revoked passes too, so a revoked PIN says "revogado", not "unknown".
    index("passes_condominio_pin_idx").on(t.condominioId, t.pin),
    index("passes_org_created_idx").on(t.organizationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("passes_condominio_created_idx").on(
      t.condominioId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("passes_unidade_created_idx").on(t.unidadeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("passes_busca_trgm_idx").using("gin", t.busca.op("gin_trgm_ops")),
    // The retention job: passes whose last day is behind the condominium's retention, not yet anonymised.
    index("passes_retencao_idx").on(t.condominioId, t.dataFim).where(sql`${t.anonimizadoEm} IS NULL`),
  ],
);

/** Every time a pass (or something claiming to be one) is presented at a gate, refused ones too. */
export const passeValidacoes = pgTable(
  "passe_validacoes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    /** The condominium of the gate where it was presented. */
    condominioId: uuid("condominio_id").notNull(),
    /** The pass, when one of this tenant was found (in this condominium or another). */
    passeId: uuid("passe_id"),
    /** The gate it was presented at, when known (passe_validacoes_portao_fk: this condominium's). */
    portaoId: uuid("portao_id"),
    metodo: text("metodo").notNull(),
    resultado: text("resultado").notNull(),
    /** What the gate showed, kept as shown. */
    mensagem: text("mensagem").notNull(),
    validadoPorUserId: text("validado_por_user_id").references(() => user.id, { onDelete: "set null" }),
    validadoPorApiKeyId: uuid("validado_por_api_key_id"),
    validadoPorNome: text("validado_por_nome"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("passe_validacoes_metodo_ck", oneOf("metodo", VALIDACAO_METODOS)),
    check("passe_validacoes_resultado_ck", oneOf("resultado", VALIDACAO_RESULTADOS)),
    foreignKey({
      name: "passe_validacoes_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "passe_validacoes_portao_fk",
      columns: [t.portaoId, t.condominioId],
      foreignColumns: [portoes.id, portoes.condominioId],
    }),
    foreignKey({
      name: "passe_validacoes_passe_fk",
      columns: [t.passeId, t.organizationId],
      foreignColumns: [passes.id, passes.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "passe_validacoes_api_key_fk",
      columns: [t.validadoPorApiKeyId, t.organizationId],
      foreignColumns: [apiKeys.id, apiKeys.organizationId],
    }).onDelete(setNullOnly("validado_por_api_key_id")),
    unique("passe_validacoes_id_org_uq").on(t.id, t.organizationId),
    index("passe_validacoes_condominio_created_idx").on(
      t.condominioId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("passe_validacoes_org_created_idx").on(
      t.organizationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("passe_validacoes_passe_created_idx").on(
      t.passeId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** One visit: its entry, and its exit once they leave. Without an exit, the person is inside. */
export const acessos = pgTable(
  "acessos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    condominioId: uuid("condominio_id").notNull(),
    unidadeId: uuid("unidade_id").notNull(),
    nome: text("nome").notNull(),
    documento: text("documento"),
    tipo: text("tipo").notNull(),
    origem: text("origem").notNull(),
    solicitacaoId: uuid("solicitacao_id"),
    passeId: uuid("passe_id"),
    validacaoId: uuid("validacao_id"),
    /** The guest of a common area's booking let in from its list (origem reserva). */
    reservaConvidadoId: uuid("reserva_convidado_id"),
    autorizadoPorPessoaId: uuid("autorizado_por_pessoa_id"),
    /** Who authorised: the request's decider, the pass's creator, or the resident at the gate. */
    autorizadoPorNome: text("autorizado_por_nome"),
    entradaEm: timestamp("entrada_em", tz).notNull().defaultNow(),
    entradaPorUserId: text("entrada_por_user_id").references(() => user.id, { onDelete: "set null" }),
    entradaPorApiKeyId: uuid("entrada_por_api_key_id"),
    /** Who registered it (a porteiro's name or an integration's key), kept as it was. */
    entradaPorNome: text("entrada_por_nome"),
    saidaEm: timestamp("saida_em", tz),
    saidaPorUserId: text("saida_por_user_id").references(() => user.id, { onDelete: "set null" }),
    saidaPorNome: text("saida_por_nome"),
    /**
     * Set when the porteiro (or the gate controller) says the person did not come in after the gate
     * opened for them (docs/product.md, "Entradas e saídas"): the visit stays in the log, marked, and
     * never counts as inside.
     */
    naoEntrouEm: timestamp("nao_entrou_em", tz),
    naoEntrouPorNome: text("nao_entrou_por_nome"),
    /** Set when the visitor's data was anonymised (retention or a data subject's request). */
    anonimizadoEm: timestamp("anonimizado_em", tz),
    /** Name, document, unit code and tower, normalised for "contains" search. */
    busca: text("busca").notNull().default(""),
  },
  (t) => [
    check("acessos_tipo_ck", oneOf("tipo", VISITA_TIPOS)),
    check("acessos_origem_ck", oneOf("origem", ACESSO_ORIGENS)),
    check("acessos_periodo_ck", sql`${t.saidaEm} IS NULL OR ${t.saidaEm} >= ${t.entradaEm}`),
    // A visit that never came in has no exit.
    check("acessos_nao_entrou_ck", sql`${t.naoEntrouEm} IS NULL OR ${t.saidaEm} IS NULL`),
    check(
      "acessos_origem_ref_ck",
      sql`(${t.origem} <> 'solicitacao' OR ${t.solicitacaoId} IS NOT NULL) AND (${t.origem} <> 'passe' OR ${t.passeId} IS NOT NULL) AND (${t.origem} <> 'reserva' OR ${t.reservaConvidadoId} IS NOT NULL)`,
    ),
    foreignKey({
      name: "acessos_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "acessos_unidade_fk",
      columns: [t.unidadeId, t.condominioId],
      foreignColumns: [unidades.id, unidades.condominioId],
    }).onDelete("cascade"),
    foreignKey({
      name: "acessos_solicitacao_fk",
      columns: [t.solicitacaoId, t.organizationId],
      foreignColumns: [solicitacoesAcesso.id, solicitacoesAcesso.organizationId],
    }).onDelete(setNullOnly("solicitacao_id")),
    foreignKey({
      name: "acessos_passe_fk",
      columns: [t.passeId, t.condominioId],
      foreignColumns: [passes.id, passes.condominioId],
    }).onDelete(setNullOnly("passe_id")),
    foreignKey({
      name: "acessos_validacao_fk",
      columns: [t.validacaoId, t.organizationId],
      foreignColumns: [passeValidacoes.id, passeValidacoes.organizationId],
    }).onDelete(setNullOnly("validacao_id")),
    foreignKey({
      name: "acessos_reserva_convidado_fk",
      columns: [t.reservaConvidadoId, t.condominioId],
      foreignColumns: [reservaConvidados.id, reservaConvidados.condominioId],
    }),
    foreignKey({
      name: "acessos_autorizado_por_fk",
      columns: [t.autorizadoPorPessoaId, t.organizationId],
      foreignColumns: [pessoas.id, pessoas.organizationId],
    }).onDelete(setNullOnly("autorizado_por_pessoa_id")),
    foreignKey({
      name: "acessos_entrada_api_key_fk",
      columns: [t.entradaPorApiKeyId, t.organizationId],
      foreignColumns: [apiKeys.id, apiKeys.organizationId],
    }).onDelete(setNullOnly("entrada_por_api_key_id")),
    // One entry per authorised request and per successful validation.
    uniqueIndex("acessos_solicitacao_uq").on(t.solicitacaoId).where(sql`${t.solicitacaoId} IS NOT NULL`),
    uniqueIndex("acessos_validacao_uq").on(t.validacaoId).where(sql`${t.validacaoId} IS NOT NULL`),
    // A booking's guest is inside at most once at a time (two porteiros tapping the same name: one entry).
    uniqueIndex("acessos_convidado_presente_uq")
      .on(t.reservaConvidadoId)
      .where(sql`${t.reservaConvidadoId} IS NOT NULL AND ${t.saidaEm} IS NULL AND ${t.naoEntrouEm} IS NULL`),
    index("acessos_reserva_convidado_idx").on(t.reservaConvidadoId).where(sql`${t.reservaConvidadoId} IS NOT NULL`),
    index("acessos_org_entrada_idx").on(t.organizationId, t.entradaEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("acessos_condominio_entrada_idx").on(
      t.condominioId,
      t.entradaEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("acessos_unidade_entrada_idx").on(t.unidadeId, t.entradaEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // "Quem está no condomínio agora": only the open visits, a few hundred among millions.
    index("acessos_presentes_idx")
      .on(t.organizationId, t.entradaEm.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.saidaEm} IS NULL AND ${t.naoEntrouEm} IS NULL`),
    index("acessos_condominio_presentes_idx")
      .on(t.condominioId, t.entradaEm.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.saidaEm} IS NULL AND ${t.naoEntrouEm} IS NULL`),
    index("acessos_passe_idx").on(t.passeId).where(sql`${t.passeId} IS NOT NULL`),
    index("acessos_busca_trgm_idx").using("gin", t.busca.op("gin_trgm_ops")),
    index("acessos_retencao_idx").on(t.condominioId, t.entradaEm).where(sql`${t.anonimizadoEm} IS NULL`),
  ],
);
