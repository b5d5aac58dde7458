/**
 * Who is calling, resolved in one round trip and remembered for a moment (docs/decisions/027).
 *
 * better-auth's getSession reads the session, then the user, and the tenant middleware then read the
 * membership and the organization: four statements before a route did any work, on every request.
 * Here the signed cookie is checked in-process, one prepared statement joins session, user,
 * membership and organization, and the answer is kept per instance for a few seconds.
 *
 * Revocation stays immediate: triggers on `session`, `user`, `member`, `organization`,
 * `unidade_moradores` and `pessoas` NOTIFY `guarita_sessoes` (migration 0014) on every change that
 * could alter an answer — whichever code made it, better-auth's included — and every instance drops
 * what it remembered for that session, user or organization. While the LISTEN connection is down
 * nothing is served from memory (a missed notification could hide a sign-out), and after it comes
 * back everything remembered is dropped. The TTL only bounds how long an entry lives unused.
 *
 * What better-auth still does itself: a session due for its daily refresh, and an expired one (it
 * deletes it), go through auth.api.getSession once, then the fresh row is read as usual.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { MEMBER_ROLES, type MemberRole } from "../../shared/domain";
import type { DatabaseHandle, Unlisten } from "../db/client";
import { member, organization, session, user } from "../db/schema";
import type { Auth } from "./auth";
import { type DataScope, resolveScope } from "./scope";

export const SESSIONS_CHANNEL = "guarita_sessoes";
const DEFAULT_TTL_MS = 5_000;
/** Enough for every signed-in user of a large operator; the oldest entries go first beyond it. */
const MAX_ENTRIES = 20_000;

export interface ResolvedSession {
  sessionId: string;
  token: string;
  user: { id: string; name: string; email: string; image: string | null };
  /** Null: the user belongs to no tenant (or to none through this session). */
  membership: {
    organizationId: string;
    /** Null when the stored role is none of ours (refused by the middleware). */
    role: MemberRole | null;
    organization: { id: string; name: string; slug: string };
    scope: DataScope;
  } | null;
}

interface Entry {
  value: ResolvedSession;
  expiresAt: number;
  /** When better-auth would refresh the session (expiresAt − expiresIn + updateAge). */
  refreshAt: number;
  cachedUntil: number;
}

export interface SessionResolverOptions {
  auth: Auth;
  handle: DatabaseHandle;
  logger: Logger;
  /** How long an answer is reused (default 5 s); 0 turns the memory off. */
  ttlMs?: number;
  now?: () => number;
}

