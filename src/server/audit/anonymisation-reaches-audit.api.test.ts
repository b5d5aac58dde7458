/**
 * Anonymisation reaches the audit trail too (LGPD art. 16 and 18;
 * docs/decisions/030-personal-data-out-of-the-audit-trail.md): after a data subject's anonymisation
 * or the retention job, no table of the database (searched generically, so a new table is covered),
 * no CSV export and no audit entry holds the visitor's name, phone or document; the Auditoria
 * screen still says what happened to which record, with the record's name as it is now.
 */
import { randomInt } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../tests/support/factories";
import { setupTestSystem, TEST_ORIGIN } from "../../../tests/support/system";
import { addDays, localClock } from "../../shared/pass-schedule";
import type { Executor } from "../db/client";
import { MIGRATIONS_FOLDER } from "../db/migrate";
import { auditoria, solicitacoesAcesso } from "../db/schema";
import { ANONYMISED_NAME, anonymiseExpired } from "../jobs/retention";

const system = setupTestSystem();
const db = () => system().handle.db;
const TZ = "America/Sao_Paulo";

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
type Condo = Awaited<ReturnType<typeof createCondominioWithUnidade>>;

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join("");
const digits = (n: number, first = 0) =>
  Array.from({ length: n }, (_, i) => String(i === 0 && first ? first + randomInt(10 - first) : randomInt(10))).join(
    "",
  );

/**
 * One visitor, unique to this run (the audit trail outlives every test file, so nothing else in it
 * may match). Digits of the middle groups start at 6 or more: no IP address octet looks like them.
 */
function visitor() {
  const sobrenome = `Privada${letters(8)}`;
  const phoneA = digits(4, 6);
  const phoneB = digits(4);
  const doc = [digits(3, 6), digits(3, 6), digits(3, 6), digits(2)];
  return {
    nome: `Zuleica ${sobrenome} Teste`,
    sobrenome,
    telefone: `(11) 9${phoneA}-${phoneB}`,
    documento: `${doc[0]}.${doc[1]}.${doc[2]}-${doc[3]}`,
    /** Everything that would betray her: the name, the surname alone (search text is lower case), the phone in
     *  every shape, the document in full, as digits and masked (its middle groups). */
    needles(): string[] {
      return [
        this.nome,
        sobrenome,
        this.telefone,
        `9${phoneA}-${phoneB}`,
        `9${phoneA}${phoneB}`,
        this.documento,
        doc.join(""),
        `${doc[1]}.${doc[2]}`,
      ];
    },
  };
}
type Visitor = ReturnType<typeof visitor>;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

/**
 * Every text, character, JSON and array column of every table in the public schema, read from
 * information_schema (a table added later is searched too), and the `table.column`s holding a needle.
 */
async function columnsHolding(needles: string[], except: string[] = []): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db().execute(sql`
      SELECT c.table_name, c.column_name
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
      ORDER BY c.table_name, c.column_name`),
  );
  expect(columns.length).toBeGreaterThan(50);
  const patterns = needles.map((n) => `%${n.toLowerCase()}%`);
  const holding: string[] = [];
  for (const { table_name, column_name } of columns) {
    const where = `${table_name}.${column_name}`;
    if (except.includes(where)) continue;
    const [row] = rowsOf<{ n: number | string }>(
      await db().execute(
        sql`SELECT count(*) AS n FROM ${sql.identifier(table_name)} WHERE lower(${sql.identifier(column_name)}::text) LIKE ANY (${sql`ARRAY[${sql.join(
          patterns.map((p) => sql`${p}`),
          sql`, `,
        )}]::text[]`})`,
      ),
    );
    if (Number(row!.n) > 0) holding.push(where);
  }
  return holding;
}

/** A CSV export's text, through the app with the tenant's session. */
async function csv(t: Tenant, p: string): Promise<string> {
  const res = await system().app.request(`${TEST_ORIGIN}${p}`, { headers: { cookie: t.cookie, origin: TEST_ORIGIN } });
  expect(res.status, p).toBe(200);
  return new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()));
}

const EXPORTS = [
  "/api/solicitacoes/export.csv",
  "/api/chamadas/export.csv",
  "/api/acessos/export.csv",
  "/api/auditoria/export.csv",
];

interface Trail {
  requestId: string;
  passId: string;
  acessoId: string;
}

