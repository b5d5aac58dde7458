/**
 * One worker process of `npm run bench:realtime` (bench/realtime.ts starts several): holds a share
 * of the SSE clients on raw sockets (node:http, one socket per client, no fetch, no web streams),
 * parses the streams with a minimal SSE parser and records, for each `solicitacao.criada` of the
 * run, when each client received it (performance.timeOrigin + performance.now(): the same wall
 * clock in every process of the machine). Talks to the parent over IPC:
 *
 *   parent → { type: "connect", clients: [{ port, cookie }], concurrency, prefix }
 *   worker → { type: "connected", ok, failed, failures, doneAt }
 *   worker → { type: "complete", key }    (every open client of this worker has the request whose
 *                                          visitor's name is `key`; the run's names start with `prefix`)
 *   parent → { type: "report" }           worker → { type: "report", ... }
 *   parent → { type: "close" }
 */
import http from "node:http";

interface ClientSpec {
  port: number;
  cookie: string;
}

type Msg =
  | { type: "connect"; clients: ClientSpec[]; concurrency: number; prefix: string }
  | { type: "report" }
  | { type: "close" };

const now = () => performance.timeOrigin + performance.now();
const send = (msg: object) => process.send?.(msg);

const CRIADA = "solicitacao.criada";
const NAME_FIELD = '"nome_visitante":"';

class Client {
  buffer = "";
  lastId = 0;
  ready = false;
  open = false;
  request: http.ClientRequest | null = null;
  constructor(readonly spec: ClientSpec) {}
}

const clients: Client[] = [];
/** Receive times per request of this run (keyed by its visitor's name). */
const received = new Map<string, number[]>();
let prefix = "\u0000";
/** Requests already reported complete. */
const completed = new Set<string>();
let openClients = 0;
let outOfOrder = 0;
let endedByServer = 0;
let closing = false;

function onBlock(client: Client, block: string, at: number) {
  let id: string | undefined;
  let event: string | undefined;
  let data: string | undefined;
  let start = 0;
  while (start < block.length) {
    let end = block.indexOf("\n", start);
    if (end < 0) end = block.length;
    const line = block.slice(start, end);
    start = end + 1;
    if (line.startsWith("id: ")) id = line.slice(4);
    else if (line.startsWith("event: ")) event = line.slice(7);
    else if (line.startsWith("data: ")) data = line.slice(6);
  }
  if (event === "ready") {
    client.ready = true;
    return;
  }
  if (id !== undefined) {
    const n = Number(id);
    if (n <= client.lastId) outOfOrder++;
    else client.lastId = n;
  }
  if (event !== CRIADA || data === undefined) return;
  const i = data.indexOf(NAME_FIELD);
  if (i < 0) return;
  const from = i + NAME_FIELD.length;
  if (!data.startsWith(prefix, from)) return;
  const key = data.slice(from, data.indexOf('"', from));
  let times = received.get(key);
  if (!times) {
    times = [];
    received.set(key, times);
  }
  times.push(at);
  if (times.length >= openClients && !completed.has(key)) {
    completed.add(key);
    send({ type: "complete", key });
  }
}

function connectOne(client: Client): Promise<{ ok: boolean; failure?: string }> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: { ok: boolean; failure?: string }) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const req = http.request({
      host: "127.0.0.1",
      port: client.spec.port,
      path: "/api/events",
      method: "GET",
      agent: false,
      headers: { cookie: client.spec.cookie, accept: "text/event-stream" },
    });
    client.request = req;
    req.on("error", (error) => {
      if (client.open) {
        client.open = false;
        openClients--;
        if (!closing) endedByServer++;
      }
      settle({ ok: false, failure: `erro de rede: ${error.message}` });
    });
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          body += d;
        });
        res.on("end", () => settle({ ok: false, failure: `HTTP ${res.statusCode}: ${body.slice(0, 200)}` }));
        return;
      }
      client.open = true;
      openClients++;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const at = now();
        client.buffer += chunk;
        let cut = client.buffer.indexOf("\n\n");
        while (cut >= 0) {
          const block = client.buffer.slice(0, cut);
          client.buffer = client.buffer.slice(cut + 2);
          onBlock(client, block, at);
          cut = client.buffer.indexOf("\n\n");
        }
        if (client.ready) settle({ ok: true });
      });
      res.on("close", () => {
        if (client.open) {
          client.open = false;
          openClients--;
          if (!closing) endedByServer++;
        }
        settle({ ok: false, failure: "o servidor encerrou o fluxo antes do evento ready" });
      });
    });
    req.end();
  });
}

async function connectAll(specs: ClientSpec[], concurrency: number) {
  for (const spec of specs) clients.push(new Client(spec));
  let next = 0;
  let ok = 0;
  const failures: string[] = [];
  const lane = async () => {
    while (next < clients.length) {
      const client = clients[next++]!;
      const result = await connectOne(client);
      if (result.ok) ok++;
      else failures.push(result.failure ?? "?");
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, clients.length) }, lane));
  send({ type: "connected", ok, failed: failures.length, failures: failures.slice(0, 5), doneAt: now() });
}

process.on("message", (msg: Msg) => {
  switch (msg.type) {
    case "connect":
      prefix = msg.prefix;
      void connectAll(msg.clients, msg.concurrency);
      break;
    case "report":
      send({
        type: "report",
        received: Object.fromEntries(received),
        openClients,
        outOfOrder,
        endedByServer,
      });
      break;
    case "close":
      closing = true;
      for (const client of clients) client.request?.destroy();
      setTimeout(() => process.exit(0), 100);
      break;
  }
});

process.on("disconnect", () => process.exit(0));
