import { asc, eq, inArray } from "drizzle-orm";
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
import type { DialogueState } from "../../attendant/engine/types";
import { atendenteConversas, atendenteMensagens, auditoria, pessoas, solicitacoesAcesso } from "../../db/schema";
import { buildSearchText } from "../../db/search";
import { ANONYMISED_NAME, ANONYMISED_TEXT } from "../../jobs/retention";
import { ANONYMISED_PESSOA_NAME } from "./titulares.service";

const system = setupTestSystem();
const TZ = "America/Sao_Paulo";
const DAY = 86_400_000;

const NOME = "Joana Titularíssima";
const DOC = "987.654.321-00";
const DOC_DIGITS = "98765432100";
/** Phones are stored in E.164 (docs/product.md, "Telefones"): what an export holds and what must be gone. */
const PHONE = "+5511977771234";

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
/** The attendant's conversation that created her first request, and one at the other tenant's gate. */
let conversaId: string;
let otherTenantConversaId: string;
/** What she and the attendant said (the transcript names her). */
const TRANSCRIPT = [
  {
    autor: "atendente",
    texto: "Olá! Sou o atendente virtual do condomínio. Esta conversa é gravada. Qual é o seu nome?",
  },
  { autor: "visitante", texto: `Sou a ${NOME}, vim entregar documentos no 42` },
  { autor: "atendente", texto: `Confirmando: ${NOME} para o apartamento 42, visita. Está certo?` },
  { autor: "visitante", texto: "sim" },
];
const OTHER_TENANT_TEXT = `Aqui é a ${NOME} no outro prédio`;

/** A closed conversation with the virtual attendant that created this request, as the service stores it. */
async function insertConversation(where: Condo, solicitacaoId: string, lines: { autor: string; texto: string }[]) {
  const estado: DialogueState = {
    etapa: "concluida",
    nomeVisitante: NOME,
    tipo: "visitante",
    unidadeId: where.unidade.id,
    candidatas: [],
    moradorPessoaId: null,
    pergunta: null,
    naoEntendidas: 0,
    solicitacaoId,
    resultado: "autorizado",
    motivoTransferencia: null,
  };
  const [conversa] = await system()
    .handle.db.insert(atendenteConversas)
    .values({
      organizationId: where.condominio.organizationId,
      condominioId: where.condominio.id,
      canal: "api",
      etapa: "concluida",
      resultado: "autorizado",
      estado,
      solicitacaoId,
      encerradaEm: new Date(),
    })
    .returning();
  const base = Date.now() - 60_000;
  await system()
    .handle.db.insert(atendenteMensagens)
    .values(
      lines.map((line, i) => ({
        organizationId: where.condominio.organizationId,
        conversaId: conversa!.id,
        autor: line.autor,
        texto: line.texto,
        createdAt: new Date(base + i * 1000),
      })),
    );
  return conversa!.id;
}

async function conversationOf(id: string) {
  const db = system().handle.db;
  const [conversa] = await db.select().from(atendenteConversas).where(eq(atendenteConversas.id, id));
  const mensagens = await db
    .select()
    .from(atendenteMensagens)
    .where(eq(atendenteMensagens.conversaId, id))
    .orderBy(asc(atendenteMensagens.createdAt));
  return { conversa: conversa!, mensagens };
}

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

type Registro = { tipo: "pessoa" | "solicitacao" | "passe" | "acesso"; id: string; documento: string | null };
type Candidato = { nome: string; documento: string | null; registros: Registro[] };

