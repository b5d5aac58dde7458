/**
 * GET /api/events: Server-Sent Events of the caller's tenant. Replays stored events after
 * Last-Event-ID (header, or `lastEventId` in the query for clients that cannot set headers), then
 * streams live ones, with a heartbeat every 20 s.
 *
 * A stream outlives the request that opened it, so at every heartbeat the instance asks the
 * database again, for all its streams in one go, whether each one's session still grants what the
 * stream was opened with, `solicitacoes:ler` included (the rule: auth/access-check.ts); a stream
 * that is no longer allowed (signed out, removed, role changed) ends. A removal or role change also
 * NOTIFYs (auth/access-revocation.ts), and the user's streams run that check at once. A morador's
 * stream carries only the events of the units they live in, an assigned porteiro's those of their
 * condominiums (auth/scope.ts), re-read at each heartbeat. At most MAX_STREAMS_PER_SESSION streams per session on an instance: the next one is
 * refused with 429 rather than closing the oldest, because a refused tab retries with backoff while
 * closing the oldest would make eleven tabs evict each other in a reconnect loop.
 *
 * Fan-out cost (docs/benchmarks.md, "Realtime fan-out"): the bus hands every stream the event's frame already
 * encoded, so an event is serialised once per instance, and writing it is one synchronous write per
 * stream, straight to its socket once the stream is under way (see NodeResponse): no promise chain,
 * nothing kept per chunk, no timer per stream. One timer per instance sends the heartbeats. A client
 * that stops reading while events keep coming is cut off past MAX_QUEUED_BYTES of unsent data,
 * instead of the instance holding it all; like any dropped stream it reconnects and resumes with
 * Last-Event-ID.
 */

import { z } from "@hono/zod-openapi";
import type { Permission } from "../../shared/permissions";
import type { DomainEvent } from "../../shared/schemas/events";
import { type AccessGrant, type GrantCheck, grantsStillAllowed } from "../auth/access-check";
import { ACCESS_CHANNEL, parseAccessChange } from "../auth/access-revocation";
import type { DataScope } from "../auth/scope";
import type { Database, DatabaseHandle } from "../db/client";
import { isDatabaseUnavailable } from "../db/connection-errors";
import type { TenantContext } from "../http/context";
import { badRequest, tooManyRequests } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { apiRouter, tenantRoute } from "../http/routes";
import type { EventBus } from "./event-bus";
import { eventFrame, type Frame, PING_FRAME, readyFrame } from "./sse";

export const HEARTBEAT_MS = 20_000;
export const MAX_STREAMS_PER_SESSION = 10;
export const TOO_MANY_STREAMS =
  "Muitas conexões de tempo real abertas nesta sessão (máximo de 10). Feche outras abas e tente novamente.";
/** Unsent bytes a stream may hold for a client that does not read before it is cut off. */
export const MAX_QUEUED_BYTES = 1024 * 1024;
const STREAM_PERMISSION: Permission = "solicitacoes:ler";
/** No buffering ahead: a stream's desiredSize is minus the bytes its client has not taken yet. */
const UNBUFFERED: QueuingStrategy<Uint8Array> = { highWaterMark: 0, size: (chunk) => chunk.byteLength };

const eventsRoute = tenantRoute({
  method: "get",
  path: "/",
  operationId: "acompanharEventos",
  tags: ["Tempo real"],
  summary: "Fluxo SSE das mudanças em solicitações e chamadas do seu cliente",
  description:
    "Cada evento tem `id:` (crescente por cliente), `event:` (tipo) e `data:` (JSON). Envie `Last-Event-ID` " +
    "para receber o que perdeu. Um comentário `: ping` chega a cada 20 s.",
  permission: STREAM_PERMISSION,
  request: {
    query: z.object({ lastEventId: z.string().optional() }),
    headers: z.object({ "last-event-id": z.string().optional() }),
  },
  responses: {
    200: { description: "Fluxo de eventos", content: { "text/event-stream": { schema: z.string() } } },
    ...errorResponses(400, 429),
  },
});

