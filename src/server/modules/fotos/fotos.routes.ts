/**
 * Photos in the console (docs/decisions/039-visitor-photos.md): a porteiro (or the morador who
 * registered the visit) adds the visitor's photo to a request; every image is read back through a
 * signed, short-lived address that still needs the reader's session, tenant and data scope, is
 * `Cache-Control: private`, and is recorded in the audit trail as a view.
 */
import { Readable } from "node:stream";
import { z } from "@hono/zod-openapi";
import { uuidParam } from "../../../shared/schemas/common";
import { fotoParamsSchema, fotoSchema, fotoUrlQuerySchema } from "../../../shared/schemas/fotos";
import { actorOf } from "../../audit/audit";
import type { TenantContext } from "../../http/context";
import { fotoUploadBody, fotoUploadRefusals, readFotoBody } from "../../http/image-upload";
import { errorResponses, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import { recordView } from "../auditoria/auditoria.service";
import * as service from "./fotos.service";

const TAG = "Fotos";
const foto = fotoSchema.openapi("Foto");

const routes = {
  adicionar: tenantRoute({
    method: "post",
    path: "/{id}/fotos",
    operationId: "adicionarFotoSolicitacao",
    tags: [TAG],
    permission: "solicitacoes:criar",
    summary: "Adiciona a foto do visitante a uma solicitação (a imagem no corpo)",
    description:
      "A imagem é relida e regravada (JPEG): EXIF e GPS são descartados. Um morador só envia fotos das visitas que registrou, enquanto pendentes. Até 10 fotos por solicitação.",
    request: { params: uuidParam, ...fotoUploadBody },
    responses: {
      201: jsonResponse(foto, "Foto adicionada"),
      ...errorResponses(400, 404, 409),
      ...fotoUploadRefusals,
    },
  }),
  passe: tenantRoute({
    method: "post",
    path: "/{id}/foto",
    operationId: "adicionarFotoPasse",
    tags: [TAG],
    permission: "passes:gerenciar",
    summary: "A foto do titular de um passe (substitui a anterior), mostrada na portaria quando o passe é usado",
    description: "A imagem é relida e regravada (JPEG) sem metadados. Um morador só nos passes das suas unidades.",
    request: { params: uuidParam, ...fotoUploadBody },
    responses: {
      201: jsonResponse(foto, "Foto do passe"),
      ...errorResponses(400, 404, 409),
      ...fotoUploadRefusals,
    },
  }),
  pessoa: tenantRoute({
    method: "post",
    path: "/{id}/foto",
    operationId: "adicionarFotoPessoa",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "A foto de uma pessoa (morador ou funcionário), que substitui a anterior",
    description:
      "A imagem é relida e regravada (JPEG) sem metadados, em segundo plano: a resposta vem com `status` `processando`, e o detalhe da pessoa traz o endereço quando ela fica pronta.",
    request: { params: uuidParam, ...fotoUploadBody },
    responses: {
      201: jsonResponse(foto, "Foto da pessoa"),
      ...errorResponses(400, 404),
      ...fotoUploadRefusals,
    },
  }),
  encomenda: tenantRoute({
    method: "post",
    path: "/{id}/foto",
    operationId: "adicionarFotoEncomenda",
    tags: [TAG],
    permission: "encomendas:operar",
    summary: "A foto da encomenda ou da etiqueta (substitui a anterior), tirada ao receber",
    description: "A imagem é relida e regravada (JPEG) sem metadados, em segundo plano (`status` `processando`).",
    request: { params: uuidParam, ...fotoUploadBody },
    responses: {
      201: jsonResponse(foto, "Foto da encomenda"),
      ...errorResponses(400, 404),
      ...fotoUploadRefusals,
    },
  }),
  area: tenantRoute({
    method: "post",
    path: "/{id}/foto",
    operationId: "adicionarFotoArea",
    tags: [TAG],
    permission: "areas:gerenciar",
    summary: "A foto de uma área comum (substitui a anterior), mostrada a quem escolhe a área para reservar",
    description:
      "A imagem é relida e regravada (JPEG) sem metadados, em segundo plano (`status` `processando`); a área traz a foto em `foto`.",
    request: { params: uuidParam, ...fotoUploadBody },
    responses: {
      201: jsonResponse(foto, "Foto da área"),
      ...errorResponses(400, 404),
      ...fotoUploadRefusals,
    },
  }),
  removerPessoa: tenantRoute({
    method: "delete",
    path: "/{id}/foto",
    operationId: "removerFotoPessoa",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Remove a foto de uma pessoa (a imagem é apagada do armazenamento)",
    request: { params: uuidParam },
    responses: { 204: { description: "Removida" }, ...errorResponses(400, 404) },
  }),
  abrir: tenantRoute({
    method: "get",
    path: "/{id}/{variante}",
    operationId: "abrirFoto",
    tags: [TAG],
    permission: "solicitacoes:ler",
    summary: "A imagem de uma foto, pelo endereço assinado que o detalhe entregou (válido por minutos)",
    description:
      "Exige a sessão de quem recebeu o endereço; 403 se expirou ou é de outra sessão, 404 fora do escopo (outro cliente, outra unidade).",
    request: { params: fotoParamsSchema, query: fotoUrlQuerySchema },
    responses: {
      200: {
        description: "A imagem (JPEG)",
        content: { "image/jpeg": { schema: z.string().openapi({ format: "binary" }) } },
      },
      ...errorResponses(400, 404),
    },
  }),
};

/** POST /api/solicitacoes/{id}/fotos (composed into the requests' router). */
export function fotosSolicitacaoRoutes(deps: service.FotoDeps) {
  return apiRouter().openapi(routes.adicionar, async (c) => {
    const created = await service.attachToSolicitacao(
      deps,
      authorOf(c.get("tenant")),
      c.req.valid("param").id,
      readFotoBody(c),
      "porteiro",
    );
    return c.json(created, 201);
  });
}

/** POST /api/passes/{id}/foto (composed into the passes' router). */
export function fotosPasseRoutes(deps: service.FotoDeps) {
  return apiRouter().openapi(routes.passe, async (c) => {
    const created = await service.attachToPasse(
      deps,
      authorOf(c.get("tenant")),
      c.req.valid("param").id,
      readFotoBody(c),
    );
    return c.json(created, 201);
  });
}

/** What every upload route passes as its author: the signed-in member. */
function authorOf(tenant: TenantContext): service.FotoAuthor {
  return { organizationId: tenant.organizationId, scope: tenant.scope, userId: tenant.userId, actor: actorOf(tenant) };
}

/** POST /api/encomendas/{id}/foto (composed into the packages' router). */
export function fotosEncomendaRoutes(deps: service.FotoDeps) {
  return apiRouter().openapi(routes.encomenda, async (c) => {
    const created = await service.attachToEncomenda(
      deps,
      authorOf(c.get("tenant")),
      c.req.valid("param").id,
      readFotoBody(c),
    );
    return c.json(created, 201);
  });
}

/** POST /api/areas/{id}/foto (composed into the common areas' router). */
export function fotosAreaRoutes(deps: service.FotoDeps) {
  return apiRouter().openapi(routes.area, async (c) => {
    const created = await service.attachToArea(
      deps,
      authorOf(c.get("tenant")),
      c.req.valid("param").id,
      readFotoBody(c),
    );
    return c.json(created, 201);
  });
}

/** POST and DELETE /api/pessoas/{id}/foto (composed into the people's router). */
export function fotosPessoaRoutes(deps: service.FotoDeps) {
  return apiRouter()
    .openapi(routes.pessoa, async (c) => {
      const created = await service.attachToPessoa(
        deps,
        authorOf(c.get("tenant")),
        c.req.valid("param").id,
        readFotoBody(c),
      );
      return c.json(created, 201);
    })
    .openapi(routes.removerPessoa, async (c) => {
      await service.removeFotoOfPessoa(deps, authorOf(c.get("tenant")), c.req.valid("param").id);
      return c.body(null, 204);
    });
}

/** GET /api/fotos/{id}/{variante}. */
export function fotosRoutes(deps: service.FotoDeps) {
  return apiRouter().openapi(routes.abrir, async (c) => {
    const tenant = c.get("tenant");
    const params = { ...c.req.valid("param"), ...c.req.valid("query") };
    const opened = await service.openFoto(deps, tenant, params);
    // Who saw a visitor's face is personal-data access (docs/product.md, "Auditoria"): recorded, at
    // most once per viewer and photo within the audit's window.
    await recordView(deps.db, tenant, "foto", params.id).catch((error: unknown) =>
      c.get("logger").error({ err: error }, "registro de visualização da foto falhou"),
    );
    return new Response(Readable.toWeb(opened.stream) as ReadableStream, {
      status: 200,
      headers: {
        "content-type": "image/jpeg",
        // The address is signed for this user and expires: only this browser may keep it, briefly.
        "cache-control": "private, max-age=300",
        "content-disposition": "inline",
      },
    }) as never;
  });
}