/** The search's candidates for a name or a document (asserting a 200). */
async function candidates(t: { api: Tenant["api"] }, query: { nome?: string; documento?: string }) {
  const res = await t.api.get(`/api/titulares/busca?${new URLSearchParams(query)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.candidatos as Candidato[];
}

/** A request's `registros`: every record of these candidates, as the staff ticks them. */
const chosen = (...list: Candidato[]) => list.flatMap((c) => c.registros.map(({ tipo, id }) => ({ tipo, id })));

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
  conversaId = await insertConversation(condoA, requestIds[0]!, TRANSCRIPT);
  // The same person visiting another tenant's building: not this tenant's data.
  const otherTenantRequest = await createRequest(b, condoB, DOC);
  otherTenantConversaId = await insertConversation(condoB, otherTenantRequest, [
    { autor: "visitante", texto: OTHER_TENANT_TEXT },
  ]);

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
  it("finds by document with or without punctuation: one candidate, every record of hers, documents masked", async () => {
    for (const documento of [DOC, DOC_DIGITS, " 987 654 321 00 "]) {
      const res = await a.api.get(`/api/titulares/busca?documento=${encodeURIComponent(documento)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.criterio).toBe("documento");
      expect(res.body.truncado).toBe(false);
      expect(res.body.candidatos).toHaveLength(1);
      const [joana] = res.body.candidatos as Candidato[];
      expect(joana).toMatchObject({ nome: NOME, documento: "***.654.321-**" });
      const kinds = joana!.registros.map((r) => r.tipo).sort();
      expect(kinds).toEqual(["acesso", "passe", "pessoa", "solicitacao", "solicitacao"]);
      expect(joana!.registros.find((r) => r.tipo === "pessoa")).toMatchObject({
        id: exPessoaId,
        nome: NOME,
        documento: "***.654.321-**",
        condominio: "Jardim A",
        vinculo: "inativo",
        ativo: false,
      });
      expect(joana!.registros.find((r) => r.tipo === "solicitacao")).toMatchObject({
        condominio: "Jardim A",
        unidade: "42",
        data: expect.any(String),
      });
      expect(JSON.stringify(res.body)).not.toContain(DOC_DIGITS);
      expect(JSON.stringify(res.body)).not.toContain(DOC);
    }
  });

  it("finds by name (accents and case ignored)", async () => {
    const res = await a.api.get(`/api/titulares/busca?nome=${encodeURIComponent("JOANA titularissima")}`);
    expect(res.status).toBe(200);
    expect(res.body.criterio).toBe("nome");
    expect(chosen(...(res.body.candidatos as Candidato[]))).toHaveLength(5);
  });

  it("flags an active resident, and asks for a document or a name in pt-BR", async () => {
    const [ana] = await candidates(a, { nome: "Ana Moradora" });
    expect(ana!.registros).toEqual([expect.objectContaining({ tipo: "pessoa", vinculo: "morador", ativo: true })]);
    const empty = await a.api.get("/api/titulares/busca");
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("Informe o documento ou o nome do titular");
    const short = await a.api.get("/api/titulares/busca?documento=1-2");
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain("Documento deve ter pelo menos 3 letras ou números");
  });

  it("sees only its own tenant's rows", async () => {
    const [only] = await candidates(b, { documento: DOC_DIGITS });
    expect(only!.registros.map((r) => r.tipo)).toEqual(["solicitacao"]);
  });

  it("is for owner and síndicos only: porteiro and morador 403", async () => {
    for (const who of [porteiro, morador]) {
      expect((await who.api.get(`/api/titulares/busca?documento=${DOC_DIGITS}`)).status).toBe(403);
      expect((await who.api.get("/api/titulares/pedidos")).status).toBe(403);
      const post = await who.api.post("/api/titulares/pedidos", {
        json: {
          tipo: "anonimizacao",
          titular: { nome: NOME, documento: DOC },
          registros: requestIds.map((id) => ({ tipo: "solicitacao", id })),
        },
      });
      expect(post.status).toBe(403);
    }
  });
});

let exportUrl: string;

