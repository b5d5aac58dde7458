/**
 * Pieces of the chaos suite (tests/chaos, `npm run test:chaos`): a throw-away PostgreSQL server
 * (postgres-server.ts) with Guarita processes on it (server-process.ts), traffic that records every
 * answer, and the outbox (`eventos`) read straight from the database to compare with what an SSE
 * client received.
 */
import pg from "pg";
import { httpClient, type ServerProcess, signInOver } from "./server-process";
import type { HttpSseEvent } from "./sse-http";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it holds; throws naming `what` when `timeoutMs` passes first. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
  everyMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() >= deadline) throw new Error(`esperou ${timeoutMs} ms sem que ${what}`);
    await sleep(everyMs);
  }
}

/** One query on its own connection (the server may have been restarted since the last one). */
export function sqlOn(url: string) {
  return async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
}

export type Query = ReturnType<typeof sqlOn>;

/** The tenant's committed event ids in (after, upTo], in id order (the outbox is the truth). */
export async function committedEventIds(
  query: Query,
  organizationId: string,
  after: number,
  upTo = Number.MAX_SAFE_INTEGER,
): Promise<number[]> {
  const rows = await query<{ id: string }>(
    "SELECT id FROM eventos WHERE organization_id = $1 AND id > $2 AND id <= $3 ORDER BY id",
    [organizationId, after, upTo],
  );
  return rows.map((r) => Number(r.id));
}

export async function latestEventId(query: Query, organizationId: string): Promise<number> {
  const [row] = await query<{ max: string | null }>("SELECT max(id) AS max FROM eventos WHERE organization_id = $1", [
    organizationId,
  ]);
  return Number(row?.max ?? 0);
}

/** The domain events' ids of a stream, in arrival order ("ready" has none). */
export const idsOf = (events: HttpSseEvent[]) => events.filter((e) => e.id !== undefined).map((e) => Number(e.id));

/** A signed-in demo user on a running instance, and where its requests go (the first unit). */
export async function demoSession(server: ServerProcess, email = "sindico@demo.guarita.app") {
  const cookie = await signInOver(server.baseUrl, email, "demo1234");
  const api = httpClient(server.baseUrl, cookie);
  const me = await api("GET", "/api/me");
  if (me.status !== 200) throw new Error(`/api/me respondeu ${me.status}`);
  const condominio = (await api("GET", "/api/condominios")).body.items[0];
  const unidade = (await api("GET", `/api/unidades?condominio_id=${condominio.id}`)).body.items[0];
  return {
    cookie,
    organizationId: me.body.organization.id as string,
    target: { condominio_id: condominio.id as string, unidade_id: unidade.id as string },
  };
}

export type Api = ReturnType<typeof httpClient>;

/** One answer of the load: status 0 when no HTTP answer came back (connection refused or cut). */
export interface Outcome {
  kind: "create" | "read" | "health";
  path: string;
  status: number;
  body: any;
  retryAfter: string | null;
  startedAt: number;
  endedAt: number;
  /** The name sent with a create (unique), to find its row when the answer was lost. */
  nome?: string;
}

/** Calls the API and records the outcome, never throwing (a refused connection is status 0). */
export async function record(
  outcomes: Outcome[],
  api: Api,
  kind: Outcome["kind"],
  method: string,
  path: string,
  json?: unknown,
): Promise<Outcome> {
  const startedAt = Date.now();
  const res = await api(method, path, json).catch(() => ({ status: 0, body: null, headers: new Headers() }));
  const outcome: Outcome = {
    kind,
    path,
    status: res.status,
    body: res.body,
    retryAfter: res.headers.get("retry-after"),
    startedAt,
    endedAt: Date.now(),
    ...(json && typeof json === "object" && "nome_visitante" in json
      ? { nome: String((json as { nome_visitante: unknown }).nome_visitante) }
      : {}),
  };
  outcomes.push(outcome);
  return outcome;
}

/** What the API may answer while PostgreSQL is away (docs/decisions/012): 503, pt-BR, Retry-After. */
export function isDesignedUnavailable(o: Outcome): boolean {
  if (o.status !== 503 || o.retryAfter !== "5") return false;
  if (o.kind === "health") return o.body?.status === "unavailable" && o.body?.database?.reachable === false;
  return (
    o.body?.error?.code === "DATABASE_UNAVAILABLE" &&
    o.body?.error?.message === "Banco de dados indisponível. Tente novamente em instantes."
  );
}

/** A compact description of outcomes for assertion messages. */
export const describeOutcomes = (outcomes: Outcome[]) =>
  outcomes
    .slice(0, 10)
    .map((o) => `${o.kind} ${o.path} → ${o.status} ${JSON.stringify(o.body)?.slice(0, 200)}`)
    .join("\n");
