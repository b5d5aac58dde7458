/**
 * Roles and data scope (docs/decisions/015): staff reach the whole tenant; a morador reaches only
 * the units they live in, everywhere requests and calls show (lists, details, search, dashboard,
 * realtime), and another unit's row answers 404 as another tenant's does. The route-by-route
 * statuses of every documented endpoint are in permission-matrix.test.ts; this file checks what a
 * morador actually sees.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { chamadas } from "@/server/db/schema";
import {
  addSignedInMember,
  addSignedInMorador,
  addUnidade,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../support/factories";
import { isDomainEvent, openEventStream } from "../support/sse";
import { setupTestSystem } from "../support/system";

const system = setupTestSystem();

async function world() {
  const sindico = await createTenantWithMember(system(), { role: "sindico" });
  const org = sindico.org.id;
  const { condominio, unidade: minha } = await createCondominioWithUnidade(system(), org, { codigo: "101" });
  const vizinha = await addUnidade(system(), org, condominio.id, "102", "Torre A");
  const outroCondominio = await createCondominioWithUnidade(system(), org, { codigo: "9", nome: "Outro" });
  const porteiro = await addSignedInMember(system(), org, "porteiro");
  const morador = await addSignedInMorador(system(), org, minha, { nome: "Ana Moradora" });
  const request = (unidadeId: string, nome: string, condominioId = condominio.id) => ({
    condominio_id: condominioId,
    unidade_id: unidadeId,
    tipo: "visitante",
    nome_visitante: nome,
    doc_visitante: "111.222.333-44",
  });
  const create = async (api: typeof sindico.api, body: ReturnType<typeof request>) => {
    const res = await api.post("/api/solicitacoes", { json: body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };
  const daMinha = await create(porteiro.api, request(minha.id, "Visita da 101"));
  const daVizinha = await create(porteiro.api, request(vizinha.id, "Visita da 102"));
  const doOutro = await create(
    porteiro.api,
    request(outroCondominio.unidade.id, "Visita do outro", outroCondominio.condominio.id),
  );
  const [chamadaMinha, chamadaVizinha] = await system()
    .handle.db.insert(chamadas)
    .values([
      {
        organizationId: org,
        solicitacaoId: daMinha.id,
        status: "atendida",
        ramalDiscado: "2101",
        busca: "visita da 101",
      },
      {
        organizationId: org,
        solicitacaoId: daVizinha.id,
        status: "atendida",
        ramalDiscado: "2102",
        busca: "visita da 102",
      },
    ])
    .returning();
  return {
    sindico,
    porteiro,
    morador,
    condominio,
    outroCondominio,
    minha,
    vizinha,
    request,
    create,
    daMinha,
    daVizinha,
    doOutro,
    chamadaMinha: chamadaMinha!,
    chamadaVizinha: chamadaVizinha!,
  };
}

let w: Awaited<ReturnType<typeof world>>;
beforeEach(async () => {
  w = await world();
});

const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id).sort();

describe("a morador", () => {
  it("lists, searches and counts only their unit's requests", async () => {
    const list = await w.morador.api.get("/api/solicitacoes");
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual([w.daMinha.id]);
    expect(list.body.total).toBe(1);

    const search = await w.morador.api.get("/api/busca?q=10");
    expect(search.status).toBe(200);
    expect(search.body.solicitacoes.map((s: { id: string }) => s.id)).toEqual([w.daMinha.id]);
    expect(search.body.pessoas).toEqual([]);
    expect(search.body.unidades.map((u: { id: string }) => u.id)).toEqual([w.minha.id]);

    const kpis = await w.morador.api.get("/api/dashboard/kpis");
    expect(kpis.body.counts.total).toBe(1);
    const ultimas = await w.morador.api.get("/api/dashboard/ultimas");
    expect(ultimas.body.items.map((s: { id: string }) => s.id)).toEqual([w.daMinha.id]);
    // Staff see all three.
    expect((await w.porteiro.api.get("/api/dashboard/kpis")).body.counts.total).toBe(3);
  });

  it("gets 404 for another unit's request, call, unit and condominium, as for another tenant's", async () => {
    expect((await w.morador.api.get(`/api/solicitacoes/${w.daMinha.id}`)).status).toBe(200);
    const other = await w.morador.api.get(`/api/solicitacoes/${w.daVizinha.id}`);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe("Solicitação não encontrada");
    expect((await w.morador.api.get(`/api/chamadas/${w.chamadaMinha.id}`)).status).toBe(200);
    expect((await w.morador.api.get(`/api/chamadas/${w.chamadaVizinha.id}`)).status).toBe(404);
    expect((await w.morador.api.get(`/api/unidades/${w.minha.id}`)).status).toBe(200);
    expect((await w.morador.api.get(`/api/unidades/${w.vizinha.id}`)).status).toBe(404);
    expect((await w.morador.api.get(`/api/condominios/${w.outroCondominio.condominio.id}`)).status).toBe(404);

    const calls = await w.morador.api.get("/api/chamadas");
    expect(ids(calls.body)).toEqual([w.chamadaMinha.id]);
    const units = await w.morador.api.get("/api/unidades");
    expect(ids(units.body)).toEqual([w.minha.id]);
    const condos = await w.morador.api.get("/api/condominios");
    expect(ids(condos.body)).toEqual([w.condominio.id]);
  });

  it("sees the embedded recent requests of their unit and condominium only", async () => {
    const unit = await w.morador.api.get(`/api/unidades/${w.minha.id}`);
    expect(unit.body.solicitacoes_recentes.map((s: { id: string }) => s.id)).toEqual([w.daMinha.id]);
    const condo = await w.morador.api.get(`/api/condominios/${w.condominio.id}`);
    expect(condo.body.solicitacoes_recentes.map((s: { id: string }) => s.id)).toEqual([w.daMinha.id]);
    // The condominium's counts are of their own unit too (it has two units; staff see both).
    expect(condo.body).toMatchObject({ unidades_count: 1, pessoas_count: 1 });
    const staff = await w.sindico.api.get(`/api/condominios/${w.condominio.id}`);
    expect(staff.body.unidades_count).toBe(2);
  });

  it("cannot read the people registry", async () => {
    expect((await w.morador.api.get("/api/pessoas")).status).toBe(403);
    expect((await w.morador.api.get(`/api/pessoas/${w.morador.pessoa.id}`)).status).toBe(403);
    expect((await w.morador.api.get("/api/dashboard/primeiros-passos")).status).toBe(403);
  });

  it("creates requests only for their unit, and edits only their own while pending", async () => {
    const mine = await w.create(w.morador.api, w.request(w.minha.id, "Convidado da Ana"));
    const refused = await w.morador.api.post("/api/solicitacoes", { json: w.request(w.vizinha.id, "Intruso") });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe("Unidade não encontrada");
    const total = await w.sindico.api.get("/api/solicitacoes?q=intruso");
    expect(total.body.total).toBe(0);

    const edit = await w.morador.api.patch(`/api/solicitacoes/${mine.id}`, { json: { motivo: "Jantar" } });
    expect(edit.status).toBe(200);
    const notMine = await w.morador.api.patch(`/api/solicitacoes/${w.daMinha.id}`, { json: { motivo: "x" } });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error.message).toBe("Só quem criou a solicitação pode alterá-la.");
    expect((await w.morador.api.patch(`/api/solicitacoes/${w.daVizinha.id}`, { json: { motivo: "x" } })).status).toBe(
      404,
    );
    // They decide their unit's requests (decisao-morador.api.test.ts), never a neighbour's.
    const neighbours = await w.morador.api.post(`/api/solicitacoes/${w.daVizinha.id}/autorizar`, { json: {} });
    expect(neighbours.status).toBe(404);
    expect(neighbours.body.error.message).toBe("Solicitação não encontrada");
  });

  it("receives realtime events of their unit only", async () => {
    const stream = await openEventStream(system(), w.morador.cookie);
    expect(stream.response.status).toBe(200);
    await stream.messages!.next((m) => m.event === "ready");
    await w.create(w.porteiro.api, w.request(w.vizinha.id, "Não é da Ana"));
    const mine = await w.create(w.porteiro.api, w.request(w.minha.id, "É da Ana"));
    const event = await stream.messages!.next(isDomainEvent);
    expect(JSON.parse(event!.data!)).toMatchObject({ solicitacao_id: mine.id, unidade_id: w.minha.id });
    expect(await stream.messages!.next(isDomainEvent, 500)).toBeNull();
    await stream.messages!.close();
  });

  it("loses a unit's data the moment they no longer live there", async () => {
    const { unidadeMoradores } = await import("@/server/db/schema");
    const { eq } = await import("drizzle-orm");
    await system()
      .handle.db.update(unidadeMoradores)
      .set({ ativo: false })
      .where(eq(unidadeMoradores.pessoaId, w.morador.pessoa.id));
    expect((await w.morador.api.get(`/api/solicitacoes/${w.daMinha.id}`)).status).toBe(404);
    expect((await w.morador.api.get("/api/solicitacoes")).body.items).toEqual([]);
  });
});

describe("a porteiro", () => {
  it("decides requests and reads the registry, but cannot change it", async () => {
    expect((await w.porteiro.api.post(`/api/solicitacoes/${w.daVizinha.id}/autorizar`, { json: {} })).status).toBe(200);
    expect((await w.porteiro.api.get("/api/pessoas")).status).toBe(200);
    expect((await w.porteiro.api.get(`/api/solicitacoes/${w.doOutro.id}`)).status).toBe(200);
    const refused = await w.porteiro.api.post("/api/condominios", {
      json: { nome: "Novo", timezone: "America/Sao_Paulo", enabled: true },
    });
    expect(refused.status).toBe(403);
    expect((await w.porteiro.api.get("/api/dashboard/primeiros-passos")).status).toBe(403);
  });
});
