import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { IMPORTACAO_MAX_LINHAS } from "../../../shared/schemas/importacao";
import { AppError } from "../../http/errors";
import { modeloCsv, modeloXlsx } from "./importacao-modelo";
import { parseSpreadsheet } from "./importacao-parse";
import { type Existing, planImport } from "./importacao-plano";
import { normalizeRow } from "./importacao-rows";

const utf8 = (text: string) => new TextEncoder().encode(text);
const HEADER = "Torre;Unidade;Ramal;Nome do morador;CPF;Telefone;E-mail;Responsável (sim/não)";

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Planilha");
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe("reading a CSV", () => {
  it("reads ';' (Brazilian Excel) with a UTF-8 BOM, keeping the spreadsheet's line numbers and skipping blank lines", async () => {
    const text = `\uFEFF${HEADER}\r\nTorre A;101;2101;José Conceição;529.982.247-25;(11) 98765-4321;JOSE@EXEMPLO.COM;sim\r\n;;;;;;;\r\n\r\nTorre A;102;;;;;;\r\n`;
    const sheet = await parseSpreadsheet(utf8(text), "moradores.csv");
    expect(sheet.formato).toBe("csv");
    expect(sheet.colunasIgnoradas).toEqual([]);
    expect(sheet.linhas).toEqual([
      {
        linha: 2,
        valores: {
          torre: "Torre A",
          unidade: "101",
          ramal: "2101",
          nome: "José Conceição",
          documento: "529.982.247-25",
          telefone: "(11) 98765-4321",
          email: "JOSE@EXEMPLO.COM",
          responsavel: "sim",
        },
      },
      { linha: 5, valores: { torre: "Torre A", unidade: "102" } },
    ]);
  });

  it("reads ',' without BOM, quoted cells with the separator inside, and other common titles", async () => {
    const text = 'Bloco,Apto,Nome,Celular,Observação\nB,"12,A","Silva, Ana",11987654321,portão\n';
    const sheet = await parseSpreadsheet(utf8(text), "lista.csv");
    expect(sheet.colunasIgnoradas).toEqual(["Observação"]);
    expect(sheet.linhas).toEqual([
      { linha: 2, valores: { torre: "B", unidade: "12,A", nome: "Silva, Ana", telefone: "11987654321" } },
    ]);
  });

  it("reads Windows-1252 (an old Excel's CSV) when the bytes are not UTF-8", async () => {
    const latin1 = Uint8Array.from(Buffer.from("Unidade;Nome\r\n101;João Conceição\r\n", "latin1"));
    const sheet = await parseSpreadsheet(latin1, "antigo.csv");
    expect(sheet.linhas[0]?.valores).toEqual({ unidade: "101", nome: "João Conceição" });
  });

  it("turns control characters into spaces so nothing unstorable reaches the database", async () => {
    const sheet = await parseSpreadsheet(utf8("Unidade;Nome\n101;Ana\u0007 Souza\n"), "x.csv");
    expect(sheet.linhas[0]?.valores.nome).toBe("Ana Souza");
  });

  it("refuses a file without the Unidade column, an empty one, or one with only titles, in pt-BR", async () => {
    expect((await refusal(parseSpreadsheet(utf8("Nome;CPF\nAna;1\n"), "x.csv"))).message).toBe(
      'A planilha não tem a coluna "Unidade". Use o modelo: a primeira linha traz os títulos das colunas.',
    );
    expect((await refusal(parseSpreadsheet(new Uint8Array(), "x.csv"))).message).toBe("O arquivo está vazio.");
    expect((await refusal(parseSpreadsheet(utf8(`${HEADER}\n`), "x.csv"))).message).toBe(
      "A planilha não tem linhas para importar.",
    );
    expect((await refusal(parseSpreadsheet(utf8("Unidade;Apto\n1;2\n"), "x.csv"))).message).toBe(
      'A coluna "Apto" aparece mais de uma vez (já há "Unidade").',
    );
  });

  it(`refuses more than ${IMPORTACAO_MAX_LINHAS} rows`, async () => {
    const rows = Array.from({ length: IMPORTACAO_MAX_LINHAS + 1 }, (_, i) => `${i + 1}`).join("\n");
    const error = await refusal(parseSpreadsheet(utf8(`Unidade\n${rows}\n`), "x.csv"));
    expect(error.status).toBe(400);
    expect(error.message).toBe("A planilha tem mais de 5.000 linhas. Divida-a em arquivos menores.");
  });
});