/**
 * What a visitor leaves behind: a request (created, edited, authorised with a note, viewed, found by
 * her name in an export, and the entry its authorisation recorded), a pass (created, edited,
 * suspended) and an entry a resident let her in by, with its exit. The data subject's request
 * names the second entry only: the first follows its request.
 */
async function visit(t: Tenant, where: Condo, v: Visitor, autorizadoPor: string): Promise<Trail> {
  const created = await t.api.post("/api/solicitacoes", {
    json: {
      condominio_id: where.condominio.id,
      unidade_id: where.unidade.id,
      nome_visitante: v.nome,
      doc_visitante: v.documento,
      telefone_visitante: v.telefone,
      motivo: `Visita de ${v.nome}`,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const requestId = created.body.id as string;
  const edited = await t.api.patch(`/api/solicitacoes/${requestId}`, {
    json: { motivo: `Entrega para ${v.nome}, ligar em ${v.telefone}` },
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  const decided = await t.api.post(`/api/solicitacoes/${requestId}/autorizar`, {
    json: { observacoes: `${v.nome} pode subir` },
  });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  expect((await t.api.get(`/api/solicitacoes/${requestId}`)).status).toBe(200);
  await csv(t, `/api/solicitacoes/export.csv?q=${encodeURIComponent(v.sobrenome)}`);

  const today = localClock(new Date(), TZ).date;
  const pass = {
    condominio_id: where.condominio.id,
    unidade_id: where.unidade.id,
    tipo: "prestador",
    nome: v.nome,
    descricao: `Diarista ${v.nome}`,
    documento: v.documento,
    telefone: v.telefone,
    modalidade: "recorrente",
    data_inicio: today,
    data_fim: addDays(today, 30),
    dias_semana: [0, 1, 2, 3, 4, 5, 6],
    hora_inicio: "00:00",
    hora_fim: "23:59",
  };
  const passe = await t.api.post("/api/passes", { json: pass });
  expect(passe.status, JSON.stringify(passe.body)).toBe(201);
  const passId = passe.body.id as string;
  const passEdited = await t.api.put(`/api/passes/${passId}`, {
    json: { ...pass, condominio_id: undefined, unidade_id: undefined, data_fim: addDays(today, 20) },
  });
  expect(passEdited.status, JSON.stringify(passEdited.body)).toBe(200);
  expect((await t.api.post(`/api/passes/${passId}/suspender`)).status).toBe(200);

  const entry = await t.api.post("/api/acessos", {
    json: {
      origem: "morador",
      unidade_id: where.unidade.id,
      autorizado_por_pessoa_id: autorizadoPor,
      nome: v.nome,
      documento: v.documento,
    },
  });
  expect(entry.status, JSON.stringify(entry.body)).toBe(201);
  const acessoId = entry.body.id as string;
  expect((await t.api.post(`/api/acessos/${acessoId}/saida`)).status).toBe(200);
  return { requestId, passId, acessoId };
}

async function trailOf(organizationId: string, entidadeId: string) {
  return db()
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.organizationId, organizationId), eq(auditoria.entidadeId, entidadeId)));
}

/**
 * The request of a data subject's anonymisation keeps who asked (the name the síndico typed, the
 * document masked): that record is the controller's proof the request was answered (LGPD art. 19
 * and 37). It is the one place they stay, on purpose (docs/decisions/030-personal-data-out-of-the-audit-trail.md).
 */
const PEDIDO_TITULAR = ["titular_pedidos.titular_nome", "titular_pedidos.titular_documento_mascarado"];

let a: Tenant;
let condo: Condo;
let morador: Awaited<ReturnType<typeof addSignedInMorador>>;

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "sindico" });
  condo = await createCondominioWithUnidade(system(), a.org.id, { codigo: "31", torre: null, timezone: TZ });
  morador = await addSignedInMorador(system(), a.org.id, condo.unidade, { nome: "Ana Moradora" });
});

