/**
 * The /api/auth section of the OpenAPI document, made from better-auth's generated one
 * (docs/decisions/018-openapi-document.md). better-auth describes its endpoints for a generic setup:
 * a `bearerAuth` scheme nobody defines, OpenAPI 3.0's `nullable`, English and no summaries, the same
 * six error responses everywhere in a `{message}` shape, session tokens in bodies. Guarita mounts a
 * few of them behind auth/auth.routes.ts, which changes what a client sees, so this module:
 *
 * - keeps only the exposed endpoints (auth/auth-endpoints.ts) and the schemas they reference;
 * - gives each one, from AUTH_OPERATIONS, a pt-BR summary, an operationId, the tag, the security
 *   requirement (the session cookie, optional, or none) and the error statuses it really answers, in
 *   our error shape (auth.routes.ts answers both better-auth's `{code, message}` and our `error`);
 * - rewrites `nullable` into 3.1 type arrays, marks the optional columns of better-auth's models
 *   (User, Session) as nullable, as they are, and removes the top-level `token` of success bodies
 *   (auth.routes.ts strips it: the session lives in the HttpOnly cookie only);
 * - narrows request bodies to what our guards in front of better-auth accept (auth-guards.ts):
 *   their lengths and formats, and no other field where a guard is strict;
 * - keeps everything else better-auth says (parameters, bodies, success schemas), so a field it adds
 *   appears here without a change.
 *
 * An exposed endpoint missing from AUTH_OPERATIONS keeps no summary, which the document's lint test
 * (tests/api/openapi-lint.test.ts) reports by name.
 */
import { z } from "zod";
import { exposedAuthPaths } from "../auth/auth-endpoints";
import { AUTH_BODY_GUARDS } from "../auth/auth-guards";

type Json = Record<string, unknown>;

export interface AuthDocument {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
}

/** Who may call an auth endpoint, as an OpenAPI security requirement. */
type AuthAccess = "public" | "session" | "optional-session";

interface AuthOperation {
  operationId: string;
  summary: string;
  description?: string;
  access: AuthAccess;
  /** Error statuses the endpoint answers (auth.routes.ts and better-auth), in our error shape. */
  errors: readonly AuthErrorStatus[];
  /** Success responses replacing better-auth's where its description is wrong for this setup. */
  responses?: Record<string, Json>;
}

export const AUTH_TAG = "Autenticação";
export const AUTH_ERROR_SCHEMA = "ErroAutenticacao";
const SESSION_SCHEME = "cookieAuth";

const AUTH_ERROR_DESCRIPTIONS = {
  400: "Dados inválidos ou token inválido (campos e mensagens em pt-BR)",
  401: "Sem sessão, ou credenciais/token recusados",
  403: "Endereço de retorno (callbackURL/redirectTo) fora das origens permitidas",
  429: "Muitas requisições (com Retry-After)",
} as const;
type AuthErrorStatus = keyof typeof AUTH_ERROR_DESCRIPTIONS;

const redirect = (description: string): Json => ({
  description,
  headers: { Location: { description: "Para onde o navegador segue", schema: { type: "string" } } },
});

/**
 * One entry per exposed endpoint ("METHOD /path" as in better-auth's document). Every endpoint may
 * also answer 429: better-auth's limiter counts every request per IP (auth.ts).
 */
