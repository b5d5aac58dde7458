/**
 * The OpenAPI document (/api/openapi.json) is one an integrator's code generator accepts: Redocly's
 * `recommended` ruleset (@redocly/openapi-core, the library behind Redocly CLI) finds no error in it,
 * and no warning beyond the few listed below with their reason (docs/decisions/018-openapi-document.md).
 * The lint runs offline: the library has no telemetry, and a $ref outside the document fails here
 * instead of being fetched.
 */
import {
  BaseResolver,
  createConfig,
  lintFromString,
  type NormalizedProblem,
  ResolveError,
} from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { client } from "../support/http";
import { setupTestSystem } from "../support/system";

const system = setupTestSystem();

/** The document is self-contained: an external $ref is a problem, never a download. */
class OfflineResolver extends BaseResolver {
  override async loadExternalRef(absoluteRef: string): Promise<never> {
    throw new ResolveError(new Error(`referência externa não permitida no documento: ${absoluteRef}`));
  }
}

/**
 * Warnings kept on purpose, as "rule pointer". Each one says something true about the API that the
 * rule would have us change into something false.
 */
const ACCEPTED_WARNINGS: Record<string, string> = {
  // /health answers 200 or 503 and nothing else: it takes no input to refuse.
  "operation-4xx-response #/paths/~1health/get/responses": "GET /health não tem resposta 4xx",
  // The checkout configuration is a constant of the server's payment mode.
  "operation-4xx-response #/paths/~1checkout~1config/get/responses": "GET /checkout/config não tem resposta 4xx",
  // The reset link always redirects (302) to the page, with the token or with ?error=.
  "operation-2xx-response #/paths/~1auth~1reset-password~1{token}/get/responses":
    "GET /auth/reset-password/{token} sempre redireciona",
  // A unit's authorised people live beside its packages: "autorizados" is never a package's id (a
  // uuid), and the literal route is registered first (docs/decisions/043-deliveries.md).
  "no-ambiguous-paths #/paths/~1encomendas~1{id}~1confirmar":
    "/encomendas/autorizados/{id} × /encomendas/{id}/confirmar",
  "no-ambiguous-paths #/paths/~1encomendas~1{id}~1devolver": "/encomendas/autorizados/{id} × /encomendas/{id}/devolver",
  "no-ambiguous-paths #/paths/~1encomendas~1{id}~1ciente": "/encomendas/autorizados/{id} × /encomendas/{id}/ciente",
  "no-ambiguous-paths #/paths/~1encomendas~1{id}~1foto": "/encomendas/autorizados/{id} × /encomendas/{id}/foto",
};

const describeProblem = (p: NormalizedProblem) =>
  `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? "(sem local)"}: ${p.message}`;

async function lintDocument() {
  const res = await client(system()).get("/api/openapi.json");
  expect(res.status).toBe(200);
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({
    source: JSON.stringify(res.body),
    absoluteRef: "openapi.json",
    config,
    externalRefResolver: new OfflineResolver(),
  });
  return { document: res.body as { paths: Record<string, Record<string, { security?: unknown[] }>> }, problems };
}

describe("OpenAPI document", () => {
  it("passes Redocly's recommended rules: no error, only the accepted warnings", async () => {
    const { problems } = await lintDocument();
    const errors = problems.filter((p) => p.severity === "error").map(describeProblem);
    const unexpectedWarnings = problems
      .filter((p) => p.severity !== "error")
      .filter((p) => !(`${p.ruleId} ${p.location[0]?.pointer}` in ACCEPTED_WARNINGS))
      .map(describeProblem);
    expect({ errors, unexpectedWarnings }).toEqual({ errors: [], unexpectedWarnings: [] });
  });

  it("still has every accepted warning (a fixed one leaves the list)", async () => {
    const { problems } = await lintDocument();
    const found = new Set(problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`));
    expect(Object.keys(ACCEPTED_WARNINGS).filter((w) => !found.has(w))).toEqual([]);
  });

  it("says who may call each auth endpoint: the session cookie, optionally, or nobody in particular", async () => {
    const { document } = await lintDocument();
    const security = (path: string, method: string) => document.paths[path]?.[method]?.security;
    expect(security("/auth/sign-in/email", "post")).toEqual([]);
    expect(security("/auth/request-password-reset", "post")).toEqual([]);
    expect(security("/auth/reset-password/{token}", "get")).toEqual([]);
    expect(security("/auth/change-password", "post")).toEqual([{ cookieAuth: [] }]);
    expect(security("/auth/get-session", "get")).toEqual([{ cookieAuth: [] }, {}]);
    expect(security("/health", "get")).toEqual([]);
  });
});
