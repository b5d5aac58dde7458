/**
 * /api/totem: the gate kiosk's own calls (docs/product.md, "Totem"). The device credential is an
 * HttpOnly cookie scoped to /api/totem, set once by the pairing link; it is not a staff session and
 * reaches nothing but this kiosk's conversations at its gate. Every call reads the kiosk's row, so a
 * revoked (or re-paired) kiosk gets 401 at once; its open event stream ends on the revocation's event
 * and, failing that, at the next heartbeat.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { conversaSchema, mensagemInputSchema, turnoRespostaSchema } from "../../../shared/schemas/atendente";
import { uuidParam } from "../../../shared/schemas/common";
import type { DomainEvent } from "../../../shared/schemas/events";
import { fotoConversaSchema } from "../../../shared/schemas/fotos";
import { totemDispositivoSchema, totemParearInputSchema } from "../../../shared/schemas/totens";
import type { Database } from "../../db/client";
import type { AppEnv, TotemDevice } from "../../http/context";
import { tooManyRequests, unauthorized } from "../../http/errors";
import { fotoUploadBody, fotoUploadRefusals, readFotoBody } from "../../http/image-upload";
import { errorResponses, jsonBody, jsonResponse, PUBLIC, TOTEM_AUTH } from "../../http/openapi";
import { hitLimit } from "../../http/rate-limit";
import { apiRouter } from "../../http/routes";
import type { EventBus } from "../../realtime/event-bus";
import { Frame, PING_FRAME } from "../../realtime/sse";
import type { BlobStore } from "../../storage";
import * as atendente from "../atendente/atendente.service";
import type { FotoDeps } from "../fotos/fotos.service";
import { fotoDoVisitante } from "./totem-fotos.service";
import * as service from "./totens.service";

export const TOTEM_COOKIE = "guarita_totem";
const COOKIE_PATH = "/api/totem";
/** Browsers cap a cookie's life at 400 days; a kiosk in use is re-paired only when replaced. */
const COOKIE_MAX_AGE = 400 * 24 * 60 * 60;
export const TOTEM_NAO_PAREADO =
  "Este totem não está pareado ou foi desconectado. Abra no tablet o link de pareamento gerado no console, em Totens.";
const HEARTBEAT_MS = 20_000;
/**
 * Conversations a kiosk may open per minute: a busy gate starts a few; a stranger tapping the screen
 * (or a script with a stolen credential) cannot fill the database.
 */
export const TOTEM_CONVERSAS_POR_MINUTO = 30;
const MUITAS_CONVERSAS = "Muitas conversas iniciadas neste totem. Aguarde um minuto e tente novamente.";
/**
 * Photos a kiosk may send per minute: a visitor retakes a few times; re-encoding images costs the
 * server's CPU, so a loop (or a stolen credential) is stopped.
 */
export const TOTEM_FOTOS_POR_MINUTO = 30;
const MUITAS_FOTOS = "Muitas fotos enviadas por este totem. Aguarde um minuto e tente novamente.";

export interface TotemDeviceDeps {
  db: Database;
  bus: EventBus;
  secret: string;
  /** Where the visitors' photos are kept (the kiosk's photo step). */
  store: BlobStore;
  /** Renders the kiosk's photo in the background (docs/decisions/040). */
  renderer: FotoDeps["renderer"];
  secureCookies: boolean;
  heartbeatMs?: number;
}

function requireTotem(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const credencial = getCookie(c, TOTEM_COOKIE);
    const device = credencial ? await service.authenticate(db, credencial) : null;
    if (!device) throw unauthorized(TOTEM_NAO_PAREADO);
    c.set("totem", device);
    await next();
  };
}

const TAG = "Totem";
const deviceRoute = <const R extends Omit<Parameters<typeof createRoute>[0], "security" | "tags">>(
  db: Database,
  config: R,
) =>
  createRoute({
    ...config,
    tags: [TAG],
    security: TOTEM_AUTH,
    middleware: requireTotem(db),
    responses: { ...config.responses, ...errorResponses(401) },
  });

const callerOf = (c: Context<AppEnv>): atendente.AtendenteCaller => {
  const totem = c.get("totem");
  return { organizationId: totem.organizationId, via: { tipo: "totem", id: totem.id }, ip: c.get("clientIp") ?? null };
};

