/**
 * Data scope inside a tenant (docs/decisions/015-roles-and-data-scope.md). Owner and síndicos reach
 * every row of their tenant, and so does a porteiro assigned to no condominium; a porteiro assigned
 * to some (`membro_condominios`, docs/product.md "Equipe") reaches every unit of those condominiums
 * only; a morador reaches only the units they live in (their person record is linked to their login
 * through `pessoas.user_id`, and to units through active `unidade_moradores` rows).
 * Every service that reads or writes unit-bound rows (requests, calls, units, condominiums, passes,
 * the access log) asks these helpers, so the rule lives here once; a row outside the scope is a 404,
 * as another tenant's row is.
 */
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { MemberRole } from "../../shared/domain";
import { isAssignedRole, TENANT_WIDE_ROLES } from "../../shared/permissions";
import type { Executor } from "../db/client";
import { member, membroCondominios, pessoas, unidadeMoradores, unidades } from "../db/schema";
import type { TenantContext } from "../http/context";
import { notFound } from "../http/errors";

/**
 * Which rows of the tenant a member reaches: null for the whole tenant (owner, síndico, a porteiro
 * assigned to no condominium); `unidadeIds: null` for every unit of `condominioIds` (an assigned
 * porteiro: a large condominium's units are never listed one by one); otherwise a morador's units
 * and those units' condominiums.
 */
export type DataScope = { unidadeIds: readonly string[] | null; condominioIds: readonly string[] } | null;

/** Who is reading: the tenant and the data scope. Every tenant read takes one. */
export type Reader = Pick<TenantContext, "organizationId" | "scope">;

/** A member's scope in a tenant (see DataScope). */
export async function resolveScope(
  db: Executor,
  organizationId: string,
  userId: string,
  role: MemberRole,
): Promise<DataScope> {
  const [scope] = await resolveScopes(db, [{ organizationId, userId, role }]);
  return scope!;
}

/** A member of a tenant, as a scope is resolved for them. */
export interface ScopeSubject {
  organizationId: string;
  userId: string;
  role: MemberRole;
}

const memberKey = (organizationId: string, userId: string) => `${organizationId}\u0000${userId}`;

type Found = Map<string, { unidades: Set<string>; condominios: Set<string> }>;

function entryOf(found: Found, key: string) {
  let entry = found.get(key);
  if (!entry) {
    entry = { unidades: new Set(), condominios: new Set() };
    found.set(key, entry);
  }
  return entry;
}

/**
 * resolveScope for many members, of any tenants, in at most two statements whatever their number
 * (one for the moradores' units, one for the porteiros' condominiums; the event streams' heartbeat
 * re-reads every stream's scope at once: auth/access-check.ts). Their scopes, in the order given.
 */
export async function resolveScopes(db: Executor, members: readonly ScopeSubject[]): Promise<DataScope[]> {
  const moradores = members.filter((m) => !TENANT_WIDE_ROLES.includes(m.role));
  const porteiros = members.filter((m) => isAssignedRole(m.role));
  const units: Found = new Map();
  const assigned: Found = new Map();
  const orgsOf = (list: readonly ScopeSubject[]) => [...new Set(list.map((m) => m.organizationId))];
  const usersOf = (list: readonly ScopeSubject[]) => [...new Set(list.map((m) => m.userId))];
  const wanted = new Set(members.map((m) => memberKey(m.organizationId, m.userId)));
  await Promise.all([
    moradores.length > 0 &&
      db
        .select({
          organizationId: unidadeMoradores.organizationId,
          userId: pessoas.userId,
          unidadeId: unidadeMoradores.unidadeId,
          condominioId: unidadeMoradores.condominioId,
        })
        .from(unidadeMoradores)
        .innerJoin(
          pessoas,
          and(eq(pessoas.id, unidadeMoradores.pessoaId), eq(pessoas.organizationId, unidadeMoradores.organizationId)),
        )
        .where(
          and(
            inArray(unidadeMoradores.organizationId, orgsOf(moradores)),
            inArray(pessoas.userId, usersOf(moradores)),
            eq(unidadeMoradores.ativo, true),
            eq(pessoas.ativo, true),
          ),
        )
        .then((rows) => {
          for (const row of rows) {
            // The statement pairs every tenant asked with every user asked: keep the pairs asked for.
            const key = memberKey(row.organizationId, row.userId!);
            if (!wanted.has(key)) continue;
            const entry = entryOf(units, key);
            entry.unidades.add(row.unidadeId);
            entry.condominios.add(row.condominioId);
          }
        }),
    porteiros.length > 0 &&
      db
        .select({
          organizationId: membroCondominios.organizationId,
          userId: member.userId,
          condominioId: membroCondominios.condominioId,
        })
        .from(membroCondominios)
        .innerJoin(
          member,
          and(eq(member.id, membroCondominios.memberId), eq(member.organizationId, membroCondominios.organizationId)),
        )
        .where(
          and(inArray(membroCondominios.organizationId, orgsOf(porteiros)), inArray(member.userId, usersOf(porteiros))),
        )
        .then((rows) => {
          for (const row of rows) {
            const key = memberKey(row.organizationId, row.userId);
            if (wanted.has(key)) entryOf(assigned, key).condominios.add(row.condominioId);
          }
        }),
  ]);
  return members.map((m) => {
    const key = memberKey(m.organizationId, m.userId);
    if (isAssignedRole(m.role)) {
      // None assigned: the porteiro works at every condominium of the tenant.
      const entry = assigned.get(key);
      return entry ? { unidadeIds: null, condominioIds: [...entry.condominios].sort() } : null;
    }
    if (TENANT_WIDE_ROLES.includes(m.role)) return null;
    const entry = units.get(key);
    return { unidadeIds: [...(entry?.unidades ?? [])].sort(), condominioIds: [...(entry?.condominios ?? [])].sort() };
  });
}

