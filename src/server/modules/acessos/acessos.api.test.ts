/**
 * Entries and exits (docs/product.md, "Entradas e saídas"): entries through authorised requests and residents, the log's filters, search and CSV, and its counts at scale.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addSignedInMorador, addUnidade, createCondominioWithUnidade } from "../../../../tests/support/factories";
import {
  type Condo,
  createGateWorld,
  type GateWorld,
  type Morador,
  type Tenant,
} from "../../../../tests/support/gate-world";
import { setupTestSystem } from "../../../../tests/support/system";

const system = setupTestSystem();
let a: Tenant;
let b: Tenant;
let porteiro: GateWorld["porteiro"];
let morador: Morador;
let condoA: Condo;

beforeAll(async () => {
  ({ a, b, porteiro, morador, condoA } = await createGateWorld(system()));
});

describe("entries through requests and residents", () => {
  it("a pending request waits for a decision at its gate; authorising it is the entry, once, and a pending one can't enter", async () => {
    const created = await a.api.post("/api/solicitacoes", {
      json: { condominio_id: condoA.condominio.id, unidade_id: condoA.unidade.id, nome_visitante: "Carlos Entregas" },
    });
    const pending = await porteiro.api.post("/api/acessos", {
      json: { origem: "solicitacao", solicitacao_id: created.body.id },
    });
    expect(pending.status).toBe(409);
    const waiting = await porteiro.api.get(`/api/portaria/aguardando?condominio_id=${condoA.condominio.id}`);
    expect(waiting.body.items).toContainEqual(
      expect.objectContaining({
        solicitacao_id: created.body.id,
        nome_visitante: "Carlos Entregas",
        sem_resposta_moradores: false,
      }),
    );
    expect((await b.api.get(`/api/portaria/aguardando?condominio_id=${condoA.condominio.id}`)).status).toBe(404);

    expect((await porteiro.api.post(`/api/solicitacoes/${created.body.id}/autorizar`)).status).toBe(200);
    const inside = await porteiro.api.get(`/api/acessos?presentes=true&q=${encodeURIComponent("Carlos Entregas")}`);
    const entry = inside.body.items.find((x: { solicitacao_id: string }) => x.solicitacao_id === created.body.id);
    expect(entry).toMatchObject({ nome: "Carlos Entregas", origem: "solicitacao", tipo: "visitante", saida_em: null });
    expect(
      (await b.api.post("/api/acessos", { json: { origem: "solicitacao", solicitacao_id: created.body.id } })).status,
    ).toBe(404);
    expect(
      (await porteiro.api.post("/api/acessos", { json: { origem: "solicitacao", solicitacao_id: created.body.id } }))
        .status,
    ).toBe(409);
    const waitingAfter = await porteiro.api.get(`/api/portaria/aguardando?condominio_id=${condoA.condominio.id}`);
    expect(waitingAfter.body.items.map((x: { solicitacao_id: string }) => x.solicitacao_id)).not.toContain(
      created.body.id,
    );
    expect((await b.api.post(`/api/acessos/${entry.id}/saida`)).status).toBe(404);
  });

  it("a resident at the gate lets a visitor in; only a resident of that unit can", async () => {
    const ok = await porteiro.api.post("/api/acessos", {
      json: {
        origem: "morador",
        unidade_id: condoA.unidade.id,
        autorizado_por_pessoa_id: morador.pessoa.id,
        nome: "Primo da Ana",
        tipo: "visitante",
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ origem: "morador", autorizado_por_nome: "Ana Moradora" });
    const other = await addUnidade(system(), a.org.id, condoA.condominio.id, "77");
    const wrong = await porteiro.api.post("/api/acessos", {
      json: {
        origem: "morador",
        unidade_id: other.id,
        autorizado_por_pessoa_id: morador.pessoa.id,
        nome: "Alguém",
        tipo: "visitante",
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields[0]).toMatchObject({
      path: "autorizado_por_pessoa_id",
      message: "Este morador não mora na unidade selecionada",
    });
  });
});

describe("access log", () => {
  it("filters, searches and exports CSV with a BOM and ; separators", async () => {
    const condo = await createCondominioWithUnidade(system(), a.org.id, { codigo: "808", nome: 'Export; "Teste"' });
    for (const nome of ["Zé Exportado", "=Fórmula Perigosa"]) {
      await porteiro.api.post("/api/acessos", {
        json: { origem: "morador", unidade_id: condo.unidade.id, autorizado_por_pessoa_id: morador.pessoa.id, nome },
      });
    }
    // The morador lives in condoA's unit, not this one: the entry above must have been refused.
    const listed = await porteiro.api.get(`/api/acessos?condominio_id=${condo.condominio.id}`);
    expect(listed.body.total).toBe(0);

    const resident = await addSignedInMorador(system(), a.org.id, condo.unidade, { nome: "Bia" });
    for (const nome of ["Zé Exportado", "=Fórmula Perigosa"]) {
      const res = await porteiro.api.post("/api/acessos", {
        json: { origem: "morador", unidade_id: condo.unidade.id, autorizado_por_pessoa_id: resident.pessoa.id, nome },
      });
      expect(res.status).toBe(201);
    }
    const search = await porteiro.api.get(`/api/acessos?condominio_id=${condo.condominio.id}&q=exportado`);
    expect(search.body.items.map((x: { nome: string }) => x.nome)).toEqual(["Zé Exportado"]);

    const csv = await system().app.request(`/api/acessos/export.csv?condominio_id=${condo.condominio.id}`, {
      headers: { cookie: porteiro.cookie },
    });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /attachment; filename="entradas-e-saidas-\d{4}-\d\d-\d\d\.csv"/,
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
    expect(lines[0]).toBe(
      "Entrada;Saída;Nome;Documento;Tipo;Condomínio;Unidade;Torre;Origem;Autorizado por;Entrada registrada por;Saída registrada por;Não entrou",
    );
    expect(lines).toHaveLength(4); // header, two rows, and the final line end
    expect(lines[1]).toContain(`'=Fórmula Perigosa;;Visitante;"Export; ""Teste""";808`);
    expect(lines[2]).toContain("Zé Exportado");
    expect(lines[1]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d;;/);

    // Another tenant exports nothing of it.
    const other = await system().app.request(`/api/acessos/export.csv?condominio_id=${condo.condominio.id}`, {
      headers: { cookie: b.cookie },
    });
    expect(
      new TextDecoder()
        .decode(await other.arrayBuffer())
        .trim()
        .split("\r\n"),
    ).toHaveLength(1);
  });
});

describe("access log at scale", () => {
  it("answers a common search with 'more than 10.000' from the planner's estimate, and counts a rare one exactly", async () => {
    const condo = await createCondominioWithUnidade(system(), a.org.id, { codigo: "900", nome: "Condomínio Grande" });
    await system().handle.db.execute(sql`
      INSERT INTO acessos (organization_id, condominio_id, unidade_id, nome, tipo, origem, entrada_em, saida_em, busca)
      SELECT ${a.org.id}, ${condo.condominio.id}, ${condo.unidade.id}, 'João Comum ' || g, 'visitante', 'morador',
             now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval + interval '1 minute',
             'joao comum ' || g || ' 900'
      FROM generate_series(1, 60000) g`);
    await system().handle.db.execute(sql`ANALYZE acessos`);
    const common = await porteiro.api.get(`/api/acessos?condominio_id=${condo.condominio.id}&q=joao&page_size=20`);
    expect(common.status).toBe(200);
    expect(common.body).toMatchObject({ total: 10_000, total_truncated: true });
    expect(common.body.items).toHaveLength(20);
    const rare = await porteiro.api.get(
      `/api/acessos?condominio_id=${condo.condominio.id}&q=${encodeURIComponent("comum 59999")}`,
    );
    expect(rare.body).toMatchObject({ total: 1, total_truncated: false });
  });
});