describe("reading an XLSX", () => {
  it("reads the first sheet: numbers as typed digits, a CPF that lost its leading zero, formulas' results", async () => {
    const bytes = await xlsx([
      ["Torre", "Unidade", "Nome do morador", "CPF", "Telefone", "Responsável (sim/não)"],
      ["A", 101, "Ana", 1234567890, 11987654321, "Sim"],
      [],
      ["A", { formula: '"1"&"02"', result: "102" }, null, null, null, null],
    ]);
    const sheet = await parseSpreadsheet(bytes, "planilha.xlsx");
    expect(sheet.formato).toBe("xlsx");
    expect(sheet.linhas).toEqual([
      {
        linha: 2,
        valores: {
          torre: "A",
          unidade: "101",
          nome: "Ana",
          documento: "1234567890",
          telefone: "11987654321",
          responsavel: "Sim",
        },
      },
      { linha: 4, valores: { torre: "A", unidade: "102" } },
    ]);
    // Excel dropped the CPF's leading zero; the row reads it back as 012.345.678-90.
    expect(normalizeRow(sheet.linhas[0]!).cpf).toBe("012.345.678-90");
  });

  it("reads the template it offers, and refuses an old .xls or a broken .xlsx in pt-BR", async () => {
    const template = new Uint8Array(await modeloXlsx());
    expect((await refusal(parseSpreadsheet(template, "modelo.xlsx"))).message).toBe(
      "A planilha não tem linhas para importar.",
    );
    expect((await refusal(parseSpreadsheet(utf8(modeloCsv()), "modelo.csv"))).message).toBe(
      "A planilha não tem linhas para importar.",
    );
    const ole = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect((await refusal(parseSpreadsheet(ole, "antigo.xls"))).message).toBe(
      'Arquivos .xls (Excel 97-2003) não são aceitos. No Excel, use "Salvar como" .xlsx ou .csv.',
    );
    const broken = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect((await refusal(parseSpreadsheet(broken, "x.xlsx"))).message).toBe(
      "Não foi possível ler o arquivo. Envie a planilha em .xlsx ou .csv (use o modelo).",
    );
  });
});

describe("a row's values and errors", () => {
  const row = (valores: Record<string, string>) => normalizeRow({ linha: 7, valores });

  it("normalises CPF, phone (E.164), e-mail and responsável", () => {
    expect(
      row({
        unidade: "101",
        nome: "Ana",
        documento: "52998224725",
        telefone: "(11) 98765-4321",
        email: "Ana@Exemplo.com",
        responsavel: "não",
      }),
    ).toMatchObject({
      codigo: "101",
      cpf: "529.982.247-25",
      telefone: "+5511987654321",
      email: "ana@exemplo.com",
      responsavel: false,
      erros: [],
    });
  });

  it("says in pt-BR what is wrong with each field", () => {
    expect(
      row({ nome: "A", documento: "111.111.111-11", telefone: "123", email: "ana@", responsavel: "talvez" }).erros,
    ).toEqual([
      { campo: "unidade", mensagem: "Unidade é obrigatória" },
      { campo: "responsavel", mensagem: 'Responsável deve ser "sim" ou "não"' },
      { campo: "documento", mensagem: "CPF inválido" },
      { campo: "telefone", mensagem: "Telefone inválido. Ex.: (11) 98765-4321" },
      { campo: "email", mensagem: "E-mail inválido" },
      { campo: "nome", mensagem: "Nome deve ter pelo menos 2 caracteres" },
    ]);
    expect(row({ unidade: "101", email: "ana@exemplo.com" }).erros).toEqual([
      { campo: "nome", mensagem: "Nome do morador é obrigatório quando há CPF, telefone, e-mail ou responsável" },
    ]);
    expect(row({ unidade: "1".repeat(21) }).erros).toEqual([
      { campo: "unidade", mensagem: "Unidade deve ter no máximo 20 caracteres" },
    ]);
  });
});

