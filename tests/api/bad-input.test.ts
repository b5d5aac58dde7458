/**
 * Every endpoint of the OpenAPI document that takes a JSON body answers malformed JSON and
 * wrongly typed fields with 400 and a pt-BR error (with field paths for wrong types), never 500,
 * and writes nothing. The list of endpoints comes from /api/openapi.json, so a new endpoint is
 * covered the moment it is documented.
 */
import { describe, expect, it } from "vitest";
import { createTenantWithMember } from "../support/factories";
import { client } from "../support/http";
import { setupTestSystem } from "../support/system";

const system = setupTestSystem();

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; $ref?: string; anyOf?: Schema[] };
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> } };

const METHODS = ["post", "put", "patch", "delete"] as const;
const SAMPLE_UUID = "00000000-0000-4000-8000-000000000000";

/** A value of the wrong type for each declared property. */
function wrongValue(schema: Schema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  return type === "string" ? 12345 : type === "array" ? "texto" : type === "object" ? 42 : "texto";
}

async function documentedBodies() {
  const doc = (await client(system()).get("/api/openapi.json")).body as {
    paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    components?: { schemas?: Record<string, Schema> };
  };
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
    const { cookie } = await createTenantWithMember(system(), { role: "owner" });
    const failures: string[] = [];
    for (const e of await documentedBodies()) {
      const res = await client(system(), { cookie })[e.method](e.path, { body: '{"nome": ' });
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
    const { cookie } = await createTenantWithMember(system(), { role: "owner" });
    const failures: string[] = [];
    for (const e of await documentedBodies()) {
      const props = Object.entries(e.schema?.properties ?? {});
      if (props.length === 0) continue;
      const body = Object.fromEntries(props.map(([k, s]) => [k, wrongValue(s)]));
      const res = await client(system(), { cookie })[e.method](e.path, { json: body });
      const fields = res.body?.error?.fields as { path: string }[] | undefined;
      if (res.status !== 400 || !fields?.length) {
        failures.push(`${e.method.toUpperCase()} ${e.path} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
