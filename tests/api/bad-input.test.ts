/**
 * Every endpoint of the OpenAPI document that takes a JSON body answers malformed JSON and
 * wrongly typed fields with 400 and a pt-BR error (with field paths for wrong types), never 500,
 * and writes nothing. Every documented string parameter and body field survives hostile text
 * (NUL, a lone surrogate, 1 MB, emoji, right-to-left): never a 500, and NUL is a 400 naming the
 * field. The list of endpoints comes from /api/openapi.json, so a new endpoint is covered the
 * moment it is documented.
 */
import { describe, expect, it } from "vitest";
import { chamadas, pessoas, solicitacoesAcesso } from "@/server/db/schema";
import {
  clientForPath,
  createApiKeyClient,
  createCondominioWithUnidade,
  createPairedTotem,
  createTenantWithMember,
  signIn,
} from "../support/factories";
import { client } from "../support/http";
import { setupTestSystem } from "../support/system";

const system = setupTestSystem();

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  $ref?: string;
  anyOf?: Schema[];
  enum?: unknown[];
  format?: string;
};
type Parameter = { in: string; name: string; schema?: Schema };
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> }; parameters?: Parameter[] };

const METHODS = ["post", "put", "patch", "delete"] as const;
const SAMPLE_UUID = "00000000-0000-4000-8000-000000000000";

/** A value of the wrong type for each declared property. */
function wrongValue(schema: Schema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  return type === "string" ? 12345 : type === "array" ? "texto" : type === "object" ? 42 : "texto";
}

type Document = {
  paths: Record<string, Partial<Record<"get" | (typeof METHODS)[number], Operation>>>;
  components?: { schemas?: Record<string, Schema> };
};

async function openApiDocument() {
  return (await client(system()).get("/api/openapi.json")).body as Document;
}

async function documentedBodies() {
  const doc = await openApiDocument();
  const resolve = (s: Schema | undefined): Schema | undefined =>
    s?.$ref ? doc.components?.schemas?.[s.$ref.split("/").pop()!] : s;
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]?.requestBody?.content?.["application/json"]).map((m) => ({
      method: m,
      path: `/api${p.replace(/\{[^}]+\}/g, SAMPLE_UUID)}`,
      schema: resolve(item[m]!.requestBody!.content!["application/json"]!.schema),
    })),
  );
}

