import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAuthClient, type SessionState } from "./auth-client";

/**
 * The session client against a fake browser: `window` and `document` are bare EventTargets, storage
 * is a Map, and every fetch waits until the test answers it (or its signal aborts it), so the order
 * of requests and answers is the test's.
 */

interface Call {
  url: string;
  init: RequestInit;
  respond: (status: number, body?: unknown, statusText?: string) => Promise<void>;
  fail: (error: Error) => Promise<void>;
  aborted: () => boolean;
}

let calls: Call[];
let doc: EventTarget & { visibilityState: string };
let win: EventTarget;
let nav: { onLine: boolean };
let storage: Map<string, string>;

/** Runs the timers due now (a mount's request, the refetch after a sign-in) and what they started. */
const flush = () => vi.advanceTimersByTimeAsync(0);
/**
 * Lets an answered request reach the store without running any timer: the code that awaited it
 * (login.tsx refetching right after signing in) runs before the store's own timers, as in a browser.
 */
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

const SESSION = {
  user: {
    id: "u1",
    name: "Síndico Demo",
    email: "sindico@demo.guarita.app",
    emailVerified: true,
    image: null,
    createdAt: "2025-01-02T03:04:05.000Z",
    updatedAt: "2025-01-02T03:04:05.000Z",
  },
  session: {
    id: "s1",
    userId: "u1",
    expiresAt: "2099-01-01T00:00:00.000Z",
    createdAt: "2025-01-02T03:04:05.000Z",
    updatedAt: "2025-01-02T03:04:05.000Z",
    activeOrganizationId: "o1",
  },
};

/** Our server's error answer (auth.routes.ts errorResponse): better-auth's top-level fields and ours. */
const errorBody = (code: string, message: string) => ({ code, message, error: { code, message, requestId: "r1" } });

beforeEach(() => {
  // setImmediate stays real: `settle` uses it to let a response body be read.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  calls = [];
  win = new EventTarget();
  doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
  nav = { onLine: true };
  storage = new Map();
  vi.stubGlobal("window", win);
  vi.stubGlobal("document", doc);
  vi.stubGlobal("navigator", nav);
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, String(value)),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          calls.push({
            url,
            init,
            respond: (status, body, statusText = "") => {
              const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
              resolve(new Response(text, { status, statusText, headers: { "content-type": "application/json" } }));
              return settle();
            },
            fail: (error) => {
              reject(error);
              return settle();
            },
            aborted: () => init.signal?.aborted === true,
          });
        }),
    ),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Probe({ client }: { client: ReturnType<typeof createAuthClient> }) {
  const session = client.useSession();
  return createElement("p", null, session.isPending ? "pending" : "ready");
}

/** Subscribes like a mounted component, recording every state it is told about. */
function mount(client: ReturnType<typeof createAuthClient>) {
  const seen: SessionState[] = [];
  const unsubscribe = client.$store.subscribe(() => seen.push(client.$store.get()));
  return { seen, unsubscribe };
}

const sessionCalls = () => calls.filter((c) => c.url === "/api/auth/get-session");

function storageEvent(key: string, newValue: string | null) {
  return Object.assign(new Event("storage"), { key, newValue });
}