function parseLastId(raw: string | undefined): number | null {
  if (raw === undefined || raw === "") return null;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0)
    throw badRequest("Last-Event-ID inválido", [{ path: "Last-Event-ID", message: "Deve ser um número inteiro" }]);
  return n;
}

/**
 * Where a stream's bytes go. First through the web ReadableStream the route returns: that is what
 * the in-process `app.request` of the tests reads, and how the head and first bytes reach a real
 * client. On @hono/node-server, once those are out, frames go straight to the node response:
 * @hono/node-server copies a ReadableStream body to the socket with a promise chain that keeps every
 * link until the stream ends (about 0.1 KB per chunk, 0.5 KB while an AsyncLocalStorage is active,
 * as better-auth's is), so a stream open for a day would keep megabytes of pings and events. With
 * chunked encoding (HTTP/1.1), each frame goes to the socket as the chunk the response itself would
 * have written, built once per event for every socket (Frame.chunked); else through `res.write`.
 */
interface NodeResponse {
  readonly headersSent: boolean;
  readonly writableEnded: boolean;
  readonly destroyed: boolean;
  /** Bytes the response holds, its socket's included. */
  readonly writableLength: number;
  readonly chunkedEncoding?: boolean;
  readonly socket?: {
    readonly destroyed: boolean;
    readonly writableLength: number;
    write(chunk: Uint8Array): boolean;
  } | null;
  write(chunk: Uint8Array): boolean;
  destroy(): void;
}

/** One open stream: what it was opened with, what it sent, and its bytes on their way to the client. */
class EventStream implements AccessGrant {
  readonly organizationId: string;
  readonly userId: string;
  readonly sessionId: string;
  readonly role: TenantContext["role"];
  /** A morador's units (null: the whole tenant); replaced by each access check. */
  scope: DataScope;
  /** The check round whose answer set `scope`: an older answer arriving late never overwrites a newer one. */
  checkedRound = 0;
  closed = false;
  /** Leaves the tenant's feed on the bus. */
  unsubscribe: () => void = () => {};
  readonly readable: ReadableStream<Uint8Array>;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  /** Set once frames go straight to the node response (see NodeResponse); returns the bytes still unsent. */
  private direct: ((frame: Frame) => number) | null = null;
  private switching = false;
  private lastSent: number;
  /** Live events that arrived while the stored ones were being replayed; null once live. */
  private pending: { event: DomainEvent; frame: Frame }[] | null = [];

