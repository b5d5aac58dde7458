import { can } from "../../../shared/permissions";
import { uuidParam } from "../../../shared/schemas/common";
import {
  portaoCameraTesteResultSchema,
  portaoCameraTesteSchema,
  portaoConsoleSchema,
  portaoCreateSchema,
  portaoInputSchema,
  portaoListQuerySchema,
  portaoListSchema,
} from "../../../shared/schemas/portoes";
import type { Database } from "../../db/client";
import type { TenantContext } from "../../http/context";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./portoes.service";

const TAG = "Portões";
const one = portaoConsoleSchema.openapi("Portao");

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarPortoes",
    tags: [TAG],
    permission: "unidades:ler",
    summary: "Portões de um condomínio, ativos primeiro, por nome",
    description:
      "Quem cadastra portões (proprietário e síndicos) recebe também o número de WhatsApp do portão e a URL da linha telefônica (`voz_url`, o webhook “A call comes in” do número no Twilio).",
    request: { query: portaoListQuerySchema },
    responses: { 200: jsonResponse(portaoListSchema.openapi("Portoes"), "Portões"), ...errorResponses(400, 404) },
  }),
  create: tenantRoute({
    method: "post",
    path: "/",
    operationId: "criarPortao",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Cria um portão (nome único no condomínio; número de WhatsApp único entre todos os portões)",
    request: jsonBody(portaoCreateSchema),
    responses: { 201: jsonResponse(one, "Criado"), ...errorResponses(400, 404, 409) },
  }),
  update: tenantRoute({
    method: "put",
    path: "/{id}",
    operationId: "atualizarPortao",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Renomeia, muda o tipo ou o número de WhatsApp, ou desativa um portão (portões não são excluídos)",
    request: { params: uuidParam, ...jsonBody(portaoInputSchema) },
    responses: { 200: jsonResponse(one, "Atualizado"), ...errorResponses(400, 404, 409) },
  }),
  testCamera: tenantRoute({
    method: "post",
    path: "/{id}/camera/teste",
    operationId: "testarCameraDoPortao",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Busca agora uma imagem da câmera do portão e devolve uma prévia pequena, ou o motivo de não haver",
    description:
      "Sem `url`, testa a câmera salva; com `url` (e `usuario`, `senha`), testa o que o formulário tem, antes de salvar. Com `senha` em branco, a senha salva é usada só se o endereço for do mesmo servidor da câmera salva. Nada é gravado; o teste fica na auditoria.",
    request: { params: uuidParam, ...jsonBody(portaoCameraTesteSchema) },
    responses: {
      200: jsonResponse(portaoCameraTesteResultSchema.openapi("TesteCameraPortao"), "Prévia ou motivo"),
      ...errorResponses(400, 404),
    },
  }),
};

/**
 * `linkBase`: the origin the phone line's webhook is shown on (PUBLIC_URL; without it, the address
 * the user reached us at, as for every link the console shows).
 */
export function portoesRoutes(db: Database, deps: { linkBase: (request: Request) => string; secret: string }) {
  // Reading the gates stays open to everyone who reads the condominium (the Portaria picks its
  // gate); the WhatsApp number and the phone line's URL are for those who manage gates.
  const linha = (tenant: TenantContext, request: Request) =>
    can(tenant.role, "cadastros:editar") ? deps.linkBase(request) : null;
  return apiRouter()
    .openapi(routes.list, async (c) => {
      const tenant = c.get("tenant");
      const items = await service.list(db, tenant, c.req.valid("query").condominio_id, linha(tenant, c.req.raw));
      return c.json({ items }, 200);
    })
    .openapi(routes.create, async (c) => {
      const tenant = c.get("tenant");
      const { condominio_id, ...input } = c.req.valid("json");
      return c.json(await service.create(db, tenant, condominio_id, input, deps.secret, linha(tenant, c.req.raw)), 201);
    })
    .openapi(routes.update, async (c) => {
      const tenant = c.get("tenant");
      const id = c.req.valid("param").id;
      return c.json(
        await service.update(db, tenant, id, c.req.valid("json"), deps.secret, linha(tenant, c.req.raw)),
        200,
      );
    })
    .openapi(routes.testCamera, async (c) => {
      const tenant = c.get("tenant");
      const id = c.req.valid("param").id;
      // The fetch stops when the caller gives up (the dialog closed).
      return c.json(await service.testCamera(db, tenant, deps.secret, id, c.req.valid("json"), c.req.raw.signal), 200);
    });
}
