/**
 * Gates (docs/product.md, "Portões"; docs/decisions/034-gates.md): staff keep them per condominium,
 * requests and pass readings name one of the condominium's active gates, integrations list them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  createApiKeyClient,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";

const system = setupTestSystem();
type World = Awaited<ReturnType<typeof world>>;

async function world() {
  const sindico = await createTenantWithMember(system(), { role: "sindico" });
  const one = await createCondominioWithUnidade(system(), sindico.org.id, { nome: "Residencial Um" });
  const two = await createCondominioWithUnidade(system(), sindico.org.id, { nome: "Residencial Dois" });
  return { sindico, one, two };
}

let w: World;
beforeAll(async () => {
  w = await world();
});

const createGate = (body: Record<string, unknown>) => w.sindico.api.post("/api/portoes", { json: body });

describe("a condominium's gates", () => {
  it("are created, listed active first by name, renamed and deactivated, never deleted", async () => {
    const social = await createGate({ condominio_id: w.one.condominio.id, nome: "Portão social" });
    expect(social.status, JSON.stringify(social.body)).toBe(201);
    expect(social.body).toMatchObject({ nome: "Portão social", tipo: "pedestres", ativo: true });
    const garagem = await createGate({ condominio_id: w.one.condominio.id, nome: "Garagem", tipo: "veiculos" });
    expect(garagem.status).toBe(201);

    const off = await w.sindico.api.put(`/api/portoes/${social.body.id}`, {
      json: { nome: "Portão social antigo", tipo: "pedestres", ativo: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const listed = await w.sindico.api.get(`/api/portoes?condominio_id=${w.one.condominio.id}`);
    expect(listed.body.items.map((g: { nome: string; ativo: boolean }) => [g.nome, g.ativo])).toEqual([
      ["Garagem", true],
      ["Portão social antigo", false],
    ]);
    expect((await w.sindico.api.delete(`/api/portoes/${social.body.id}`)).status).toBe(404);
  });

  it("refuse a name the condominium already has, whatever its case, and accept it in another condominium", async () => {
    expect((await createGate({ condominio_id: w.one.condominio.id, nome: "Entrada" })).status).toBe(201);
    const again = await createGate({ condominio_id: w.one.condominio.id, nome: "ENTRADA" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Já existe um portão com este nome neste condomínio");
    expect((await createGate({ condominio_id: w.two.condominio.id, nome: "Entrada" })).status).toBe(201);
  });

  it("explain bad input in pt-BR and store nothing", async () => {
    const before = await w.sindico.api.get(`/api/portoes?condominio_id=${w.two.condominio.id}`);
    const empty = await createGate({ condominio_id: w.two.condominio.id, nome: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toContainEqual({ path: "nome", message: "Nome é obrigatório" });
    const kind = await createGate({ condominio_id: w.two.condominio.id, nome: "Lateral", tipo: "helicóptero" });
    expect(kind.status).toBe(400);
    expect(kind.body.error.fields).toContainEqual({ path: "tipo", message: "Selecione o tipo do portão" });
    const after = await w.sindico.api.get(`/api/portoes?condominio_id=${w.two.condominio.id}`);
    expect(after.body.items).toEqual(before.body.items);
  });

  it("are another tenant's business: 404, nothing listed", async () => {
    const gate = await createGate({ condominio_id: w.one.condominio.id, nome: "Só do Um" });
    const other = await createTenantWithMember(system(), { role: "sindico" });
    expect((await other.api.get(`/api/portoes?condominio_id=${w.one.condominio.id}`)).status).toBe(404);
    const put = await other.api.put(`/api/portoes/${gate.body.id}`, {
      json: { nome: "Tomado", tipo: "pedestres", ativo: true },
    });
    expect(put.status).toBe(404);
  });
});

describe("a request or a pass reading names a gate", () => {
  it("by id or by name, only an active gate of its own condominium", async () => {
    const { api } = await createApiKeyClient(system(), w.sindico.cookie, "Atendente");
    const principal = await createGate({ condominio_id: w.one.condominio.id, nome: "Principal" });
    const fechado = await createGate({ condominio_id: w.one.condominio.id, nome: "Fechado", ativo: false });
    const doDois = await createGate({ condominio_id: w.two.condominio.id, nome: "Do Dois" });
    const visit = (extra: Record<string, unknown>) =>
      api.post("/api/v1/solicitacoes", {
        json: {
          condominio_id: w.one.condominio.id,
          unidade_id: w.one.unidade.id,
          nome_visitante: "Carlos",
          ...extra,
        },
      });

    const byId = await visit({ portao_id: principal.body.id });
    expect(byId.status, JSON.stringify(byId.body)).toBe(201);
    expect(byId.body).toMatchObject({ portao_id: principal.body.id, portao: "Principal" });
    const byName = await visit({ portao: "principal" });
    expect(byName.body).toMatchObject({ portao_id: principal.body.id, portao: "Principal" });
    expect((await visit({})).body).toMatchObject({ portao_id: null, portao: null });

    for (const [extra, field] of [
      [{ portao_id: fechado.body.id }, "portao_id"],
      [{ portao_id: doDois.body.id }, "portao_id"],
      [{ portao: "Portão que não existe" }, "portao"],
    ] as const) {
      const refused = await visit(extra);
      expect(refused.status, JSON.stringify(extra)).toBe(400);
      expect(refused.body.error.fields.map((f: { path: string }) => f.path)).toEqual([field]);
    }
    const listed = await w.sindico.api.get(`/api/solicitacoes?condominio_id=${w.one.condominio.id}&page_size=100`);
    expect(listed.body.items.filter((s: { nome_visitante: string }) => s.nome_visitante === "Carlos")).toHaveLength(3);
  });

  it("the console's Portaria names its gate on a new request", async () => {
    const [gate] = (await w.sindico.api.get(`/api/portoes?condominio_id=${w.one.condominio.id}`)).body.items.filter(
      (g: { ativo: boolean }) => g.ativo,
    );
    const res = await w.sindico.api.post("/api/solicitacoes", {
      json: {
        condominio_id: w.one.condominio.id,
        unidade_id: w.one.unidade.id,
        nome_visitante: "Visita do Tablet",
        portao_id: gate.id,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ portao_id: gate.id, portao: gate.nome });
    const elsewhere = await w.sindico.api.post("/api/solicitacoes", {
      json: {
        condominio_id: w.two.condominio.id,
        unidade_id: w.two.unidade.id,
        nome_visitante: "Visita Errada",
        portao_id: gate.id,
      },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.fields.map((f: { path: string }) => f.path)).toEqual(["portao_id"]);
  });

  it("integrations list the gates with the directory scope", async () => {
    const { api } = await createApiKeyClient(system(), w.sindico.cookie, "Diretório");
    const listed = await api.get(`/api/v1/portoes?condominio_id=${w.two.condominio.id}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.items.map((g: { nome: string }) => g.nome)).toEqual(["Do Dois", "Entrada"]);
    expect(listed.body.items.every((g: { condominio_id: string }) => g.condominio_id === w.two.condominio.id)).toBe(
      true,
    );
  });
});