  constructor(
    tenant: TenantContext,
    lastEventId: number | null,
    private readonly maxQueuedBytes: number,
    private readonly onClose: (stream: EventStream) => void,
    /** The node response behind this request (on @hono/node-server), else null. */
    private readonly response: NodeResponse | null,
  ) {
    this.organizationId = tenant.organizationId;
    this.userId = tenant.userId;
    this.sessionId = tenant.sessionId;
    this.role = tenant.role;
    this.scope = tenant.scope;
    this.lastSent = lastEventId ?? 0;
    this.readable = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        // The client went away (@hono/node-server reads the socket's close as a cancel).
        cancel: () => this.close(),
      },
      UNBUFFERED,
    );
  }

  /** A live event from the bus (`frame` is shared by every stream: written as it is). */
  deliver(event: DomainEvent, frame: Frame) {
    if (this.pending) this.pending.push({ event, frame });
    else this.send(event, frame);
  }

  /** The stored events after Last-Event-ID, then what arrived meanwhile, in id order; then live. */
  endReplay(replayed: readonly DomainEvent[]) {
    for (const event of replayed) this.send(event, eventFrame(event));
    const pending = this.pending ?? [];
    this.pending = null;
    pending.sort((a, b) => a.event.id - b.event.id);
    for (const { event, frame } of pending) this.send(event, frame);
  }

  write(frame: Frame) {
    if (this.closed || !this.controller) return;
    if (this.direct) {
      const response = this.response!;
      if (response.writableEnded || response.destroyed || response.socket?.destroyed) {
        this.close();
        return;
      }
      if (this.direct(frame) > this.maxQueuedBytes) this.cutOff();
      return;
    }
    try {
      this.controller.enqueue(frame.bytes);
    } catch {
      this.close();
      return;
    }
    if ((this.controller.desiredSize ?? 0) < -this.maxQueuedBytes) this.cutOff();
    else this.switchToDirectSoon();
  }

  close() {
    if (this.closed) return;
    try {
      // @hono/node-server then ends the response (after what the web stream still holds).
      this.controller?.close();
    } catch {
      // already cancelled by the client
    }
    this.finish();
  }

  /**
   * The client reads slower than events come: drop the connection rather than the queue's tail,
   * so it resumes from what it really got. Erroring the web stream alone would wait for a drain
   * that may never come, so the node response (and its socket) goes too.
   */
  private cutOff() {
    this.controller?.error(new Error("cliente de tempo real lento demais"));
    this.response?.destroy();
    this.finish();
  }

  /**
   * Frames may go straight to the node response once nothing is left in between: its head was
   * written and the web stream is empty. Checked on the next turn of the event loop, when
   * @hono/node-server has written what it took from the stream (it does so synchronously, in the
   * microtask that reads it); if the socket was backed up, checked again a little later.
   */
  private switchToDirectSoon(delayMs = 0) {
    if (!this.response || this.switching) return;
    this.switching = true;
    const check = () => {
      this.switching = false;
      const response = this.response!;
      if (this.closed || this.direct || !this.controller) return;
      if (!response.headersSent || this.controller.desiredSize !== 0) {
        this.switchToDirectSoon(50);
        return;
      }
      const socket = response.socket;
      // Chunked, and the response holds nothing of its own that the socket has not taken yet.
      if (response.chunkedEncoding === true && socket && response.writableLength === socket.writableLength) {
        this.direct = (frame) => {
          socket.write(frame.chunked);
          return socket.writableLength;
        };
      } else {
        this.direct = (frame) => {
          response.write(frame.bytes);
          return response.writableLength;
        };
      }
    };
    if (delayMs === 0) setImmediate(check);
    else setTimeout(check, delayMs).unref();
  }

  private finish() {
    if (this.closed) return;
    this.closed = true;
    this.pending = null;
    this.onClose(this);
  }

  private send(event: DomainEvent, frame: Frame) {
    // Ids grow per tenant: one already sent (replay and live overlap) is never sent again.
    if (event.id <= this.lastSent || !this.visible(event)) return;
    this.lastSent = event.id;
    this.write(frame);
  }

  /** Inside the caller's scope (auth/scope.ts); an event that names no unit or condominium: staff only. */
  private visible(event: DomainEvent) {
    const scope = this.scope;
    if (scope === null) return true;
    if (scope.unidadeIds === null)
      return event.condominio_id !== undefined && scope.condominioIds.includes(event.condominio_id);
    return event.unidade_id !== undefined && scope.unidadeIds.includes(event.unidade_id);
  }
}