export const AUTH_OPERATIONS: Readonly<Record<string, AuthOperation>> = {
  "GET /get-session": {
    operationId: "obterSessao",
    summary: "A sessão do cookie e seu usuário, ou null sem sessão",
    access: "optional-session",
    errors: [429],
  },
  "POST /sign-in/email": {
    operationId: "entrar",
    summary: "Entra com e-mail e senha; a sessão vai no cookie HttpOnly",
    description:
      "Tentativas erradas seguidas por e-mail e por IP atrasam as próximas (429 com Retry-After), sem bloquear a conta.",
    access: "public",
    errors: [400, 401, 403, 429],
  },
  "POST /sign-out": {
    operationId: "sair",
    summary: "Encerra a sessão do cookie (sem sessão, não faz nada)",
    access: "optional-session",
    errors: [400, 429],
  },
  "POST /change-password": {
    operationId: "alterarSenha",
    summary: "Troca a senha do usuário da sessão, com a senha atual",
    access: "session",
    errors: [400, 401, 429],
  },
  "POST /update-user": {
    operationId: "atualizarUsuario",
    summary: "Atualiza o nome e a foto do usuário da sessão",
    access: "session",
    errors: [400, 401, 429],
    responses: {
      200: {
        description: "Usuário atualizado",
        content: {
          "application/json": {
            schema: { type: "object", properties: { status: { type: "boolean" } }, required: ["status"] },
          },
        },
      },
    },
  },
  "POST /revoke-other-sessions": {
    operationId: "revogarOutrasSessoes",
    summary: "Encerra as outras sessões do usuário, menos a atual",
    access: "session",
    errors: [400, 401, 429],
  },
  "POST /request-password-reset": {
    operationId: "solicitarRedefinicaoSenha",
    summary: "Pede o e-mail com o link de redefinição de senha",
    description:
      "A resposta é a mesma, e no mesmo tempo, exista ou não uma conta com o e-mail; o link vai sempre para a URL pública do Guarita.",
    access: "public",
    errors: [400, 403, 429],
  },
  "GET /reset-password/{token}": {
    operationId: "abrirLinkRedefinicaoSenha",
    summary: "O link do e-mail de redefinição: confere o token e redireciona para a página da nova senha",
    access: "public",
    errors: [400, 403, 429],
    responses: {
      302: redirect("Para `callbackURL` com `?token=`, ou com `?error=INVALID_TOKEN` se o link não vale"),
    },
  },
  "POST /reset-password": {
    operationId: "redefinirSenha",
    summary: "Define a nova senha com o token do link e encerra todas as sessões",
    access: "public",
    errors: [400, 429],
  },
  "GET /verify-email": {
    operationId: "confirmarEmail",
    summary: "O link do e-mail de confirmação: marca o e-mail como confirmado",
    access: "public",
    errors: [400, 401, 403, 429],
    responses: {
      200: {
        description: "Sem `callbackURL`: e-mail confirmado",
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: { status: { type: "boolean" }, user: { type: "null" } },
              required: ["status"],
            },
          },
        },
      },
      302: redirect("Com `callbackURL`: para ele, com `&error=CODIGO` se o link não vale"),
    },
  },
  "POST /send-verification-email": {
    operationId: "reenviarConfirmacaoEmail",
    summary: "Reenvia o e-mail de confirmação para o endereço do próprio usuário da sessão",
    access: "session",
    errors: [400, 401, 403, 429],
  },
};

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** OpenAPI 3.0 `nullable: true` → 3.1: `null` in the type (and enum), or anyOf with null when untyped. */
export function withoutNullable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullable);
  if (!isObject(value)) return value;
  const { nullable, ...rest } = value;
  const out: Json = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, withoutNullable(v)]));
  if (nullable !== true) return out;
  if (typeof out.type === "string" || Array.isArray(out.type)) {
    const types = ([] as unknown[]).concat(out.type);
    out.type = types.includes("null") ? types : [...types, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: "null" }] };
}

/** A success body's schema without its top-level `token` (auth.routes.ts removes it from the answer). */
function withoutSessionToken(response: unknown): unknown {
  if (!isObject(response) || !isObject(response.content)) return response;
  const content = Object.fromEntries(
    Object.entries(response.content).map(([type, media]) => {
      if (!isObject(media) || !isObject(media.schema) || !isObject(media.schema.properties)) return [type, media];
      const { token: _token, ...properties } = media.schema.properties;
      const schema: Json = { ...media.schema, properties };
      if (Array.isArray(schema.required)) schema.required = schema.required.filter((name) => name !== "token");
      return [type, { ...media, schema }];
    }),
  );
  return { ...response, content };
}