export function createSessionResolver(options: SessionResolverOptions) {
  const { auth, handle, logger } = options;
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  const byToken = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<ResolvedSession | null>>();
  /**
   * Bumped by every invalidation: a lookup that started before one may have read the old row, so
   * it answers its own request but is not remembered.
   */
  let generation = 0;
  let unlisten: Unlisten | null = null;

  const lookup = handle.db
    .select({
      sessionId: session.id,
      token: session.token,
      expiresAt: session.expiresAt,
      userId: user.id,
      name: user.name,
      email: user.email,
      image: user.image,
      organizationId: member.organizationId,
      role: member.role,
      orgName: organization.name,
      orgSlug: organization.slug,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    // The session's tenant; a session that names none falls back to the user's first membership.
    .leftJoin(
      member,
      and(
        eq(member.userId, session.userId),
        or(isNull(session.activeOrganizationId), eq(member.organizationId, session.activeOrganizationId)),
      ),
    )
    .leftJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(session.token, sql.placeholder("token")))
    .orderBy(asc(member.createdAt))
    .limit(1)
    .prepare("guarita_resolve_session");

  const keys = auth.$context.then((ctx) => ({
    cookieName: ctx.authCookies.sessionToken.name,
    secret: ctx.secret,
    expiresInMs: ctx.sessionConfig.expiresIn * 1000,
    updateAgeMs: ctx.sessionConfig.updateAge * 1000,
  }));

  /** The session token from the signed cookie, or null (absent, or a signature that fails). */
  async function tokenOf(headers: Headers): Promise<string | null> {
    const cookie = headers.get("cookie");
    if (!cookie) return null;
    const { cookieName, secret } = await keys;
    const raw = readCookie(cookie, cookieName);
    if (!raw) return null;
    const dot = raw.lastIndexOf(".");
    if (dot < 1) return null;
    const value = raw.slice(0, dot);
    const signature = Buffer.from(raw.slice(dot + 1), "base64");
    const expected = createHmac("sha256", secret).update(value).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
  }

  async function load(token: string, headers: Headers): Promise<ResolvedSession | null> {
    const { expiresInMs, updateAgeMs } = await keys;
    const startedAt = generation;
    let [row] = await lookup.execute({ token });
    if (!row) return null;
    const due = row.expiresAt.getTime() - expiresInMs + updateAgeMs <= now();
    if (row.expiresAt.getTime() <= now() || due) {
      // better-auth deletes an expired session and extends a due one; then read what it left.
      const refreshed = await auth.api.getSession({ headers });
      if (!refreshed) return null;
      [row] = await lookup.execute({ token });
      if (!row) return null;
    }
    const role = (MEMBER_ROLES as readonly string[]).includes(row.role ?? "") ? (row.role as MemberRole) : null;
    const value: ResolvedSession = {
      sessionId: row.sessionId,
      token: row.token,
      user: { id: row.userId, name: row.name, email: row.email, image: row.image ?? null },
      membership:
        row.organizationId && row.orgName !== null && row.orgSlug !== null
          ? {
              organizationId: row.organizationId,
              role,
              organization: { id: row.organizationId, name: row.orgName, slug: row.orgSlug },
              scope: role ? await resolveScope(handle.db, row.organizationId, row.userId, role) : null,
            }
          : null,
    };
    if (ttl > 0 && startedAt === generation && handle.listening() && unlisten) {
      if (byToken.size >= MAX_ENTRIES) byToken.delete(byToken.keys().next().value as string);
      byToken.set(token, {
        value,
        expiresAt: row.expiresAt.getTime(),
        refreshAt: row.expiresAt.getTime() - expiresInMs + updateAgeMs,
        cachedUntil: now() + ttl,
      });
    }
    return value;
  }

  function drop(match: (value: ResolvedSession) => boolean) {
    generation++;
    // A request arriving from now on must not join a lookup that may have read the old rows.
    inFlight.clear();
    for (const [token, entry] of byToken) if (match(entry.value)) byToken.delete(token);
  }

  function onNotification(payload: string) {
    const id = payload.slice(2);
    if (payload.startsWith("s:")) drop((v) => v.sessionId === id);
    else if (payload.startsWith("u:")) drop((v) => v.user.id === id);
    else if (payload.startsWith("o:")) drop((v) => v.membership?.organizationId === id);
    else drop(() => true);
  }

  return {
    /** Starts listening for changes; until it has, nothing is remembered. */
    async start() {
      if (ttl <= 0 || unlisten) return;
      try {
        unlisten = await handle.listen(SESSIONS_CHANNEL, onNotification, () => drop(() => true));
      } catch (error) {
        // Without the notifications every request reads the database, as before: slower, still correct.
        logger.warn({ err: error }, "sessões: LISTEN indisponível; sem memória de sessões");
      }
    },

    /** The caller's session, user and tenant, or null when not signed in. */
    async resolve(headers: Headers): Promise<ResolvedSession | null> {
      const token = await tokenOf(headers);
      if (!token) return null;
      const entry = byToken.get(token);
      const t = now();
      if (entry && t < entry.cachedUntil && t < entry.expiresAt && t < entry.refreshAt && handle.listening()) {
        return entry.value;
      }
      if (entry) byToken.delete(token);
      // Parallel requests of one screen share a single lookup.
      let pending = inFlight.get(token);
      if (!pending) {
        const mine: Promise<ResolvedSession | null> = load(token, headers).finally(() => {
          if (inFlight.get(token) === mine) inFlight.delete(token);
        });
        pending = mine;
        inFlight.set(token, mine);
      }
      return pending;
    },

    /**
     * After a successful write on this instance: waits until the notifications it caused have been
     * heard, so the same client's next request (often already on its way) sees the change. Skipped
     * when nothing is remembered; when the LISTEN connection can't tell, everything is forgotten.
     */
    async settle() {
      if (!unlisten || byToken.size === 0) return;
      if (!(await handle.caughtUp())) drop(() => true);
    },

    /** Forgets this request's session on this instance at once (the NOTIFY does it everywhere). */
    async forget(headers: Headers) {
      const token = await tokenOf(headers);
      const entry = token ? byToken.get(token) : undefined;
      if (entry) drop((v) => v.user.id === entry.value.user.id);
    },

    async close() {
      byToken.clear();
      await unlisten?.();
      unlisten = null;
    },
  };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;

/** One cookie's value, percent-decoded as better-call writes it. */
function readCookie(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}