describe("titulares: export", () => {
  let pedidoId: string;

  it("records the request with its 15-day deadline and exports everything held, views included", async () => {
    // Someone opened her record and one of her requests: the export shows who.
    expect((await a.api.get(`/api/pessoas/${exPessoaId}`)).status).toBe(200);
    expect((await a.api.get(`/api/solicitacoes/${requestIds[0]}`)).status).toBe(200);

    const [joana] = await candidates(a, { documento: DOC });
    const res = await a.api.post("/api/titulares/pedidos", {
      json: { tipo: "exportacao", titular: { nome: NOME, documento: DOC }, registros: chosen(joana!) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const pedido = res.body;
    pedidoId = pedido.id;
    exportUrl = pedido.arquivo_url;
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
      "avisos-encomendas.csv",
      "avisos-reservas.csv",
      "chamadas.csv",
      "conversas.csv",
      "convidados-reservas.csv",
      "dados.json",
      "encomendas.csv",
      "passes.csv",
      "pessoas.csv",
      "reservas.csv",
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
    // The attendant's conversation that created her first request, transcript in order; not the other tenant's.
    expect(dados.conversas).toEqual([
      expect.objectContaining({
        id: conversaId,
        solicitacao_id: requestIds[0],
        canal: "api",
        resultado: "autorizado",
        nome_visitante: NOME,
        encerrada_em: expect.any(String),
        mensagens: TRANSCRIPT.map((line) => ({ ...line, enviada_em: expect.any(String) })),
      }),
    ]);
    const conversasCsv = strFromU8(files["conversas.csv"]!);
    expect(conversasCsv.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "Data e hora (UTC);Conversa;Solicitação;Autor;Mensagem",
    );
    for (const line of TRANSCRIPT) expect(conversasCsv).toContain(line.texto);
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join("\n");
    expect(everything).not.toContain(OTHER_TENANT_TEXT);
    expect(everything).not.toContain(otherTenantConversaId);

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
    const [ana] = await candidates(a, { nome: "Ana Moradora" });
    const res = await a.api.post("/api/titulares/pedidos", {
      json: {
        tipo: "anonimizacao",
        titular: { nome: "Ana Moradora", documento: "123.456.789-00" },
        registros: chosen(ana!),
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain("Ana Moradora é morador(a) ativo(a)");
    const [p] = await system().handle.db.select().from(pessoas).where(eq(pessoas.id, morador.pessoa.id));
    expect(p!.nome).toBe("Ana Moradora");
    const list = await a.api.get("/api/titulares/pedidos");
    expect(list.body.items.map((r: { tipo: string }) => r.tipo)).not.toContain("anonimizacao");
  });

  it("anonymises every visitor row and the inactive record; no list, search or export finds her", async () => {
    const [joana] = await candidates(a, { nome: NOME });
    const res = await a.api.post("/api/titulares/pedidos", {
      json: { tipo: "anonimizacao", titular: { nome: NOME, documento: DOC_DIGITS }, registros: chosen(joana!) },
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
    expect(await candidates(a, { documento: DOC_DIGITS })).toEqual([]);

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
    expect(list.body.items[0]).toMatchObject({
      tipo: "anonimizacao",
      titular_nome: NOME,
      titular_documento: "***.654.321-**",
    });
    expect(list.body.items.map((r: { tipo: string }) => r.tipo).slice(0, 2)).toEqual(["anonimizacao", "exportacao"]);
    const trail = await a.api.get("/api/auditoria?entidade=titular&acao=anonimizar");
    expect(trail.body.items.some((r: { entidade_id: string }) => r.entidade_id === res.body.id)).toBe(true);
    expect(JSON.stringify(trail.body.items)).not.toContain(DOC_DIGITS);
  });

  it("anonymises the attendant's conversation of her request: no message, state, export or audit record names her", async () => {
    // (After the test above.) The conversation stays, its outcome too, with nothing of what was said.
    const { conversa, mensagens } = await conversationOf(conversaId);
    expect(conversa).toMatchObject({ etapa: "concluida", resultado: "autorizado", solicitacaoId: requestIds[0] });
    expect(conversa.anonimizadaEm).not.toBeNull();
    expect((conversa.estado as DialogueState).nomeVisitante).toBeNull();
    expect(mensagens.map((m) => [m.autor, m.texto])).toEqual(TRANSCRIPT.map((line) => [line.autor, ANONYMISED_TEXT]));

    // Nowhere in the tenant's transcripts, nor in its audit trail as stored.
    const db = system().handle.db;
    const texts = await db
      .select({ texto: atendenteMensagens.texto })
      .from(atendenteMensagens)
      .where(eq(atendenteMensagens.organizationId, a.org.id));
    const estados = await db
      .select({ estado: atendenteConversas.estado })
      .from(atendenteConversas)
      .where(eq(atendenteConversas.organizationId, a.org.id));
    const trail = await db.select().from(auditoria).where(eq(auditoria.organizationId, a.org.id));
    for (const needle of [NOME, "Joana", "Titularíssima"]) {
      expect(JSON.stringify(texts)).not.toContain(needle);
      expect(JSON.stringify(estados)).not.toContain(needle);
      expect(JSON.stringify(trail)).not.toContain(needle);
    }

    // The earlier export's archive, downloaded again, holds the conversation without her words.
    const zip = await download(a, exportUrl);
    expect(zip.status).toBe(200);
    const files = unzipSync(zip.bytes);
    const dados = JSON.parse(strFromU8(files["dados.json"]!));
    expect(dados.conversas).toEqual([
      expect.objectContaining({ id: conversaId, nome_visitante: null, resultado: "autorizado" }),
    ]);
    expect(dados.conversas[0].mensagens.map((m: { texto: string }) => m.texto)).toEqual(
      TRANSCRIPT.map(() => ANONYMISED_TEXT),
    );
    expect(strFromU8(files["conversas.csv"]!)).not.toContain("Joana");

    // The other tenant's conversation with her is untouched.
    const other = await conversationOf(otherTenantConversaId);
    expect(other.conversa.anonimizadaEm).toBeNull();
    expect((other.conversa.estado as DialogueState).nomeVisitante).toBe(NOME);
    expect(other.mensagens.map((m) => m.texto)).toEqual([OTHER_TENANT_TEXT]);
  });

  it("validates the request in pt-BR", async () => {
    const res = await a.api.post("/api/titulares/pedidos", {
      json: { tipo: "apagar", titular: { nome: "J" }, registros: [] },
    });
    expect(res.status).toBe(400);
    const text = JSON.stringify(res.body);
    expect(text).toContain("Escolha exportação ou anonimização");
    expect(text).toContain("Nome deve ter pelo menos 3 caracteres");
    expect(text).toContain("Escolha pelo menos um registro do titular");
    const twice = await a.api.post("/api/titulares/pedidos", {
      json: {
        tipo: "exportacao",
        titular: { nome: NOME },
        registros: [
          { tipo: "solicitacao", id: requestIds[0] },
          { tipo: "solicitacao", id: requestIds[0] },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain("Um registro foi escolhido mais de uma vez");
  });
});

describe("titulares: a data subject is one person, not a name", () => {
  const DANIELA = "Daniela Freitas Homônima";
  const D1 = { documento: "111.222.333-44", telefone: "+5511911111111" };
  const D2 = { documento: "555.666.777-88", telefone: "+5521922222222" };
  let condoA2: Condo;
  let d1Requests: string[];
  let d2Request: string;
  let noDocRequest: string;
  let otherTenantRequest: string;

  async function visit(t: Tenant, where: Condo, doc: string | null, telefone: string | null) {
    const res = await t.api.post("/api/solicitacoes", {
      json: {
        condominio_id: where.condominio.id,
        unidade_id: where.unidade.id,
        nome_visitante: DANIELA,
        doc_visitante: doc,
        telefone_visitante: telefone,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  async function requestCount(t: Tenant) {
    return (await t.api.get("/api/titulares/pedidos")).body.total as number;
  }

  const byDocument = (list: Candidato[], masked: string | null) => list.find((c) => c.documento === masked)!;

  beforeAll(async () => {
    condoA2 = await createCondominioWithUnidade(system(), a.org.id, { codigo: "7", torre: "B", nome: "Jardim B" });
    d1Requests = [await visit(a, condoA, D1.documento, D1.telefone), await visit(a, condoA2, "11122233344", null)];
    d2Request = await visit(a, condoA2, D2.documento, D2.telefone);
    noDocRequest = await visit(a, condoA, null, null);
    otherTenantRequest = await visit(b, condoB, D1.documento, D1.telefone);
  });

  it("a search by name lists each person as a candidate (masked document, unit, condominium, date) and does nothing", async () => {
    const before = await requestCount(a);
    const res = await a.api.get(`/api/titulares/busca?nome=${encodeURIComponent("daniela freitas homonima")}`);
    expect(res.status).toBe(200);
    expect(res.body.criterio).toBe("nome");
    const list = res.body.candidatos as Candidato[];
    expect(list.map((c) => c.documento).sort()).toEqual(["***.222.333-**", "***.666.777-**", null].sort());
    const d1 = byDocument(list, "***.222.333-**");
    expect(d1.registros.map((r) => r.id).sort()).toEqual([...d1Requests].sort());
    expect(d1.registros).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          tipo: "solicitacao",
          condominio: "Jardim A",
          unidade: "42",
          data: expect.any(String),
        }),
        expect.objectContaining({ tipo: "solicitacao", condominio: "Jardim B", unidade: "7 B" }),
      ]),
    );
    expect(byDocument(list, "***.666.777-**").registros.map((r) => r.id)).toEqual([d2Request]);
    expect(byDocument(list, null).registros.map((r) => r.id)).toEqual([noDocRequest]);
    const text = JSON.stringify(res.body);
    for (const secret of [D1.documento, "11122233344", D2.documento, D1.telefone, D2.telefone]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(otherTenantRequest);
    expect(await requestCount(a)).toBe(before);
  });

  it("a search by document narrows to that document", async () => {
    const list = await candidates(a, { documento: "11122233344" });
    expect(list).toHaveLength(1);
    expect(list[0]!.registros.map((r) => r.id).sort()).toEqual([...d1Requests].sort());
  });

  it("exporting one person has none of the other's data", async () => {
    const d1 = byDocument(await candidates(a, { nome: DANIELA }), "***.222.333-**");
    const res = await a.api.post("/api/titulares/pedidos", {
      json: { tipo: "exportacao", titular: { nome: DANIELA, documento: D1.documento }, registros: chosen(d1) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      titular_nome: DANIELA,
      titular_documento: "***.222.333-**",
      contagens: { pessoas: 0, solicitacoes: 2, passes: 0, acessos: 0 },
    });
    const zip = await download(a, res.body.arquivo_url);
    expect(zip.status).toBe(200);
    const files = unzipSync(zip.bytes);
    const dados = JSON.parse(strFromU8(files["dados.json"]!));
    expect(dados.solicitacoes.map((r: { id: string }) => r.id).sort()).toEqual([...d1Requests].sort());
    expect(dados.pedido).toMatchObject({ titular_nome: DANIELA, titular_documento: "***.222.333-**" });
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join("\n");
    expect(everything).toContain(D1.documento);
    expect(everything).toContain(D1.telefone);
    for (const other of [D2.documento, "555666", D2.telefone, d2Request, noDocRequest, otherTenantRequest]) {
      expect(everything).not.toContain(other);
    }
  });

  it("refuses records that are not exactly the confirmed subject's (400/404 in pt-BR) and changes nothing", async () => {
    const list = await candidates(a, { nome: DANIELA });
    const d1 = byDocument(list, "***.222.333-**");
    const d2 = byDocument(list, "***.666.777-**");
    const noDoc = byDocument(list, null);
    const before = await requestCount(a);
    const trailBefore = (await a.api.get("/api/auditoria?entidade=titular")).body.total;
    const cases: {
      titular: { nome: string; documento?: string | null };
      registros: unknown[];
      status: number;
      text: string;
    }[] = [
      // Both people ticked: two documents.
      {
        titular: { nome: DANIELA, documento: D1.documento },
        registros: chosen(d1, d2),
        status: 400,
        text: "Os registros escolhidos têm documentos diferentes",
      },
      // The other person's records under this person's document.
      {
        titular: { nome: DANIELA, documento: D1.documento },
        registros: chosen(d2),
        status: 400,
        text: "O documento informado não confere com o dos registros escolhidos (***.666.777-**)",
      },
      // A name alone does not say whose document these are.
      {
        titular: { nome: DANIELA, documento: null },
        registros: chosen(d1),
        status: 400,
        text: "Informe o documento apresentado pelo titular",
      },
      // A record without a document, confirmed as someone else.
      {
        titular: { nome: "Outra Pessoa", documento: null },
        registros: chosen(noDoc),
        status: 400,
        text: "Solicitação de acesso de Daniela Freitas Homônima não tem documento e o nome não é o do titular",
      },
      // Another tenant's record, and one that does not exist.
      {
        titular: { nome: DANIELA, documento: D1.documento },
        registros: [{ tipo: "solicitacao", id: otherTenantRequest }],
        status: 404,
        text: "Um dos registros escolhidos não foi encontrado",
      },
      {
        titular: { nome: DANIELA, documento: D1.documento },
        registros: [...chosen(d1), { tipo: "passe", id: "00000000-0000-4000-8000-000000000000" }],
        status: 404,
        text: "Um dos registros escolhidos não foi encontrado",
      },
      // A request's id given as a person's.
      {
        titular: { nome: DANIELA, documento: D1.documento },
        registros: [{ tipo: "pessoa", id: d1Requests[0] }],
        status: 404,
        text: "Um dos registros escolhidos não foi encontrado",
      },
    ];
    for (const tipo of ["exportacao", "anonimizacao"]) {
      for (const { titular, registros, status, text } of cases) {
        const res = await a.api.post("/api/titulares/pedidos", { json: { tipo, titular, registros } });
        expect(res.status, `${tipo} ${text}`).toBe(status);
        expect(res.body.error.message, tipo).toContain(text);
      }
    }
    expect(await requestCount(a)).toBe(before);
    expect((await a.api.get("/api/auditoria?entidade=titular")).body.total).toBe(trailBefore);
    const rows = await system()
      .handle.db.select()
      .from(solicitacoesAcesso)
      .where(inArray(solicitacoesAcesso.id, [...d1Requests, d2Request, noDocRequest]));
    expect(rows.every((r) => r.nomeVisitante === DANIELA && r.anonimizadoEm === null)).toBe(true);
  });

  it("anonymising one person leaves the other intact", async () => {
    const d2 = byDocument(await candidates(a, { nome: DANIELA }), "***.666.777-**");
    const res = await a.api.post("/api/titulares/pedidos", {
      json: { tipo: "anonimizacao", titular: { nome: DANIELA, documento: "55566677788" }, registros: chosen(d2) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      tipo: "anonimizacao",
      titular_documento: "***.666.777-**",
      contagens: { pessoas: 0, solicitacoes: 1, passes: 0, acessos: 0 },
    });

    const [gone] = await system()
      .handle.db.select()
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.id, d2Request));
    expect(gone).toMatchObject({ nomeVisitante: ANONYMISED_NAME, docVisitante: null, telefoneVisitante: null });
    const kept = await a.api.get(`/api/solicitacoes/${d1Requests[0]}`);
    expect(kept.body).toMatchObject({
      nome_visitante: DANIELA,
      doc_visitante: D1.documento,
      telefone_visitante: D1.telefone,
    });
    const left = await candidates(a, { nome: DANIELA });
    expect(left.map((c) => c.documento).sort()).toEqual(["***.222.333-**", null].sort());
    expect(
      chosen(...left)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...d1Requests, noDocRequest].sort());

    // Done: the same records again are gone (nothing left of anyone in them).
    const again = await a.api.post("/api/titulares/pedidos", {
      json: { tipo: "anonimizacao", titular: { nome: DANIELA, documento: D2.documento }, registros: chosen(d2) },
    });
    expect(again.status).toBe(404);
  });
});
