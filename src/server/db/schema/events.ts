import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organization } from "./auth";

/**
 * The realtime outbox (docs/architecture.md, "Realtime"): every change to an access request writes one row here
 * in the same transaction, with an id that increases per tenant. Rows are replayed to SSE clients
 * that reconnect with Last-Event-ID, and pruned after a few days.
 */
export const eventos = pgTable(
  "eventos",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    id: bigint("id", { mode: "number" }).notNull(),
    tipo: text("tipo").notNull(),
    solicitacaoId: uuid("solicitacao_id"),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), index("eventos_created_idx").on(t.createdAt)],
);

/**
 * Last event id per tenant. Taking the next id locks the tenant's row until commit, so a tenant's
 * events commit in id order and a replay from Last-Event-ID can never skip one.
 */
export const eventoSequencias = pgTable("evento_sequencias", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organization.id, { onDelete: "cascade" }),
  ultimoId: bigint("ultimo_id", { mode: "number" }).notNull().default(0),
});