describe("session store", () => {
  it("starts pending (also for the server render) and asks once a component subscribes", async () => {
    const client = createAuthClient();
    expect(client.$store.get()).toMatchObject({ data: null, error: null, isPending: true });
    expect(renderToString(createElement(Probe, { client }))).toBe("<p>pending</p>");
    await flush();
    expect(calls).toHaveLength(0);

    mount(client);
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/auth/get-session");
    expect(calls[0]!.init).toMatchObject({ method: "GET", credentials: "include", body: undefined });
    expect(calls[0]!.init.headers).toBeUndefined();

    await calls[0]!.respond(200, SESSION);
    const state = client.$store.get();
    expect(state.isPending).toBe(false);
    expect(state.error).toBeNull();
    expect(state.data?.user.email).toBe("sindico@demo.guarita.app");
    // ISO timestamps become dates, as better-auth's JSON parser made them.
    expect(state.data?.session.expiresAt).toEqual(new Date("2099-01-01T00:00:00.000Z"));
    expect(state.data?.user.createdAt).toBeInstanceOf(Date);
  });

  it("answers null when nobody is signed in", async () => {
    const client = createAuthClient();
    mount(client);
    await flush();
    await calls[0]!.respond(200, null);
    expect(client.$store.get()).toMatchObject({ data: null, error: null, isPending: false });
  });

  it("shares one request between components and between screens that replace each other", async () => {
    const client = createAuthClient();
    const login = mount(client);
    mount(client);
    await flush();
    expect(calls).toHaveLength(1);
    await calls[0]!.respond(200, SESSION);

    // /login unmounts and the console mounts: the store keeps listening, no new request.
    login.unsubscribe();
    const console_ = mount(client);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toHaveLength(1);
    console_.unsubscribe();
  });

  it("joins a request in flight and reuses an answer under a second old when mounted again", async () => {
    const client = createAuthClient();
    const first = mount(client);
    await flush();
    first.unsubscribe();
    // The answer arrives after the last subscriber left, but before the store stopped listening.
    await vi.advanceTimersByTimeAsync(500);
    await calls[0]!.respond(200, SESSION);
    await vi.advanceTimersByTimeAsync(600); // the store stops listening (1 s after the last left)
    mount(client); // 0.6 s after the answer
    await flush();
    expect(calls).toHaveLength(1);
  });

  it("asks again when mounted after the store stopped and the answer is older than a second", async () => {
    const client = createAuthClient();
    const first = mount(client);
    await flush();
    await calls[0]!.respond(200, null);
    first.unsubscribe();
    await vi.advanceTimersByTimeAsync(5000);
    mount(client);
    await flush();
    expect(calls).toHaveLength(2);
    // A screen mounting without a user waits for the answer, as with better-auth.
    expect(client.$store.get().isPending).toBe(true);
  });

  it("keeps the same object, and tells nobody, when the same session answers again", async () => {
    const client = createAuthClient();
    const { seen } = mount(client);
    await flush();
    await calls[0]!.respond(200, SESSION);
    const data = client.$store.get().data;
    const before = seen.length;
    const refetched = client.$store.get().refetch();
    await flush();
    await calls[1]!.respond(200, structuredClone(SESSION));
    await refetched;
    expect(client.$store.get().data).toBe(data);
    expect(seen.length).toBe(before);
  });

  it("refetch cancels the request in flight and resolves with the newest answer", async () => {
    const client = createAuthClient();
    const { seen } = mount(client);
    await flush();
    let firstDone = false;
    const first = client.$store.get().refetch();
    void first.then(() => {
      firstDone = true;
    });
    expect(calls[0]!.aborted()).toBe(true); // the mount's request
    const second = client.$store.get().refetch();
    await flush();
    expect(calls[1]!.aborted()).toBe(true);
    expect(firstDone).toBe(false);
    await calls[2]!.respond(200, SESSION);
    await Promise.all([first, second]);
    expect(firstDone).toBe(true);
    expect(client.$store.get().data?.user.id).toBe("u1");
    // An aborted request never reported anything.
    expect(seen.every((s) => s.error === null)).toBe(true);
  });
});

