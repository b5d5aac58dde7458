/**
 * Whether open event streams may go on: the rule of auth/tenant.middleware.ts's
 * `tenantStillAllowed`, asked for many streams at once. A heartbeat re-checks every stream of the
 * instance, so asking per stream would cost 500 statements a second for 10,000 clients (and, on
 * PGlite, queue them behind every request); here it is one statement for all the sessions (in
 * chunks of SESSION_CHUNK) and one for the moradores' units, whatever the number of streams.
 *
 * The rule, per stream: its session exists, is unexpired and belongs to its user; the user is still
 * a member of the stream's tenant with the role the stream started with, and that role has the
 * permission. A morador's data scope is re-read (auth/scope.ts, resolveScope: the active units of
 * the active person records linked to the login), since they may have moved in or out.
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import type { MemberRole } from "../../shared/domain";
import { can, type Permission, TENANT_WIDE_ROLES } from "../../shared/permissions";
import type { DataScope } from "../auth/scope";
import type { Database } from "../db/client";
import { member, pessoas, session, unidadeMoradores } from "../db/schema";

/** What a stream was opened with (a subset of the request's TenantContext). */
export interface StreamGrant {
  organizationId: string;
  userId: string;
  sessionId: string;
  role: MemberRole;
}

/** `{ scope }` when the stream may go on (with the caller's current scope), false when it must end. */
export type GrantCheck = { scope: DataScope } | false;

const SESSION_CHUNK = 5_000;

const pairKey = (organizationId: string, userId: string) => `${organizationId}\u0000${userId}`;

export async function grantsStillAllowed<G extends StreamGrant>(
  db: Database,
  grants: readonly G[],
  permission: Permission,
): Promise<Map<G, GrantCheck>> {
  const result = new Map<G, GrantCheck>();
  if (grants.length === 0) return result;
  const sessionIds = [...new Set(grants.map((g) => g.sessionId))];
  const organizationIds = [...new Set(grants.map((g) => g.organizationId))];
  const now = new Date();

  /** session id + user id + organization id → the member's current role. */
  const roles = new Map<string, string>();
  for (let i = 0; i < sessionIds.length; i += SESSION_CHUNK) {
    const rows = await db
      .select({
        sessionId: session.id,
        userId: session.userId,
        organizationId: member.organizationId,
        role: member.role,
      })
      .from(session)
      .innerJoin(member, eq(member.userId, session.userId))
      .where(
        and(
          inArray(session.id, sessionIds.slice(i, i + SESSION_CHUNK)),
          gt(session.expiresAt, now),
          inArray(member.organizationId, organizationIds),
        ),
      );
    for (const row of rows) roles.set(`${row.sessionId}\u0000${pairKey(row.organizationId, row.userId)}`, row.role);
  }

  const allowed = (g: G) => {
    const role = roles.get(`${g.sessionId}\u0000${pairKey(g.organizationId, g.userId)}`);
    return role !== undefined && role === g.role && can(g.role, permission);
  };
  const scoped = grants.filter((g) => allowed(g) && !TENANT_WIDE_ROLES.includes(g.role));
  const scopes = await scopesOf(db, scoped);
  for (const g of grants) {
    if (!allowed(g)) result.set(g, false);
    else if (TENANT_WIDE_ROLES.includes(g.role)) result.set(g, { scope: null });
    else
      result.set(g, {
        scope: scopes.get(pairKey(g.organizationId, g.userId)) ?? { unidadeIds: [], condominioIds: [] },
      });
  }
  return result;
}

/** resolveScope for many (tenant, user) pairs in one statement: their active units and condominiums. */
async function scopesOf(db: Database, grants: readonly StreamGrant[]): Promise<Map<string, NonNullable<DataScope>>> {
  const scopes = new Map<string, NonNullable<DataScope>>();
  if (grants.length === 0) return scopes;
  const wanted = new Set(grants.map((g) => pairKey(g.organizationId, g.userId)));
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
        inArray(unidadeMoradores.organizationId, [...new Set(grants.map((g) => g.organizationId))]),
        inArray(pessoas.userId, [...new Set(grants.map((g) => g.userId))]),
        eq(unidadeMoradores.ativo, true),
        eq(pessoas.ativo, true),
      ),
    );
  const units = new Map<string, { unidades: Set<string>; condominios: Set<string> }>();
  for (const row of rows) {
    const key = pairKey(row.organizationId, row.userId!);
    if (!wanted.has(key)) continue;
    let entry = units.get(key);
    if (!entry) {
      entry = { unidades: new Set(), condominios: new Set() };
      units.set(key, entry);
    }
    entry.unidades.add(row.unidadeId);
    entry.condominios.add(row.condominioId);
  }
  for (const [key, entry] of units)
    scopes.set(key, { unidadeIds: [...entry.unidades].sort(), condominioIds: [...entry.condominios].sort() });
  return scopes;
}
