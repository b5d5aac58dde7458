/**
 * Deliveries (docs/decisions/043-deliveries.md): packages received at the gate for a unit, the batch
 * they came in (one pickup code and one notice per batch), who may collect for a unit, and the
 * notices to residents (an outbox sent like the residents' messages about visitors).
 *
 * Personal data (who collected, the authorised person's name and document, the notice's address) is
 * in rows that change, so anonymisation and retention reach it; the audit trail holds ids only.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import {
  AVISO_ENCOMENDA_MOTIVOS,
  CANAIS_NOTIFICACAO,
  ENCOMENDA_STATUSES,
  NOTIFICACAO_STATUSES,
  RETIRADA_METODOS,
  TRANSPORTADORAS,
} from "../../../shared/domain";
import { organization, user } from "./auth";
import { condominios, oneOf, pessoas, setNullOnly, unidades } from "./domain";

const tz = { withTimezone: true, mode: "date" } as const;
const tenantColumn = () =>
  text("organization_id")
    .notNull()
    .references(() => organization.id, { onDelete: "cascade" });

/**
 * A batch: the packages received together for one unit. It holds what the residents were told:
 * the pickup code, whether they acknowledged it, and when they are to be told again.
 */
export const encomendaLotes = pgTable(
  "encomenda_lotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    condominioId: uuid("condominio_id").notNull(),
    unidadeId: uuid("unidade_id").notNull(),
    /** The resident it is addressed to, when the label names one (else the unit's residents). */
    destinatarioPessoaId: uuid("destinatario_pessoa_id"),
    /** 6 digits, random; unique among the condominium's batches still waiting (checked under a lock). */
    codigoRetirada: text("codigo_retirada").notNull(),
    /** portaria (a porteiro received it) or atendente (a delivery person told the virtual attendant). */
    origem: text("origem").notNull().default("portaria"),
    recebidoPorUserId: text("recebido_por_user_id").references(() => user.id, { onDelete: "set null" }),
    /** The attendant's conversation that recorded it (origem atendente). */
    conversaId: uuid("conversa_id"),
    /** A resident said "Ciente": a perishable's repeated notices stop. */
    cienteEm: timestamp("ciente_em", tz),
    cienteUserId: text("ciente_user_id").references(() => user.id, { onDelete: "set null" }),
    /** When the next notice about a perishable is due (every 30 minutes until acknowledged or collected). */
    proximoAvisoEm: timestamp("proximo_aviso_em", tz),
    /** Notices about a perishable sent after the first (capped). */
    avisosPerecivel: integer("avisos_perecivel").notNull().default(0),
    /** The "waiting N days" reminder went out (once). */
    lembreteEm: timestamp("lembrete_em", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("encomenda_lotes_codigo_ck", sql`${t.codigoRetirada} ~ '^[0-9]{6}$'`),
    check("encomenda_lotes_origem_ck", oneOf("origem", ["portaria", "atendente"])),
    foreignKey({
      name: "encomenda_lotes_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "encomenda_lotes_unidade_fk",
      columns: [t.unidadeId, t.condominioId],
      foreignColumns: [unidades.id, unidades.condominioId],
    }).onDelete("cascade"),
    foreignKey({
      name: "encomenda_lotes_destinatario_fk",
      columns: [t.destinatarioPessoaId, t.organizationId],
      foreignColumns: [pessoas.id, pessoas.organizationId],
    }).onDelete(setNullOnly("destinatario_pessoa_id")),
    unique("encomenda_lotes_id_org_uq").on(t.id, t.organizationId),
    // The gate types a code: the condominium's batches with it (waiting or recently collected).
    index("encomenda_lotes_codigo_idx").on(t.condominioId, t.codigoRetirada, t.createdAt),
    // The reminders' job: perishables due again.
    index("encomenda_lotes_aviso_idx").on(t.proximoAvisoEm).where(sql`${t.proximoAvisoEm} IS NOT NULL`),
    // The "waiting N days" reminder: batches not reminded yet, oldest first.
    index("encomenda_lotes_lembrete_idx").on(t.createdAt).where(sql`${t.lembreteEm} IS NULL`),
  ],
);