describe("refetch on focus, reconnection and other tabs", () => {
  async function signedOutClient() {
    const client = createAuthClient();
    const mounted = mount(client);
    await flush();
    await calls[0]!.respond(200, null);
    return { client, ...mounted };
  }

  it("asks when the tab becomes visible, at most once every 5 s, and not while hidden or offline", async () => {
    const { client, seen } = await signedOutClient();
    const seenBefore = seen.length;

    doc.dispatchEvent(new Event("visibilitychange"));
    expect(sessionCalls()).toHaveLength(2);
    // /login's form stays: a background check does not make a signed-out store pending again.
    expect(client.$store.get().isPending).toBe(false);
    await calls[1]!.respond(200, null);
    expect(seen.length).toBe(seenBefore);

    await vi.advanceTimersByTimeAsync(4000);
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(sessionCalls()).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(1500);
    doc.visibilityState = "hidden";
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(sessionCalls()).toHaveLength(2);

    nav.onLine = false;
    doc.visibilityState = "visible";
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(sessionCalls()).toHaveLength(2);

    nav.onLine = true;
    win.dispatchEvent(new Event("online"));
    expect(sessionCalls()).toHaveLength(3);
    // The network coming back shares the focus throttle.
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(sessionCalls()).toHaveLength(3);
  });

  it("stops listening a second after the last component leaves", async () => {
    const { unsubscribe } = await signedOutClient();
    unsubscribe();
    await vi.advanceTimersByTimeAsync(1000);
    doc.dispatchEvent(new Event("visibilitychange"));
    win.dispatchEvent(storageEvent("better-auth.message", '{"event":"session","data":{"trigger":"signout"}}'));
    expect(calls).toHaveLength(1);
  });

  it("signs out in every tab: the message better-auth's client writes, and reads", async () => {
    const client = createAuthClient();
    const tab = mount(client);
    await flush();
    await calls[0]!.respond(200, SESSION);

    const signingOut = client.signOut();
    const post = calls[1]!;
    expect(post.url).toBe("/api/auth/sign-out");
    expect(post.init).toMatchObject({ method: "POST", credentials: "include", body: "{}" });
    expect(post.init.headers).toEqual({ "content-type": "application/json" });
    await post.respond(200, { success: true });
    expect(await signingOut).toEqual({ data: { success: true }, error: null });

    const message = JSON.parse(storage.get("better-auth.message")!);
    expect(message).toMatchObject({ event: "session", data: { trigger: "signout" } });
    expect(typeof message.clientId).toBe("string");
    expect(typeof message.timestamp).toBe("number");

    // This tab loads the ended session.
    await flush();
    expect(sessionCalls()).toHaveLength(2);
    await sessionCalls()[1]!.respond(200, null);
    expect(client.$store.get()).toMatchObject({ data: null, isPending: false });

    // Another tab (the browser fires `storage` there, never in the tab that wrote it). Both share
    // this fake window, so the first one stops listening first.
    tab.unsubscribe();
    await vi.advanceTimersByTimeAsync(1000);
    const other = createAuthClient();
    mount(other);
    await flush();
    await sessionCalls()[2]!.respond(200, SESSION);
    win.dispatchEvent(storageEvent("better-auth.message", storage.get("better-auth.message")!));
    expect(sessionCalls()).toHaveLength(4);
    await sessionCalls()[3]!.respond(200, null);
    expect(other.$store.get().data).toBeNull();
  });

  it("ignores other keys, removals, malformed values and other events", async () => {
    await signedOutClient();
    win.dispatchEvent(storageEvent("theme", '{"event":"session","data":{}}'));
    win.dispatchEvent(storageEvent("better-auth.message", null));
    win.dispatchEvent(storageEvent("better-auth.message", "{not json"));
    win.dispatchEvent(storageEvent("better-auth.message", '{"event":"other","data":{}}'));
    expect(calls).toHaveLength(1);
  });
});

describe("sign-in", () => {
  it("posts the credentials, then loads the session once even when the page refetches at once", async () => {
    const client = createAuthClient();
    mount(client);
    await flush();
    await calls[0]!.respond(200, null);

    const signingIn = client.signIn.email({ email: "sindico@demo.guarita.app", password: "demo1234" });
    const post = calls[1]!;
    expect(post.url).toBe("/api/auth/sign-in/email");
    expect(post.init).toMatchObject({ method: "POST", credentials: "include" });
    expect(post.init.headers).toEqual({ "content-type": "application/json" });
    expect(JSON.parse(post.init.body as string)).toEqual({ email: "sindico@demo.guarita.app", password: "demo1234" });
    await post.respond(200, { redirect: false, user: SESSION.user });
    const { data, error } = await signingIn;
    expect(error).toBeNull();
    expect(data?.user.createdAt).toBeInstanceOf(Date);

    // login.tsx: `await signIn.email(...)`, then `await session.refetch()` before leaving.
    const refetched = client.$store.get().refetch();
    expect(client.$store.get().isPending).toBe(true);
    await vi.advanceTimersByTimeAsync(50);
    expect(sessionCalls()).toHaveLength(2);
    await sessionCalls()[1]!.respond(200, SESSION);
    await refetched;
    expect(client.$store.get()).toMatchObject({ isPending: false, data: { user: { id: "u1" } } });
  });

  it("does not ask again after signing in when the page's own refetch already has its answer", async () => {
    const client = createAuthClient();
    mount(client);
    await flush();
    await calls[0]!.respond(200, null);
    const signingIn = client.signIn.email({ email: "a@b.co", password: "123456" });
    await calls[1]!.respond(200, { redirect: false, user: SESSION.user });
    await signingIn;
    const refetched = client.$store.get().refetch();
    await sessionCalls()[1]!.respond(200, SESSION);
    await refetched;
    await vi.advanceTimersByTimeAsync(50);
    expect(sessionCalls()).toHaveLength(2);
  });

  it("loads the session by itself after signing in when nobody refetches", async () => {
    const client = createAuthClient();
    mount(client);
    await flush();
    await calls[0]!.respond(200, null);
    const signingIn = client.signIn.email({ email: "a@b.co", password: "123456" });
    await calls[1]!.respond(200, { redirect: false, user: SESSION.user });
    await signingIn;
    expect(sessionCalls()).toHaveLength(1);
    await flush();
    expect(sessionCalls()).toHaveLength(2);
  });

  it("replaces a session request sent before the sign-in answered", async () => {
    const client = createAuthClient();
    mount(client);
    await flush();
    await calls[0]!.respond(200, null);
    const signingIn = client.signIn.email({ email: "a@b.co", password: "123456" });
    doc.dispatchEvent(new Event("visibilitychange")); // a request that may see the old cookie
    const stale = sessionCalls()[1]!;
    await calls[1]!.respond(200, { redirect: false, user: SESSION.user });
    await signingIn;
    await flush();
    expect(stale.aborted()).toBe(true);
    expect(sessionCalls()).toHaveLength(3);
  });
});

