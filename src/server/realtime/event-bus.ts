/**
 * One LISTEN per process, fanned out in memory to the SSE connections of each tenant.
 *
 * NOTIFY is fire-and-forget: what is sent while the LISTEN connection is down (a PostgreSQL
 * restart) never arrives. The outbox (`eventos`) has it, so the bus remembers, per subscribed
 * tenant, the last event id it delivered; when the database handle reports a reconnection, it
 * reads each tenant's events after that id and delivers them in order, holding back live ones
 * until it is done, and never delivers an id twice.
 *
 * Each event is parsed, serialised and encoded as an SSE frame once per instance (sse.ts); every
 * listener gets the event (to filter it) and the same frame (to write it as it is).
 */
import { and, asc, eq, gt, lt, max } from "drizzle-orm";
import type { Logger } from "pino";
import { type DomainEvent, domainEventSchema } from "../../shared/schemas/events";
import type { DatabaseHandle, Unlisten } from "../db/client";
import { eventos } from "../db/schema";
import { EVENTS_CHANNEL } from "./events";
import { eventFrame, type Frame } from "./sse";

/** `frame`: the event's SSE bytes, shared by every listener (never modified). */
type Listener = (event: DomainEvent, frame: Frame) => void;

interface TenantFeed {
  listeners: Set<Listener>;
  /** Highest event id delivered to this tenant's listeners (ids grow per tenant, in commit order). */
  delivered: number;
  /** The tenant's latest stored event id when its first listener subscribed; catch-up starts there at the earliest. */
  baseline: Promise<number>;
}

const CATCH_UP_PAGE = 500;
const CATCH_UP_RETRY_MS = 1_000;

/** A server-side follower of every tenant's events (the attendant waiting on residents' decisions). */
type GlobalListener = (organizationId: string, event: DomainEvent) => void;

export function createEventBus(handle: DatabaseHandle, logger: Logger) {
  const feeds = new Map<string, TenantFeed>();
  const everyTenant = new Set<GlobalListener>();
  let unlisten: Unlisten | null = null;
  let starting: Promise<void> | null = null;
  let closed = false;
  /** While catching up after a reconnection, live notifications wait here. */
  let held: string[] | null = null;
  let catchUpAgain = false;

  function deliverTo(organizationId: string, event: DomainEvent) {
    const feed = feeds.get(organizationId);
    if (!feed || event.id <= feed.delivered) return;
    feed.delivered = event.id;
    const frame = eventFrame(event);
    for (const listener of feed.listeners) listener(event, frame);
  }

  function onNotification(payload: string) {
    if (held) {
      held.push(payload);
      return;
    }
    try {
      const { organizationId, event } = JSON.parse(payload) as { organizationId: string; event: unknown };
      const parsed = domainEventSchema.parse(event);
      deliverTo(organizationId, parsed);
      for (const listener of everyTenant) listener(organizationId, parsed);
    } catch (error) {
      logger.error({ err: error }, "evento de tempo real inválido");
    }
  }

  async function since(organizationId: string, afterId: number, limit: number): Promise<DomainEvent[]> {
    const rows = await handle.db
      .select({ payload: eventos.payload })
      .from(eventos)
      .where(and(eq(eventos.organizationId, organizationId), gt(eventos.id, afterId)))
      .orderBy(asc(eventos.id))
      .limit(limit);
    return rows.map((r) => domainEventSchema.parse(r.payload));
  }

  async function latestId(organizationId: string): Promise<number> {
    const [row] = await handle.db
      .select({ id: max(eventos.id) })
      .from(eventos)
      .where(eq(eventos.organizationId, organizationId));
    return Number(row?.id ?? 0);
  }

  async function catchUpTenant(organizationId: string, feed: TenantFeed) {
    const baseline = await feed.baseline.catch(() => null);
    // A subscription that never learnt its starting point has nothing it could have missed.
    if (baseline === null) return;
    let from = Math.max(feed.delivered, baseline);
    for (;;) {
      const events = await since(organizationId, from, CATCH_UP_PAGE);
      for (const event of events) deliverTo(organizationId, event);
      if (events.length < CATCH_UP_PAGE || feeds.get(organizationId) !== feed) return;
      from = events[events.length - 1]!.id;
    }
  }

  /** Runs after the LISTEN connection came back: deliver what was committed meanwhile. */
  function onReconnect() {
    if (held) {
      catchUpAgain = true;
      return;
    }
    held = [];
    void (async () => {
      do {
        catchUpAgain = false;
        try {
          for (const [organizationId, feed] of [...feeds]) await catchUpTenant(organizationId, feed);
        } catch (error) {
          // The server may accept the LISTEN connection before it serves queries: try again.
          logger.warn({ err: error }, "tempo real: falha ao recuperar eventos após reconexão; tentando de novo");
          catchUpAgain = true;
          await new Promise((resolve) => setTimeout(resolve, CATCH_UP_RETRY_MS));
        }
      } while (catchUpAgain && !closed);
      const waiting = held ?? [];
      held = null;
      for (const payload of waiting) onNotification(payload);
    })();
  }

  async function ensureListening() {
    if (unlisten) return;
    starting ??= handle.listen(EVENTS_CHANNEL, onNotification, onReconnect).then(
      (u) => {
        unlisten = u;
      },
      (error) => {
        // Let the next subscriber try again (the database may have been away).
        starting = null;
        throw error;
      },
    );
    await starting;
  }

  return {
    /** Live events of one tenant; resolves once LISTEN is active, returns the unsubscribe function. */
    async subscribe(organizationId: string, listener: Listener): Promise<() => void> {
      await ensureListening();
      let feed = feeds.get(organizationId);
      if (!feed) {
        feed = { listeners: new Set(), delivered: 0, baseline: latestId(organizationId) };
        feeds.set(organizationId, feed);
      }
      const own = feed;
      own.listeners.add(listener);
      const unsubscribe = () => {
        own.listeners.delete(listener);
        if (own.listeners.size === 0 && feeds.get(organizationId) === own) feeds.delete(organizationId);
      };
      try {
        await own.baseline;
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },

    /**
     * Live events of every tenant, for server-side work that reacts at once. Best effort: what
     * arrives while LISTEN is down is not replayed here, so such work also runs on a timer.
     */
    async subscribeAll(listener: GlobalListener): Promise<() => void> {
      await ensureListening();
      everyTenant.add(listener);
      return () => everyTenant.delete(listener);
    },

    /** Stored events of a tenant after `afterId`, oldest first, at most `limit`. */
    since(organizationId: string, afterId: number, limit = 500): Promise<DomainEvent[]> {
      return since(organizationId, afterId, limit);
    },

    /**
     * Every stored event of a tenant after `afterId`, oldest first, read page after page (replay
     * for Last-Event-ID: a client away for more than one page must still get them all).
     */
    async replay(organizationId: string, afterId: number): Promise<DomainEvent[]> {
      const events: DomainEvent[] = [];
      for (let from = afterId; ; ) {
        const page = await since(organizationId, from, CATCH_UP_PAGE);
        events.push(...page);
        if (page.length < CATCH_UP_PAGE) return events;
        from = page[page.length - 1]!.id;
      }
    },

    /** Housekeeping: events older than the retention are of no use to a reconnecting client. */
    async prune(olderThan: Date) {
      await handle.db.delete(eventos).where(lt(eventos.createdAt, olderThan));
    },

    connections(): number {
      let n = 0;
      for (const feed of feeds.values()) n += feed.listeners.size;
      return n;
    },

    async close() {
      closed = true;
      feeds.clear();
      everyTenant.clear();
      await unlisten?.();
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
