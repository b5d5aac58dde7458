/**
 * Invitations to a tenant's team (docs/decisions/017-team-and-invitations.md). Guarita's own table
 * rather than better-auth's `invitation`: that plugin's endpoints are not exposed (auth-endpoints.ts),
 * and an invitation here carries what better-auth's does not: the hash of its single-use token and,
 * for a morador, the person record whose units the new login will reach.
 */
import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CONVITE_STATUSES, INVITABLE_ROLES } from "../../../shared/domain";
import { member, organization, user } from "./auth";
import { condominios, pessoas } from "./domain";

const tz = { withTimezone: true, mode: "date" } as const;
const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");

export const convites = pgTable(
  "convites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    papel: text("papel").notNull(),
    /** A morador's person record: accepting links the new login to it (pessoas.user_id). */
    pessoaId: uuid("pessoa_id"),
    /** SHA-256 of the token in the link; the token itself is only ever in the e-mail. */
    tokenHash: text("token_hash").notNull(),
    status: text("status").notNull().default("pendente"),
    expiraEm: timestamp("expira_em", tz).notNull(),
    convidadoPorUserId: text("convidado_por_user_id").references(() => user.id, { onDelete: "set null" }),
    aceitoPorUserId: text("aceito_por_user_id").references(() => user.id, { onDelete: "set null" }),
    /** Times the e-mail was sent (the first send and every "Reenviar"). */
    envios: integer("envios").notNull().default(1),
    enviadoEm: timestamp("enviado_em", tz).notNull().defaultNow(),
    aceitoEm: timestamp("aceito_em", tz),
    revogadoEm: timestamp("revogado_em", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("convites_papel_check", sql.raw(`"papel" IN (${inList(INVITABLE_ROLES)})`)),
    check("convites_status_check", sql.raw(`"status" IN (${inList(CONVITE_STATUSES)})`)),
    check("convites_morador_pessoa_check", sql.raw(`("papel" = 'morador') = ("pessoa_id" IS NOT NULL)`)),
    // The person belongs to the same tenant; deleting the person withdraws the invitation.
    foreignKey({
      name: "convites_pessoa_fk",
      columns: [t.pessoaId, t.organizationId],
      foreignColumns: [pessoas.id, pessoas.organizationId],
    }).onDelete("cascade"),
    uniqueIndex("convites_token_hash_uq").on(t.tokenHash),
    // One open invitation per address and tenant: a second one is a "Reenviar".
    uniqueIndex("convites_pendente_email_uq").on(t.organizationId, t.email).where(sql`${t.status} = 'pendente'`),
    // The team screen's list of pending invitations, newest first.
    index("convites_org_status_idx").on(t.organizationId, t.status, t.createdAt),
    index("convites_pessoa_idx").on(t.pessoaId),
  ],
);

/**
 * The condominiums a porteiro works at (docs/product.md, "Equipe"). A porteiro with none listed works
 * at every condominium of the tenant (a small administradora never has to assign); one with some
 * sees and operates only those. Only porteiros are assigned; staff roles see the whole tenant.
 */
export const membroCondominios = pgTable(
  "membro_condominios",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    condominioId: uuid("condominio_id").notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "membro_condominios_pk", columns: [t.memberId, t.condominioId] }),
    foreignKey({
      name: "membro_condominios_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    index("membro_condominios_condominio_idx").on(t.condominioId),
  ],
);