export function eventsRoutes(
  bus: EventBus,
  opts: { db: Database; listen?: DatabaseHandle["listen"]; heartbeatMs?: number; maxQueuedBytes?: number },
) {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const maxQueuedBytes = opts.maxQueuedBytes ?? MAX_QUEUED_BYTES;
  const streams = new Set<EventStream>();
  /** Open (or opening) streams per session id on this instance. */
  const perSession = new Map<string, number>();
  /** Open streams per user id, for "check your access now". */
  const byUser = new Map<string, Set<EventStream>>();
  let heartbeat: NodeJS.Timeout | null = null;
  let beating = false;
  let checkRound = 0;

  const releaseSlot = (sessionId: string) => {
    const n = (perSession.get(sessionId) ?? 1) - 1;
    if (n <= 0) perSession.delete(sessionId);
    else perSession.set(sessionId, n);
  };

  const forget = (stream: EventStream) => {
    streams.delete(stream);
    releaseSlot(stream.sessionId);
    const mine = byUser.get(stream.userId);
    mine?.delete(stream);
    if (mine?.size === 0) byUser.delete(stream.userId);
    stream.unsubscribe();
    if (streams.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  };

  /**
   * Re-checks `batch` against the database: ends the streams no longer allowed and refreshes the
   * others' scope. Fail closed on any error but an outage: while PostgreSQL restarts nobody can
   * sign out either, and keeping the streams lets the bus hand them the events of the gap afterwards.
   * Returns the streams that may go on.
   */
  async function recheck(batch: EventStream[]): Promise<EventStream[]> {
    const round = ++checkRound;
    let checks: Map<EventStream, GrantCheck> | "unknown";
    try {
      checks = await grantsStillAllowed(opts.db, batch, STREAM_PERMISSION);
    } catch (error) {
      checks = isDatabaseUnavailable(error) ? "unknown" : new Map();
    }
    const going: EventStream[] = [];
    for (const stream of batch) {
      if (stream.closed) continue;
      const check = checks === "unknown" ? "unknown" : (checks.get(stream) ?? false);
      if (check === false) {
        stream.close();
        continue;
      }
      if (check !== "unknown" && round > stream.checkedRound) {
        stream.scope = check.scope;
        stream.checkedRound = round;
      }
      going.push(stream);
    }
    return going;
  }

  /** Every stream of the instance: one access check for all, then a ping to those that may go on. */
  async function beat() {
    if (beating) return; // the previous check is still running (a slow database): skip this beat
    beating = true;
    try {
      for (const stream of await recheck([...streams])) stream.write(PING_FRAME);
    } finally {
      beating = false;
    }
  }

  let listening: Promise<unknown> | null = null;
  const listenForAccessChanges = () => {
    listening ??= opts.listen
      ? opts
          .listen(ACCESS_CHANNEL, (payload) => {
            const change = parseAccessChange(payload);
            if (!change) return;
            const batch = [...(byUser.get(change.userId) ?? [])].filter(
              (s) => s.organizationId === change.organizationId,
            );
            if (batch.length > 0) void recheck(batch);
          })
          // Without the LISTEN, the heartbeat still ends the stream; never fail the request for it.
          .catch(() => {
            listening = null;
          })
      : Promise.resolve();
    return listening;
  };
  const router = apiRouter();

  router.openapi(eventsRoute, async (c) => {
    const tenant = c.get("tenant");
    const { organizationId, sessionId } = tenant;
    const lastEventId = parseLastId(c.req.header("last-event-id") ?? c.req.query("lastEventId"));
    const open = perSession.get(sessionId) ?? 0;
    if (open >= MAX_STREAMS_PER_SESSION) throw tooManyRequests(TOO_MANY_STREAMS);
    // Reserve the slot now, before any await, so parallel requests cannot all pass the check.
    perSession.set(sessionId, open + 1);
    const response = (c.env as { outgoing?: NodeResponse } | undefined)?.outgoing ?? null;
    const stream = new EventStream(tenant, lastEventId, maxQueuedBytes, forget, response);
    try {
      await listenForAccessChanges();
      // Subscribe before reading the replay, so nothing committed in between is lost.
      stream.unsubscribe = await bus.subscribe(organizationId, (event, frame) => stream.deliver(event, frame));
    } catch (error) {
      releaseSlot(sessionId);
      throw error;
    }
    streams.add(stream);
    const mine = byUser.get(tenant.userId) ?? new Set();
    mine.add(stream);
    byUser.set(tenant.userId, mine);
    if (!heartbeat) {
      heartbeat = setInterval(() => void beat(), heartbeatMs);
      heartbeat.unref();
    }

    stream.write(readyFrame(lastEventId));
    if (lastEventId === null) stream.endReplay([]);
    else {
      bus.replay(organizationId, lastEventId).then(
        (events) => stream.endReplay(events),
        () => stream.close(), // the client reconnects and tries again
      );
    }

    c.header("Content-Type", "text/event-stream");
    c.header("Cache-Control", "no-cache, no-transform");
    c.header("X-Accel-Buffering", "no");
    // No Transfer-Encoding or Connection header of our own: node picks chunked encoding for HTTP/1.1
    // and a body that ends with the connection for HTTP/1.0, which knows no chunks.
    return c.body(stream.readable);
  });

  return {
    router,
    /** Ends every open stream (graceful shutdown). */
    closeAll() {
      for (const stream of [...streams]) stream.close();
    },
  };
}
