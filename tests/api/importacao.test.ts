/**
 * Importing units and residents from a spreadsheet (docs/product.md, "Importar planilha"): the
 * template, a preview that lists each row's errors in pt-BR and writes nothing, an import that
 * writes everything or nothing, and a second import of the same file that creates nothing.
 */
import { and, count, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { auditoria, pessoas, unidadeMoradores, unidades } from "@/server/db/schema";
import { addSignedInMember, createCondominioWithUnidade, createTenantWithMember } from "../support/factories";
import { setupTestSystem } from "../support/system";

const system = setupTestSystem();
type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let a: Tenant;
let b: Tenant;
/** Tenant A's condominium, with unit "Torre A 101" (ramal 2101) already registered. */
let condo: string;
let otherTenantCondo: string;

const HEADER = "Torre;Unidade;Ramal;Nome do morador;CPF;Telefone;E-mail;Responsável (sim/não)";
const GOOD = [
  HEADER,
  "Torre A;101;2101;Ana Beatriz;529.982.247-25;(11) 98765-4321;ana@exemplo.com;sim",
  "Torre A;101;;Bruno Lima;;;bruno@exemplo.com;não",
  "Torre A;102;2102;Carla Dias;012.345.678-90;11 3456-7890;;sim",
  "Torre B;201;;;;;;",
].join("\r\n");
/** The same file with one bad row: an invalid CPF and e-mail in line 3. */
const BAD = GOOD.replace("Bruno Lima;;;bruno@exemplo.com", "Bruno Lima;111.111.111-11;;bruno@");

function upload(condominioId: string, content: string | Uint8Array<ArrayBuffer>, name = "moradores.csv") {
  const form = new FormData();
  form.set("condominio_id", condominioId);
  const bytes = typeof content === "string" ? new TextEncoder().encode(`\uFEFF${content}`) : content;
  form.set("arquivo", new File([bytes], name));
  return form;
}

async function counts(organizationId: string) {
  const db = system().handle.db;
  const n = async (table: typeof unidades | typeof pessoas | typeof unidadeMoradores | typeof auditoria) =>
    (await db.select({ n: count() }).from(table).where(eq(table.organizationId, organizationId)))[0]!.n;
  return {
    unidades: await n(unidades),
    pessoas: await n(pessoas),
    vinculos: await n(unidadeMoradores),
    auditoria: await n(auditoria),
  };
}

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "sindico" });
  b = await createTenantWithMember(system(), { role: "sindico" });
  condo = (await createCondominioWithUnidade(system(), a.org.id, { codigo: "101", torre: "Torre A" })).condominio.id;
  otherTenantCondo = (await createCondominioWithUnidade(system(), b.org.id)).condominio.id;
});

