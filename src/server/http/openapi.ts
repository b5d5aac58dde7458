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
import { COMPANY } from "../../shared/company";
import { type AuthDocument, authOpenApi } from "./auth-openapi";
import type { AppEnv } from "./context";
import { validationError } from "./errors";

const ERROR_SCHEMA = "Erro";
const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      requestId: z.string().optional(),
      fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .openapi(ERROR_SCHEMA);

const ERROR_DESCRIPTIONS = {
  400: "Dados inválidos (campos e mensagens em pt-BR)",
  401: "Sem sessão",
  402: "Pagamento recusado ou não confirmado",
  403: "Papel sem permissão",
  404: "Não encontrado (ou de outro cliente)",
  409: "Conflito com o estado atual",
  422: "Idempotency-Key já usada com outra requisição",
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
  /** better-auth's generated document for /api/auth/* (auth-openapi.ts keeps the exposed endpoints). */
  authDocument: () => Promise<AuthDocument>;
}

const require = createRequire(import.meta.url);

/** Security requirement of a route that needs the session cookie. */
export const COOKIE_AUTH = [{ cookieAuth: [] }];
/** Security requirement of the gate kiosk's routes (its device credential). */
export const TOTEM_AUTH = [{ totemAuth: [] }];
/** Security requirement of a public route (no credential; the document says so explicitly). */
export const PUBLIC: { [scheme: string]: string[] }[] = [];

/**
 * Every security scheme a route may name; the document declares the ones its routes use, so a
 * scheme is never declared unused nor used undeclared.
 */
const SECURITY_SCHEMES: Record<string, Record<string, unknown>> = {
  cookieAuth: {
    type: "apiKey",
    in: "cookie",
    name: "guarita.session_token",
    description:
      "Cookie de sessão HttpOnly que `POST /auth/sign-in/email` define (em HTTPS, `__Secure-guarita.session_token`). " +
      "O navegador o envia sozinho; requisições que escrevem precisam de um `Origin` permitido.",
  },
  totemAuth: {
    type: "apiKey",
    in: "cookie",
    name: "guarita_totem",
    description:
      "Credencial do totem de um portão, um cookie HttpOnly que `POST /totem/parear` define a partir do link de " +
      "pareamento gerado no console. Só vale para as conversas daquele portão.",
  },
  apiKeyAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "gk_…",
    description: "Chave de API do cliente, criada no console: `Authorization: Bearer gk_…`.",
  },
};

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

function usedSecuritySchemes(paths: Record<string, unknown>): Set<string> {
  const used = new Set<string>();
  for (const item of Object.values(paths) as Record<string, { security?: Record<string, unknown>[] }>[]) {
    for (const method of HTTP_METHODS) {
      for (const requirement of item[method]?.security ?? [])
        for (const name of Object.keys(requirement)) used.add(name);
    }
  }
  return used;
}

/** The whole document: our routes, then the exposed better-auth endpoints under /auth. */
export async function buildOpenApiDocument({ api, authDocument }: OpenApiOptions) {
  const document = api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Guarita API",
      version: "1.0.0",
      description:
        "API do Guarita — Sistema de Portaria Inteligente. Autenticação por cookie de sessão (better-auth). " +
        "Erros seguem o esquema `Erro`, com mensagens em pt-BR.",
      license: { name: "Proprietária: uso conforme os Termos de Uso", url: `${COMPANY.siteUrl}/termos` },
    },
    servers: [{ url: "/api", description: "Este servidor" }],
  });
  const auth = authOpenApi(await authDocument(), ERROR_SCHEMA);
  document.paths = { ...document.paths, ...(auth.paths as typeof document.paths) };
  const used = usedSecuritySchemes(document.paths ?? {});
  document.components = {
    ...document.components,
    schemas: { ...auth.schemas, ...document.components?.schemas } as never,
    securitySchemes: Object.fromEntries(Object.entries(SECURITY_SCHEMES).filter(([name]) => used.has(name))) as never,
  };
  return document;
}

export function docsRoutes(options: OpenApiOptions) {
  const docs = new Hono<AppEnv>();
  let cached: Promise<unknown> | undefined;

  docs.get("/openapi.json", async (c) => {
    cached ??= buildOpenApiDocument(options).catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return c.json(await cached);
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
