import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { setupTestSystem, TEST_ORIGIN } from "../../../../tests/support/system";
import { addDays, localClock } from "../../../shared/pass-schedule";
import { pessoas, solicitacoesAcesso } from "../../db/schema";
import { buildSearchText } from "../../db/search";
import { ANONYMISED_NAME } from "../../jobs/retention";
import { ANONYMISED_PESSOA_NAME } from "./titulares.service";

const system = setupTestSystem();
const TZ = "America/Sao_Paulo";
const DAY = 86_400_000;

const NOME = "Joana Titularíssima";
const DOC = "987.654.321-00";
const DOC_DIGITS = "98765432100";
const PHONE = "(11) 97777-1234";

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
type Condo = Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let a: Tenant;
let b: Tenant;
let condoA: Condo;
let condoB: Condo;
let porteiro: Awaited<ReturnType<typeof addSignedInMember>>;
let morador: Awaited<ReturnType<typeof addSignedInMorador>>;
let requestIds: string[] = [];
let exPessoaId: string;

async function createRequest(t: Tenant, where: Condo, doc: string) {
  const res = await t.api.post("/api/solicitacoes", {
    json: {
      condominio_id: where.condominio.id,
      unidade_id: where.unidade.id,
      nome_visitante: NOME,
      doc_visitante: doc,
      telefone_visitante: PHONE,
      motivo: "Entrega de documentos",
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** GET of a binary body through the app, with the tenant's session. */
async function download(t: { cookie: string }, path: string) {
  const res = await system().app.request(`${TEST_ORIGIN}${path}`, {
    headers: { cookie: t.cookie, origin: TEST_ORIGIN },
  });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "sindico" });
  b = await createTenantWithMember(system(), { role: "sindico" });
  condoA = await createCondominioWithUnidade(system(), a.org.id, { codigo: "42", torre: null, nome: "Jardim A" });
  condoB = await createCondominioWithUnidade(system(), b.org.id);
  porteiro = await addSignedInMember(system(), a.org.id, "porteiro");
  morador = await addSignedInMorador(system(), a.org.id, condoA.unidade, { nome: "Ana Moradora" });

  requestIds = [await createRequest(a, condoA, DOC), await createRequest(a, condoA, DOC_DIGITS)];
  // The same person visiting another tenant's building: not this tenant's data.
  await createRequest(b, condoB, DOC);

  const today = localClock(new Date(), TZ).date;
  const pass = await a.api.post("/api/passes", {
    json: {
      condominio_id: condoA.condominio.id,
      unidade_id: condoA.unidade.id,
      tipo: "prestador",
      nome: NOME,
      descricao: "diarista",
      documento: DOC,
      telefone: PHONE,
      modalidade: "recorrente",
      data_inicio: today,
      data_fim: addDays(today, 30),
      dias_semana: [0, 1, 2, 3, 4, 5, 6],
      hora_inicio: "00:00",
      hora_fim: "23:59",
    },
  });
  expect(pass.status, JSON.stringify(pass.body)).toBe(201);

  const entry = await a.api.post("/api/acessos", {
    json: {
      origem: "morador",
      unidade_id: condoA.unidade.id,
      autorizado_por_pessoa_id: morador.pessoa.id,
      nome: NOME,
      documento: DOC_DIGITS,
    },
  });
  expect(entry.status, JSON.stringify(entry.body)).toBe(201);

  // She once lived here: a person record no longer active (no unit, no login).
  const [ex] = await system()
    .handle.db.insert(pessoas)
    .values({
      organizationId: a.org.id,
      condominioId: condoA.condominio.id,
      nome: NOME,
      documento: DOC,
      telefoneE164: "+5511977771234",
      email: "joana@example.com",
      ativo: false,
      busca: buildSearchText([NOME, DOC, "joana@example.com"]),
    })
    .returning();
  exPessoaId = ex!.id;
});

describe("titulares: search", () => {
  it("finds by document with or without punctuation, grouped, with documents masked", async () => {
    for (const documento of [DOC, DOC_DIGITS, " 987 654 321 00 "]) {
      const res = await a.api.get(`/api/titulares/busca?documento=${encodeURIComponent(documento)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.criterio).toBe("documento");
      expect(res.body.contagens).toMatchObject({ pessoas: 1, solicitacoes: 2, passes: 1, acessos: 1 });
      expect(res.body.pessoas).toEqual([
        expect.objectContaining({
          id: exPessoaId,
          nome: NOME,
          documento: "***.654.321-**",
          vinculo: "inativo",
          ativo: false,
        }),
      ]);
      expect(res.body.visitantes).toHaveLength(4);
      expect(JSON.stringify(res.body)).not.toContain(DOC_DIGITS);
      expect(JSON.stringify(res.body)).not.toContain(DOC);
    }
  });

  it("finds by name (accents and case ignored)", async () => {
    const res = await a.api.get(`/api/titulares/busca?nome=${encodeURIComponent("JOANA titularissima")}`);
    expect(res.status).toBe(200);
    expect(res.body.criterio).toBe("nome");
    expect(res.body.contagens).toMatchObject({ pessoas: 1, solicitacoes: 2, passes: 1, acessos: 1 });
  });

  it("flags an active resident, and asks for a document or a name in pt-BR", async () => {
    const res = await a.api.get("/api/titulares/busca?nome=Ana%20Moradora");
    expect(res.body.pessoas).toEqual([expect.objectContaining({ vinculo: "morador", ativo: true })]);
    const empty = await a.api.get("/api/titulares/busca");
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("Informe o documento ou o nome do titular");
    const short = await a.api.get("/api/titulares/busca?documento=1-2");
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain("Documento deve ter pelo menos 3 letras ou números");
  });

  it("sees only its own tenant's rows", async () => {
    const res = await b.api.get(`/api/titulares/busca?documento=${DOC_DIGITS}`);
    expect(res.body.contagens).toMatchObject({ pessoas: 0, solicitacoes: 1, passes: 0, acessos: 0 });
  });

  it("is for owner and síndicos only: porteiro and morador 403", async () => {
    for (const who of [porteiro, morador]) {
      expect((await who.api.get(`/api/titulares/busca?documento=${DOC_DIGITS}`)).status).toBe(403);
      expect((await who.api.get("/api/titulares/pedidos")).status).toBe(403);
      const post = await who.api.post("/api/titulares/pedidos", {
        json: { tipo: "anonimizacao", documento: DOC, nome: NOME },
      });
      expect(post.status).toBe(403);
    }
  });
});

describe("titulares: export", () => {
  let pedidoId: string;

  it("records the request with its 15-day deadline and exports everything held, views included", async () => {
    // Someone opened her record and one of her requests: the export shows who.
    expect((await a.api.get(`/api/pessoas/${exPessoaId}`)).status).toBe(200);
    expect((await a.api.get(`/api/solicitacoes/${requestIds[0]}`)).status).toBe(200);

    const res = await a.api.post("/api/titulares/pedidos", {
      json: { tipo: "exportacao", documento: DOC, nome: NOME },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const pedido = res.body;
    pedidoId = pedido.id;
    expect(pedido).toMatchObject({
      tipo: "exportacao",
      titular_nome: NOME,
      titular_documento: "***.654.321-**",
      criado_por_nome: expect.any(String),
      contagens: { pessoas: 1, solicitacoes: 2, passes: 1, acessos: 1 },
      arquivo_url: `/api/titulares/pedidos/${pedido.id}/arquivo.zip`,
    });
    expect(new Date(pedido.prazo_em).getTime() - new Date(pedido.recebido_em).getTime()).toBe(15 * DAY);
    expect(pedido.concluido_em).not.toBeNull();

    const zip = await download(a, pedido.arquivo_url);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toMatch(/attachment; filename="dados-titular-.*\.zip"/);
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files).sort()).toEqual([
      "acessos.csv",
      "chamadas.csv",
      "dados.json",
      "passes.csv",
      "pessoas.csv",
      "solicitacoes.csv",
      "unidades.csv",
      "visualizacoes.csv",
    ]);
    const dados = JSON.parse(strFromU8(files["dados.json"]!));
    expect(dados.solicitacoes.map((s: { id: string }) => s.id).sort()).toEqual([...requestIds].sort());
    expect(dados.solicitacoes[0]).toMatchObject({ nome_visitante: NOME, telefone_visitante: PHONE });
    expect(dados.passes).toHaveLength(1);
    expect(dados.acessos).toHaveLength(1);
    expect(dados.pessoas).toEqual([
      expect.objectContaining({ id: exPessoaId, documento: DOC, email: "joana@example.com" }),
    ]);
    const views = dados.visualizacoes as { acao: string; entidade: string; entidade_id: string }[];
    expect(views).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ acao: "visualizar", entidade: "pessoa", entidade_id: exPessoaId }),
        expect.objectContaining({ acao: "visualizar", entidade: "solicitacao", entidade_id: requestIds[0] }),
        expect.objectContaining({ acao: "exportar", entidade: "pessoa", entidade_id: exPessoaId }),
      ]),
    );
    const raw = files["solicitacoes.csv"]!;
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = strFromU8(raw);
    expect(csv.split("\r\n")[0]).toContain(";Visitante;Documento;");
    expect(csv).toContain(NOME);

    // The export itself is in the audit trail, as an export of the titular.
    const trail = await a.api.get("/api/auditoria?entidade=titular&acao=exportar");
    expect(trail.body.items.some((r: { entidade_id: string }) => r.entidade_id === pedidoId)).toBe(true);
  });

  it("another tenant's pedido is a 404 and does not show in its list", async () => {
    const res = await download(b, `/api/titulares/pedidos/${pedidoId}/arquivo.zip`);
    expect(res.status).toBe(404);
    const list = await b.api.get("/api/titulares/pedidos");
    expect(list.body.items).toEqual([]);
    expect((await download(porteiro, `/api/titulares/pedidos/${pedidoId}/arquivo.zip`)).status).toBe(403);
  });
});

describe("titulares: anonymisation", () => {
  it("refuses an active resident with 409 and changes nothing", async () => {
    const res = await a.api.post("/api/titulares/pedidos", {
      json: { tipo: "anonimizacao", documento: "123.456.789-00", nome: "Ana Moradora" },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain("Ana Moradora é morador(a) ativo(a)");
    const [p] = await system().handle.db.select().from(pessoas).where(eq(pessoas.id, morador.pessoa.id));
    expect(p!.nome).toBe("Ana Moradora");
    const list = await a.api.get("/api/titulares/pedidos");
    expect(list.body.items.map((r: { tipo: string }) => r.tipo)).not.toContain("anonimizacao");
  });

  it("anonymises every visitor row and the inactive record; no list, search or export finds her", async () => {
    const res = await a.api.post("/api/titulares/pedidos", {
      json: { tipo: "anonimizacao", documento: DOC_DIGITS, nome: NOME },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      tipo: "anonimizacao",
      arquivo_url: null,
      contagens: { pessoas: 1, solicitacoes: 2, passes: 1, acessos: 1 },
    });

    for (const q of [NOME, "Titularissima", DOC, DOC_DIGITS]) {
      const query = encodeURIComponent(q);
      for (const path of ["/api/solicitacoes", "/api/acessos", "/api/passes", "/api/pessoas", "/api/chamadas"]) {
        const list = await a.api.get(`${path}?q=${query}`);
        expect(list.status, path).toBe(200);
        expect(list.body.total, `${path}?q=${q}`).toBe(0);
      }
      const busca = await a.api.get(`/api/busca?q=${query}`);
      expect(busca.body).toMatchObject({ pessoas: [], solicitacoes: [] });
    }
    for (const path of ["/api/solicitacoes/export.csv", "/api/acessos/export.csv", "/api/chamadas/export.csv"]) {
      const csv = await a.api.get(path);
      expect(csv.status, path).toBe(200);
      const text = String(csv.body);
      for (const needle of [NOME, DOC, DOC_DIGITS, PHONE]) expect(text, path).not.toContain(needle);
    }
    const again = await a.api.get(`/api/titulares/busca?documento=${DOC_DIGITS}`);
    expect(again.body.contagens).toMatchObject({ pessoas: 0, solicitacoes: 0, passes: 0, acessos: 0 });

    // The rows stay, for counts and statistics, with the retention job's transformation.
    const [request] = await system()
      .handle.db.select()
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.id, requestIds[0]!));
    expect(request).toMatchObject({ nomeVisitante: ANONYMISED_NAME, docVisitante: null, telefoneVisitante: null });
    expect(request!.anonimizadoEm).not.toBeNull();
    const [ex] = await system().handle.db.select().from(pessoas).where(eq(pessoas.id, exPessoaId));
    expect(ex).toMatchObject({ nome: ANONYMISED_PESSOA_NAME, documento: null, telefoneE164: null, email: null });
    expect(ex!.busca).not.toContain("joana");

    // The other tenant's data about her is untouched.
    const other = await b.api.get(`/api/solicitacoes?q=${encodeURIComponent(DOC)}`);
    expect(other.body.total).toBe(1);

    // Recorded: the request with its deadline, and the audit entry.
    const list = await a.api.get("/api/titulares/pedidos");
    expect(list.body.items[0]).toMatchObject({ tipo: "anonimizacao", titular_nome: NOME });
    expect(list.body.items.map((r: { tipo: string }) => r.tipo)).toEqual(["anonimizacao", "exportacao"]);
    const trail = await a.api.get("/api/auditoria?entidade=titular&acao=anonimizar");
    expect(trail.body.items).toHaveLength(1);
    expect(JSON.stringify(trail.body.items)).not.toContain(DOC_DIGITS);
  });

  it("validates the request in pt-BR", async () => {
    const res = await a.api.post("/api/titulares/pedidos", { json: { tipo: "apagar", nome: "J" } });
    expect(res.status).toBe(400);
    const text = JSON.stringify(res.body);
    expect(text).toContain("Escolha exportação ou anonimização");
    expect(text).toContain("Nome deve ter pelo menos 3 caracteres");
  });
});
