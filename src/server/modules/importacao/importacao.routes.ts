/**
 * /api/importacoes (docs/product.md, "Importar planilha"): the template, the preview and the
 * import. The preview and the import take the same multipart upload (the file and the
 * condominium); nothing is kept between them (docs/decisions/032-spreadsheet-import.md).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requiredId } from "../../../shared/schemas/common";
import {
  IMPORTACAO_MAX_BYTES,
  importacaoPreviaSchema,
  importacaoResultadoSchema,
} from "../../../shared/schemas/importacao";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { badRequest, validationError } from "../../http/errors";
import { errorResponses, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./importacao.service";

const TAG = "Importação";

/** The multipart upload, as documented (validated in readUpload, with pt-BR messages). */
const uploadBody = {
  body: {
    required: true,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object" as const,
          required: ["condominio_id", "arquivo"],
          properties: {
            condominio_id: { type: "string" as const, format: "uuid", description: "Condomínio de destino" },
            arquivo: {
              type: "string" as const,
              format: "binary",
              description: "Planilha .xlsx ou .csv (UTF-8 ou Windows-1252, separador ; ou ,), até 2 MB e 5.000 linhas",
            },
          },
        },
      },
    },
  },
};

const uploadSchema = z.object({
  condominio_id: requiredId("Selecione um condomínio"),
  arquivo: z.instanceof(File, { message: "Selecione a planilha (.xlsx ou .csv)" }),
});

const tooLargeResponse = {
  413: { description: "Arquivo grande demais", content: errorResponses(400)[400].content },
};

const binary = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.string().openapi({ format: "binary" }) } },
});

const routes = {
  modeloXlsx: tenantRoute({
    method: "get",
    path: "/modelo.xlsx",
    operationId: "baixarModeloImportacaoXlsx",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Modelo da planilha de importação (XLSX, com instruções)",
    responses: { 200: binary("Modelo XLSX", service.XLSX_TYPE) },
  }),
  modeloCsv: tenantRoute({
    method: "get",
    path: "/modelo.csv",
    operationId: "baixarModeloImportacaoCsv",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Modelo da planilha de importação (CSV: UTF-8 com BOM, separador ;)",
    responses: { 200: { description: "Modelo CSV", content: { "text/csv": { schema: z.string() } } } },
  }),
  previa: tenantRoute({
    method: "post",
    path: "/previa",
    operationId: "previaImportacao",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Lê a planilha e mostra o que seria importado, linha a linha, com os erros; não grava nada",
    request: uploadBody,
    responses: {
      200: jsonResponse(importacaoPreviaSchema.openapi("ImportacaoPrevia"), "Prévia"),
      ...errorResponses(400, 404),
      ...tooLargeResponse,
    },
  }),
  importar: tenantRoute({
    method: "post",
    path: "/",
    operationId: "importarPlanilha",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Importa a planilha (a mesma da prévia): tudo numa transação, ou nada se alguma linha tiver erro",
    request: uploadBody,
    responses: {
      201: jsonResponse(importacaoResultadoSchema.openapi("ImportacaoResultado"), "Importada"),
      ...errorResponses(400, 404, 409),
      ...tooLargeResponse,
    },
  }),
};

/** The file and the condominium from the multipart body; anything else is a 400 in pt-BR. */
async function readUpload(c: Context<AppEnv>): Promise<service.Upload> {
  const type = c.req.header("content-type") ?? "";
  const message = "Envie a planilha como multipart/form-data, no campo arquivo.";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw badRequest(message, [{ path: "arquivo", message }]);
  }
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest(message, [{ path: "arquivo", message }]);
  }
  const parsed = uploadSchema.safeParse(form);
  if (!parsed.success) throw validationError(parsed.error);
  return { condominioId: parsed.data.condominio_id, arquivo: parsed.data.arquivo };
}

/**
 * The API's 1 MB body limit does not apply here (app.ts): a spreadsheet may have 2 MB, plus the
 * multipart envelope.
 */
const limitUpload = bodyLimit({
  maxSize: IMPORTACAO_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw service.tooLarge();
  },
});

export function importacaoRoutes(db: Database) {
  const router = apiRouter();
  router.use("*", (c, next) => (c.req.method === "POST" ? limitUpload(c, next) : next()));
  return router
    .openapi(routes.modeloXlsx, async () => {
      const body = await service.modeloXlsx();
      return new Response(body, {
        status: 200,
        headers: {
          "Content-Type": service.XLSX_TYPE,
          "Content-Disposition": `attachment; filename="${service.MODELO_NOME}.xlsx"`,
          "Cache-Control": "no-store",
        },
      });
    })
    .openapi(routes.modeloCsv, () => {
      return new Response(service.modeloCsv(), {
        status: 200,
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${service.MODELO_NOME}.csv"`,
          "Cache-Control": "no-store",
        },
      });
    })
    .openapi(routes.previa, async (c) => c.json(await service.previa(db, c.get("tenant"), await readUpload(c)), 200))
    .openapi(routes.importar, async (c) =>
      c.json(await service.importar(db, c.get("tenant"), await readUpload(c)), 201),
    );
}
