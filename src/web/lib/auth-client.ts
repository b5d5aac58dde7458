/**
 * The browser's side of better-auth: read the session, sign in with e-mail and password, sign out.
 * The session lives in an HttpOnly cookie, never in localStorage; tenants and roles come from our
 * own API (/api/me). This replaces better-auth's client (better-auth/react, with @better-fetch/fetch
 * and nanostores, 10.4 KB gzipped on /login and on the console's first screen; docs/decisions/026)
 * with the three calls the pages use, keeping what its session store does:
 *
 * - GET /api/auth/get-session when the first component subscribes, shared by every component and
 *   skipped when a request is already on its way or an answer arrived less than a second ago;
 * - again when the tab becomes visible or the network comes back (at most once every 5 s), when
 *   another tab signs out (better-auth's `localStorage` message, so old and new tabs understand each
 *   other during a deploy), and after a sign-in or sign-out;
 * - a newer request cancels an older one, whose answer could describe the session before a change;
 * - answers and errors shaped as better-fetch gave them: `{ data, error }`, the error being the JSON
 *   body with `status` and `statusText` added, ISO dates in the JSON turned into `Date`s; a network
 *   failure rejects (signIn, signOut) or lands in the session's `error`, keeping the last data.
 *
 * Left out, as nothing here uses them: better-auth's redirect after a sign-in answering `redirect: true`
 * (only with a `callbackURL`, which we never send), the POST /get-session of `deferSessionRefresh`
 * (not configured, and not exposed by auth-endpoints.ts), polling (off by default), plugins, the
 * `isRefetching` flag (a re-render at the start and end of every background check, read by no one),
 * and the proxy that turns any property into an endpoint.
 *
 * The server checks the Origin of every POST (better-auth and our origin guard); the browser sends it
 * on every same-origin fetch POST, so nothing is added here.
 */
import type { Session, User } from "better-auth";
import { useSyncExternalStore } from "react";

/** better-auth's own models (types only: nothing of better-auth reaches the browser bundle). */
export type SessionUser = User;

export interface SessionData {
  user: User;
  session: Session;
}

/** An HTTP error as better-fetch returned it: the server's JSON body (`code`, `message`…) plus the status. */
export interface AuthError {
  message?: string;
  code?: string;
  status: number;
  statusText: string;
  [key: string]: unknown;
}

export type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthError };

export interface SessionState {
  data: SessionData | null;
  /** The last request's failure: an HTTP error, or the exception of a request that never got an answer. */
  error: AuthError | Error | null;
  /** No answer yet for a screen that asked (on first use, after sign-in/out, or on refetch without a user). */
  isPending: boolean;
  /** Asks the server again; resolves once the store holds the answer to the latest request. */
  refetch: () => Promise<void>;
}

/** better-auth's key and message shape, so its tabs and ours hear each other's sign-outs. */
const MESSAGE_KEY = "better-auth.message";
/** A visible-again tab or a reconnected network asks at most this often. */
const FOCUS_THROTTLE_MS = 5000;
/** How long an answer counts as fresh for a newly mounted screen, and how long the store waits, after its last subscriber leaves, before it stops listening (nanostores' unmount delay, which better-auth uses for both). */
const KEEP_MS = 1000;

/** The ISO timestamps better-auth's JSON parser turns into dates (`2024-05-01T12:00:00.000Z`). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,7})?(?:Z|[+-]\d{2}:\d{2})$/;

function revive(key: string, value: unknown): unknown {
  // better-auth's parser drops these keys rather than trust them to whoever spreads the object.
  if (key === "__proto__" || key === "constructor") return undefined;
  if (typeof value === "string" && ISO_DATE.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return value;
}

/** An empty body is null and text that is not JSON stays text, as better-auth's client parsed it. */
function parseBody(text: string): unknown {
  if (!text.trim()) return null;
  try {
    return JSON.parse(text, revive);
  } catch {
    return text;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Deep equality for parsed JSON (dates by their time), so an unchanged session keeps its object. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && same(a[key], b[key]));
}

const inBrowser = () => typeof window !== "undefined" && typeof document !== "undefined";
/** better-auth does not ask on focus, reconnection or another tab's message while offline. */
const online = () => typeof navigator === "undefined" || navigator.onLine !== false;