describe("bad input on every documented endpoint", () => {
  it("documents JSON bodies (sanity check of this test)", async () => {
    const endpoints = await documentedBodies();
    expect(endpoints.map((e) => e.path)).toContain("/api/auth/sign-in/email");
    expect(endpoints.length).toBeGreaterThan(5);
  });

  it("answers malformed JSON with 400 and a pt-BR message", async () => {
    const { cookie, org } = await createTenantWithMember(system(), { role: "owner" });
    const { key } = await createApiKeyClient(system(), cookie);
    const totem = await createPairedTotem(system(), org.id, cookie);
    const failures: string[] = [];
    for (const e of await documentedBodies()) {
      const res = await clientForPath(system(), e.path, cookie, key.segredo, totem.cookie)[e.method](e.path, {
        body: '{"nome": ',
      });
      if (
        res.status !== 400 ||
        typeof res.body?.error?.message !== "string" ||
        /[A-Z][a-z]+ [a-z]+ed\b/.test(res.body.error.message)
      ) {
        failures.push(`${e.method.toUpperCase()} ${e.path} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers wrongly typed fields with 400 and the field paths", async () => {
    const { cookie, org } = await createTenantWithMember(system(), { role: "owner" });
    const { key } = await createApiKeyClient(system(), cookie);
    const totem = await createPairedTotem(system(), org.id, cookie);
    const failures: string[] = [];
    for (const e of await documentedBodies()) {
      const props = Object.entries(e.schema?.properties ?? {});
      if (props.length === 0) continue;
      const body = Object.fromEntries(props.map(([k, s]) => [k, wrongValue(s)]));
      const res = await clientForPath(system(), e.path, cookie, key.segredo, totem.cookie)[e.method](e.path, {
        json: body,
      });
      const fields = res.body?.error?.fields as { path: string }[] | undefined;
      if (res.status !== 400 || !fields?.length) {
        failures.push(`${e.method.toUpperCase()} ${e.path} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("never answers 500 to hostile text in any documented string, and refuses NUL naming the field", {
    timeout: 300_000,
  }, async () => {
    const doc = await openApiDocument();
    const ids = await hostileTextFixtures();
    const owner = await createTenantWithMember(system(), { role: "owner" });
    let cookie = owner.cookie;
    const failures: string[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const method of ["get", ...METHODS] as const) {
        const op = item[method];
        if (!op) continue;
        // Sign-out or revoke-sessions end the session: sign in again so they do not blind the rest.
        if ((await client(system(), { cookie }).get("/api/me")).status === 401) {
          cookie = await signIn(system(), owner.email, owner.password);
        }
        const api = client(system(), { cookie });
        const schema = resolveSchema(doc, op.requestBody?.content?.["application/json"]?.schema);
        const base = schema?.properties ? sampleBody(schema, ids) : undefined;
        const pathOf = (values: Record<string, string>) =>
          `/api${template.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? idFor(template, name, ids))}`;
        const send = (path: string, body: unknown) =>
          api[method](path, method === "get" || body === undefined ? {} : { json: body });

        for (const param of op.parameters ?? []) {
          if (!isString(param.schema) || (param.in !== "query" && param.in !== "path")) continue;
          for (const [label, value] of Object.entries(HOSTILE_TEXT)) {
            const encoded = label === "lone surrogate" ? "a%ED%A0%80b" : encodeURIComponent(value);
            const path =
              param.in === "path" ? pathOf({ [param.name]: encoded }) : `${pathOf({})}?${param.name}=${encoded}`;
            const res = await send(path, base);
            const expected = label === "NUL" ? (param.in === "path" ? "(caminho)" : param.name) : null;
            check(failures, `${method.toUpperCase()} ${template} ${param.in}:${param.name} ${label}`, res, expected);
          }
        }
        for (const [field, fieldSchema] of Object.entries(schema?.properties ?? {})) {
          if (!isString(fieldSchema)) continue;
          for (const [label, value] of Object.entries(HOSTILE_TEXT)) {
            const res = await send(pathOf({}), { ...base, [field]: value });
            const expected = label === "NUL" || label === "lone surrogate" ? field : null;
            check(failures, `${method.toUpperCase()} ${template} body:${field} ${label}`, res, expected);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** Text a scanner or a careless client sends. Valid ones may be accepted; none may cause a 500. */
const HOSTILE_TEXT: Record<string, string> = {
  NUL: "a\u0000b",
  "lone surrogate": "a\ud800b",
  "1 MB": "a".repeat(1024 * 1024),
  emoji: "Visita 👩🏽‍💻🚪😀",
  "right-to-left": "\u202Eשלום مرحبا",
};

function check(
  failures: string[],
  what: string,
  res: { status: number; body: { error?: { fields?: { path: string }[] } } | null },
  refusedField: string | null,
) {
  if (res.status >= 500) failures.push(`${what} → ${res.status}`);
  else if (refusedField !== null) {
    const fields = res.body?.error?.fields?.map((f) => f.path) ?? [];
    if (res.status !== 400 || !fields.includes(refusedField)) {
      failures.push(
        `${what} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)} (esperado 400 em ${refusedField})`,
      );
    }
  }
}

function resolveSchema(doc: Document, s: Schema | undefined): Schema | undefined {
  return s?.$ref ? doc.components?.schemas?.[s.$ref.split("/").pop()!] : s;
}

function isString(s: Schema | undefined): boolean {
  const types = [s?.type, ...(s?.anyOf ?? []).map((a) => a.type)].flat();
  return types.includes("string");
}

type FixtureIds = Record<"condominio" | "unidade" | "pessoa" | "solicitacao" | "chamada", string>;

/** One row of each kind in a separate tenant, so path and body ids are well-formed and some exist. */
async function hostileTextFixtures(): Promise<FixtureIds> {
  const db = system().handle.db;
  const { org } = await createTenantWithMember(system(), { role: "owner" });
  const { condominio, unidade } = await createCondominioWithUnidade(system(), org.id);
  const [pessoa] = await db
    .insert(pessoas)
    .values({ organizationId: org.id, condominioId: condominio.id, nome: "Pessoa Fixa" })
    .returning();
  const [solicitacao] = await db
    .insert(solicitacoesAcesso)
    .values({ organizationId: org.id, condominioId: condominio.id, unidadeId: unidade.id, nomeVisitante: "Visita" })
    .returning();
  const [chamada] = await db
    .insert(chamadas)
    .values({ organizationId: org.id, solicitacaoId: solicitacao!.id, pessoaId: pessoa!.id })
    .returning();
  return {
    condominio: condominio.id,
    unidade: unidade.id,
    pessoa: pessoa!.id,
    solicitacao: solicitacao!.id,
    chamada: chamada!.id,
  };
}

/** The id a path parameter of this route names: /pessoas/{id} → a person, {pessoaId} → a person. */
function idFor(template: string, name: string, ids: FixtureIds): string {
  if (name === "pessoaId") return ids.pessoa;
  const resource = template.split("/")[1] ?? "";
  const byResource: Record<string, string> = {
    condominios: ids.condominio,
    unidades: ids.unidade,
    pessoas: ids.pessoa,
    solicitacoes: ids.solicitacao,
    chamadas: ids.chamada,
  };
  return byResource[resource] ?? SAMPLE_UUID;
}

/** A plausible body: enums take their first value, ids point at fixtures, other strings are text. */
function sampleBody(schema: Schema, ids: FixtureIds): Record<string, unknown> {
  const byField: Record<string, string> = {
    condominio_id: ids.condominio,
    unidade_id: ids.unidade,
    pessoa_id: ids.pessoa,
  };
  const body: Record<string, unknown> = {};
  for (const [field, s] of Object.entries(schema.properties ?? {})) {
    const types = [s.type, ...(s.anyOf ?? []).map((a) => a.type)].flat();
    if (s.enum?.length) body[field] = s.enum[0];
    else if (byField[field]) body[field] = byField[field];
    else if (types.includes("boolean")) body[field] = true;
    else if (types.includes("string")) body[field] = field.includes("email") ? "pessoa@teste.guarita.app" : "Texto";
  }
  return body;
}