/** The replaced photo's files stay queued for the housekeeping's purge; the kiosk is not bothered. */
const purgeFailed = (c: Context<AppEnv>) => (error: unknown) =>
  c.get("logger").error({ err: error }, "exclusão dos arquivos da foto substituída falhou");

export function totemDeviceRoutes(deps: TotemDeviceDeps) {
  const { db, bus } = deps;
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  const parear = createRoute({
    method: "post",
    path: "/parear",
    operationId: "parearTotem",
    tags: [TAG],
    security: PUBLIC,
    summary: "Pareia o tablet com o código de uso único do link gerado no console; define a credencial do totem",
    request: jsonBody(totemParearInputSchema),
    responses: {
      200: jsonResponse(totemDispositivoSchema.openapi("TotemDispositivo"), "Pareado"),
      ...errorResponses(400),
    },
  });
  const me = deviceRoute(db, {
    method: "get",
    path: "/",
    operationId: "obterTotem",
    summary: "O totem pareado neste aparelho: nome, condomínio e portão",
    responses: { 200: jsonResponse(totemDispositivoSchema, "Totem") },
  });
  const start = deviceRoute(db, {
    method: "post",
    path: "/conversas",
    operationId: "iniciarConversaTotem",
    summary: "Abre uma conversa com o visitante neste portão; responde a saudação do atendente",
    responses: { 201: jsonResponse(turnoRespostaSchema, "Conversa aberta"), ...errorResponses(400, 403, 429) },
  });
  const send = deviceRoute(db, {
    method: "post",
    path: "/conversas/{id}/mensagens",
    operationId: "enviarMensagemTotem",
    summary: "O que o visitante disse; responde só as novas falas",
    request: { params: uuidParam, ...jsonBody(mensagemInputSchema) },
    responses: { 200: jsonResponse(turnoRespostaSchema, "Respostas"), ...errorResponses(400, 404, 409) },
  });
  const read = deviceRoute(db, {
    method: "get",
    path: "/conversas/{id}",
    operationId: "obterConversaTotem",
    summary: "A conversa deste totem, com a transcrição inteira",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(conversaSchema, "Conversa"), ...errorResponses(404) },
  });
  const leave = deviceRoute(db, {
    method: "post",
    path: "/conversas/{id}/encerrar",
    operationId: "encerrarConversaTotem",
    summary: "O visitante foi embora: encerra a conversa que ainda não esperava por ninguém",
    request: { params: uuidParam },
    responses: { 204: { description: "Encerrada" }, ...errorResponses(404) },
  });
  const foto = deviceRoute(db, {
    method: "post",
    path: "/conversas/{id}/foto",
    operationId: "enviarFotoTotem",
    summary: "A foto do visitante tirada no totem (a imagem no corpo); substitui a anterior desta conversa",
    description:
      "Antes de os moradores serem chamados, o totem fotografa o visitante. A foto vai com a solicitação que a conversa criar; uma conversa guarda só uma (tirar de novo substitui a anterior, cujos arquivos são apagados). A imagem é relida e regravada (JPEG): EXIF e GPS são descartados.",
    request: { params: uuidParam, ...fotoUploadBody },
    responses: {
      201: jsonResponse(fotoConversaSchema.openapi("FotoConversa"), "Foto gravada"),
      ...errorResponses(400, 404, 409, 429),
      ...fotoUploadRefusals,
    },
  });
  const recusa = deviceRoute(db, {
    method: "post",
    path: "/conversas/{id}/foto/recusa",
    operationId: "recusarFotoTotem",
    summary: "O visitante preferiu não tirar foto: os moradores são avisados de que não há foto",
    description: "Substitui a foto que a conversa tivesse (os arquivos dela são apagados).",
    request: { params: uuidParam },
    responses: { 201: jsonResponse(fotoConversaSchema, "Recusa registrada"), ...errorResponses(404, 409) },
  });
  const events = deviceRoute(db, {
    method: "get",
    path: "/eventos",
    operationId: "acompanharTotem",
    summary: "Fluxo SSE das conversas deste totem (`atendimento.atualizado`) e da sua revogação (`totem.atualizado`)",
    responses: { 200: { description: "Fluxo de eventos", content: { "text/event-stream": { schema: z.string() } } } },
  });

  return apiRouter()
    .openapi(parear, async (c) => {
      const { credencial, totem } = await service.pair(db, c.req.valid("json").codigo);
      setCookie(c, TOTEM_COOKIE, credencial, {
        path: COOKIE_PATH,
        httpOnly: true,
        secure: deps.secureCookies,
        sameSite: "Strict",
        maxAge: COOKIE_MAX_AGE,
      });
      return c.json(await service.describe(db, totem), 200);
    })
    .openapi(me, async (c) => c.json(await service.describe(db, c.get("totem")), 200))
    .openapi(start, async (c) => {
      const totem = c.get("totem");
      if (!(await hitLimit(db, `totem:${totem.id}:conversas`, { max: TOTEM_CONVERSAS_POR_MINUTO, windowMs: 60_000 })))
        throw tooManyRequests(MUITAS_CONVERSAS, 60);
      const input = { condominio_id: totem.condominioId, portao_id: totem.portaoId, canal: "totem" as const };
      return c.json(await atendente.startConversa(deps, callerOf(c), input), 201);
    })
    .openapi(send, async (c) =>
      c.json(await atendente.sendMensagem(deps, callerOf(c), c.req.valid("param").id, c.req.valid("json").texto), 200),
    )
    .openapi(read, async (c) => c.json(await atendente.getConversa(db, callerOf(c), c.req.valid("param").id), 200))
    .openapi(leave, async (c) => {
      await atendente.leaveConversa(db, callerOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(foto, async (c) => {
      const totem = c.get("totem");
      // The conversation first: another kiosk's, or a closed one, never uploads a byte.
      const conversa = await atendente.openConversaOf(db, callerOf(c), c.req.valid("param").id);
      if (!(await hitLimit(db, `totem:${totem.id}:fotos`, { max: TOTEM_FOTOS_POR_MINUTO, windowMs: 60_000 })))
        throw tooManyRequests(MUITAS_FOTOS, 60);
      const body = readFotoBody(c);
      return c.json(await fotoDoVisitante(deps, conversa, body, purgeFailed(c)), 201);
    })
    .openapi(recusa, async (c) => {
      const conversa = await atendente.openConversaOf(db, callerOf(c), c.req.valid("param").id);
      return c.json(await fotoDoVisitante(deps, conversa, null, purgeFailed(c)), 201);
    })
    .openapi(events, async (c) => {
      const stream = await openKioskStream(db, bus, c.get("totem"), getCookie(c, TOTEM_COOKIE)!, heartbeatMs);
      return c.body(stream, 200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      }) as never;
    });
}

/**
 * The kiosk's stream: its own conversations' events and its revocation, never another kiosk's or a
 * staff event. Few streams (one per gate), so each keeps its own heartbeat, which also re-reads the
 * credential: a kiosk revoked while its instance missed the event still stops within a heartbeat.
 */
async function openKioskStream(
  db: Database,
  bus: EventBus,
  device: TotemDevice,
  credencial: string,
  heartbeatMs: number,
): Promise<ReadableStream<Uint8Array>> {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let unsubscribe: () => void = () => {};
  const close = () => {
    if (closed) return;
    closed = true;
    if (timer) clearInterval(timer);
    unsubscribe();
    try {
      controller?.close();
    } catch {
      // Already closed by the client.
    }
  };
  const send = (frame: Frame) => {
    if (closed || !controller) return;
    try {
      controller.enqueue(frame.bytes);
    } catch {
      close();
    }
  };
  const forward = (event: DomainEvent) => {
    if (event.type === "atendimento.atualizado" && event.atendimento?.totem_id === device.id) {
      send(kioskFrame(event));
    } else if (event.type === "totem.atualizado" && event.totem?.id === device.id && event.totem.revogado) {
      send(kioskFrame(event));
      close();
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(new Frame("event: ready\ndata: {}\nretry: 3000\n\n").bytes);
    },
    cancel: close,
  });
  unsubscribe = await bus.subscribe(device.organizationId, (event) => forward(event));
  timer = setInterval(() => {
    send(PING_FRAME);
    service
      .authenticate(db, credencial)
      .then((still) => {
        if (!still) close();
      })
      .catch(() => undefined);
  }, heartbeatMs);
  timer.unref?.();
  return stream;
}

/** What the kiosk is told: which conversation moved, and where it is; nothing of another gate's. */
function kioskFrame(event: DomainEvent): Frame {
  const data =
    event.type === "atendimento.atualizado"
      ? { atendimento: event.atendimento }
      : { totem: { id: event.totem!.id, revogado: event.totem!.revogado } };
  return new Frame(`event: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`);
}