describe("planning an import", () => {
  const none: Existing = { unidades: [], pessoas: [], links: [] };
  const rows = (...list: Record<string, string>[]) => list.map((valores, i) => normalizeRow({ linha: i + 2, valores }));

  it("counts units, people and links to create; a unit's second resident reuses the unit", () => {
    const plan = planImport(
      rows(
        { torre: "A", unidade: "101", nome: "Ana", documento: "529.982.247-25", responsavel: "sim" },
        { torre: "a", unidade: "101", nome: "Bruno" },
        { torre: "A", unidade: "102" },
      ),
      none,
    );
    expect(plan.totais).toEqual({
      linhas: 3,
      linhas_com_erro: 0,
      unidades_criar: 2,
      pessoas_criar: 2,
      vinculos_criar: 2,
      unidades_existentes: 0,
      pessoas_existentes: 0,
      vinculos_existentes: 0,
    });
    expect(plan.linhas.map((l) => [l.unidade_acao, l.pessoa_acao, l.vinculo_acao])).toEqual([
      ["criar", "criar", "criar"],
      ["criar", "criar", "criar"],
      ["criar", null, null],
    ]);
    expect(plan.linhas[0]?.documento).toBe("***.982.247-**");
    expect(plan.responsaveis.map((r) => r.pessoa.nome)).toEqual(["Ana"]);
  });

  it("refuses repeated rows, a second responsável, one CPF with two names and two ramais for one unit", () => {
    const plan = planImport(
      rows(
        { unidade: "101", ramal: "1", nome: "Ana", documento: "529.982.247-25", responsavel: "sim" },
        { unidade: "101", nome: "Ana", documento: "52998224725" },
        { unidade: "101", nome: "Carla", responsavel: "sim" },
        { unidade: "102", nome: "Outra Ana", documento: "529.982.247-25" },
        { unidade: "101", ramal: "2" },
      ),
      none,
    );
    expect(plan.linhas.map((l) => l.erros.map((e) => e.mensagem))).toEqual([
      [],
      ["Linha repetida: mesma unidade e mesmo morador da linha 2"],
      ["A linha 2 já marca o responsável desta unidade"],
      ["Mesmo CPF da linha 2 com outro nome (Ana)"],
      ["Ramal diferente do informado na linha 2 para a mesma unidade"],
    ]);
    expect(plan.totais.linhas_com_erro).toBe(4);
  });

  it("finds what exists (unit by tower and code, person by CPF or e-mail, link), so the same file creates nothing twice", () => {
    const existing: Existing = {
      unidades: [{ id: "u1", codigo: "101", torre: "Torre A" }],
      pessoas: [
        { id: "p1", nome: "Ana", documento: "529.982.247-25", email: null },
        { id: "p2", nome: "Bruno", documento: null, email: "bruno@exemplo.com" },
        { id: "p3", nome: "Carla", documento: null, email: null },
      ],
      links: [
        { id: "l1", unidadeId: "u1", pessoaId: "p1", ativo: true, isResponsavel: true },
        { id: "l3", unidadeId: "u1", pessoaId: "p3", ativo: true, isResponsavel: false },
      ],
    };
    const plan = planImport(
      rows(
        { torre: "torre a", unidade: "101", nome: "Ana", documento: "52998224725", responsavel: "sim" },
        { torre: "Torre A", unidade: "101", nome: "Bruno", email: "BRUNO@exemplo.com" },
        { torre: "Torre A", unidade: "101", nome: "carla" },
      ),
      existing,
    );
    expect(plan.totais).toMatchObject({
      linhas_com_erro: 0,
      unidades_criar: 0,
      pessoas_criar: 0,
      vinculos_criar: 1,
      unidades_existentes: 1,
      pessoas_existentes: 3,
      vinculos_existentes: 2,
    });
    expect(plan.linhas.map((l) => l.avisos)).toEqual([
      [
        "Unidade já existe: será usada sem alterações.",
        "Pessoa já cadastrada: será usada sem alterações.",
        "Já é morador desta unidade.",
      ],
      ["Pessoa já cadastrada: será usada sem alterações."],
      ["Pessoa já cadastrada: será usada sem alterações.", "Já é morador desta unidade."],
    ]);
  });

  it("refuses a CPF and an e-mail of two different registered people", () => {
    const existing: Existing = {
      unidades: [],
      pessoas: [
        { id: "p1", nome: "Ana", documento: "529.982.247-25", email: null },
        { id: "p2", nome: "Bruno", documento: null, email: "bruno@exemplo.com" },
      ],
      links: [],
    };
    const plan = planImport(
      rows({ unidade: "1", nome: "Ana", documento: "529.982.247-25", email: "bruno@exemplo.com" }),
      existing,
    );
    expect(plan.linhas[0]?.erros).toEqual([
      { campo: "email", mensagem: "CPF e e-mail pertencem a pessoas diferentes já cadastradas" },
    ]);
  });
});
