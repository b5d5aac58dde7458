/**
 * GET /api/events: Server-Sent Events of the caller's tenant. Replays stored events after
 * Last-Event-ID (header, or `lastEventId` in the query for clients that cannot set headers), then
 * streams live ones, with a heartbeat every 20 s.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import type { DomainEvent } from "../../shared/schemas/events";
import type { AppEnv } from "../http/context";
import { badRequest } from "../http/errors";
import { errorResponses } from "../http/openapi";
import type { EventBus } from "./event-bus";

export const HEARTBEAT_MS = 20_000;

const eventsRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Tempo real"],
  summary: "Fluxo SSE das mudanças em solicitações do seu cliente",
  description:
    "Cada evento tem `id:` (crescente por cliente), `event:` (tipo) e `data:` (JSON). Envie `Last-Event-ID` " +
    "para receber o que perdeu. Um comentário `: ping` chega a cada 20 s.",
  security: [{ cookieAuth: [] }],
  request: {
    query: z.object({ lastEventId: z.string().optional() }),
    headers: z.object({ "last-event-id": z.string().optional() }),
  },
  responses: {
    200: { description: "Fluxo de eventos", content: { "text/event-stream": { schema: z.string() } } },
    ...errorResponses(400, 401),
  },
});

function parseLastId(raw: string | undefined): number | null {
  if (raw === undefined || raw === "") return null;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0)
    throw badRequest("Last-Event-ID inválido", [{ path: "Last-Event-ID", message: "Deve ser um número inteiro" }]);
  return n;
}

export function eventsRoutes(bus: EventBus, opts: { heartbeatMs?: number } = {}) {
  const open = new Set<() => void>();
  const router = new OpenAPIHono<AppEnv>();

  router.openapi(eventsRoute, async (c) => {
    const { organizationId } = c.get("tenant");
    const lastEventId = parseLastId(c.req.header("last-event-id") ?? c.req.query("lastEventId"));
    c.header("Cache-Control", "no-cache, no-transform");
    c.header("X-Accel-Buffering", "no");

    return streamSSE(c, async (stream) => {
      let lastSent = lastEventId ?? 0;
      let replaying = true;
      const pending: DomainEvent[] = [];
      // Writes are chained so events never interleave on the wire.
      let writing: Promise<unknown> = Promise.resolve();
      const send = (event: DomainEvent) => {
        writing = writing.then(async () => {
          if (event.id <= lastSent) return;
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
      let close = () => {};
      const finished = new Promise<void>((resolve) => {
        close = resolve;
      });
      open.add(close);
      stream.onAbort(close);

      await stream.writeSSE({ event: "ready", data: JSON.stringify({ lastEventId }), retry: 3000 });
      if (lastEventId !== null) {
        for (const event of await bus.since(organizationId, lastEventId)) await send(event);
      }
      replaying = false;
      for (const event of pending.sort((a, b) => a.id - b.id)) await send(event);

      const heartbeat = setInterval(() => {
        writing = writing.then(() => stream.write(": ping\n\n")).catch(() => undefined);
      }, opts.heartbeatMs ?? HEARTBEAT_MS);
      await finished;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(close);
    });
  });

  return {
    router,
    /** Ends every open stream (graceful shutdown). */
    closeAll() {
      for (const close of open) close();
      open.clear();
    },
  };
}
