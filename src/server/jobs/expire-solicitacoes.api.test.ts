/**
 * Requests end (docs/product.md, "Condomínios" and "Request rules"): every new request gets its
 * condominium's wait unless it names its own expiry, and the expiry job, run on a clock the test
 * controls, expires it after that wait and not before.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTenantWithMember } from "../../../tests/support/factories";
import { client } from "../../../tests/support/http";
import { setupTestSystem } from "../../../tests/support/system";
import { expireOverdue } from "./expire-solicitacoes";

const system = setupTestSystem();
type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let t: Tenant;
let condominioId: string;
let unidadeId: string;

const MINUTE = 60_000;
const at = (iso: string, deltaMs: number) => new Date(new Date(iso).getTime() + deltaMs);

async function createRequest(over: Record<string, unknown> = {}, api = t.api, path = "/api/solicitacoes") {
  const res = await api.post(path, {
    json: { condominio_id: condominioId, unidade_id: unidadeId, nome_visitante: "Visitante", ...over },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; created_at: string; expiracao_em: string | null; status: string };
}

const statusOf = async (id: string) => (await t.api.get(`/api/solicitacoes/${id}`)).body.status;

beforeAll(async () => {
  t = await createTenantWithMember(system(), { role: "sindico" });
  const condo = await t.api.post("/api/condominios", { json: { nome: "Residencial do Relógio" } });
  expect(condo.body.expiracao_solicitacao_minutos).toBe(30);
  condominioId = condo.body.id;
  const unidade = await t.api.post("/api/unidades", { json: { condominio_id: condominioId, codigo: "101" } });
  expect(unidade.status, JSON.stringify(unidade.body)).toBe(201);
  unidadeId = unidade.body.id;
});

describe("a request's default expiry", () => {
  it("is set at creation to created_at + the condominium's wait, and shown in the detail", async () => {
    const created = await createRequest();
    expect(created.expiracao_em).toBe(at(created.created_at, 30 * MINUTE).toISOString());
    const detail = await t.api.get(`/api/solicitacoes/${created.id}`);
    expect(detail.body).toMatchObject({ status: "pendente", expiracao_em: created.expiracao_em });
  });

  it("expires after T + wait, at a later run of the job, and not before", async () => {
    const created = await createRequest({ nome_visitante: "Sem resposta" });
    const t0 = created.created_at;

    expect(await expireOverdue(system().handle.db, { now: at(t0, 29 * MINUTE) })).toBe(0);
    expect(await statusOf(created.id)).toBe("pendente");
    expect(await expireOverdue(system().handle.db, { now: at(t0, 30 * MINUTE - 1000) })).toBe(0);
    expect(await statusOf(created.id)).toBe("pendente");

    expect(await expireOverdue(system().handle.db, { now: at(t0, 30 * MINUTE + 1000) })).toBeGreaterThanOrEqual(1);
    expect(await statusOf(created.id)).toBe("expirado");
    // Once: a later run finds nothing more of it.
    expect(await expireOverdue(system().handle.db, { now: at(t0, 31 * MINUTE) })).toBe(0);
  });

  it("is kept when the request names its own expiry", async () => {
    const own = new Date(Date.now() + 3 * 60 * MINUTE);
    own.setMilliseconds(0);
    const created = await createRequest({ expiracao_em: own.toISOString() });
    expect(created.expiracao_em).toBe(own.toISOString());
    expect(await expireOverdue(system().handle.db, { now: at(created.created_at, 2 * 60 * MINUTE) })).toBe(0);
    expect(await statusOf(created.id)).toBe("pendente");
  });

  it("applies to requests created through the integration API too", async () => {
    const key = await t.api.post("/api/integracoes/chaves", {
      json: { nome: "PABX", escopos: ["solicitacoes:escrever", "solicitacoes:ler"] },
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const api = client(system(), { headers: { authorization: `Bearer ${key.body.segredo}` } });
    const created = await createRequest({ nome_visitante: "Pelo PABX" }, api, "/api/v1/solicitacoes");
    expect(created.expiracao_em).toBe(at(created.created_at, 30 * MINUTE).toISOString());
  });

  it("changing the condominium's wait changes new requests only", async () => {
    const before = await createRequest({ nome_visitante: "Antes" });
    const put = await t.api.put(`/api/condominios/${condominioId}`, {
      json: { nome: "Residencial do Relógio", expiracao_solicitacao_minutos: 10 },
    });
    expect(put.status).toBe(200);
    expect(put.body.expiracao_solicitacao_minutos).toBe(10);
    expect((await t.api.get(`/api/condominios/${condominioId}`)).body.expiracao_solicitacao_minutos).toBe(10);

    const after = await createRequest({ nome_visitante: "Depois" });
    expect(after.expiracao_em).toBe(at(after.created_at, 10 * MINUTE).toISOString());
    // The earlier request keeps the 30 minutes it got when it was created.
    expect((await t.api.get(`/api/solicitacoes/${before.id}`)).body.expiracao_em).toBe(before.expiracao_em);
    expect(before.expiracao_em).toBe(at(before.created_at, 30 * MINUTE).toISOString());

    // At T + 11 minutes the new one has expired, the earlier one has not.
    await expireOverdue(system().handle.db, { now: at(after.created_at, 11 * MINUTE) });
    expect(await statusOf(after.id)).toBe("expirado");
    expect(await statusOf(before.id)).toBe("pendente");
  });
});

describe("the condominium's wait", () => {
  it("is refused out of 5 to 1,440 minutes with a pt-BR message, nothing changed", async () => {
    const message = "A expiração vai de 5 a 1.440 minutos (24 horas)";
    for (const expiracao_solicitacao_minutos of [4, 1441, 12.5, "muito"]) {
      const created = await t.api.post("/api/condominios", {
        json: { nome: "Residencial Inválido", expiracao_solicitacao_minutos },
      });
      expect(created.status).toBe(400);
      expect(created.body.error.fields).toEqual([{ path: "expiracao_solicitacao_minutos", message }]);
      const put = await t.api.put(`/api/condominios/${condominioId}`, {
        json: { nome: "Outro Nome", expiracao_solicitacao_minutos },
      });
      expect(put.status).toBe(400);
      expect(put.body.error.fields).toEqual([{ path: "expiracao_solicitacao_minutos", message }]);
    }
    const unchanged = (await t.api.get(`/api/condominios/${condominioId}`)).body;
    expect(unchanged).toMatchObject({ nome: "Residencial do Relógio", expiracao_solicitacao_minutos: 10 });
    expect((await t.api.get("/api/condominios?q=invalido")).body.total).toBe(0);
  });

  it("PUT without it keeps it; the bounds are accepted", async () => {
    const renamed = await t.api.put(`/api/condominios/${condominioId}`, { json: { nome: "Residencial do Relógio" } });
    expect(renamed.body.expiracao_solicitacao_minutos).toBe(10);
    for (const minutes of [5, 1440]) {
      const ok = await t.api.put(`/api/condominios/${condominioId}`, {
        json: { nome: "Residencial do Relógio", expiracao_solicitacao_minutos: minutes },
      });
      expect(ok.body.expiracao_solicitacao_minutos).toBe(minutes);
    }
  });
});
