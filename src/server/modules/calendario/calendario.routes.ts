/**
 * Calendar feeds (docs/decisions/044-common-area-bookings.md): the console's routes that create, list
 * and revoke a feed (/api/calendarios), and the feed itself (/api/calendario/<token>.ics), read by
 * calendar apps without a session: the token is the credential.
 */
import { z } from "@hono/zod-openapi";
import { Hono } from "hono";
import { uuidParam } from "../../../shared/schemas/common";
import {
  calendarioFeedCreatedSchema,
  calendarioFeedCreateSchema,
  calendarioFeedListSchema,
} from "../../../shared/schemas/reservas";
import type { Database } from "../../db/client";
import { ipLimitKey } from "../../http/client-ip";
import type { AppEnv } from "../../http/context";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { hitLimit } from "../../http/rate-limit";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./calendario.service";

const TAG = "Áreas comuns";

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarCalendarios",
    tags: [TAG],
    permission: "reservas:ler",
    summary: "Os calendários (iCal) que você criou e que ainda funcionam (sem o endereço, mostrado só ao criar)",
    request: { query: z.object({ condominio_id: z.uuid("Condomínio inválido").optional() }) },
    responses: {
      200: jsonResponse(calendarioFeedListSchema.openapi("ListaCalendarios"), "Calendários"),
      ...errorResponses(400),
    },
  }),
  create: tenantRoute({
    method: "post",
    path: "/",
    operationId: "criarCalendario",
    tags: [TAG],
    permission: "reservas:ler",
    summary: "Cria o endereço secreto de um calendário (iCal) das reservas de uma unidade ou do condomínio",
    description:
      "O endereço é mostrado só nesta resposta (`url`, e `webcal_url` para abrir no app de calendário). Unidade: um morador da unidade ou a equipe; o condomínio inteiro (`unidade_id` nulo): quem administra as áreas (síndico).",
    request: jsonBody(calendarioFeedCreateSchema),
    responses: {
      201: jsonResponse(calendarioFeedCreatedSchema.openapi("CalendarioCriado"), "Calendário criado"),
      ...errorResponses(400, 404),
    },
  }),
  revoke: tenantRoute({
    method: "delete",
    path: "/{id}",
    operationId: "revogarCalendario",
    tags: [TAG],
    permission: "reservas:ler",
    summary: "Revoga o endereço de um calendário: ele passa a responder 404",
    request: { params: uuidParam },
    responses: { 204: { description: "Revogado" }, ...errorResponses(400, 404) },
  }),
};

/** /api/calendarios. `linkBase`: the origin the feed's address is built on (PUBLIC_URL, else the caller's). */
export function calendariosRoutes(db: Database, deps: { linkBase: (request: Request) => string }) {
  return apiRouter()
    .openapi(routes.list, async (c) =>
      c.json({ items: await service.list(db, c.get("tenant"), c.req.valid("query").condominio_id) }, 200),
    )
    .openapi(routes.create, async (c) =>
      c.json(await service.create(db, c.get("tenant"), c.req.valid("json"), deps.linkBase(c.req.raw)), 201),
    )
    .openapi(routes.revoke, async (c) => {
      await service.revoke(db, c.get("tenant"), c.req.valid("param").id);
      return c.body(null, 204);
    });
}

/**
 * Polls per IP and minute. Calendar services fetch many people's feeds from shared addresses
 * (Google's servers), so this is looser than the resident link's; it bounds a scraper's load.
 */
const FEED_READS_PER_IP = { max: 300, windowMs: 60_000 };

/** /api/calendario/<token>.ics: public, no session and no cookie; the token is the credential. */
export function calendarioFeedRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.get("/:arquivo", async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Referrer-Policy", "no-referrer");
    const ip = ipLimitKey(c.get("clientIp")) ?? "desconhecido";
    if (!(await hitLimit(db, `calendario-feed:${ip}`, FEED_READS_PER_IP))) {
      c.header("Retry-After", "60");
      return c.text("Muitas tentativas. Aguarde um minuto.", 429);
    }
    const arquivo = c.req.param("arquivo");
    const ics = arquivo.endsWith(".ics") ? await service.feedCalendar(db, arquivo.slice(0, -4)) : null;
    if (ics === null) return c.text(service.CALENDARIO_NAO_ENCONTRADO, 404);
    c.header("Content-Type", "text/calendar; charset=utf-8");
    c.header("Content-Disposition", 'inline; filename="reservas.ics"');
    return c.body(ics, 200);
  });
  return app;
}