describe("errors, as better-fetch returned them", () => {
  it("is the JSON body with status and statusText: wrong password, throttled, unverified", async () => {
    const client = createAuthClient();
    const cases = [
      [401, "Unauthorized", errorBody("INVALID_EMAIL_OR_PASSWORD", "E-mail ou senha incorretos.")],
      [429, "Too Many Requests", errorBody("TOO_MANY_LOGIN_FAILURES", "Muitas tentativas de login sem sucesso.")],
      [403, "Forbidden", errorBody("EMAIL_NOT_VERIFIED", "Confirme seu e-mail para continuar.")],
    ] as const;
    for (const [status, statusText, body] of cases) {
      const signingIn = client.signIn.email({ email: "a@b.co", password: "123456" });
      await calls.at(-1)!.respond(status, body, statusText);
      expect(await signingIn).toEqual({ data: null, error: { ...body, status, statusText } });
    }
    // A failed sign-in changes no session: nothing is asked afterwards.
    await vi.advanceTimersByTimeAsync(100);
    expect(sessionCalls()).toHaveLength(0);
  });

  it("is only status and statusText when the body is not JSON", async () => {
    const client = createAuthClient();
    const signingOut = client.signOut();
    await calls[0]!.respond(502, "<html>Bad Gateway</html>", "Bad Gateway");
    expect(await signingOut).toEqual({ data: null, error: { status: 502, statusText: "Bad Gateway" } });
    expect(storage.has("better-auth.message")).toBe(false);
  });

  it("rejects when the request never gets an answer", async () => {
    const client = createAuthClient();
    const signingIn = client.signIn.email({ email: "a@b.co", password: "123456" });
    const failure = new TypeError("Failed to fetch");
    const expectation = expect(signingIn).rejects.toBe(failure);
    await calls[0]!.fail(failure);
    await expectation;
  });

  it("keeps the session on a network failure or a server error, and drops it on a 401", async () => {
    const client = createAuthClient();
    mount(client);
    await flush();
    await calls[0]!.respond(200, SESSION);
    const data = client.$store.get().data;

    void client.$store.get().refetch();
    const failure = new TypeError("Failed to fetch");
    await calls[1]!.fail(failure);
    expect(client.$store.get()).toMatchObject({ data, error: failure, isPending: false });

    void client.$store.get().refetch();
    await calls[2]!.respond(500, errorBody("INTERNAL", "Erro interno."), "Internal Server Error");
    expect(client.$store.get()).toMatchObject({
      data,
      error: { status: 500, statusText: "Internal Server Error", code: "INTERNAL", message: "Erro interno." },
      isPending: false,
    });

    void client.$store.get().refetch();
    await calls[3]!.respond(401, errorBody("UNAUTHORIZED", "Sessão expirada."), "Unauthorized");
    expect(client.$store.get()).toMatchObject({ data: null, error: { status: 401 }, isPending: false });
  });

  it("drops __proto__ and constructor keys from answers", async () => {
    const client = createAuthClient();
    const signingIn = client.signIn.email({ email: "a@b.co", password: "123456" });
    await calls[0]!.respond(400, '{"message":"x","__proto__":{"polluted":true},"constructor":{"prototype":{}}}', "");
    const { error } = await signingIn;
    expect(error).toEqual({ message: "x", status: 400, statusText: "" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
