/**
 * The gate opened for someone is their entry (docs/decisions/033-gate-opening-is-entry.md): an
 * authorisation and a pass let in are in the log and "who is inside" at once; "Não entrou" undoes
 * an entry for a few minutes (a pass gets its use back), an exit tapped by mistake can be undone,
 * and a gate controller reports both through /api/v1 by the entry's id.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKeyClient } from "../../../../tests/support/factories";
import {
  type Condo,
  createGateWorld,
  createPass,
  type GateWorld,
  type Morador,
  passInput,
  type Tenant,
  validate,
} from "../../../../tests/support/gate-world";
import { client } from "../../../../tests/support/http";
import { setupTestSystem } from "../../../../tests/support/system";
import { acessos } from "../../db/schema";

const system = setupTestSystem();
let a: Tenant;
let b: Tenant;
let porteiro: GateWorld["porteiro"];
let morador: Morador;
let condoA: Condo;

beforeAll(async () => {
  ({ a, b, porteiro, morador, condoA } = await createGateWorld(system()));
});

type Row = { id: string; solicitacao_id: string | null; nao_entrou_em: string | null; saida_em: string | null };

async function inside(api: Tenant["api"]): Promise<Row[]> {
  const res = await api.get(`/api/acessos?condominio_id=${condoA.condominio.id}&presentes=true&page_size=100`);
  expect(res.status).toBe(200);
  return res.body.items;
}

/** Moves an entry (and its exit) `minutes` into the past, as if the clock had run. */
async function age(id: string, minutes: number) {
  await system()
    .handle.db.update(acessos)
    .set({
      entradaEm: sql`${acessos.entradaEm} - make_interval(mins => ${minutes})`,
      saidaEm: sql`${acessos.saidaEm} - make_interval(mins => ${minutes})`,
    })
    .where(eq(acessos.id, id));
}

async function authorisedVisitor(nome: string): Promise<Row> {
  const created = await a.api.post("/api/solicitacoes", {
    json: { condominio_id: condoA.condominio.id, unidade_id: condoA.unidade.id, nome_visitante: nome },
  });
  expect(created.status).toBe(201);
  expect((await porteiro.api.post(`/api/solicitacoes/${created.body.id}/autorizar`)).status).toBe(200);
  const entry = (await inside(porteiro.api)).find((x) => x.solicitacao_id === created.body.id);
  expect(entry, "the authorised visitor is inside at once").toBeDefined();
  return entry!;
}

