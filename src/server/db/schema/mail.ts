/**
 * The e-mail outbox (src/server/mail): a message is a row written in the same transaction as the
 * change that causes it, so it exists if and only if that change committed. The delivery job sends
 * due rows and retries failures with backoff; housekeeping deletes sent rows after 30 days.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organization } from "./auth";

const tz = { withTimezone: true, mode: "date" } as const;

export const MAIL_STATUSES = ["pendente", "enviado", "falhou"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The tenant the message is about, if any (invitations; not password resets). Cascade: a
     * deleted tenant takes its people's addresses and names with it, and a pending invitation to a
     * tenant that no longer exists must not go out.
     */
    organizationId: text("organization_id").references(() => organization.id, { onDelete: "cascade" }),
    para: text("para").notNull(),
    assunto: text("assunto").notNull(),
    html: text("html").notNull(),
    texto: text("texto").notNull(),
    /** The message's action links, for the log (file delivery) and tests. */
    links: jsonb("links").$type<string[]>().notNull().default([]),
    /** Template name (src/server/mail/templates). */
    tipo: text("tipo").notNull(),
    status: text("status").$type<MailStatus>().notNull().default("pendente"),
    /** Failed sends so far. */
    tentativas: integer("tentativas").notNull().default(0),
    /** When a `pendente` row is due; while a sender holds it, the end of its lease. */
    proximaTentativaEm: timestamp("proxima_tentativa_em", tz).notNull().defaultNow(),
    ultimoErro: text("ultimo_erro"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    enviadoEm: timestamp("enviado_em", tz),
  },
  (t) => [
    check("mail_outbox_status_check", sql.raw(`"status" IN (${MAIL_STATUSES.map((s) => `'${s}'`).join(", ")})`)),
    check("mail_outbox_tentativas_check", sql`${t.tentativas} >= 0`),
    // The delivery job's claim: due pending rows, oldest first.
    index("mail_outbox_due_idx").on(t.proximaTentativaEm).where(sql`${t.status} = 'pendente'`),
    // Housekeeping's delete of old sent rows.
    index("mail_outbox_enviado_idx").on(t.enviadoEm).where(sql`${t.status} = 'enviado'`),
    // Cascading deletes of a tenant find its rows without scanning the table.
    index("mail_outbox_organization_idx").on(t.organizationId),
  ],
);