/** Someone a unit's resident allows to collect their packages ("Minha diarista pode retirar"). */
export const encomendaAutorizados = pgTable(
  "encomenda_autorizados",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    condominioId: uuid("condominio_id").notNull(),
    unidadeId: uuid("unidade_id").notNull(),
    nome: text("nome").notNull(),
    documento: text("documento"),
    /** Last day it holds (the condominium's date); null = until removed. */
    validoAte: date("valido_ate", { mode: "string" }),
    criadoPorUserId: text("criado_por_user_id").references(() => user.id, { onDelete: "set null" }),
    removidoEm: timestamp("removido_em", tz),
    anonimizadoEm: timestamp("anonimizado_em", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "encomenda_autorizados_unidade_fk",
      columns: [t.unidadeId, t.condominioId],
      foreignColumns: [unidades.id, unidades.condominioId],
    }).onDelete("cascade"),
    unique("encomenda_autorizados_id_org_uq").on(t.id, t.organizationId),
    index("encomenda_autorizados_unidade_idx").on(t.unidadeId, t.createdAt).where(sql`${t.removidoEm} IS NULL`),
  ],
);

export const encomendas = pgTable(
  "encomendas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    loteId: uuid("lote_id").notNull(),
    condominioId: uuid("condominio_id").notNull(),
    unidadeId: uuid("unidade_id").notNull(),
    transportadora: text("transportadora").notNull(),
    /** The carrier's name when it is "outra". */
    transportadoraOutra: text("transportadora_outra"),
    rastreio: text("rastreio"),
    /** Where it is kept ("Armário 3", "Sala de encomendas"). */
    local: text("local"),
    perecivel: boolean("perecivel").notNull().default(false),
    observacoes: text("observacoes"),
    status: text("status").notNull().default("aguardando"),
    recebidaEm: timestamp("recebida_em", tz).notNull().defaultNow(),
    retiradaEm: timestamp("retirada_em", tz),
    /** The porteiro who handed it over. */
    entreguePorUserId: text("entregue_por_user_id").references(() => user.id, { onDelete: "set null" }),
    retiradaMetodo: text("retirada_metodo"),
    /** Who collected: a resident of the unit, a person they authorised, or a name typed at the gate. */
    retiradaPessoaId: uuid("retirada_pessoa_id"),
    retiradaAutorizadoId: uuid("retirada_autorizado_id"),
    /** The collector's name as the gate recorded it (personal data: anonymised with the rest). */
    retiradaNome: text("retirada_nome"),
    retiradaDocumento: text("retirada_documento"),
    /** Why it was handed over without the pickup code (required then; audited). */
    retiradaMotivo: text("retirada_motivo"),
    /** Why and when it was returned or removed. */
    devolucaoMotivo: text("devolucao_motivo"),
    devolvidaEm: timestamp("devolvida_em", tz),
    anonimizadoEm: timestamp("anonimizado_em", tz),
    /** Carrier, tracking code, place, unit code and tower, normalised for "contains" search. */
    busca: text("busca").notNull().default(""),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("encomendas_status_ck", oneOf("status", ENCOMENDA_STATUSES)),
    check("encomendas_transportadora_ck", oneOf("transportadora", TRANSPORTADORAS)),
    check(
      "encomendas_retirada_metodo_ck",
      sql`${t.retiradaMetodo} IS NULL OR ${sql.raw(`"retirada_metodo" IN (${RETIRADA_METODOS.map((m) => `'${m}'`).join(", ")})`)}`,
    ),
    // Handed over means when, how and by whom; nothing else has them.
    check(
      "encomendas_retirada_ck",
      sql`(${t.status} = 'retirada') = (${t.retiradaEm} IS NOT NULL AND ${t.retiradaMetodo} IS NOT NULL)`,
    ),
    check("encomendas_devolvida_ck", sql`(${t.status} = 'devolvida') = (${t.devolvidaEm} IS NOT NULL)`),
    check(
      "encomendas_sem_codigo_ck",
      sql`${t.retiradaMetodo} IS DISTINCT FROM 'sem_codigo' OR ${t.retiradaMotivo} IS NOT NULL`,
    ),
    foreignKey({
      name: "encomendas_lote_fk",
      columns: [t.loteId, t.organizationId],
      foreignColumns: [encomendaLotes.id, encomendaLotes.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "encomendas_unidade_fk",
      columns: [t.unidadeId, t.condominioId],
      foreignColumns: [unidades.id, unidades.condominioId],
    }).onDelete("cascade"),
    foreignKey({
      name: "encomendas_retirada_pessoa_fk",
      columns: [t.retiradaPessoaId, t.organizationId],
      foreignColumns: [pessoas.id, pessoas.organizationId],
    }).onDelete(setNullOnly("retirada_pessoa_id")),
    foreignKey({
      name: "encomendas_retirada_autorizado_fk",
      columns: [t.retiradaAutorizadoId, t.organizationId],
      foreignColumns: [encomendaAutorizados.id, encomendaAutorizados.organizationId],
    }).onDelete(setNullOnly("retirada_autorizado_id")),
    // Lists order by (recebida_em DESC, id DESC); each filter the screen has gets an index that matches.
    index("encomendas_org_recebida_idx").on(
      t.organizationId,
      t.recebidaEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("encomendas_org_status_recebida_idx").on(
      t.organizationId,
      t.status,
      t.recebidaEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("encomendas_condominio_recebida_idx").on(
      t.condominioId,
      t.recebidaEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("encomendas_condominio_status_recebida_idx").on(
      t.condominioId,
      t.status,
      t.recebidaEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The list's count reads these two without the table (index-only, docs/benchmarks.md, "Encomendas"):
    // a condominium's packages are spread over the whole table, and a count through
    // encomendas_condominio_recebida_idx fetched each row for its organization_id (4,000 rows: 37–54 ms
    // against 1 ms); perishables are 1 in 12, which the tenant's index walked 115,000 rows to count.
    index("encomendas_org_condominio_recebida_idx").on(
      t.organizationId,
      t.condominioId,
      t.recebidaEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("encomendas_org_perecivel_recebida_idx")
      .on(t.organizationId, t.recebidaEm.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.perecivel}`),
    index("encomendas_unidade_recebida_idx").on(
      t.unidadeId,
      t.recebidaEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // "Relatórios": the packages a condominium handed over in a period (and after its end).
    index("encomendas_condominio_retirada_idx")
      .on(t.condominioId, t.retiradaEm)
      .where(sql`${t.retiradaEm} IS NOT NULL`),
    unique("encomendas_id_org_uq").on(t.id, t.organizationId),
    index("encomendas_lote_idx").on(t.loteId),
    // The central's sync, every few seconds: packages a porteiro must confirm, perishables waiting.
    index("encomendas_central_idx")
      .on(t.recebidaEm)
      .where(sql`${t.status} = 'a_confirmar' OR (${t.status} = 'aguardando' AND ${t.perecivel})`),
    index("encomendas_busca_trgm_idx").using("gin", t.busca.op("gin_trgm_ops")),
    index("encomendas_retirada_pessoa_idx").on(t.retiradaPessoaId).where(sql`${t.retiradaPessoaId} IS NOT NULL`),
    // Retention: collected packages whose collector is still named.
    index("encomendas_retencao_idx")
      .on(t.condominioId, t.retiradaEm)
      .where(sql`${t.anonimizadoEm} IS NULL AND ${t.retiradaNome} IS NOT NULL`),
  ],
);

/**
 * A notice to one resident about one batch, on one channel: the outbox the delivery job sends
 * (lease, retries), and on the demo channel the text as the resident would read it.
 */
export const encomendaAvisos = pgTable(
  "encomenda_avisos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenantColumn(),
    loteId: uuid("lote_id").notNull(),
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
    /** Demo channel only: the text the resident would read (the code kept on the demo tenant only). */
    mensagem: text("mensagem"),
    enviadaEm: timestamp("enviada_em", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("encomenda_avisos_motivo_ck", oneOf("motivo", AVISO_ENCOMENDA_MOTIVOS)),
    check("encomenda_avisos_canal_ck", oneOf("canal", CANAIS_NOTIFICACAO)),
    check("encomenda_avisos_status_ck", oneOf("status", NOTIFICACAO_STATUSES)),
    foreignKey({
      name: "encomenda_avisos_lote_fk",
      columns: [t.loteId, t.organizationId],
      foreignColumns: [encomendaLotes.id, encomendaLotes.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "encomenda_avisos_pessoa_fk",
      columns: [t.pessoaId, t.organizationId],
      foreignColumns: [pessoas.id, pessoas.organizationId],
    }).onDelete(setNullOnly("pessoa_id")),
    index("encomenda_avisos_lote_idx").on(t.loteId, t.createdAt),
    index("encomenda_avisos_due_idx").on(t.proximaTentativaEm).where(sql`${t.status} = 'pendente'`),
    index("encomenda_avisos_pessoa_idx").on(t.pessoaId),
    // Delivery receipts name a notice by the provider's message id (notifications/receipts.ts).
    index("encomenda_avisos_provedor_idx").on(t.provedorMensagemId).where(sql`${t.provedorMensagemId} IS NOT NULL`),
    // Retention: notices that still hold an address, oldest first (jobs/retention.ts).
    index("encomenda_avisos_retencao_idx").on(t.createdAt).where(sql`${t.destino} <> ''`),
  ],
);