describe("anonymising a data subject reaches the audit trail", () => {
  it("leaves her name, phone and document in no table and no export; the trail still reads", async () => {
    const v = visitor();
    const ids = await visit(a, condo, v, morador.pessoa.id);

    // Before: the trail never held her data, yet the screen names her (read from the live records).
    const holding = await columnsHolding(v.needles());
    expect(holding).toEqual(
      expect.arrayContaining(["solicitacoes_acesso.nome_visitante", "passes.nome", "acessos.nome"]),
    );
    expect(holding.filter((c) => c.startsWith("auditoria."))).toEqual([]);
    const before = await a.api.get(`/api/auditoria?entidade_id=${ids.requestId}&page_size=50`);
    expect(before.status).toBe(200);
    expect(before.body.items.map((i: { resumo: string }) => i.resumo)).toEqual(
      expect.arrayContaining([
        `Registrou a solicitação de ${v.nome}`,
        `Alterou a solicitação de ${v.nome}`,
        `Autorizou a entrada de ${v.nome} no console`,
      ]),
    );

    const res = await a.api.post("/api/titulares/pedidos", {
      json: {
        tipo: "anonimizacao",
        titular: { nome: v.nome, documento: v.documento },
        registros: [
          { tipo: "solicitacao", id: ids.requestId },
          { tipo: "passe", id: ids.passId },
          { tipo: "acesso", id: ids.acessoId },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);

    expect(await columnsHolding(v.needles(), PEDIDO_TITULAR)).toEqual([]);
    for (const p of EXPORTS) {
      const text = await csv(a, p);
      for (const needle of v.needles()) expect(text.toLowerCase(), p).not.toContain(needle.toLowerCase());
    }

    // The Auditoria screen still says what happened to which record: with the record's name as it is now.
    const trailAfter = async (id: string) => {
      const page = await a.api.get(`/api/auditoria?entidade_id=${id}&page_size=50`);
      expect(page.status).toBe(200);
      for (const needle of v.needles())
        expect(JSON.stringify(page.body).toLowerCase()).not.toContain(needle.toLowerCase());
      return page.body.items as {
        resumo: string;
        acao: string;
        entidade_nome: string | null;
        antes: unknown;
        depois: unknown;
      }[];
    };
    const request = await trailAfter(ids.requestId);
    expect(request.map((i) => i.resumo)).toEqual(
      expect.arrayContaining([
        `Registrou a solicitação de ${ANONYMISED_NAME}`,
        `Alterou a solicitação de ${ANONYMISED_NAME}`,
        `Autorizou a entrada de ${ANONYMISED_NAME} no console`,
        "Visualizou os dados de uma solicitação",
      ]),
    );
    expect(request.every((i) => i.entidade_nome === ANONYMISED_NAME)).toBe(true);
    // The fields that changed are named; their values are not kept.
    expect(request.find((i) => i.acao === "alterar")).toMatchObject({
      antes: { motivo: "[dado pessoal]" },
      depois: { motivo: "[dado pessoal]" },
    });
    expect(request.find((i) => i.acao === "decidir")).toMatchObject({
      antes: { status: "pendente" },
      depois: { status: "autorizado", observacoes: "[dado pessoal]" },
    });
    expect((await trailAfter(ids.passId)).map((i) => i.resumo)).toEqual(
      expect.arrayContaining([
        `Criou um passe para ${ANONYMISED_NAME}`,
        `Alterou o passe de ${ANONYMISED_NAME}`,
        `Suspendeu o passe de ${ANONYMISED_NAME}`,
      ]),
    );
    expect((await trailAfter(ids.acessoId)).map((i) => i.resumo)).toEqual(
      expect.arrayContaining([
        `Registrou a entrada de ${ANONYMISED_NAME} (autorizado por morador)`,
        `Registrou a saída de ${ANONYMISED_NAME}`,
      ]),
    );
  });
});

describe("the retention job reaches the audit trail", () => {
  it("leaves nothing of the visitor anywhere once her data is past its retention", async () => {
    const t = await createTenantWithMember(system(), { role: "sindico" });
    const place = await createCondominioWithUnidade(system(), t.org.id, { codigo: "12", torre: null, timezone: TZ });
    const resident = await addSignedInMorador(system(), t.org.id, place.unidade, { nome: "Bia Moradora" });
    const v = visitor();
    const ids = await visit(t, place, v, resident.pessoa.id);
    expect(await columnsHolding(v.needles())).not.toEqual([]);

    // Years later: every row of hers is past the condominium's retention.
    const later = new Date(Date.now() + 2_000 * 86_400_000);
    const run = await anonymiseExpired(db(), later, { organizationId: t.org.id });
    // Two visits: the one the authorisation recorded (the gate opened for her) and the resident's.
    expect(run).toMatchObject({ solicitacoes: 1, passes: 1, acessos: 2 });

    expect(await columnsHolding(v.needles())).toEqual([]);
    for (const p of EXPORTS) {
      const text = await csv(t, p);
      for (const needle of v.needles()) expect(text.toLowerCase(), p).not.toContain(needle.toLowerCase());
    }
    const page = await t.api.get(`/api/auditoria?entidade_id=${ids.requestId}`);
    expect(page.body.items.map((i: { resumo: string }) => i.resumo)).toContain(
      `Registrou a solicitação de ${ANONYMISED_NAME}`,
    );
  });
});

/** The migration's statements, run again the way drizzle runs them: one transaction. */
async function runMigration030(tx: Executor) {
  const file = fs.readdirSync(MIGRATIONS_FOLDER).find((f) => /^\d{4}_personal_data_out_of_audit\.sql$/.test(f));
  expect(file).toBeDefined();
  const text = fs.readFileSync(path.join(MIGRATIONS_FOLDER, file!), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    if (statement.trim()) await tx.execute(sql.raw(statement));
  }
}

describe("the migration rewrites what was written before", () => {
  it("takes names, phones, documents and notes out of old records, keeps the rest, and closes again", async () => {
    const t = await createTenantWithMember(system(), { role: "sindico" });
    const place = await createCondominioWithUnidade(system(), t.org.id, { codigo: "8", torre: null, timezone: TZ });
    const v = visitor();
    // A request whose live row is already anonymised, as retention left it before this change.
    const [request] = await db()
      .insert(solicitacoesAcesso)
      .values({
        organizationId: t.org.id,
        condominioId: place.condominio.id,
        unidadeId: place.unidade.id,
        tipo: "visitante",
        nomeVisitante: ANONYMISED_NAME,
        status: "autorizado",
        decididoPorNome: "Morador Antigo",
        busca: "visitante anonimizado",
      })
      .returning({ id: solicitacoesAcesso.id });
    const rid = request!.id;
    const masked = `***.${v.documento.slice(4, 11)}-**`;
    const old = (
      atorTipo: string,
      atorNome: string | null,
      acao: string,
      entidade: string,
      entidadeId: string | null,
      resumo: string,
      antes: unknown,
      depois: unknown,
    ) => ({
      organizationId: t.org.id,
      atorTipo,
      atorId: null,
      atorNome,
      ip: null,
      acao,
      entidade,
      entidadeId,
      resumo,
      antes,
      depois,
    });
    // As the application wrote them before (audit.ts masked documents only).
    await db()
      .insert(auditoria)
      .values([
        old("usuario", "Síndica", "criar", "solicitacao", rid, `Registrou a solicitação de ${v.nome}`, null, {
          nome_visitante: v.nome,
          doc_visitante: masked,
          tipo: "visitante",
          motivo: `Ligar ${v.telefone}`,
        }),
        old(
          "usuario",
          "Síndica",
          "alterar",
          "solicitacao",
          rid,
          `Alterou a solicitação de ${v.nome}`,
          { telefoneVisitante: null, nomeVisitante: v.nome },
          { telefoneVisitante: v.telefone, nomeVisitante: `${v.nome} Jr` },
        ),
        old(
          "link_morador",
          "Morador Antigo",
          "decidir",
          "solicitacao",
          rid,
          `Negou a entrada de ${v.nome} pelo link`,
          {
            status: "pendente",
          },
          { status: "negado", observacoes: `Não conheço ${v.nome}` },
        ),
        old(
          "sistema",
          "Guarita (automático)",
          "alterar",
          "solicitacao",
          rid,
          `A solicitação de ${v.nome} expirou sem decisão`,
          null,
          null,
        ),
        old("usuario", "Porteiro", "criar", "acesso", rid, `Registrou a entrada de ${v.nome} (passe)`, null, {
          nome: v.nome,
          documento: masked,
          origem: "passe",
        }),
        old(
          "usuario",
          "Porteiro",
          "alterar",
          "passe",
          rid,
          `Revogou o passe de ${v.nome}`,
          { status: "ativo" },
          { status: "revogado" },
        ),
        old("usuario", "Síndica", "exportar", "solicitacao", null, "Exportou solicitações em CSV", null, {
          filtros: { q: v.sobrenome, status: "negado" },
        }),
        old(
          "usuario",
          "Síndica",
          "excluir",
          "pessoa",
          rid,
          `Excluiu o cadastro de ${v.nome}`,
          {
            nome: v.nome,
            documento: masked,
            telefoneE164: `+55${v.telefone.replace(/\D/g, "")}`,
            ativo: true,
          },
          null,
        ),
        old(
          "usuario",
          "Síndica",
          "alterar",
          "condominio",
          place.condominio.id,
          "Alterou o condomínio Jardim das Flores",
          {
            nome: "Jardim",
          },
          { nome: "Jardim das Flores" },
        ),
      ]);
    expect(await columnsHolding(v.needles())).toEqual(["auditoria.antes", "auditoria.depois", "auditoria.resumo"]);

    await db().transaction(async (tx) => runMigration030(tx));

    expect(await columnsHolding(v.needles())).toEqual([]);
    const rows = await trailOf(t.org.id, rid);
    const by = (resumo: string) => rows.find((r) => r.resumo === resumo);
    expect(by("Registrou a solicitação de {nome}")?.depois).toEqual({
      nome_visitante: "[dado pessoal]",
      doc_visitante: "[dado pessoal]",
      tipo: "visitante",
      motivo: "[dado pessoal]",
    });
    expect(by("Alterou a solicitação de {nome}")).toMatchObject({
      antes: { telefoneVisitante: null, nomeVisitante: "[dado pessoal]" },
      depois: { telefoneVisitante: "[dado pessoal]", nomeVisitante: "[dado pessoal]" },
    });
    expect(by("Negou a entrada de {nome} pelo link")).toMatchObject({
      atorTipo: "link_morador",
      atorNome: null,
      depois: { status: "negado", observacoes: "[dado pessoal]" },
    });
    expect(by("A solicitação de {nome} expirou sem decisão")).toMatchObject({ atorNome: "Guarita (automático)" });
    expect(by("Registrou a entrada de {nome} (passe)")?.depois).toEqual({
      nome: "[dado pessoal]",
      documento: "[dado pessoal]",
      origem: "passe",
    });
    expect(by("Revogou o passe de {nome}")).toMatchObject({
      antes: { status: "ativo" },
      depois: { status: "revogado" },
    });
    expect(by("Excluiu o cadastro de {nome}")?.antes).toEqual({
      nome: "[dado pessoal]",
      documento: "[dado pessoal]",
      telefoneE164: "[dado pessoal]",
      ativo: true,
    });
    // What is not personal stays as it was: a condominium's name, an export's other filters.
    const [condominio] = await trailOf(t.org.id, place.condominio.id);
    expect(condominio).toMatchObject({
      resumo: "Alterou o condomínio Jardim das Flores",
      depois: { nome: "Jardim das Flores" },
    });
    const exported = (
      await db()
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.organizationId, t.org.id), eq(auditoria.acao, "exportar")))
    )[0];
    expect(exported?.depois).toEqual({ filtros: { q: "[dado pessoal]", status: "negado" } });

    // The screen reads them with the live names: the request's, and who decided it.
    const page = await t.api.get(`/api/auditoria?entidade_id=${rid}&acao=decidir`);
    expect(page.body.items).toEqual([
      expect.objectContaining({
        resumo: `Negou a entrada de ${ANONYMISED_NAME} pelo link`,
        ator_nome: "Morador Antigo",
      }),
    ]);

    // A second run changes nothing; afterwards the table refuses every change again, the setting or not.
    const snapshot = JSON.stringify(await trailOf(t.org.id, rid));
    await db().transaction(async (tx) => runMigration030(tx));
    expect(JSON.stringify(await trailOf(t.org.id, rid))).toBe(snapshot);
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('guarita.auditoria_reescrita', '030-dados-pessoais', true)`);
        await tx.execute(sql`UPDATE auditoria SET resumo = 'adulterado' WHERE organization_id = ${t.org.id}`);
      }),
    ).rejects.toThrow(/auditoria/);
    await expect(db().execute(sql`DELETE FROM auditoria WHERE organization_id = ${t.org.id}`)).rejects.toThrow(
      /auditoria/,
    );
  });
});
