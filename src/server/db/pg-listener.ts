/**
 * The one dedicated LISTEN connection of a process on a PostgreSQL server. It survives the
 * server going away (restart, failover, a dropped network): an `error` or `end` never escapes as
 * an unhandled event (which would end the process), the connection is re-opened with capped
 * exponential backoff, every channel is LISTENed again, and `onReconnect` callbacks run so
 * subscribers can read what was committed while nobody listened (see realtime/event-bus.ts).
 */
import pg from "pg";

export interface ListenerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface PgListenerOptions {
  url: string;
  logger?: ListenerLogger;
  connectTimeoutMs?: number;
  /** First retry delay; doubles on each failure up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

type Handler = (payload: string) => void;

export function createPgListener(options: PgListenerOptions) {
  const { url, logger } = options;
  const minDelay = options.minDelayMs ?? 100;
  const maxDelay = options.maxDelayMs ?? 5_000;
  const handlers = new Map<string, Set<Handler>>();
  const reconnectCallbacks = new Set<() => void>();

  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let lostAt: number | null = null;
  let closed = false;
  /**
   * Notifications of a re-opened connection, held until the `onReconnect` callbacks have run: a
   * NOTIFY can arrive in the same packet as the LISTEN's reply, and a subscriber that saw a newer
   * event before learning of the gap would skip the older ones it is about to read back.
   */
  let held: pg.Notification[] | null = null;
  /**
   * Queries on the LISTEN connection (LISTEN for a new channel, caughtUp's round trip) go one at a
   * time: pg deprecates overlapping queries on one client (and pg 9 refuses them).
   */
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(run: () => Promise<T>): Promise<T> {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  }

  function dispatch(msg: pg.Notification) {
    if (held) {
      held.push(msg);
      return;
    }
    for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? "");
  }

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      keepAlive: true,
    });
    // Attached before connect(): an error at any moment is handled, never thrown at the process.
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next, null));
    next.on("notification", dispatch);
    try {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners("end");
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      throw new Error("listener closed");
    }
    return next;
  }

  function connect(): Promise<pg.Client> {
    connecting ??= open().then(
      (next) => {
        connecting = null;
        client = next;
        failures = 0;
        return next;
      },
      (error) => {
        connecting = null;
        throw error;
      },
    );
    return connecting;
  }

  function lost(which: pg.Client, error: Error | null) {
    if (which !== client) return;
    client = null;
    which.removeAllListeners("notification");
    void which.end().catch(() => undefined);
    if (closed) return;
    lostAt = Date.now();
    held ??= [];
    logger?.warn({ err: error ?? undefined }, "conexão LISTEN com o PostgreSQL perdida; reconectando");
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    const delay = Math.min(maxDelay, minDelay * 2 ** failures) * (0.75 + Math.random() * 0.5);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          logger?.info({ downMs: lostAt ? Date.now() - lostAt : undefined }, "conexão LISTEN com o PostgreSQL refeita");
          lostAt = null;
          for (const callback of reconnectCallbacks) callback();
          const waiting = held ?? [];
          held = null;
          for (const msg of waiting) dispatch(msg);
        },
        () => {
          failures++;
          scheduleReconnect();
        },
      );
    }, delay);
  }

  return {
    /**
     * Subscribes to a channel; resolves once LISTEN is active (or, while reconnecting, once it is
     * registered to be LISTENed on the new connection). `onReconnect` runs after each reconnection.
     */
    async listen(channel: string, onPayload: Handler, onReconnect?: () => void): Promise<() => Promise<void>> {
      let set = handlers.get(channel);
      const isNew = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onPayload);
      if (onReconnect) reconnectCallbacks.add(onReconnect);
      try {
        // First use, or connected: LISTEN now, so the caller sees every notification from here on.
        // While reconnecting, the new connection LISTENs every registered channel.
        if (lostAt === null) {
          const active = client ?? (await connect());
          if (isNew) await exclusive(() => active.query(`LISTEN ${pg.escapeIdentifier(channel)}`));
        }
      } catch (error) {
        set.delete(onPayload);
        if (set.size === 0) handlers.delete(channel);
        if (onReconnect) reconnectCallbacks.delete(onReconnect);
        throw error;
      }
      return async () => {
        set.delete(onPayload);
        if (onReconnect) reconnectCallbacks.delete(onReconnect);
      };
    },

    /**
     * Resolves once every notification committed before the call has been dispatched: the server
     * sends a listening connection's pending notifications before its reply to any query, so one
     * round trip on this connection is enough. False when it could not (not connected).
     */
    async caughtUp(): Promise<boolean> {
      const current = client;
      if (!current || held || lostAt !== null) return false;
      try {
        await exclusive(() => current.query("SELECT 1"));
        return true;
      } catch {
        return false;
      }
    },

    /** False while the connection is being re-opened after a loss (health); true before first use. */
    connected(): boolean {
      return lostAt === null;
    },

    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

export type PgListener = ReturnType<typeof createPgListener>;