describe("importação de planilha", () => {
  it("offers the template in XLSX and CSV, with the columns the import reads", async () => {
    const xlsx = await a.api.get("/api/importacoes/modelo.xlsx");
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.headers.get("content-disposition")).toBe('attachment; filename="modelo-importacao-guarita.xlsx"');
    const csv = await a.api.get("/api/importacoes/modelo.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // UTF-8 with BOM, so Excel opens the accents right (the client's text() drops the BOM).
    expect(csv.body).toBe(`${HEADER}\r\n`);
    const csvBytes = new Uint8Array(
      await (
        await system().app.request("http://localhost:3000/api/importacoes/modelo.csv", {
          headers: { cookie: a.cookie },
        })
      ).arrayBuffer(),
    );
    expect([...csvBytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    // The XLSX template's titles are the same, on its first sheet.
    const raw = await system().app.request("http://localhost:3000/api/importacoes/modelo.xlsx", {
      headers: { cookie: a.cookie },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await raw.arrayBuffer());
    const titles = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(titles.join(";")).toBe(HEADER);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(["Unidades e moradores", "Instruções"]);
  });

  it("previews a file with errors: each row's errors in pt-BR, the totals, and nothing written", async () => {
    const before = await counts(a.org.id);
    const res = await a.api.post("/api/importacoes/previa", { form: upload(condo, BAD) });
    expect(res.status).toBe(200);
    expect(res.body.formato).toBe("csv");
    expect(res.body.totais).toEqual({
      linhas: 4,
      linhas_com_erro: 1,
      unidades_criar: 2,
      pessoas_criar: 2,
      vinculos_criar: 2,
      unidades_existentes: 1,
      pessoas_existentes: 0,
      vinculos_existentes: 0,
    });
    const [ana, bruno, carla, torreB] = res.body.linhas;
    expect(ana).toMatchObject({
      linha: 2,
      torre: "Torre A",
      unidade: "101",
      nome: "Ana Beatriz",
      documento: "***.982.247-**",
      telefone: "+5511987654321",
      email: "ana@exemplo.com",
      responsavel: true,
      unidade_acao: "existente",
      pessoa_acao: "criar",
      vinculo_acao: "criar",
      erros: [],
      avisos: ["Unidade já existe: será usada sem alterações."],
    });
    expect(bruno).toMatchObject({
      linha: 3,
      unidade_acao: null,
      erros: [
        { campo: "documento", mensagem: "CPF inválido" },
        { campo: "email", mensagem: "E-mail inválido" },
      ],
    });
    expect(carla).toMatchObject({ linha: 4, unidade_acao: "criar", telefone: "+551134567890", erros: [] });
    expect(torreB).toMatchObject({ linha: 5, unidade_acao: "criar", pessoa_acao: null, vinculo_acao: null });
    expect(await counts(a.org.id)).toEqual(before);
  });

  it("refuses to import a file with an error: 400 with each row's errors, and nothing written", async () => {
    const before = await counts(a.org.id);
    const res = await a.api.post("/api/importacoes", { form: upload(condo, BAD) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      "A planilha tem 1 linha com erro. Corrija e envie o arquivo novamente; nada foi importado.",
    );
    expect(res.body.error.fields).toEqual([
      { path: "linhas.3.documento", message: "CPF inválido" },
      { path: "linhas.3.email", message: "E-mail inválido" },
    ]);
    expect(await counts(a.org.id)).toEqual(before);
  });

  it("imports a good file in one go, and the same file again creates nothing", async () => {
    const before = await counts(a.org.id);
    const res = await a.api.post("/api/importacoes", { form: upload(condo, GOOD) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ condominio_id: condo, unidades_criadas: 2, pessoas_criadas: 3, vinculos_criados: 3 });
    const after = await counts(a.org.id);
    expect(after).toEqual({
      unidades: before.unidades + 2,
      pessoas: before.pessoas + 3,
      vinculos: before.vinculos + 3,
      auditoria: before.auditoria + 1,
    });

    // Unit 101 (it existed) now has its residents, the responsável first; 102 and 201 are new.
    const list = await a.api.get(`/api/unidades?condominio_id=${condo}&page_size=50`);
    const byCode = new Map(
      list.body.items.map((u: { codigo: string; torre: string }) => [`${u.torre} ${u.codigo}`, u]),
    );
    expect([...byCode.keys()].sort()).toEqual(["Torre A 101", "Torre A 102", "Torre B 201"]);
    const u101 = byCode.get("Torre A 101") as { id: string; pbx_ramal: string };
    expect(u101.pbx_ramal).toBe("2101");
    const moradores = await a.api.get(`/api/unidades/${u101.id}/moradores`);
    expect(
      moradores.body.items.map((m: { nome: string; is_responsavel: boolean }) => [m.nome, m.is_responsavel]),
    ).toEqual([
      ["Ana Beatriz", true],
      ["Bruno Lima", false],
    ]);
    const people = await a.api.get(`/api/pessoas?condominio_id=${condo}&q=carla`);
    expect(people.body.items[0]).toMatchObject({
      nome: "Carla Dias",
      documento: "***.345.678-**",
      telefone_e164: "+551134567890",
      email: null,
    });

    // One audit record, with counts and no personal data.
    const [record] = await system()
      .handle.db.select()
      .from(auditoria)
      .where(and(eq(auditoria.organizationId, a.org.id), eq(auditoria.acao, "importar")));
    expect(record).toMatchObject({
      entidade: "condominio",
      entidadeId: condo,
      resumo: "Importou uma planilha: 2 unidades, 3 pessoas e 3 vínculos de moradores criados",
      depois: expect.objectContaining({ formato: "csv", linhas: 4, unidades_criadas: 2, pessoas_criadas: 3 }),
    });
    // What the record says (its random ids could hold "529" by chance): no name, document, e-mail or phone.
    const { resumo, antes, depois, atorNome } = record!;
    expect(JSON.stringify({ resumo, antes, depois, atorNome })).not.toMatch(/Ana|Bruno|Carla|529|exemplo\.com|98765/);

    // The same file again: everything exists, nothing new.
    const again = await a.api.post("/api/importacoes/previa", { form: upload(condo, GOOD) });
    expect(again.body.totais).toMatchObject({
      linhas_com_erro: 0,
      unidades_criar: 0,
      pessoas_criar: 0,
      vinculos_criar: 0,
      unidades_existentes: 3,
      pessoas_existentes: 3,
      vinculos_existentes: 3,
    });
    expect(again.body.linhas[1].avisos).toEqual([
      "Pessoa já cadastrada: será usada sem alterações.",
      "Já é morador desta unidade.",
    ]);
    const second = await a.api.post("/api/importacoes", { form: upload(condo, GOOD) });
    expect(second.status).toBe(201);
    expect(second.body).toEqual({ condominio_id: condo, unidades_criadas: 0, pessoas_criadas: 0, vinculos_criados: 0 });
    expect(await counts(a.org.id)).toEqual({ ...after, auditoria: after.auditoria + 1 });
  });

  it("reads an XLSX upload the same way", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Moradores");
    sheet.addRow(["Bloco", "Apto", "Nome", "CPF"]);
    sheet.addRow(["C", 301, "Daniel Souza", 52998224725]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const res = await a.api.post("/api/importacoes/previa", { form: upload(condo, bytes, "moradores.xlsx") });
    expect(res.status).toBe(200);
    expect(res.body.formato).toBe("xlsx");
    // CPF 529.982.247-25 is Ana's, imported above: the person is found by it, and the notice names her.
    expect(res.body.linhas[0]).toMatchObject({ torre: "C", unidade: "301", nome: "Daniel Souza", erros: [] });
    expect(res.body.linhas[0].avisos).toEqual(["Pessoa já cadastrada como Ana Beatriz: será usada sem alterações."]);
  });

  it("answers 404 for another tenant's condominium, and writes nothing", async () => {
    const before = await counts(b.org.id);
    for (const path of ["/api/importacoes/previa", "/api/importacoes"]) {
      const res = await a.api.post(path, { form: upload(otherTenantCondo, GOOD) });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Condomínio não encontrado");
    }
    expect(await counts(b.org.id)).toEqual(before);
  });

  it("refuses a file over 2 MB (413), too many rows, a missing file or condominium, in pt-BR", async () => {
    const before = await counts(a.org.id);
    const big = new Uint8Array(2 * 1024 * 1024 + 1).fill(0x41);
    const tooBig = await a.api.post("/api/importacoes", { form: upload(condo, big) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe("Arquivo grande demais (máximo de 2 MB).");
    // Far beyond: refused while the body is read, before it is parsed.
    const huge = await a.api.post("/api/importacoes/previa", { form: upload(condo, new Uint8Array(3 * 1024 * 1024)) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toBe("Arquivo grande demais (máximo de 2 MB).");

    const rows = Array.from({ length: 5001 }, (_, i) => `Z;${i + 1}`).join("\n");
    const many = await a.api.post("/api/importacoes/previa", { form: upload(condo, `Torre;Unidade\n${rows}`) });
    expect(many.status).toBe(400);
    expect(many.body.error.message).toBe("A planilha tem mais de 5.000 linhas. Divida-a em arquivos menores.");

    const empty = new FormData();
    const missing = await a.api.post("/api/importacoes/previa", { form: empty });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual([
      { path: "condominio_id", message: "Selecione um condomínio" },
      { path: "arquivo", message: "Selecione a planilha (.xlsx ou .csv)" },
    ]);

    const json = await a.api.post("/api/importacoes/previa", { json: { condominio_id: condo } });
    expect(json.status).toBe(400);
    expect(json.body.error.message).toBe("Envie a planilha como multipart/form-data, no campo arquivo.");
    expect(await counts(a.org.id)).toEqual(before);
  });

  it("is for owners and síndicos: a porteiro is refused (403) and nothing is written", async () => {
    const porteiro = await addSignedInMember(system(), a.org.id, "porteiro");
    const before = await counts(a.org.id);
    expect((await porteiro.api.post("/api/importacoes", { form: upload(condo, GOOD) })).status).toBe(403);
    expect((await porteiro.api.get("/api/importacoes/modelo.csv")).status).toBe(403);
    expect(await counts(a.org.id)).toEqual(before);
  });
});