const names = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * better-auth's body schema narrowed by our guard's (JSON Schema from zod): the guard's rule for
 * each field it checks (with better-auth's description when ours has none), better-auth's other
 * fields unless the guard is strict, and the fields either one requires.
 */
function guardedBodySchema(generated: unknown, guard: z.ZodType): Json {
  const { $schema: _dialect, ...rule } = z.toJSONSchema(guard, { io: "input", unrepresentable: "any" }) as Json;
  const base = isObject(generated) ? generated : {};
  const baseProperties = isObject(base.properties) ? base.properties : {};
  const ruleProperties = isObject(rule.properties) ? rule.properties : {};
  const closed = rule.additionalProperties === false;
  const properties: Json = {};
  for (const [name, schema] of Object.entries(baseProperties))
    if (!closed || name in ruleProperties) properties[name] = schema;
  for (const [name, schema] of Object.entries(ruleProperties)) {
    const theirs = baseProperties[name];
    const description = isObject(theirs) && isObject(schema) && !schema.description ? theirs.description : undefined;
    properties[name] = description ? { description, ...(schema as Json) } : schema;
  }
  const required = [...new Set([...names(base.required), ...names(rule.required)])].filter((n) => n in properties);
  const { required: _required, additionalProperties: _additional, ...rest } = base;
  return {
    ...rest,
    type: "object",
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(closed ? { additionalProperties: false } : {}),
  };
}

function guardedRequestBody(requestBody: unknown, guard: z.ZodType | undefined): unknown {
  if (!guard || !isObject(requestBody) || !isObject(requestBody.content)) return requestBody;
  const content = Object.fromEntries(
    Object.entries(requestBody.content).map(([type, media]) => [
      type,
      isObject(media) ? { ...media, schema: guardedBodySchema(media.schema, guard) } : media,
    ]),
  );
  return { ...requestBody, content };
}

function withoutToken(model: unknown): unknown {
  if (!isObject(model) || !isObject(model.properties)) return model;
  const { token: _token, ...properties } = model.properties;
  return { ...model, properties, required: names(model.required).filter((n) => n !== "token") };
}

/** A better-auth model (User, Session): its optional fields are nullable columns, and come back as null. */
function withNullableOptionalFields(model: unknown): unknown {
  if (!isObject(model) || !isObject(model.properties)) return model;
  const required = names(model.required);
  const properties = Object.fromEntries(
    Object.entries(model.properties).map(([name, schema]) => [
      name,
      required.includes(name) ? schema : withoutNullable(isObject(schema) ? { ...schema, nullable: true } : schema),
    ]),
  );
  return { ...model, properties };
}

const SECURITY: Record<AuthAccess, Json[]> = {
  public: [],
  session: [{ [SESSION_SCHEME]: [] }],
  "optional-session": [{ [SESSION_SCHEME]: [] }, {}],
};

function authOperation(method: string, path: string, generated: Json): Json {
  const spec = AUTH_OPERATIONS[`${method.toUpperCase()} ${path}`];
  const { description: _english, security: _bearer, tags: _default, responses, requestBody, ...rest } = generated;
  const success = Object.fromEntries(
    Object.entries(isObject(responses) ? responses : {})
      .filter(([status]) => /^[23]/.test(status))
      .map(([status, response]) => [status, withoutSessionToken(response)]),
  );
  const errors = Object.fromEntries(
    (spec?.errors ?? []).map((status) => [
      status,
      {
        description: AUTH_ERROR_DESCRIPTIONS[status],
        content: { "application/json": { schema: { $ref: `#/components/schemas/${AUTH_ERROR_SCHEMA}` } } },
      },
    ]),
  );
  const guard = method.toUpperCase() === "POST" ? AUTH_BODY_GUARDS[path] : undefined;
  return {
    ...rest,
    ...(requestBody === undefined ? {} : { requestBody: guardedRequestBody(requestBody, guard) }),
    tags: [AUTH_TAG],
    ...(spec
      ? {
          operationId: spec.operationId,
          summary: spec.summary,
          ...(spec.description ? { description: spec.description } : {}),
        }
      : {}),
    security: SECURITY[spec?.access ?? "session"],
    responses: { ...(spec?.responses ? spec.responses : success), ...errors },
  };
}

/** `#/components/schemas/X` names referenced anywhere in `value`. */
function referencedSchemas(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedSchemas(item, found);
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string" && item.startsWith("#/components/schemas/")) {
        found.add(item.slice("#/components/schemas/".length));
      } else referencedSchemas(item, found);
    }
  }
  return found;
}

/**
 * better-auth's document → the /auth paths (prefixed) and the component schemas they need
 * (transitively), ready to merge into ours. `errorSchema` is the name of our `Erro` component,
 * which the auth error shape extends.
 */
export function authOpenApi(document: AuthDocument, errorSchema: string) {
  const paths: Record<string, Json> = {};
  for (const [path, item] of Object.entries(exposedAuthPaths(document.paths as Record<string, Json>))) {
    const operations: Json = {};
    for (const [key, value] of Object.entries(item)) {
      operations[key] = (METHODS as readonly string[]).includes(key)
        ? authOperation(key, path, withoutNullable(value) as Json)
        : withoutNullable(value);
    }
    paths[`/auth${path}`] = operations;
  }

  const available = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const schemas: Record<string, unknown> = {
    [AUTH_ERROR_SCHEMA]: {
      description:
        "Erro dos endpoints de autenticação: o esquema `Erro` e, para o cliente do better-auth, `code` e `message` também no topo.",
      allOf: [
        { $ref: `#/components/schemas/${errorSchema}` },
        {
          type: "object",
          properties: { code: { type: "string" }, message: { type: "string" } },
          required: ["code", "message"],
        },
      ],
    },
  };
  const pending = [...referencedSchemas(paths)];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (name in schemas || !(name in available)) continue;
    const model = withNullableOptionalFields(withoutNullable(available[name]));
    // The session's token never leaves the HttpOnly cookie: auth.routes.ts strips it from get-session too.
    schemas[name] = name === "Session" ? withoutToken(model) : model;
    pending.push(...referencedSchemas(schemas[name]));
  }
  return { paths, schemas };
}
