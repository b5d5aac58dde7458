/**
 * Data scope inside a tenant (docs/decisions/015-roles-and-data-scope.md). Staff reach every row of
 * their tenant; a morador reaches only the units they live in (their person record is linked to
 * their login through `pessoas.user_id`, and to units through active `unidade_moradores` rows).
 * Every service that reads or writes unit-bound rows (requests, calls, units, condominiums) asks
 * these helpers, so the rule lives here once; a row outside the scope is a 404, as another
 * tenant's row is.
 */
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { MemberRole } from "../../shared/domain";
import { TENANT_WIDE_ROLES } from "../../shared/permissions";
import type { Executor } from "../db/client";
import { pessoas, unidadeMoradores } from "../db/schema";
import type { TenantContext } from "../http/context";
import { notFound } from "../http/errors";

/** The units (and their condominiums) a morador lives in; null for staff, who see the whole tenant. */
export type DataScope = { unidadeIds: readonly string[]; condominioIds: readonly string[] } | null;

/** Who is reading: the tenant and the data scope. Every tenant read takes one. */
export type Reader = Pick<TenantContext, "organizationId" | "scope">;

/**
 * A member's scope in a tenant: null for staff (TENANT_WIDE_ROLES); for a morador, the units of the
 * active `unidade_moradores` rows of their active person records (`pessoas.user_id` = their login),
 * and those units' condominiums.
 */
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

/**
 * resolveScope for many members, of any tenants, in one statement whatever their number (the event
 * streams' heartbeat re-reads every morador's scope at once: auth/access-check.ts). Their scopes, in
 * the order given.
 */
export async function resolveScopes(db: Executor, members: readonly ScopeSubject[]): Promise<DataScope[]> {
  const moradores = members.filter((m) => !TENANT_WIDE_ROLES.includes(m.role));
  const units = new Map<string, { unidades: Set<string>; condominios: Set<string> }>();
  if (moradores.length > 0) {
    const wanted = new Set(moradores.map((m) => memberKey(m.organizationId, m.userId)));
    const rows = await db
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
          inArray(unidadeMoradores.organizationId, [...new Set(moradores.map((m) => m.organizationId))]),
          inArray(pessoas.userId, [...new Set(moradores.map((m) => m.userId))]),
          eq(unidadeMoradores.ativo, true),
          eq(pessoas.ativo, true),
        ),
      );
    for (const row of rows) {
      // The statement pairs every tenant asked with every user asked: keep the pairs asked for.
      const key = memberKey(row.organizationId, row.userId!);
      if (!wanted.has(key)) continue;
      let entry = units.get(key);
      if (!entry) {
        entry = { unidades: new Set(), condominios: new Set() };
        units.set(key, entry);
      }
      entry.unidades.add(row.unidadeId);
      entry.condominios.add(row.condominioId);
    }
  }
  return members.map((m) => {
    if (TENANT_WIDE_ROLES.includes(m.role)) return null;
    const entry = units.get(memberKey(m.organizationId, m.userId));
    return { unidadeIds: [...(entry?.unidades ?? [])].sort(), condominioIds: [...(entry?.condominios ?? [])].sort() };
  });
}

/** Whether the caller may see rows of this unit. */
export function seesUnidade(tenant: Pick<TenantContext, "scope">, unidadeId: string): boolean {
  return tenant.scope === null || tenant.scope.unidadeIds.includes(unidadeId);
}

export function seesCondominio(tenant: TenantContext, condominioId: string): boolean {
  return tenant.scope === null || tenant.scope.condominioIds.includes(condominioId);
}

/** 404 (never 403: the row's existence is not revealed) unless the caller sees this unit. */
export function assertSeesUnidade(tenant: Pick<TenantContext, "scope">, unidadeId: string, message: string): void {
  if (!seesUnidade(tenant, unidadeId)) throw notFound(message);
}

/** A WHERE condition keeping `column` (a unit id) inside the caller's scope; undefined for staff. */
export function unidadeCondition(tenant: Pick<TenantContext, "scope">, column: PgColumn): SQL | undefined {
  return idsCondition(tenant.scope?.unidadeIds, column);
}

/** The same for a condominium id column. */
export function condominioCondition(tenant: Pick<TenantContext, "scope">, column: PgColumn): SQL | undefined {
  return idsCondition(tenant.scope?.condominioIds, column);
}

function idsCondition(ids: readonly string[] | undefined, column: PgColumn): SQL | undefined {
  if (ids === undefined) return undefined;
  return ids.length === 0 ? sql`false` : inArray(column, [...ids]);
}

/** A stable key of the scope, for caches whose values depend on it. */
export function scopeKey(tenant: Pick<TenantContext, "scope">): string {
  return tenant.scope === null ? "*" : tenant.scope.unidadeIds.join(",");
}
