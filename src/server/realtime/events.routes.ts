/**
 * GET /api/events: Server-Sent Events of the caller's tenant. Replays stored events after
 * Last-Event-ID (header, or `lastEventId` in the query for clients that cannot set headers), then
 * streams live ones, with a heartbeat every 20 s.
 *
 * A stream outlives the request that opened it, so at every heartbeat it asks the database again
 * whether its session is still signed in and its user still a member of the tenant with
 * `solicitacoes:ler`; when not (signed out, removed, role changed) it ends. A removal or role change
 * also NOTIFYs (auth/access-revocation.ts), and the user's streams run that check at once. A morador's stream carries
 * only the events of the units they live in (auth/scope.ts), re-read at each heartbeat. At most
 * MAX_STREAMS_PER_SESSION streams per session on an instance: the next one is refused with 429
 * rather than closing the oldest, because a refused tab retries with backoff while closing the
 * oldest would make eleven tabs evict each other in a reconnect loop.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import type { Permission } from "../../shared/permissions";
import type { DomainEvent } from "../../shared/schemas/events";
import { ACCESS_CHANNEL, parseAccessChange } from "../auth/access-revocation";
import { requirePermission, tenantStillAllowed } from "../auth/tenant.middleware";
import type { Database, DatabaseHandle } from "../db/client";
import { isDatabaseUnavailable } from "../db/connection-errors";
import type { AppEnv } from "../http/context";
import { badRequest, tooManyRequests } from "../http/errors";
import { errorResponses } from "../http/openapi";
import type { EventBus } from "./event-bus";

export const HEARTBEAT_MS = 20_000;
export const MAX_STREAMS_PER_SESSION = 10;
export const TOO_MANY_STREAMS =
  "Muitas conexões de tempo real abertas nesta sessão (máximo de 10). Feche outras abas e tente novamente.";
const STREAM_PERMISSION: Permission = "solicitacoes:ler";

const eventsRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "acompanharEventos",
  tags: ["Tempo real"],
  summary: "Fluxo SSE das mudanças em solicitações e chamadas do seu cliente",
  description:
    "Cada evento tem `id:` (crescente por cliente), `event:` (tipo) e `data:` (JSON). Envie `Last-Event-ID` " +
    "para receber o que perdeu. Um comentário `: ping` chega a cada 20 s.",
  security: [{ cookieAuth: [] }],
  middleware: [requirePermission(STREAM_PERMISSION)] as const,
  request: {
    query: z.object({ lastEventId: z.string().optional() }),
    headers: z.object({ "last-event-id": z.string().optional() }),
  },
  responses: {
    200: { description: "Fluxo de eventos", content: { "text/event-stream": { schema: z.string() } } },
    ...errorResponses(400, 401, 403, 429),
  },
});

function parseLastId(raw: string | undefined): number | null {
  if (raw === undefined || raw === "") return null;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0)
    throw badRequest("Last-Event-ID inválido", [{ path: "Last-Event-ID", message: "Deve ser um número inteiro" }]);
  return n;
}

export function eventsRoutes(
  bus: EventBus,
  opts: { db: Database; listen?: DatabaseHandle["listen"]; heartbeatMs?: number },
) {
  const open = new Set<() => void>();
  /** Open streams per session id on this instance. */
  const perSession = new Map<string, Set<() => void>>();
  /** "Check your access now" per user id, for the streams of that user on this instance. */
  const rechecks = new Map<string, Set<(organizationId: string) => void>>();
  let listening: Promise<unknown> | null = null;
  const listenForAccessChanges = () => {
    listening ??= opts.listen
      ? opts
          .listen(ACCESS_CHANNEL, (payload) => {
            const change = parseAccessChange(payload);
            if (!change) return;
            for (const recheck of rechecks.get(change.userId) ?? []) recheck(change.organizationId);
          })
          // Without the LISTEN, the heartbeat still ends the stream; never fail the request for it.
          .catch(() => {
            listening = null;
          })
      : Promise.resolve();
    return listening;
  };
  const router = new OpenAPIHono<AppEnv>();

  router.openapi(eventsRoute, async (c) => {
    const tenant = c.get("tenant");
    const { organizationId, sessionId } = tenant;
    const lastEventId = parseLastId(c.req.header("last-event-id") ?? c.req.query("lastEventId"));
    const sessionStreams = perSession.get(sessionId) ?? new Set<() => void>();
    if (sessionStreams.size >= MAX_STREAMS_PER_SESSION) throw tooManyRequests(TOO_MANY_STREAMS);
    // Reserve the slot now, before any await, so parallel requests cannot all pass the check.
    let close = () => {};
    const finished = new Promise<void>((resolve) => {
      close = resolve;
    });
    sessionStreams.add(close);
    perSession.set(sessionId, sessionStreams);
    open.add(close);
    const release = () => {
      open.delete(close);
      sessionStreams.delete(close);
      if (sessionStreams.size === 0 && perSession.get(sessionId) === sessionStreams) perSession.delete(sessionId);
    };
    c.header("Cache-Control", "no-cache, no-transform");
    c.header("X-Accel-Buffering", "no");

    await listenForAccessChanges();
    return streamSSE(c, async (stream) => {
      try {
        await serve(stream);
      } finally {
        release();
      }
    });

    async function serve(stream: Parameters<Parameters<typeof streamSSE>[1]>[0]) {
      let lastSent = lastEventId ?? 0;
      // A morador's stream carries only their units' events; re-read at each heartbeat.
      let scope = tenant.scope;
      const visible = (event: DomainEvent) =>
        scope === null || (event.unidade_id !== undefined && scope.unidadeIds.includes(event.unidade_id));
      let replaying = true;
      const pending: DomainEvent[] = [];
      // Writes are chained so events never interleave on the wire.
      let writing: Promise<unknown> = Promise.resolve();
      const send = (event: DomainEvent) => {
        writing = writing.then(async () => {
          if (event.id <= lastSent || !visible(event)) return;
          lastSent = event.id;
          await stream.writeSSE({ id: String(event.id), event: event.type, data: JSON.stringify(event) });
        });
        return writing;
      };

      // Subscribe before reading the replay, so nothing committed in between is lost.
      const unsubscribe = await bus.subscribe(organizationId, (event) => {
        if (replaying) pending.push(event);
        else void send(event);
      });
      stream.onAbort(close);
      if (stream.aborted) close();

      await stream.writeSSE({ event: "ready", data: JSON.stringify({ lastEventId }), retry: 3000 });
      if (lastEventId !== null) {
        for (const event of await bus.since(organizationId, lastEventId)) await send(event);
      }
      replaying = false;
      for (const event of pending.sort((a, b) => a.id - b.id)) await send(event);

      // Fail closed on any error but an outage: while PostgreSQL restarts nobody can sign out
      // either, and keeping the stream lets the bus hand it the events of the gap afterwards.
      const stillAllowed = async () => {
        const allowed = await tenantStillAllowed(opts.db, tenant, STREAM_PERMISSION).catch((error: unknown) =>
          isDatabaseUnavailable(error) ? "unknown" : false,
        );
        if (!allowed) {
          close();
          return false;
        }
        if (allowed !== "unknown") scope = allowed.scope;
        return true;
      };
      const heartbeat = setInterval(() => {
        writing = writing
          .then(async () => {
            if (await stillAllowed()) await stream.write(": ping\n\n");
          })
          .catch(() => undefined);
      }, opts.heartbeatMs ?? HEARTBEAT_MS);
      const recheck = (changedOrganizationId: string) => {
        if (changedOrganizationId !== organizationId) return;
        writing = writing.then(stillAllowed).catch(() => undefined);
      };
      const userRechecks = rechecks.get(tenant.userId) ?? new Set();
      userRechecks.add(recheck);
      rechecks.set(tenant.userId, userRechecks);
      await finished;
      clearInterval(heartbeat);
      userRechecks.delete(recheck);
      if (userRechecks.size === 0 && rechecks.get(tenant.userId) === userRechecks) rechecks.delete(tenant.userId);
      unsubscribe();
    }
  });

  return {
    router,
    /** Ends every open stream (graceful shutdown). */
    closeAll() {
      for (const close of open) close();
      open.clear();
      perSession.clear();
    },
  };
}
