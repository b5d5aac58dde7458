/**
 * The audit trail and the data subjects' requests (docs/decisions/024-audit-and-lgpd.md).
 *
 * `auditoria` is append-only: a trigger (migration 0013) refuses UPDATE, DELETE and TRUNCATE for
 * everyone, the application included. It has no foreign keys on purpose: a record outlives the
 * rows it describes (that is its point), and a cascade from a deleted tenant would be a DELETE.
 */
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { AUDITORIA_ATORES, TITULAR_PEDIDO_TIPOS } from "../../../shared/domain";
import { organization, user } from "./auth";

const tz = { withTimezone: true, mode: "date" } as const;
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(", ")})`);

export const auditoria = pgTable(
  "auditoria",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id").notNull(),
    ocorridoEm: timestamp("ocorrido_em", tz).notNull().defaultNow(),
    /** Who: a console user, an integration's API key, a resident's link, the system (a job), or nobody known. */
    atorTipo: text("ator_tipo").notNull(),
    atorId: text("ator_id"),
    /**
     * The actor's name when it acted, so the record reads the same after a rename or removal; null for
     * a resident deciding by phone or link (read from the request, decision 030).
     */
    atorNome: text("ator_nome"),
    ip: text("ip"),
    /** criar, alterar, excluir, decidir, visualizar, exportar, anonimizar, entrar, sair, … */
    acao: text("acao").notNull(),
    /** solicitacao, pessoa, unidade, condominio, membro, convite, chave_api, webhook, passe, acesso, … */
    entidade: text("entidade").notNull(),
    entidadeId: text("entidade_id"),
    /**
     * One line for the list, with no personal data: "Autorizou a entrada de {nome} no console", the
     * placeholder read from the live record when the trail is read (decision 030).
     */
    resumo: text("resumo").notNull(),
    /** The changed fields before and after; personal data is named, never kept (decision 030). */
    antes: jsonb("antes"),
    depois: jsonb("depois"),
  },
  (t) => [
    check("auditoria_ator_ck", oneOf("ator_tipo", AUDITORIA_ATORES)),
    index("auditoria_org_ocorrido_idx").on(
      t.organizationId,
      t.ocorridoEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("auditoria_org_entidade_idx").on(
      t.organizationId,
      t.entidade,
      t.entidadeId,
      t.ocorridoEm.desc().nullsFirst(),
    ),
    index("auditoria_org_ator_idx").on(t.organizationId, t.atorId, t.ocorridoEm.desc().nullsFirst()),
    index("auditoria_org_acao_idx").on(t.organizationId, t.acao, t.ocorridoEm.desc().nullsFirst()),
  ],
);

/** A data subject's request (LGPD art. 18): export what is held about them, or anonymise them. */
export const titularPedidos = pgTable(
  "titular_pedidos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    tipo: text("tipo").notNull(),
    /** Who asked, as the síndico typed it (name, and the document masked). */
    titularNome: text("titular_nome").notNull(),
    titularDocumentoMascarado: text("titular_documento_mascarado"),
    criadoPorUserId: text("criado_por_user_id").references(() => user.id, { onDelete: "set null" }),
    criadoPorNome: text("criado_por_nome"),
    recebidoEm: timestamp("recebido_em", tz).notNull().defaultNow(),
    /** LGPD art. 19: the answer is due 15 days after the request. */
    prazoEm: timestamp("prazo_em", tz).notNull(),
    concluidoEm: timestamp("concluido_em", tz),
    /** What was done: counts of rows exported or anonymised. */
    resultado: jsonb("resultado"),
  },
  (t) => [
    check("titular_pedidos_tipo_ck", oneOf("tipo", TITULAR_PEDIDO_TIPOS)),
    index("titular_pedidos_org_recebido_idx").on(
      t.organizationId,
      t.recebidoEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
