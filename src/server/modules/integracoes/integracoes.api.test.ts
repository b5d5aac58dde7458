/**
 * API keys (docs/decisions/019-api-keys.md): created with scopes by owner and síndicos, the secret
 * shown once and stored as a hash; on /api/v1 a key reaches its own tenant only, with its scopes
 * only, within its per-minute budget, and stops working the moment it is revoked.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { API_KEY_REQUESTS_PER_MINUTE, hashApiKey } from "@/server/auth/api-key";
import { apiKeys, rateLimit } from "@/server/db/schema";
import {
  addSignedInMember,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { client } from "../../../../tests/support/http";
import { setupTestSystem } from "../../../../tests/support/system";

const system = setupTestSystem();

async function tenantWithRequest() {
  const sindico = await createTenantWithMember(system(), { role: "sindico" });
  const { condominio, unidade } = await createCondominioWithUnidade(system(), sindico.org.id);
  const created = await sindico.api.post("/api/solicitacoes", {
    json: { condominio_id: condominio.id, unidade_id: unidade.id, tipo: "visitante", nome_visitante: "Visita" },
  });
  expect(created.status).toBe(201);
  return { sindico, solicitacaoId: created.body.id as string };
}

async function createKey(api: ReturnType<typeof client>, escopos: string[], nome = "PABX da central") {
  const res = await api.post("/api/integracoes/chaves", { json: { nome, escopos } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; segredo: string; prefixo: string };
}

const withKey = (secret: string) => client(system(), { headers: { authorization: `Bearer ${secret}` } });

describe("API keys", () => {
  it("shows the secret once, stores only its hash, and lists keys without it", async () => {
    const { sindico } = await tenantWithRequest();
    const key = await createKey(sindico.api, ["solicitacoes:ler", "chamadas:escrever", "solicitacoes:ler"]);
    expect(key.segredo).toMatch(/^gk_[A-Za-z0-9_-]{43}$/);
    expect(key.segredo.startsWith(key.prefixo)).toBe(true);
    const [row] = await system().handle.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.hash).toBe(hashApiKey(key.segredo));
    expect(JSON.stringify(row)).not.toContain(key.segredo);
    expect(row!.escopos).toEqual(["chamadas:escrever", "solicitacoes:ler"]);

    const list = await sindico.api.get("/api/integracoes/chaves");
    expect(list.body.items).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(key.segredo);
    expect(list.body.items[0]).toMatchObject({ nome: "PABX da central", prefixo: key.prefixo, ultimo_uso_em: null });
  });

  it("refuses bad input with pt-BR messages and creates nothing", async () => {
    const { sindico } = await tenantWithRequest();
    const res = await sindico.api.post("/api/integracoes/chaves", { json: { nome: "x", escopos: ["tudo"] } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(["escopos.0", "nome"]);
    const none = await sindico.api.post("/api/integracoes/chaves", { json: { nome: "Sem escopo", escopos: [] } });
    expect(none.body.error.fields).toEqual([{ path: "escopos", message: "Escolha ao menos uma permissão" }]);
    expect((await sindico.api.get("/api/integracoes/chaves")).body.items).toEqual([]);
  });

  it("a key reads its tenant's request, is refused without the scope, and another tenant's id is 404", async () => {
    const { sindico, solicitacaoId } = await tenantWithRequest();
    const reader = await createKey(sindico.api, ["solicitacoes:ler"]);
    const res = await withKey(reader.segredo).get(`/api/v1/solicitacoes/${solicitacaoId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: solicitacaoId, status: "pendente", chamadas: [] });
    // The use is recorded.
    const list = await sindico.api.get("/api/integracoes/chaves");
    expect(list.body.items[0].ultimo_uso_em).not.toBeNull();

    const pbx = await createKey(sindico.api, ["chamadas:escrever"]);
    const refused = await withKey(pbx.segredo).get(`/api/v1/solicitacoes/${solicitacaoId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Esta chave de API não tem a permissão "solicitacoes:ler".');

    const other = await tenantWithRequest();
    const otherKey = await createKey(other.sindico.api, ["solicitacoes:ler"]);
    expect((await withKey(otherKey.segredo).get(`/api/v1/solicitacoes/${solicitacaoId}`)).status).toBe(404);
    // Nor can the other tenant see or revoke this tenant's key.
    expect((await other.sindico.api.delete(`/api/integracoes/chaves/${reader.id}`)).status).toBe(404);
    expect((await other.sindico.api.get("/api/integracoes/chaves")).body.items).toHaveLength(1);
  });

  it("without a key, with a malformed or unknown one: 401; a session cookie is not a key", async () => {
    const { sindico, solicitacaoId } = await tenantWithRequest();
    const path = `/api/v1/solicitacoes/${solicitacaoId}`;
    expect((await client(system()).get(path)).status).toBe(401);
    expect((await sindico.api.get(path)).status).toBe(401);
    expect((await withKey("gk_nao-existe").get(path)).status).toBe(401);
    const basic = await client(system(), { headers: { authorization: "Basic Zm9vOmJhcg==" } }).get(path);
    expect(basic.status).toBe(401);
  });

  it("a revoked key fails at once; revoking twice is 404", async () => {
    const { sindico, solicitacaoId } = await tenantWithRequest();
    const key = await createKey(sindico.api, ["solicitacoes:ler"]);
    expect((await withKey(key.segredo).get(`/api/v1/solicitacoes/${solicitacaoId}`)).status).toBe(200);
    const revoked = await sindico.api.delete(`/api/integracoes/chaves/${key.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revogado_em).not.toBeNull();
    const after = await withKey(key.segredo).get(`/api/v1/solicitacoes/${solicitacaoId}`);
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe("Chave de API inválida ou revogada.");
    expect((await sindico.api.delete(`/api/integracoes/chaves/${key.id}`)).status).toBe(404);
    const active = await sindico.api.get("/api/integracoes/chaves?status=ativa");
    expect(active.body.items).toEqual([]);
  });

  it("past its budget a key gets 429 with Retry-After, and another key is unaffected", async () => {
    const { sindico, solicitacaoId } = await tenantWithRequest();
    const busy = await createKey(sindico.api, ["solicitacoes:ler"], "Central 1");
    const calm = await createKey(sindico.api, ["solicitacoes:ler"], "Central 2");
    // The budget's counter as a minute of heavy use would have left it.
    await system()
      .handle.db.insert(rateLimit)
      .values({
        id: crypto.randomUUID(),
        key: `guarita:api-key:${busy.id}`,
        count: API_KEY_REQUESTS_PER_MINUTE,
        lastRequest: Date.now(),
      });
    const res = await withKey(busy.segredo).get(`/api/v1/solicitacoes/${solicitacaoId}`);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await withKey(calm.segredo).get(`/api/v1/solicitacoes/${solicitacaoId}`)).status).toBe(200);
  });

  it("only owner and síndicos manage keys", async () => {
    const { sindico } = await tenantWithRequest();
    const porteiro = await addSignedInMember(system(), sindico.org.id, "porteiro");
    expect((await porteiro.api.get("/api/integracoes/chaves")).status).toBe(403);
    const res = await porteiro.api.post("/api/integracoes/chaves", {
      json: { nome: "Minha chave", escopos: ["solicitacoes:ler"] },
    });
    expect(res.status).toBe(403);
    expect(await system().handle.db.select().from(apiKeys).where(eq(apiKeys.organizationId, sindico.org.id))).toEqual(
      [],
    );
  });
});