export function createAuthClient({ basePath = "/api/auth" }: { basePath?: string } = {}) {
  async function request<T>(path: string, body?: object, signal?: AbortSignal): Promise<AuthResult<T>> {
    const response = await fetch(`${basePath}${path}`, {
      method: body ? "POST" : "GET",
      credentials: "include",
      headers: body ? { "content-type": "application/json" } : undefined,
      body: body ? JSON.stringify(body) : undefined,
      signal,
    });
    const parsed = parseBody(await response.text());
    if (response.ok) return { data: parsed as T, error: null };
    const fields = isObject(parsed) && !Array.isArray(parsed) ? parsed : {};
    return { data: null, error: { ...fields, status: response.status, statusText: response.statusText } };
  }

  type Flight = { controller: AbortController; revision: number; done: Promise<void> };

  const listeners = new Set<() => void>();
  const initial: SessionState = { data: null, error: null, isPending: true, refetch: () => fetchSession() };
  let state = initial;
  let flight: Flight | undefined;
  /** Bumped by each sign-in and sign-out: answers to requests sent before describe the old session. */
  let revision = 0;
  /** The revision of the latest request sent. */
  let askedAt = -1;
  /** Until when a mount may reuse the last answer instead of asking. */
  let freshUntil = 0;
  let lastFocusFetch = 0;
  let active = false;
  let mountTimer: ReturnType<typeof setTimeout> | undefined;
  let unmountTimer: ReturnType<typeof setTimeout> | undefined;

  function set(next: Omit<SessionState, "refetch">) {
    // The same session answered again keeps its object: consumers' effects and memos see no change.
    const data = same(state.data, next.data) ? state.data : next.data;
    if (data === state.data && next.error === state.error && next.isPending === state.isPending) return;
    state = { data, error: next.error, isPending: next.isPending, refetch: initial.refetch };
    for (const listener of [...listeners]) listener();
  }

  async function load(signal: AbortSignal): Promise<boolean> {
    try {
      const { data, error } = await request<SessionData | null>("/get-session", undefined, signal);
      if (signal.aborted) return false;
      if (error) {
        // Only a 401 says nobody is signed in; any other failure keeps what we knew.
        set({ data: error.status === 401 ? null : state.data, error, isPending: false });
        return false;
      }
      const session = data && (data.user || data.session) ? data : null;
      set({ data: session, error: null, isPending: false });
      return true;
    } catch (error) {
      if (signal.aborted) return false;
      set({ data: state.data, error: error instanceof Error ? error : new Error(String(error)), isPending: false });
      return false;
    }
  }

  /**
   * A new request, cancelling the one in flight. `background` (focus, reconnection, another tab) does
   * not mark a signed-out store as pending: better-auth did, which replaced /login's form with the
   * spinner, and what was typed in it, each time the tab became visible again.
   */
  function fetchSession(background = false): Promise<void> {
    flight?.controller.abort();
    freshUntil = 0;
    const controller = new AbortController();
    const current = { controller, revision } as Flight;
    flight = current;
    askedAt = revision;
    set({ data: state.data, error: null, isPending: background ? state.isPending : state.data === null });
    current.done = load(controller.signal).then((fresh): Promise<void> | undefined => {
      if (flight !== current) return flight?.done;
      flight = undefined;
      if (fresh && current.revision === revision) {
        const expiresAt = state.data?.session?.expiresAt;
        freshUntil = Math.min(Date.now() + KEEP_MS, expiresAt instanceof Date ? expiresAt.getTime() : Infinity);
      }
    });
    return current.done;
  }

  /** A screen appeared: join the request on its way, reuse an answer under a second old, or ask. */
  function fetchOnMount() {
    if (flight && flight.revision === revision) return;
    if (Date.now() < freshUntil) return;
    void fetchSession();
  }

  /** Back on the tab, or back online: ask again, at most once every 5 s. */
  function onFocus() {
    if (!online() || Date.now() - lastFocusFetch < FOCUS_THROTTLE_MS) return;
    lastFocusFetch = Date.now();
    void fetchSession(true);
  }

  function onVisibilityChange() {
    if (document.visibilityState === "visible") onFocus();
  }

  function onStorage(event: StorageEvent) {
    if (event.key !== MESSAGE_KEY || !event.newValue || !online()) return;
    let message: unknown;
    try {
      message = JSON.parse(event.newValue);
    } catch {
      return;
    }
    if (isObject(message) && message.event === "session" && message.data) void fetchSession(true);
  }

  function start() {
    active = true;
    mountTimer = setTimeout(fetchOnMount, 0);
    document.addEventListener("visibilitychange", onVisibilityChange);
    window.addEventListener("online", onFocus);
    window.addEventListener("storage", onStorage);
  }

  function stop() {
    active = false;
    clearTimeout(mountTimer);
    lastFocusFetch = 0;
    document.removeEventListener("visibilitychange", onVisibilityChange);
    window.removeEventListener("online", onFocus);
    window.removeEventListener("storage", onStorage);
  }

  const getSnapshot = () => state;
  const getServerSnapshot = () => initial;

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    clearTimeout(unmountTimer);
    if (!active && inBrowser()) start();
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0) return;
      // One screen often replaces another (/login → /app): a second keeps the store listening and fresh.
      clearTimeout(unmountTimer);
      unmountTimer = setTimeout(() => {
        if (listeners.size === 0 && active) stop();
      }, KEEP_MS);
    };
  }

  /** The session changed on the server: load it, unless a screen asked for it since (login's refetch). */
  function sessionChanged() {
    revision++;
    freshUntil = 0;
    if (!active) return;
    setTimeout(() => {
      if (askedAt !== revision) void fetchSession();
    }, 0);
  }

  function broadcastSignOut() {
    try {
      const message = {
        event: "session",
        data: { trigger: "signout" },
        // Other tabs get a storage event only when the stored value changes: these make each one new.
        clientId: Math.random().toString(36).slice(7),
        timestamp: Math.floor(Date.now() / 1000),
      };
      localStorage.setItem(MESSAGE_KEY, JSON.stringify(message));
    } catch {
      // Storage disabled (private mode, quota): the other tabs find out on their next request.
    }
  }

  return {
    useSession(): SessionState {
      // The server (pre-rendering) and the hydrating client both render "pending", so markup matches.
      return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
    },
    signIn: {
      async email(credentials: {
        email: string;
        password: string;
      }): Promise<AuthResult<{ user: SessionUser; redirect: boolean; url?: string }>> {
        const result = await request<{ user: SessionUser; redirect: boolean; url?: string }>(
          "/sign-in/email",
          credentials,
        );
        if (!result.error) sessionChanged();
        return result;
      },
    },
    async signOut(): Promise<AuthResult<{ success: boolean }>> {
      const result = await request<{ success: boolean }>("/sign-out", {});
      if (!result.error) {
        sessionChanged();
        if (inBrowser()) broadcastSignOut();
      }
      return result;
    },
    /** The store itself, for tests. */
    $store: { subscribe, get: getSnapshot },
  };
}

export const authClient = createAuthClient();
