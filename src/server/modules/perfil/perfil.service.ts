/**
 * The signed-in user's own account: name and photo, and their open sessions. Everything is keyed
 * by the caller's user id from the tenant context, never by input, so a session id of another user
 * (of this tenant or any other) is simply not found.
 */
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Perfil, Sessao } from "../../../shared/schemas/perfil";
import { SESSAO_NOT_FOUND } from "../../../shared/schemas/perfil";
import { ACCESS_CHANNEL, type AccessChange } from "../../auth/access-revocation";
import type { Database, Executor } from "../../db/client";
import { session, user } from "../../db/schema";
import type { TenantContext } from "../../http/context";
import { notFound, unauthorized } from "../../http/errors";
import { iso } from "../../http/serialize";
import { describeDevice } from "./device";

/** A user has a handful of sessions; the cap only bounds a pathological account (a script signing in in a loop). */
export const MAX_SESSOES = 50;

export async function updatePerfil(
  db: Database,
  tenant: TenantContext,
  input: { name: string; image: string | null },
): Promise<Perfil> {
  const [row] = await db
    .update(user)
    .set({ name: input.name, image: input.image, updatedAt: new Date() })
    .where(eq(user.id, tenant.userId))
    .returning({ id: user.id, name: user.name, email: user.email, image: user.image });
  // The session was valid a moment ago; its user being gone now means the account was deleted.
  if (!row) throw unauthorized();
  return row;
}

export async function listSessoes(db: Database, tenant: TenantContext): Promise<{ items: Sessao[] }> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, tenant.userId), gt(session.expiresAt, new Date())))
    // The current session first even when the cap cuts the list; then the most recently used.
    .orderBy(sql`(${session.id} = ${tenant.sessionId}) DESC`, desc(session.updatedAt), desc(session.id))
    .limit(MAX_SESSOES);
  return {
    items: rows.map((r) => ({
      id: r.id,
      ...describeDevice(r.userAgent),
      // better-auth stores "" when it saw no address (a session created without a request).
      ip: r.ipAddress || null,
      created_at: iso(r.createdAt),
      ultimo_acesso: iso(r.updatedAt),
      atual: r.id === tenant.sessionId,
    })),
  };
}

/**
 * Ends one of the caller's sessions. Its cookie is worthless from this commit on, on every instance
 * (better-auth reads sessions from PostgreSQL on each request). Ending the current one signs the
 * caller out: `atual` tells the client to go to /login, where better-auth's get-session expires
 * the dead cookie.
 */
export async function encerrarSessao(db: Database, tenant: TenantContext, id: string): Promise<{ atual: boolean }> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.id, id), eq(session.userId, tenant.userId)))
      .returning({ organizationId: session.activeOrganizationId });
    if (ended.length === 0) throw notFound(SESSAO_NOT_FOUND);
    await recheckStreams(tx, tenant.userId, ended);
  });
  return { atual: id === tenant.sessionId };
}

/** Ends every session of the caller but the current one ("Encerrar as outras sessões"). */
export async function encerrarOutras(db: Database, tenant: TenantContext): Promise<{ encerradas: number }> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.userId, tenant.userId), ne(session.id, tenant.sessionId)))
      .returning({ organizationId: session.activeOrganizationId });
    await recheckStreams(tx, tenant.userId, ended);
    return { encerradas: ended.length };
  });
}

/**
 * At commit, tells every instance to re-check this user's open event streams in the tenants of the
 * ended sessions (auth/access-revocation.ts), so a stream of an ended session closes now rather
 * than at its next heartbeat. The re-check reads the database, so it closes nothing still valid.
 */
async function recheckStreams(tx: Executor, userId: string, ended: { organizationId: string | null }[]) {
  const organizations = new Set(ended.map((s) => s.organizationId).filter((id): id is string => id !== null));
  for (const organizationId of organizations) {
    const change: AccessChange = { organizationId, userId };
    await tx.execute(sql`SELECT pg_notify(${ACCESS_CHANNEL}, ${JSON.stringify(change)})`);
  }
}
