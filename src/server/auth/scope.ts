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

export async function resolveScope(
  db: Executor,
  organizationId: string,
  userId: string,
  role: MemberRole,
): Promise<DataScope> {
  if (TENANT_WIDE_ROLES.includes(role)) return null;
  const rows = await db
    .select({ unidadeId: unidadeMoradores.unidadeId, condominioId: unidadeMoradores.condominioId })
    .from(unidadeMoradores)
    .innerJoin(
      pessoas,
      and(eq(pessoas.id, unidadeMoradores.pessoaId), eq(pessoas.organizationId, unidadeMoradores.organizationId)),
    )
    .where(
      and(
        eq(unidadeMoradores.organizationId, organizationId),
        eq(pessoas.userId, userId),
        eq(unidadeMoradores.ativo, true),
        eq(pessoas.ativo, true),
      ),
    );
  return {
    unidadeIds: [...new Set(rows.map((r) => r.unidadeId))].sort(),
    condominioIds: [...new Set(rows.map((r) => r.condominioId))].sort(),
  };
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
