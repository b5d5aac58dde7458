/**
 * API keys of a tenant (docs/decisions/019-api-keys.md): what the PBX, the AI attendant and the gate
 * controller authenticate with on /api/v1. Only a SHA-256 of the secret is stored, with a short
 * visible prefix so people can tell their keys apart.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { API_KEY_SCOPES } from "../../../shared/domain";
import { organization, user } from "./auth";

const tz = { withTimezone: true, mode: "date" } as const;

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    nome: text("nome").notNull(),
    /** The first characters of the secret ("gk_3f9a1c2b"), shown in the list. */
    prefixo: text("prefixo").notNull(),
    /** SHA-256 (hex) of the whole secret; the secret itself is shown once and never stored. */
    hash: text("hash").notNull(),
    escopos: text("escopos").array().notNull(),
    criadoPorUserId: text("criado_por_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    /** Written at most once a minute per key, so using a key is not a write per request. */
    ultimoUsoEm: timestamp("ultimo_uso_em", tz),
    revogadoEm: timestamp("revogado_em", tz),
    revogadoPorUserId: text("revogado_por_user_id").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check(
      "api_keys_escopos_check",
      sql.raw(
        `cardinality("escopos") > 0 AND "escopos" <@ ARRAY[${API_KEY_SCOPES.map((s) => `'${s}'`).join(", ")}]::text[]`,
      ),
    ),
    // Authentication looks a key up by its hash.
    uniqueIndex("api_keys_hash_uq").on(t.hash),
    // The settings screen lists a tenant's keys, newest first.
    index("api_keys_org_created_idx").on(t.organizationId, t.createdAt),
  ],
);
