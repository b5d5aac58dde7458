/**
 * Common areas and their bookings (docs/decisions/044-common-area-bookings.md): the areas a
 * condominium lends (party room, barbecue, court) with their rules, the bookings, each booking's guest
 * list (the gate's list for that evening), the residents' notices about bookings, and the secret
 * calendar feeds (iCal) of a unit or a condominium.
 *
 * Two bookings of one area never overlap, cleaning gap included: an exclusion constraint
 * (`reservas_sem_conflito_ex`, btree_gist) added by hand to the migration, since Drizzle does not
 * declare EXCLUDE constraints. Guests' names, documents and phones are in rows that change, so the
 * access data's retention and the data subject's anonymisation reach them; the audit trail holds ids.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
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
import {
  AREA_MODOS,
  AVISO_RESERVA_MOTIVOS,
  CANAIS_NOTIFICACAO,
  NOTIFICACAO_STATUSES,
  RESERVA_STATUSES,
} from "../../../shared/domain";
import { organization, user } from "./auth";
import { condominios, oneOf, pessoas, setNullOnly, unidades } from "./domain";

const tz = { withTimezone: true, mode: "date" } as const;
const tenantColumn = () =>
  text("organization_id")
    .notNull()
    .references(() => organization.id, { onDelete: "cascade" });

/** Opening hours of one weekday ("08:00"–"23:00", "24:00" = midnight), or null: closed that day. */
export type AreaHorarioDia = { abre: string; fecha: string } | null;