describe("the gate opened is the entry", () => {
  it("'não entrou' takes an authorised visitor out of who is inside, keeps the visit in the log, and only within 10 minutes", async () => {
    const entry = await authorisedVisitor("Rita Não Entrou");
    expect(entry).toMatchObject({ nao_entrou_em: null, saida_em: null });
    expect((await b.api.post(`/api/acessos/${entry.id}/nao-entrou`)).status).toBe(404);
    expect((await morador.api.post(`/api/acessos/${entry.id}/nao-entrou`)).status).toBe(403);

    const undone = await porteiro.api.post(`/api/acessos/${entry.id}/nao-entrou`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.nao_entrou_em).not.toBeNull();
    expect((await inside(porteiro.api)).map((x) => x.id)).not.toContain(entry.id);
    const log = await porteiro.api.get(`/api/acessos?condominio_id=${condoA.condominio.id}&q=Rita`);
    expect(log.body.items.find((x: Row) => x.id === entry.id)).toMatchObject({ saida_em: null });
    expect(log.body.items.find((x: Row) => x.id === entry.id).nao_entrou_em).not.toBeNull();

    const again = await porteiro.api.post(`/api/acessos/${entry.id}/nao-entrou`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Rita Não Entrou já está marcado como "não entrou".');
    const exit = await porteiro.api.post(`/api/acessos/${entry.id}/saida`);
    expect(exit.status).toBe(409);
    expect(exit.body.error.message).toBe("Rita Não Entrou não entrou: não há saída a registrar.");

    const late = await authorisedVisitor("Bruno Tarde Demais");
    await age(late.id, 11);
    const refused = await porteiro.api.post(`/api/acessos/${late.id}/nao-entrou`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "Passaram mais de 10 minutos desde a entrada de Bruno Tarde Demais: registre a saída.",
    );
    expect((await inside(porteiro.api)).map((x) => x.id)).toContain(late.id);
  });

  it("a pass's 'não entrou' gives its use back: the same PIN opens the gate again at once", async () => {
    const passe = await createPass(morador.api, passInput(condoA, { nome: "Joana Volta Já" }));
    const first = await validate(porteiro.api, { condominio_id: condoA.condominio.id, pin: passe.pin });
    expect(first.body).toMatchObject({ liberado: true });
    expect((await validate(porteiro.api, { condominio_id: condoA.condominio.id, pin: passe.pin })).body).toMatchObject({
      resultado: "antipassback",
    });
    expect((await porteiro.api.post(`/api/acessos/${first.body.acesso_id}/nao-entrou`)).status).toBe(200);
    expect((await a.api.get(`/api/passes/${passe.id}`)).body.usos).toBe(0);

    const second = await validate(porteiro.api, { condominio_id: condoA.condominio.id, pin: passe.pin });
    expect(second.body).toMatchObject({ liberado: true, resultado: "liberado" });
    expect(second.body.acesso_id).not.toBe(first.body.acesso_id);
    expect((await a.api.get(`/api/passes/${passe.id}`)).body.usos).toBe(1);
    const ids = (await inside(porteiro.api)).map((x) => x.id);
    expect(ids).toContain(second.body.acesso_id);
    expect(ids).not.toContain(first.body.acesso_id);
  });

  it("an exit tapped by mistake is undone within 2 minutes, not after", async () => {
    const entry = await authorisedVisitor("Caio Saiu Por Engano");
    expect((await porteiro.api.post(`/api/acessos/${entry.id}/saida`)).status).toBe(200);
    expect((await b.api.post(`/api/acessos/${entry.id}/desfazer-saida`)).status).toBe(404);
    const undone = await porteiro.api.post(`/api/acessos/${entry.id}/desfazer-saida`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ saida_em: null, saida_por: null });
    expect((await inside(porteiro.api)).map((x) => x.id)).toContain(entry.id);
    const twice = await porteiro.api.post(`/api/acessos/${entry.id}/desfazer-saida`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe("Caio Saiu Por Engano ainda está no condomínio.");

    expect((await porteiro.api.post(`/api/acessos/${entry.id}/saida`)).status).toBe(200);
    await age(entry.id, 3);
    const late = await porteiro.api.post(`/api/acessos/${entry.id}/desfazer-saida`);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe("A saída de Caio Saiu Por Engano foi registrada há mais de 2 minutos.");
  });
});

describe("a gate controller reports through /api/v1", () => {
  it("'não entrou' and the exit by the entry's id; the scope is needed and another tenant's entry is a 404", async () => {
    const { api: gate } = await createApiKeyClient(system(), a.cookie, "Controlador da garagem");
    const nobody = await authorisedVisitor("Ninguém Passou");
    const reported = await gate.post(`/api/v1/acessos/${nobody.id}/nao-entrou`);
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    expect(reported.body).toMatchObject({ id: nobody.id, nao_entrou_por: "Controlador da garagem" });

    const passou = await authorisedVisitor("Passou e Saiu");
    const saida = await gate.post(`/api/v1/acessos/${passou.id}/saida`);
    expect(saida.status).toBe(200);
    expect(saida.body).toMatchObject({ id: passou.id, saida_por: "Controlador da garagem" });
    expect((await gate.post(`/api/v1/acessos/${passou.id}/saida`)).status).toBe(409);

    const { api: other } = await createApiKeyClient(system(), b.cookie);
    expect((await other.post(`/api/v1/acessos/${passou.id}/saida`)).status).toBe(404);

    const narrow = await a.api.post("/api/integracoes/chaves", {
      json: { nome: "Só valida passes", escopos: ["passes:validar"] },
    });
    expect(narrow.status, JSON.stringify(narrow.body)).toBe(201);
    const narrowApi = client(system(), { headers: { authorization: `Bearer ${narrow.body.segredo}` } });
    expect((await narrowApi.post(`/api/v1/acessos/${passou.id}/saida`)).status).toBe(403);
  });
});
