/**
 * CSV exports of requests, calls, the access log and packages, and masked documents
 * (docs/product.md, "Personal data and retention"): every export keeps the list's filters, scope and order,
 * writes a BOM, `;` and CRLF, masks documents and leaves one audit record; lists and search show documents
 * masked while details show them in full.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { acessos, auditoria, chamadas, encomendas, pessoas, solicitacoesAcesso } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { CHAMADAS_CSV_HEADER } from "@/server/modules/chamadas/chamadas-csv";
import { ENCOMENDAS_CSV_HEADER } from "@/server/modules/encomendas/encomendas-csv";
import { SOLICITACOES_CSV_HEADER } from "@/server/modules/solicitacoes/solicitacoes-csv";
import {
  addSignedInMorador,
  addUnidade,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../support/factories";
import { setupTestSystem } from "../support/system";

const system = setupTestSystem();
type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
type Morador = Awaited<ReturnType<typeof addSignedInMorador>>;

const CPF = "123.920.573-00";
const CPF_MASKED = "***.920.573-**";
const RG = "MG-12.345.678";
const RG_MASKED = "***678";

let a: Tenant;
let b: Tenant;
let morador: Morador;
let condominioId: string;
let unidade1: string;
let unidade2: string;
let anaId: string;
let brunoId: string;

/** A download read as bytes (Response.text() would drop the BOM). */
async function download(cookie: string, path: string) {
  const res = await system().app.request(path, { headers: { cookie } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { res, bytes, text, lines: text.replace(/^\uFEFF/, "").split("\r\n") };
}

/** The data lines (header and the final empty line left out). */
const rowsOf = (lines: string[]) => lines.slice(1, -1);

/** The export records of a tenant and entity, newest first. */
async function exportsOf(organizationId: string, entidade: string) {
  return system()
    .handle.db.select()
    .from(auditoria)
    .where(
      and(
        eq(auditoria.organizationId, organizationId),
        eq(auditoria.entidade, entidade),
        eq(auditoria.acao, "exportar"),
      ),
    )
    .orderBy(desc(auditoria.ocorridoEm), desc(auditoria.id));
}

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "sindico" });
  b = await createTenantWithMember(system(), { role: "sindico" });
  // Manaus is UTC-4 all year: the CSV shows its clock, not the server's or São Paulo's.
  const condo = await createCondominioWithUnidade(system(), a.org.id, {
    timezone: "America/Manaus",
    codigo: "101",
    torre: "Torre A",
    nome: "Residencial Exporta",
  });
  condominioId = condo.condominio.id;
  unidade1 = condo.unidade.id;
  unidade2 = (await addUnidade(system(), a.org.id, condominioId, "202", "Torre B")).id;
  morador = await addSignedInMorador(system(), a.org.id, condo.unidade, { nome: "Morador Exporta" });

  const create = async (json: Record<string, unknown>) => {
    const res = await a.api.post("/api/solicitacoes", { json: { condominio_id: condominioId, ...json } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  anaId = await create({ unidade_id: unidade1, nome_visitante: "Ana Exportada", doc_visitante: CPF });
  brunoId = await create({
    unidade_id: unidade2,
    nome_visitante: "Bruno Exportado",
    doc_visitante: RG,
    tipo: "prestador",
    motivo: 'Conserto; "urgente"',
  });
  expect((await a.api.post(`/api/solicitacoes/${brunoId}/negar`, { json: {} })).status).toBe(200);
  // Known times: Ana at 15:30 UTC (11:30 in Manaus), Bruno an hour later.
  const db = system().handle.db;
  await db
    .update(solicitacoesAcesso)
    .set({ createdAt: new Date("2026-03-10T15:30:00Z") })
    .where(eq(solicitacoesAcesso.id, anaId));
  await db
    .update(solicitacoesAcesso)
    .set({ createdAt: new Date("2026-03-10T16:30:00Z") })
    .where(eq(solicitacoesAcesso.id, brunoId));

  const [pessoa] = await db
    .insert(pessoas)
    .values({
      organizationId: a.org.id,
      condominioId,
      nome: "Carla Chamada",
      documento: "98765432100",
      pbxRamal: "2101",
      busca: buildSearchText(["Carla Chamada", "98765432100", null, "2101"]),
    })
    .returning();
  await db.insert(chamadas).values([
    {
      organizationId: a.org.id,
      solicitacaoId: anaId,
      pessoaId: pessoa!.id,
      status: "concluida",
      ramalDiscado: "2101",
      iniciadoEm: new Date("2026-03-10T15:31:00Z"),
      finalizadoEm: new Date("2026-03-10T15:33:05Z"),
      provedor: "PABX Asterisk",
      busca: buildSearchText(["Carla Chamada", "2101", "Ana Exportada", "PABX Asterisk"]),
    },
    {
      organizationId: a.org.id,
      solicitacaoId: brunoId,
      pessoaId: null,
      status: "sem_resposta",
      ramalDiscado: "2202",
      iniciadoEm: new Date("2026-03-10T16:31:00Z"),
      finalizadoEm: new Date("2026-03-10T16:31:45Z"),
      provedor: "PABX Asterisk",
      busca: buildSearchText([null, "2202", "Bruno Exportado", "PABX Asterisk"]),
    },
  ]);
  await db.insert(acessos).values({
    organizationId: a.org.id,
    condominioId,
    unidadeId: unidade1,
    nome: "Ana Exportada",
    documento: CPF,
    tipo: "visitante",
    origem: "solicitacao",
    solicitacaoId: anaId,
    entradaEm: new Date("2026-03-10T15:40:00Z"),
    busca: buildSearchText(["Ana Exportada", CPF, "101", "Torre A"]),
  });
});

describe("GET /api/solicitacoes/export.csv", () => {
  it("streams UTF-8 with a BOM, ; and CRLF, newest first, dates in the condominium's clock, documents masked", async () => {
    const { res, bytes, lines, text } = await download(a.cookie, "/api/solicitacoes/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="solicitacoes-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe(SOLICITACOES_CSV_HEADER.join(";"));
    expect(lines[0]).toBe(
      "Criada em;Status;Tipo;Visitante;Documento;Condomínio;Unidade;Torre;Motivo;Portão;Expira em;Decidida em;Decidida por;Observações",
    );
    const rows = rowsOf(lines);
    expect(rows).toHaveLength(2);
    expect(lines.at(-1)).toBe("");
    expect(rows[0]).toMatch(
      // No gate named; it expires after the condominium's wait (set at creation); then the decision.
      /^10\/03\/2026 12:30;Negado;Prestador;Bruno Exportado;\*\*\*678;Residencial Exporta;202;Torre B;"Conserto; ""urgente""";;\d\d\/\d\d\/\d{4} \d\d:\d\d;\d\d\/\d\d\/\d{4} \d\d:\d\d;/,
    );
    expect(rows[1]).toMatch(
      new RegExp(
        `^10/03/2026 11:30;Pendente;Visitante;Ana Exportada;${CPF_MASKED.replace(/[.*]/g, "\\$&")};Residencial Exporta;101;Torre A;;;\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d;;;$`,
      ),
    );
    expect(text).not.toContain(CPF);
    expect(text).not.toContain("12.345.678");
  });

  it("applies the list's filters, and the search finds by the full document", async () => {
    const negado = await download(a.cookie, "/api/solicitacoes/export.csv?status=negado");
    expect(rowsOf(negado.lines).map((l) => l.split(";")[3])).toEqual(["Bruno Exportado"]);
    const unidade = await download(a.cookie, `/api/solicitacoes/export.csv?unidade_id=${unidade1}`);
    expect(rowsOf(unidade.lines).map((l) => l.split(";")[3])).toEqual(["Ana Exportada"]);
    const byDoc = await download(a.cookie, `/api/solicitacoes/export.csv?q=${encodeURIComponent(CPF)}`);
    expect(rowsOf(byDoc.lines)).toEqual([expect.stringContaining(`Ana Exportada;${CPF_MASKED}`)]);
    const period = await download(
      a.cookie,
      `/api/solicitacoes/export.csv?de=${encodeURIComponent("2026-03-10T16:00:00Z")}&ate=${encodeURIComponent("2026-03-11T00:00:00Z")}`,
    );
    expect(rowsOf(period.lines).map((l) => l.split(";")[3])).toEqual(["Bruno Exportado"]);
    const bad = await a.api.get("/api/solicitacoes/export.csv?status=talvez");
    expect(bad.status).toBe(400);
  });

  it("is scoped like the list: a morador gets only their unit's, another tenant nothing", async () => {
    const mine = await download(morador.cookie, "/api/solicitacoes/export.csv");
    expect(rowsOf(mine.lines).map((l) => l.split(";")[3])).toEqual(["Ana Exportada"]);
    const other = await download(b.cookie, "/api/solicitacoes/export.csv");
    expect(other.res.status).toBe(200);
    expect(other.lines).toEqual([SOLICITACOES_CSV_HEADER.join(";"), ""]);
    const anonymous = await system().app.request("/api/solicitacoes/export.csv");
    expect(anonymous.status).toBe(401);
  });

  it("records who exported and with which filters", async () => {
    const before = (await exportsOf(a.org.id, "solicitacao")).length;
    await download(a.cookie, `/api/solicitacoes/export.csv?status=negado&q=bruno`);
    const records = await exportsOf(a.org.id, "solicitacao");
    expect(records).toHaveLength(before + 1);
    const record = records[0];
    expect(record).toMatchObject({
      atorTipo: "usuario",
      atorId: a.user.id,
      resumo: "Exportou solicitações em CSV",
      // The search text may be a name: named, not kept (docs/decisions/030-personal-data-out-of-the-audit-trail.md).
      depois: { filtros: { status: "negado", q: "[dado pessoal]" } },
    });
    // Another tenant's export is recorded in that tenant only.
    const beforeB = (await exportsOf(b.org.id, "solicitacao")).length;
    await download(b.cookie, "/api/solicitacoes/export.csv");
    expect(await exportsOf(b.org.id, "solicitacao")).toHaveLength(beforeB + 1);
    expect(await exportsOf(a.org.id, "solicitacao")).toHaveLength(before + 1);
  });

  it("walks past a batch of 1,000 without skipping rows created in the same millisecond", async () => {
    const t = await createTenantWithMember(system(), { role: "sindico" });
    const { condominio, unidade } = await createCondominioWithUnidade(system(), t.org.id);
    const total = 1_205;
    const rows = Array.from({ length: total }, (_, i) => ({
      organizationId: t.org.id,
      condominioId: condominio.id,
      unidadeId: unidade.id,
      nomeVisitante: `Lote ${String(i).padStart(4, "0")}`,
      busca: `lote ${i}`,
    }));
    await system().handle.db.insert(solicitacoesAcesso).values(rows);
    // All within one millisecond, microseconds apart: a cursor kept as a JS Date would skip them.
    await system().handle.db.execute(
      sql`UPDATE solicitacoes_acesso SET created_at = '2026-01-05T12:00:00Z'::timestamptz + (substring(nome_visitante from 6)::int % 1000) * interval '1 microsecond' WHERE organization_id = ${t.org.id}`,
    );
    const { lines } = await download(t.cookie, "/api/solicitacoes/export.csv");
    const names = rowsOf(lines).map((l) => l.split(";")[3]);
    expect(names).toHaveLength(total);
    expect(new Set(names).size).toBe(total);
  });
});

describe("GET /api/chamadas/export.csv", () => {
  it("streams the calls newest first with pt-BR labels, the visitor's document masked", async () => {
    const { res, bytes, lines, text } = await download(a.cookie, "/api/chamadas/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="chamadas-\d{4}-\d\d-\d\d\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe(CHAMADAS_CSV_HEADER.join(";"));
    expect(lines[0]).toBe(
      "Iniciada em;Finalizada em;Duração;Status;Pessoa;Ramal;Visitante;Documento do visitante;Tipo;Condomínio;Unidade;Torre;Provedor",
    );
    expect(rowsOf(lines)).toEqual([
      `10/03/2026 12:31;10/03/2026 12:31;0:45;Sem Resposta;;2202;Bruno Exportado;${RG_MASKED};Prestador;Residencial Exporta;202;Torre B;PABX Asterisk`,
      `10/03/2026 11:31;10/03/2026 11:33;2:05;Concluída;Carla Chamada;2101;Ana Exportada;${CPF_MASKED};Visitante;Residencial Exporta;101;Torre A;PABX Asterisk`,
    ]);
    expect(text).not.toContain(CPF);
  });

  it("applies the list's filters and scope; another tenant gets nothing", async () => {
    const status = await download(a.cookie, "/api/chamadas/export.csv?status=concluida");
    expect(rowsOf(status.lines).map((l) => l.split(";")[6])).toEqual(["Ana Exportada"]);
    const bySolicitacao = await download(a.cookie, `/api/chamadas/export.csv?solicitacao_id=${brunoId}`);
    expect(rowsOf(bySolicitacao.lines).map((l) => l.split(";")[6])).toEqual(["Bruno Exportado"]);
    const search = await download(a.cookie, "/api/chamadas/export.csv?q=carla");
    expect(rowsOf(search.lines).map((l) => l.split(";")[6])).toEqual(["Ana Exportada"]);
    const mine = await download(morador.cookie, "/api/chamadas/export.csv");
    expect(rowsOf(mine.lines).map((l) => l.split(";")[6])).toEqual(["Ana Exportada"]);
    const other = await download(b.cookie, "/api/chamadas/export.csv");
    expect(other.lines).toEqual([CHAMADAS_CSV_HEADER.join(";"), ""]);
    expect((await a.api.get("/api/chamadas/export.csv?status=talvez")).status).toBe(400);
  });

  it("records the export", async () => {
    const before = (await exportsOf(a.org.id, "chamada")).length;
    await download(a.cookie, "/api/chamadas/export.csv?status=concluida");
    const records = await exportsOf(a.org.id, "chamada");
    expect(records).toHaveLength(before + 1);
    expect(records[0]).toMatchObject({
      atorId: a.user.id,
      resumo: "Exportou chamadas em CSV",
      depois: { filtros: { status: "concluida" } },
    });
  });
});

describe("GET /api/acessos/export.csv", () => {
  it("masks the document and records the export", async () => {
    const before = (await exportsOf(a.org.id, "acesso")).length;
    const { lines, text } = await download(a.cookie, `/api/acessos/export.csv?condominio_id=${condominioId}`);
    expect(rowsOf(lines)).toEqual([expect.stringContaining(`;Ana Exportada;${CPF_MASKED};Visitante;`)]);
    expect(text).not.toContain(CPF);
    const records = await exportsOf(a.org.id, "acesso");
    expect(records).toHaveLength(before + 1);
    expect(records[0]).toMatchObject({
      atorId: a.user.id,
      resumo: "Exportou entradas e saídas em CSV",
      depois: { filtros: { condominio_id: condominioId } },
    });
  });
});

describe("GET /api/encomendas/export.csv", () => {
  let correiosId: string;
  let ifoodId: string;

  beforeAll(async () => {
    const receive = async (unidadeId: string, item: Record<string, unknown>, destinatario?: string) => {
      const res = await a.api.post("/api/encomendas", {
        json: {
          condominio_id: condominioId,
          unidade_id: unidadeId,
          destinatario_pessoa_id: destinatario,
          itens: [item],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.itens[0].id as string;
    };
    correiosId = await receive(
      unidade1,
      { transportadora: "correios", rastreio: "QB123456789BR", local: "Armário 3", perecivel: false },
      morador.pessoa.id,
    );
    ifoodId = await receive(unidade2, {
      transportadora: "outra",
      transportadora_outra: "Padaria; Pão Quente",
      perecivel: true,
      observacoes: "=HYPERLINK()",
    });
    // Handed over without the code (the collector named and documented at the gate).
    const retirada = await a.api.post("/api/encomendas/retiradas", {
      json: {
        condominio_id: condominioId,
        encomenda_ids: [correiosId],
        metodo: "sem_codigo",
        motivo: "Morador esqueceu o celular",
        retirada_por: { nome: "Carlos Retirante", documento: CPF },
      },
    });
    expect(retirada.status, JSON.stringify(retirada.body)).toBe(200);
    // Known times: Correios received at 13:00 UTC (09:00 in Manaus) and collected at 14:15; iFood at 15:00.
    const db = system().handle.db;
    await db
      .update(encomendas)
      .set({ recebidaEm: new Date("2026-03-11T13:00:00Z"), retiradaEm: new Date("2026-03-11T14:15:00Z") })
      .where(eq(encomendas.id, correiosId));
    await db
      .update(encomendas)
      .set({ recebidaEm: new Date("2026-03-11T15:00:00Z") })
      .where(eq(encomendas.id, ifoodId));
  });

  it("streams the packages newest first, in the condominium's clock, the collector's document masked", async () => {
    const { res, bytes, lines, text } = await download(a.cookie, "/api/encomendas/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="encomendas-\d{4}-\d\d-\d\d\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe(ENCOMENDAS_CSV_HEADER.join(";"));
    expect(lines[0]).toBe(
      "Recebida em;Status;Transportadora;Rastreio;Condomínio;Unidade;Torre;Destinatário;Local;Perecível;Recebida por;Retirada em;Retirada por;Documento de quem retirou;Como foi retirada;Entregue por;Motivo da entrega sem código;Motivo da devolução;Observações",
    );
    const porteiro = a.user.name;
    expect(rowsOf(lines)).toEqual([
      `11/03/2026 11:00;Aguardando retirada;"Padaria; Pão Quente";;Residencial Exporta;202;Torre B;;;Sim;${porteiro};;;;;;;;'=HYPERLINK()`,
      `11/03/2026 09:00;Retirada;Correios;QB123456789BR;Residencial Exporta;101;Torre A;Morador Exporta;Armário 3;Não;${porteiro};11/03/2026 10:15;Carlos Retirante;${CPF_MASKED};Sem o código (com motivo);${porteiro};Morador esqueceu o celular;;`,
    ]);
    expect(text).not.toContain(CPF);
  });

  it("applies the list's filters and scope: a morador gets their unit's, without the document; another tenant nothing", async () => {
    const names = (lines: string[]) => rowsOf(lines).map((l) => l.split(";")[2]);
    expect(names((await download(a.cookie, "/api/encomendas/export.csv?status=retirada")).lines)).toEqual(["Correios"]);
    expect(names((await download(a.cookie, `/api/encomendas/export.csv?unidade_id=${unidade2}`)).lines)).toEqual([
      '"Padaria',
    ]);
    expect(names((await download(a.cookie, "/api/encomendas/export.csv?perecivel=true")).lines)).toEqual(['"Padaria']);
    expect(names((await download(a.cookie, "/api/encomendas/export.csv?q=qb1234")).lines)).toEqual(["Correios"]);
    const period = await download(
      a.cookie,
      `/api/encomendas/export.csv?de=${encodeURIComponent("2026-03-11T14:00:00Z")}&ate=${encodeURIComponent("2026-03-12T00:00:00Z")}`,
    );
    expect(names(period.lines)).toEqual(['"Padaria']);
    const mine = await download(morador.cookie, "/api/encomendas/export.csv");
    expect(rowsOf(mine.lines)).toEqual([expect.stringContaining(";Carlos Retirante;;Sem o código (com motivo);")]);
    expect(mine.text).not.toContain("920.573");
    const other = await download(b.cookie, "/api/encomendas/export.csv");
    expect(other.res.status).toBe(200);
    expect(other.lines).toEqual([ENCOMENDAS_CSV_HEADER.join(";"), ""]);
    expect((await a.api.get("/api/encomendas/export.csv?status=talvez")).status).toBe(400);
    expect((await a.api.get("/api/encomendas/export.csv?perecivel=talvez")).status).toBe(400);
    expect((await system().app.request("/api/encomendas/export.csv")).status).toBe(401);
  });

  it("records who exported and with which filters", async () => {
    const before = (await exportsOf(a.org.id, "encomenda")).length;
    await download(a.cookie, `/api/encomendas/export.csv?status=aguardando&perecivel=false`);
    const records = await exportsOf(a.org.id, "encomenda");
    expect(records).toHaveLength(before + 1);
    expect(records[0]).toMatchObject({
      atorTipo: "usuario",
      atorId: a.user.id,
      resumo: "Exportou encomendas em CSV",
      // "Not perishable" is a filter too, kept as asked.
      depois: { filtros: { status: "aguardando", perecivel: "false" } },
    });
  });
});

describe("masked documents", () => {
  it("requests: the list and the dashboard mask, the detail shows the full document", async () => {
    const list = await a.api.get("/api/solicitacoes");
    const docs = Object.fromEntries(
      list.body.items.map((i: { id: string; doc_visitante: string }) => [i.id, i.doc_visitante]),
    );
    expect(docs).toEqual({ [anaId]: CPF_MASKED, [brunoId]: RG_MASKED });
    const ultimas = await a.api.get("/api/dashboard/ultimas?data=2026-03-10");
    expect(ultimas.body.items.map((i: { doc_visitante: string }) => i.doc_visitante)).toEqual([RG_MASKED, CPF_MASKED]);
    const detail = await a.api.get(`/api/solicitacoes/${anaId}`);
    expect(detail.body.doc_visitante).toBe(CPF);
  });

  it("the list search still finds a request by its full document", async () => {
    const found = await a.api.get(`/api/solicitacoes?q=${encodeURIComponent(CPF)}`);
    expect(found.body.items.map((i: { id: string }) => i.id)).toEqual([anaId]);
    expect(found.body.items[0].doc_visitante).toBe(CPF_MASKED);
  });

  it("people: the list masks, the detail does not, and the search finds by the full document", async () => {
    const list = await a.api.get("/api/pessoas?q=carla");
    expect(list.body.items.map((p: { documento: string }) => p.documento)).toEqual(["***.654.321-**"]);
    const id = list.body.items[0].id;
    expect((await a.api.get(`/api/pessoas/${id}`)).body.documento).toBe("98765432100");
    const byDoc = await a.api.get("/api/pessoas?q=98765432100");
    expect(byDoc.body.items.map((p: { id: string }) => p.id)).toEqual([id]);
  });

  it("header search finds by the full document and shows it masked", async () => {
    const res = await a.api.get("/api/busca?q=98765432100");
    expect(res.status).toBe(200);
    expect(res.body.pessoas).toEqual([expect.objectContaining({ nome: "Carla Chamada", documento: "***.654.321-**" })]);
    const requests = await a.api.get(`/api/busca?q=${encodeURIComponent(CPF)}`);
    expect(requests.body.solicitacoes.map((s: { id: string }) => s.id)).toEqual([anaId]);
    expect(JSON.stringify(requests.body)).not.toContain(CPF);
  });

  it("passes: the list masks, the detail does not", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const created = await a.api.post("/api/passes", {
      json: {
        condominio_id: condominioId,
        unidade_id: unidade1,
        tipo: "prestador",
        nome: "Paula Passe",
        documento: "12.345.678-9",
        modalidade: "recorrente",
        data_inicio: today,
        data_fim: today,
        dias_semana: [0, 1, 2, 3, 4, 5, 6],
        hora_inicio: "00:00",
        hora_fim: "23:59",
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const list = await a.api.get("/api/passes?q=paula");
    expect(list.body.items.map((p: { documento: string }) => p.documento)).toEqual(["***789"]);
    expect((await a.api.get(`/api/passes/${created.body.id}`)).body.documento).toBe("12.345.678-9");
  });

  it("access log: the list masks", async () => {
    const list = await a.api.get(`/api/acessos?condominio_id=${condominioId}`);
    expect(list.body.items.map((x: { documento: string }) => x.documento)).toEqual([CPF_MASKED]);
    const byDoc = await a.api.get(`/api/acessos?q=${encodeURIComponent(CPF)}`);
    expect(byDoc.body.items).toHaveLength(1);
  });
});
