/**
 * Reaching residents (docs/decisions/022-resident-link.md): one row per message to one
 * resident about one request. It is the outbox of the message (sent by the delivery job with
 * retries) and the resident's decision link (only a SHA-256 of the token is stored).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CANAIS_NOTIFICACAO, NOTIFICACAO_STATUSES } from "../../../shared/domain";
import { organization } from "./auth";
import { pessoas, setNullOnly, solicitacoesAcesso } from "./domain";

const tz = { withTimezone: true, mode: "date" } as const;
const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");

export const notificacoes = pgTable(
  "notificacoes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    solicitacaoId: uuid("solicitacao_id").notNull(),
    pessoaId: uuid("pessoa_id"),
    /** The resident's name when reached, so the timeline survives the person's deletion. */
    pessoaNome: text("pessoa_nome").notNull(),
    /** Position in the unit's calling order (0 = the responsável, or the first). */
    ordem: integer("ordem").notNull(),
    canal: text("canal").notNull(),
    /** Phone (E.164) or e-mail address the message went to. */
    destino: text("destino").notNull(),
    /** Sent by the labelled demo channel (no provider keys): nothing left the machine. */
    demo: boolean("demo").notNull().default(false),
    /**
     * Demo channel only: the message as the resident would read it, link included, for the
     * "Mensagens enviadas (demonstração)" panel. A real message's link is never stored.
     */
    mensagem: text("mensagem"),
    status: text("status").notNull().default("pendente"),
    tentativas: integer("tentativas").notNull().default(0),
    proximaTentativaEm: timestamp("proxima_tentativa_em", tz).notNull().defaultNow(),
    ultimoErro: text("ultimo_erro"),
    provedorMensagemId: text("provedor_mensagem_id"),
    /** SHA-256 of the link's token; set when the message is sent (the token exists only in it). */
    tokenHash: text("token_hash"),
    /** The link works until the request is decided or expires, or this (15 minutes without expiry). */
    tokenExpiraEm: timestamp("token_expira_em", tz),
    /** Someone decided (here or elsewhere): the link shows the result and decides nothing more. */
    revogadoEm: timestamp("revogado_em", tz),
    enviadaEm: timestamp("enviada_em", tz),
    entregueEm: timestamp("entregue_em", tz),
    abertaEm: timestamp("aberta_em", tz),
    decididaEm: timestamp("decidida_em", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("notificacoes_canal_ck", sql.raw(`"canal" IN (${inList(CANAIS_NOTIFICACAO)})`)),
    check("notificacoes_status_ck", sql.raw(`"status" IN (${inList(NOTIFICACAO_STATUSES)})`)),
    foreignKey({
      name: "notificacoes_solicitacao_fk",
      columns: [t.solicitacaoId, t.organizationId],
      foreignColumns: [solicitacoesAcesso.id, solicitacoesAcesso.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "notificacoes_pessoa_fk",
      columns: [t.pessoaId, t.organizationId],
      foreignColumns: [pessoas.id, pessoas.organizationId],
    }).onDelete(setNullOnly("pessoa_id")),
    // Opening a link looks its token up.
    uniqueIndex("notificacoes_token_hash_uq").on(t.tokenHash),
    // The request's timeline and revocation.
    index("notificacoes_solicitacao_idx").on(t.solicitacaoId, t.createdAt),
    // The delivery job's claim.
    index("notificacoes_due_idx").on(t.proximaTentativaEm).where(sql`${t.status} = 'pendente'`),
    index("notificacoes_pessoa_idx").on(t.pessoaId),
    // Delivery receipts from WhatsApp and Twilio name the provider's message id.
    index("notificacoes_provedor_idx").on(t.provedorMensagemId).where(sql`${t.provedorMensagemId} IS NOT NULL`),
  ],
);