export const areasComuns = pgTable(
  "areas_comuns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    condominioId: uuid("condominio_id").notNull(),
    nome: text("nome").notNull(),
    descricao: text("descricao"),
    /** People at once (the guest list's limit); null: not stated. */
    capacidade: integer("capacidade"),
    /** Seven entries, Sunday first (the condominium's local time). */
    horarios: jsonb("horarios").$type<AreaHorarioDia[]>().notNull(),
    modo: text("modo").notNull().default("dia"),
    /** Length of a block when `modo` is blocos; blocks start at the day's opening time. */
    blocoHoras: integer("bloco_horas"),
    /** A booking starts at least this many hours after it is made. */
    antecedenciaMinimaHoras: integer("antecedencia_minima_horas").notNull().default(24),
    /** A booking starts at most this many days ahead. */
    antecedenciaMaximaDias: integer("antecedencia_maxima_dias").notNull().default(90),
    /** Bookings (pending or confirmed) per unit per calendar month in this area; null: no limit. */
    maxReservasMes: integer("max_reservas_mes"),
    /** Time kept free after each booking, before the next may start. */
    limpezaMinutos: integer("limpeza_minutos").notNull().default(0),
    /** A resident may cancel until this many hours before the start (staff at any time, with a reason). */
    cancelamentoHoras: integer("cancelamento_horas").notNull().default(48),
    requerAprovacao: boolean("requer_aprovacao").notNull().default(true),
    /** The fee, for information only (Guarita charges nothing); in centavos. */
    taxaCentavos: integer("taxa_centavos"),
    /** The rules the resident accepts when booking. */
    regras: text("regras").notNull().default(""),
    ativa: boolean("ativa").notNull().default(true),
    /** Removed areas keep their past bookings; they are no longer listed or bookable. */
    removidaEm: timestamp("removida_em", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("areas_comuns_modo_ck", oneOf("modo", AREA_MODOS)),
    check(
      "areas_comuns_bloco_ck",
      sql`(${t.modo} = 'blocos') = (${t.blocoHoras} IS NOT NULL) AND (${t.blocoHoras} IS NULL OR ${t.blocoHoras} BETWEEN 1 AND 24)`,
    ),
    check(
      "areas_comuns_limites_ck",
      sql`${t.antecedenciaMinimaHoras} >= 0 AND ${t.antecedenciaMaximaDias} >= 1 AND ${t.limpezaMinutos} >= 0 AND ${t.cancelamentoHoras} >= 0 AND (${t.maxReservasMes} IS NULL OR ${t.maxReservasMes} >= 1) AND (${t.capacidade} IS NULL OR ${t.capacidade} >= 1) AND (${t.taxaCentavos} IS NULL OR ${t.taxaCentavos} >= 0)`,
    ),
    foreignKey({
      name: "areas_comuns_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    unique("areas_comuns_id_org_uq").on(t.id, t.organizationId),
    unique("areas_comuns_id_condominio_uq").on(t.id, t.condominioId),
    // One "Salão de festas" per condominium among the areas not removed.
    uniqueIndex("areas_comuns_nome_uq").on(t.condominioId, sql`lower(${t.nome})`).where(sql`${t.removidaEm} IS NULL`),
    index("areas_comuns_org_idx").on(t.organizationId, t.condominioId),
  ],
);

export const reservas = pgTable(
  "reservas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    condominioId: uuid("condominio_id").notNull(),
    areaId: uuid("area_id").notNull(),
    unidadeId: uuid("unidade_id").notNull(),
    /** The booked time; `data` is the start's day in the condominium's calendar (monthly limit, the gate's day). */
    inicio: timestamp("inicio", tz).notNull(),
    fim: timestamp("fim", tz).notNull(),
    data: date("data", { mode: "string" }).notNull(),
    /** `fim` plus the area's cleaning gap when booked: the time no other booking of the area may touch. */
    bloqueioFim: timestamp("bloqueio_fim", tz).notNull(),
    status: text("status").notNull(),
    /** Who booked: a resident of the unit (pessoa) or a staff member for the unit. */
    solicitadaPorUserId: text("solicitada_por_user_id").references(() => user.id, { onDelete: "set null" }),
    solicitadaPorPessoaId: uuid("solicitada_por_pessoa_id"),
    /** When the rules were accepted (a booking cannot exist without it). */
    regrasAceitasEm: timestamp("regras_aceitas_em", tz).notNull(),
    observacoes: text("observacoes"),
    decididaPorUserId: text("decidida_por_user_id").references(() => user.id, { onDelete: "set null" }),
    decididaEm: timestamp("decidida_em", tz),
    motivoRecusa: text("motivo_recusa"),
    canceladaPorUserId: text("cancelada_por_user_id").references(() => user.id, { onDelete: "set null" }),
    canceladaEm: timestamp("cancelada_em", tz),
    motivoCancelamento: text("motivo_cancelamento"),
    /** The day-before reminder went out (once). */
    lembreteEm: timestamp("lembrete_em", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("reservas_status_ck", oneOf("status", RESERVA_STATUSES)),
    check("reservas_periodo_ck", sql`${t.fim} > ${t.inicio} AND ${t.bloqueioFim} >= ${t.fim}`),
    check("reservas_recusa_ck", sql`${t.status} <> 'recusada' OR ${t.motivoRecusa} IS NOT NULL`),
    check("reservas_cancelada_ck", sql`(${t.status} = 'cancelada') = (${t.canceladaEm} IS NOT NULL)`),
    foreignKey({
      name: "reservas_area_fk",
      columns: [t.areaId, t.condominioId],
      foreignColumns: [areasComuns.id, areasComuns.condominioId],
    }).onDelete("cascade"),
    foreignKey({
      name: "reservas_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "reservas_unidade_fk",
      columns: [t.unidadeId, t.condominioId],
      foreignColumns: [unidades.id, unidades.condominioId],
    }).onDelete("cascade"),
    foreignKey({
      name: "reservas_pessoa_fk",
      columns: [t.solicitadaPorPessoaId, t.organizationId],
      foreignColumns: [pessoas.id, pessoas.organizationId],
    }).onDelete(setNullOnly("solicitada_por_pessoa_id")),
    unique("reservas_id_org_uq").on(t.id, t.organizationId),
    unique("reservas_id_condominio_uq").on(t.id, t.condominioId),
    // The area's calendar: its bookings by start (availability, month and week views).
    index("reservas_area_inicio_idx").on(t.areaId, t.inicio),
    // Lists: newest start first under the tenant, the condominium and the unit.
    index("reservas_org_inicio_idx").on(t.organizationId, t.inicio.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("reservas_condominio_inicio_idx").on(t.condominioId, t.inicio.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("reservas_unidade_inicio_idx").on(t.unidadeId, t.inicio.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The síndico's queue: pending bookings, soonest first.
    index("reservas_pendentes_idx").on(t.condominioId, t.inicio).where(sql`${t.status} = 'pendente'`),
    // The monthly limit: a unit's bookings of an area in a month.
    index("reservas_unidade_area_data_idx").on(t.unidadeId, t.areaId, t.data),
    // The day-before reminder's job: confirmed bookings not reminded yet, by start.
    index("reservas_lembrete_idx").on(t.inicio).where(sql`${t.status} = 'confirmada' AND ${t.lembreteEm} IS NULL`),
  ],
);

/** A guest on a booking's list: who the gate lets in for the booking, within its window. */
export const reservaConvidados = pgTable(
  "reserva_convidados",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    condominioId: uuid("condominio_id").notNull(),
    reservaId: uuid("reserva_id").notNull(),
    nome: text("nome").notNull(),
    documento: text("documento"),
    telefone: text("telefone"),
    /** Taken off the list (a guest who already came in stays, marked). */
    removidoEm: timestamp("removido_em", tz),
    anonimizadoEm: timestamp("anonimizado_em", tz),
    /** Name and document, normalised for "contains" search at the gate. */
    busca: text("busca").notNull().default(""),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "reserva_convidados_reserva_fk",
      columns: [t.reservaId, t.condominioId],
      foreignColumns: [reservas.id, reservas.condominioId],
    }).onDelete("cascade"),
    foreignKey({
      name: "reserva_convidados_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    unique("reserva_convidados_id_org_uq").on(t.id, t.organizationId),
    unique("reserva_convidados_id_condominio_uq").on(t.id, t.condominioId),
    index("reserva_convidados_reserva_idx").on(t.reservaId, t.createdAt),
    index("reserva_convidados_busca_trgm_idx").using("gin", t.busca.op("gin_trgm_ops")),
  ],
);

/**
 * A notice to one resident about one booking, on one channel: the outbox the delivery job sends
 * (lease, retries), and on the demo channel the text as the resident would read it.
 */
export const reservaAvisos = pgTable(
  "reserva_avisos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    reservaId: uuid("reserva_id").notNull(),
    pessoaId: uuid("pessoa_id"),
    /** The resident's name when told (anonymised with them). */
    pessoaNome: text("pessoa_nome").notNull(),
    motivo: text("motivo").notNull(),
    canal: text("canal").notNull(),
    /** Phone (E.164) or e-mail address. */
    destino: text("destino").notNull(),
    status: text("status").notNull().default("pendente"),
    tentativas: integer("tentativas").notNull().default(0),
    proximaTentativaEm: timestamp("proxima_tentativa_em", tz).notNull().defaultNow(),
    ultimoErro: text("ultimo_erro"),
    provedorMensagemId: text("provedor_mensagem_id"),
    demo: boolean("demo").notNull().default(false),
    /** Demo channel only: the text the resident would read. */
    mensagem: text("mensagem"),
    enviadaEm: timestamp("enviada_em", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("reserva_avisos_motivo_ck", oneOf("motivo", AVISO_RESERVA_MOTIVOS)),
    check("reserva_avisos_canal_ck", oneOf("canal", CANAIS_NOTIFICACAO)),
    check("reserva_avisos_status_ck", oneOf("status", NOTIFICACAO_STATUSES)),
    foreignKey({
      name: "reserva_avisos_reserva_fk",
      columns: [t.reservaId, t.organizationId],
      foreignColumns: [reservas.id, reservas.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "reserva_avisos_pessoa_fk",
      columns: [t.pessoaId, t.organizationId],
      foreignColumns: [pessoas.id, pessoas.organizationId],
    }).onDelete(setNullOnly("pessoa_id")),
    index("reserva_avisos_reserva_idx").on(t.reservaId, t.createdAt),
    index("reserva_avisos_due_idx").on(t.proximaTentativaEm).where(sql`${t.status} = 'pendente'`),
    index("reserva_avisos_pessoa_idx").on(t.pessoaId),
    index("reserva_avisos_provedor_idx").on(t.provedorMensagemId).where(sql`${t.provedorMensagemId} IS NOT NULL`),
    index("reserva_avisos_retencao_idx").on(t.createdAt).where(sql`${t.destino} <> ''`),
  ],
);

/**
 * A secret calendar address (iCal) of a unit's bookings or a whole condominium's. Only the token's
 * SHA-256 is kept: the address is shown once; revoking it (or making a new one) makes the old a 404.
 */
export const calendarioFeeds = pgTable(
  "calendario_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    condominioId: uuid("condominio_id").notNull(),
    /** The unit whose bookings it lists; null: every booking of the condominium (staff). */
    unidadeId: uuid("unidade_id"),
    tokenHash: text("token_hash").notNull(),
    criadoPorUserId: text("criado_por_user_id").references(() => user.id, { onDelete: "set null" }),
    ultimoAcessoEm: timestamp("ultimo_acesso_em", tz),
    revogadoEm: timestamp("revogado_em", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "calendario_feeds_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "calendario_feeds_unidade_fk",
      columns: [t.unidadeId, t.condominioId],
      foreignColumns: [unidades.id, unidades.condominioId],
    }).onDelete("cascade"),
    uniqueIndex("calendario_feeds_token_uq").on(t.tokenHash),
    index("calendario_feeds_org_idx").on(t.organizationId, t.condominioId),
  ],
);