type Scoped = Pick<TenantContext, "scope">;

/** A morador's scope: limited to their own units (not a whole condominium). */
export function isResidentScope(tenant: Scoped): boolean {
  return tenant.scope !== null && tenant.scope.unidadeIds !== null;
}

/** Whether the caller may see this condominium (a morador: one of their units' condominiums). */
export function seesCondominio(tenant: Scoped, condominioId: string): boolean {
  return tenant.scope === null || tenant.scope.condominioIds.includes(condominioId);
}

/**
 * Whether the caller may see rows of this unit. The unit's condominium is needed: an assigned
 * porteiro's scope names condominiums, not units.
 */
export function seesUnidade(tenant: Scoped, unit: { unidadeId: string; condominioId: string }): boolean {
  const scope = tenant.scope;
  if (scope === null) return true;
  if (scope.unidadeIds === null) return scope.condominioIds.includes(unit.condominioId);
  return scope.unidadeIds.includes(unit.unidadeId);
}

/** 404 (never 403: the row's existence is not revealed) unless the caller sees this unit. */
export function assertSeesUnidade(
  tenant: Scoped,
  unit: { unidadeId: string; condominioId: string },
  message: string,
): void {
  if (!seesUnidade(tenant, unit)) throw notFound(message);
}

/** 404 unless the caller sees this condominium. */
export function assertSeesCondominio(tenant: Scoped, condominioId: string, message: string): void {
  if (!seesCondominio(tenant, condominioId)) throw notFound(message);
}

/**
 * A WHERE condition keeping `column` (a unit id) inside the caller's scope; undefined for the whole
 * tenant. For an assigned porteiro it is a subquery on the units of their condominiums: a table
 * with its own condominium column reads faster through unidadeRowCondition.
 */
export function unidadeCondition(tenant: Scoped, column: PgColumn): SQL | undefined {
  const scope = tenant.scope;
  if (scope === null) return undefined;
  if (scope.unidadeIds !== null) return idsCondition(scope.unidadeIds, column);
  if (scope.condominioIds.length === 0) return sql`false`;
  return sql`${column} IN (SELECT ${unidades.id} FROM ${unidades} WHERE ${inArray(unidades.condominioId, [...scope.condominioIds])})`;
}

/**
 * The same for a row that carries both its unit and its condominium (a request, a pass, an entry):
 * a morador by unit, an assigned porteiro by condominium.
 */
export function unidadeRowCondition(
  tenant: Scoped,
  unidadeColumn: PgColumn,
  condominioColumn: PgColumn,
): SQL | undefined {
  const scope = tenant.scope;
  if (scope === null) return undefined;
  return scope.unidadeIds === null
    ? idsCondition(scope.condominioIds, condominioColumn)
    : idsCondition(scope.unidadeIds, unidadeColumn);
}

/**
 * A WHERE condition on a condominium id column: the condominiums the caller sees. Right for the
 * condominiums themselves and for rows that belong to a whole condominium (its people, its gate's
 * validations); a unit-bound row takes unidadeRowCondition, or a morador would see their neighbours'.
 */
export function condominioCondition(tenant: Scoped, column: PgColumn): SQL | undefined {
  return tenant.scope === null ? undefined : idsCondition(tenant.scope.condominioIds, column);
}

function idsCondition(ids: readonly string[], column: PgColumn): SQL {
  return ids.length === 0 ? sql`false` : inArray(column, [...ids]);
}

/** A stable key of the scope, for caches whose values depend on it. */
export function scopeKey(tenant: Scoped): string {
  const scope = tenant.scope;
  if (scope === null) return "*";
  return scope.unidadeIds === null ? `c:${scope.condominioIds.join(",")}` : `u:${scope.unidadeIds.join(",")}`;
}
