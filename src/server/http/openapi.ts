/**
 * OpenAPI plumbing: the shared error responses every route declares, the validation hook that turns
 * zod failures into our 400, and the document + browsable reference (served from the local
 * swagger-ui-dist package, so it works without internet access).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Hook } from "@hono/zod-openapi";
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { Hono } from "hono";
import type { AppEnv } from "./context";
import { validationError } from "./errors";

const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      requestId: z.string().optional(),
      fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .openapi("Erro");

const ERROR_DESCRIPTIONS = {
  400: "Dados inválidos (campos e mensagens em pt-BR)",
  401: "Sem sessão",
  402: "Pagamento recusado ou não confirmado",
  403: "Papel sem permissão",
  404: "Não encontrado (ou de outro cliente)",
  409: "Conflito com o estado atual",
  429: "Muitas requisições",
  502: "O processador de pagamentos não respondeu",
} as const;

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: ERROR_DESCRIPTIONS[s], content: { "application/json": { schema: errorSchema } } },
    ]),
  ) as unknown as {
    [K in S]: { description: string; content: { "application/json": { schema: typeof errorSchema } } };
  };
}

/** Every OpenAPIHono router uses this, so a bad body, query or param is always our 400. */
// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every input type.
export const validationHook: Hook<any, AppEnv, any, any> = (result) => {
  if (!result.success) throw validationError(result.error);
};

export interface OpenApiOptions {
  api: OpenAPIHono<AppEnv>;
  /** better-auth's generated document for /api/auth/*. */
  authDocument: () => Promise<{ paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } }>;
}

const require = createRequire(import.meta.url);

export function docsRoutes({ api, authDocument }: OpenApiOptions) {
  const docs = new Hono<AppEnv>();
  let cached: unknown;

  docs.get("/openapi.json", async (c) => {
    if (!cached) {
      const own = api.getOpenAPI31Document({
        openapi: "3.1.0",
        info: {
          title: "Guarita API",
          version: "1.0.0",
          description:
            "API do Guarita — Sistema de Portaria Inteligente. Autenticação por cookie de sessão (better-auth). " +
            "Erros seguem o esquema `Erro`, com mensagens em pt-BR.",
        },
        servers: [{ url: "/api" }],
      });
      own.components = {
        ...own.components,
        securitySchemes: { cookieAuth: { type: "apiKey", in: "cookie", name: "guarita.session_token" } },
      };
      const auth = await authDocument();
      for (const [p, item] of Object.entries(auth.paths ?? {})) {
        own.paths = { ...own.paths, [`/auth${p}`]: { ...(item as object) } };
      }
      own.components.schemas = { ...(auth.components?.schemas ?? {}), ...own.components.schemas } as never;
      cached = own;
    }
    return c.json(cached);
  });

  const uiDir = path.dirname(require.resolve("swagger-ui-dist/package.json"));
  const assets: Record<string, string> = {
    "swagger-ui.css": "text/css; charset=utf-8",
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  };
  docs.get("/docs/assets/:file", (c) => {
    const file = c.req.param("file");
    if (file === "init.js") {
      c.header("Content-Type", "text/javascript; charset=utf-8");
      return c.body(
        'window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true, withCredentials: true });',
      );
    }
    const type = assets[file];
    if (!type) return c.notFound();
    c.header("Content-Type", type);
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(fs.readFileSync(path.join(uiDir, file)));
  });
  docs.get("/docs", (c) => {
    c.header(
      "Content-Security-Policy",
      "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
    );
    return c.html(`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Guarita API — referência</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script><script src="/api/docs/assets/init.js"></script></body></html>`);
  });
  return docs;
}

/** `responses` entry with a JSON body. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** `request.body` with a JSON schema; required bodies reject other content types too. */
export const jsonBody = <T extends z.ZodType>(schema: T, required = true) => ({
  body: { required, content: { "application/json": { schema } } },
});

export const COOKIE_AUTH = [{ cookieAuth: [] }];
