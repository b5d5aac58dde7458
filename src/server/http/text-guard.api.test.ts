/**
 * Text PostgreSQL cannot store (NUL, lone surrogates) is a 400 naming the field, on every route,
 * before anything is written; the cases a web scanner found first.
 */
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../tests/support/factories";
import { setupTestSystem } from "../../../tests/support/system";
import { solicitacoesAcesso } from "../db/schema";

const system = setupTestSystem();
let a: Awaited<ReturnType<typeof createTenantWithMember>>;
let ids: { condominio_id: string; unidade_id: string };

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "sindico" });
  const { condominio, unidade } = await createCondominioWithUnidade(system(), a.org.id);
  ids = { condominio_id: condominio.id, unidade_id: unidade.id };
});

async function storedRequests() {
  const [row] = await system().handle.db.select({ n: count() }).from(solicitacoesAcesso);
  return row!.n;
}

describe("unstorable text", () => {
  it.each(["/api/solicitacoes?q=a%00b", "/api/pessoas?q=a%00b", "/api/busca?q=a%00b", "/api/chamadas?q=a%00b"])(
    "GET %s answers 400 naming q",
    async (path) => {
      const res = await a.api.get(path);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Caractere inválido (NUL) no campo "q".');
      expect(res.body.error.fields).toEqual([{ path: "q", message: "Caractere inválido (NUL) no campo" }]);
    },
  );

  it("refuses a JSON body with NUL or a lone surrogate, naming the field, and writes nothing", async () => {
    const before = await storedRequests();
    const nul = await a.api.post("/api/solicitacoes", {
      json: { ...ids, tipo: "visitante", nome_visitante: "a\u0000b", motivo: "ok" },
    });
    expect(nul.status).toBe(400);
    expect(nul.body.error.fields).toEqual([{ path: "nome_visitante", message: "Caractere inválido (NUL) no campo" }]);

    // JSON.stringify writes the lone half as the escape "\ud800", as a careless client would.
    const surrogate = await a.api.post("/api/solicitacoes", {
      json: { ...ids, tipo: "visitante", nome_visitante: "Maria", motivo: "entrega \ud800" },
    });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.error.message).toBe('Caractere Unicode inválido no campo "motivo".');
    expect(await storedRequests()).toBe(before);
  });

  it("names nested fields and keys, and refuses them before better-auth too", async () => {
    const nested = await a.api.post("/api/checkout", {
      json: { plan: "essencial", billing: "monthly", cliente: { nome: "Ana\u0000" } },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.error.fields).toEqual([{ path: "cliente.nome", message: "Caractere inválido (NUL) no campo" }]);

    const signIn = await a.api.post("/api/auth/sign-in/email", { json: { email: "a@b.com\u0000", password: "x" } });
    expect(signIn.status).toBe(400);
    expect(signIn.body.error.fields).toEqual([{ path: "email", message: "Caractere inválido (NUL) no campo" }]);
  });

  it("keeps emoji, accents and right-to-left text intact", async () => {
    const nome = "José 👩🏽‍💻 \u202Eשלום";
    const res = await a.api.post("/api/solicitacoes", { json: { ...ids, tipo: "visitante", nome_visitante: nome } });
    expect(res.status).toBe(201);
    expect(res.body.nome_visitante).toBe(nome);
  });

  it("answers 414 to an absurdly long path instead of failing in the rate limiter", async () => {
    const res = await a.api.get(`/api/auth/reset-password/${"a".repeat(5000)}`);
    expect(res.status).toBe(414);
    expect(res.body.error.message).toBe("Endereço da requisição longo demais.");
  });
});
