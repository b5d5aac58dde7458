/**
 * One LISTEN per process, fanned out in memory to the SSE connections of each tenant.
 */
import { and, asc, eq, gt, lt } from "drizzle-orm";
import type { Logger } from "pino";
import { type DomainEvent, domainEventSchema } from "../../shared/schemas/events";
import type { DatabaseHandle, Unlisten } from "../db/client";
import { eventos } from "../db/schema";
import { EVENTS_CHANNEL } from "./events";

type Listener = (event: DomainEvent) => void;

export function createEventBus(handle: DatabaseHandle, logger: Logger) {
  const listeners = new Map<string, Set<Listener>>();
  let unlisten: Unlisten | null = null;
  let starting: Promise<void> | null = null;

  function deliver(payload: string) {
    try {
      const { organizationId, event } = JSON.parse(payload) as { organizationId: string; event: unknown };
      const parsed = domainEventSchema.parse(event);
      for (const listener of listeners.get(organizationId) ?? []) listener(parsed);
    } catch (error) {
      logger.error({ err: error }, "evento de tempo real inválido");
    }
  }

  async function ensureListening() {
    if (unlisten) return;
    starting ??= handle.listen(EVENTS_CHANNEL, deliver).then((u) => {
      unlisten = u;
    });
    await starting;
  }

  return {
    /** Live events of one tenant; resolves once LISTEN is active, returns the unsubscribe function. */
    async subscribe(organizationId: string, listener: Listener): Promise<() => void> {
      await ensureListening();
      let set = listeners.get(organizationId);
      if (!set) {
        set = new Set();
        listeners.set(organizationId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(organizationId);
      };
    },

    /** Stored events of a tenant after `afterId`, oldest first (replay for Last-Event-ID). */
    async since(organizationId: string, afterId: number, limit = 500): Promise<DomainEvent[]> {
      const rows = await handle.db
        .select({ payload: eventos.payload })
        .from(eventos)
        .where(and(eq(eventos.organizationId, organizationId), gt(eventos.id, afterId)))
        .orderBy(asc(eventos.id))
        .limit(limit);
      return rows.map((r) => domainEventSchema.parse(r.payload));
    },

    /** Housekeeping: events older than the retention are of no use to a reconnecting client. */
    async prune(olderThan: Date) {
      await handle.db.delete(eventos).where(lt(eventos.createdAt, olderThan));
    },

    connections(): number {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },

    async close() {
      listeners.clear();
      await unlisten?.();
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
