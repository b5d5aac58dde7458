/**
 * The invitation link's API (public: the token in the path is the credential). Both routes count
 * against a per-IP limit, so the page cannot be used to probe tokens or to hash passwords in bulk.
 */

import { createRoute, z } from "@hono/zod-openapi";
import { aceitarConviteSchema } from "../../../shared/schemas/convite-aceite";
import { conviteAbertoSchema, tokenParam } from "../../../shared/schemas/equipe";
import type { Auth } from "../../auth/auth";
import { signInWithPassword } from "../../auth/users";
import type { Database } from "../../db/client";
import { ipLimitKey } from "../../http/client-ip";
import { tooManyRequests } from "../../http/errors";
import { errorResponses, jsonBody, jsonResponse, PUBLIC } from "../../http/openapi";
import { hitLimit } from "../../http/rate-limit";
import { apiRouter } from "../../http/routes";
import { acceptConvite, openConvite } from "./convite-aceite.service";

const TAG = "Convites";
/** Opens and accepts per IP per 10 minutes. */
export const CONVITE_REQUESTS_PER_IP = 30;

const aceito = z
  .object({ email: z.string(), redirect: z.string().describe("Para onde a página segue: o console") })
  .openapi("ConviteAceito");

const routes = {
  abrir: createRoute({
    method: "get",
    path: "/{token}",
    operationId: "abrirConvite",
    tags: [TAG],
    summary: "O convite do link: administradora, papel e e-mail convidado",
    security: PUBLIC,
    request: { params: tokenParam },
    responses: {
      200: jsonResponse(conviteAbertoSchema.openapi("ConviteAberto"), "Convite válido"),
      ...errorResponses(400, 404, 429),
    },
  }),
  aceitar: createRoute({
    method: "post",
    path: "/{token}/aceitar",
    operationId: "aceitarConvite",
    tags: [TAG],
    summary: "Aceita: cria o acesso (nome e senha) ou, já com conta e sessão, entra na equipe",
    security: PUBLIC,
    request: { params: tokenParam, ...jsonBody(aceitarConviteSchema) },
    responses: {
      200: jsonResponse(aceito, "Convite aceito e sessão aberta"),
      ...errorResponses(400, 404, 409, 429),
    },
  }),
};

export function convitesRoutes({ db, auth }: { db: Database; auth: Auth }) {
  const limited = async (ip: string | null) => {
    const key = `convite-ip:${ipLimitKey(ip) ?? "desconhecido"}`;
    if (!(await hitLimit(db, key, { max: CONVITE_REQUESTS_PER_IP, windowMs: 10 * 60 * 1000 }))) throw tooManyRequests();
  };
  return apiRouter()
    .openapi(routes.abrir, async (c) => {
      await limited(c.get("clientIp"));
      return c.json(await openConvite(db, c.req.valid("param").token), 200);
    })
    .openapi(routes.aceitar, async (c) => {
      await limited(c.get("clientIp"));
      const current = await auth.api.getSession({ headers: c.req.raw.headers });
      const signed = current ? { userId: current.user.id, sessionId: current.session.id } : null;
      const result = await acceptConvite({ db, auth }, c.req.valid("param").token, c.req.valid("json"), signed);
      if (result.newAccountPassword) {
        const cookies = await signInWithPassword(auth, result.email, result.newAccountPassword, c.req.raw.headers);
        for (const cookie of cookies.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
      }
      return c.json({ email: result.email, redirect: "/app/dashboard" }, 200);
    });
}
