/**
 * The request list reads its page in one statement, as arrays from the driver, with timestamps
 * formatted by the database (db/page-statement.ts, docs/decisions/028); the detail and the events
 * read rows through Drizzle. These tests hold the two equal, value for value, on rows that
 * exercise every column, and the database's ISO text equal to toISOString.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMorador,
  addUnidade,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";
import { isoText } from "../../db/page-statement";
import { solicitacoesAcesso } from "../../db/schema";
import { findSolicitacaoRows, listSolicitacoes } from "./solicitacoes.queries";
import { toSolicitacaoListItem } from "./solicitacoes.service";

const system = setupTestSystem();
const db = () => system().handle.db;

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let tenant: Tenant;
let condo: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let otherUnidadeId: string;

const DOCUMENTS = [
  null,
  "",
  "123.920.573-00",
  "12392057300",
  "123 920 573 00",
  "123\u00a0920\u00a0573/00",
  "RG 12.345.678-9",
  "MG-12.345.678",
  "AB123456",
  "X1",
  "1234",
  "Passaporte ÑÃO-123",
  "12345678901234",
];

beforeAll(async () => {
  tenant = await createTenantWithMember(system(), { role: "sindico" });
  condo = await createCondominioWithUnidade(system(), tenant.org.id, { codigo: "1203", torre: "Bloco Ipê" });
  otherUnidadeId = (await addUnidade(system(), tenant.org.id, condo.condominio.id, "44", null)).id;
  for (const [i, doc] of DOCUMENTS.entries()) {
    const res = await tenant.api.post("/api/solicitacoes", {
      json: {
        condominio_id: condo.condominio.id,
        unidade_id: i % 3 === 0 ? otherUnidadeId : condo.unidade.id,
        tipo: i % 2 === 0 ? "visitante" : "prestador",
        nome_visitante: `Visitante ${i} — “aspas” \\ barra \t tab 👋`,
        doc_visitante: doc ?? "",
        telefone_visitante: i % 2 === 0 ? "+5511999990000" : "",
        motivo: i % 4 === 0 ? "Entrega\nsegunda linha" : "",
        expiracao_em: i % 2 === 1 ? new Date(Date.now() + 3_600_000).toISOString() : undefined,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const gate = await tenant.api.post("/api/portoes", { json: { condominio_id: condo.condominio.id, nome: "Social" } });
  expect(gate.status, JSON.stringify(gate.body)).toBe(201);
  // Decided, answered and timed columns, with microseconds the API's milliseconds must truncate.
  await db().execute(sql`UPDATE solicitacoes_acesso SET
      status = 'autorizado', decidido_em = now() - interval '1 minute 0.123987 seconds',
      decidido_por_nome = 'Porteira Ana', observacoes = 'Liberado às 02:00', portao_id = ${gate.body.id},
      decidido_via = 'console', updated_at = now() - interval '0.000999 seconds'
    WHERE organization_id = ${tenant.org.id} AND nome_visitante LIKE 'Visitante 2%'`);
  await db().execute(sql`UPDATE solicitacoes_acesso SET
      sem_resposta_moradores_em = now() - interval '0.5005 seconds',
      created_at = created_at - interval '0.000001 seconds'
    WHERE organization_id = ${tenant.org.id} AND nome_visitante LIKE 'Visitante 5%'`);
});

async function javascriptItems(ids: string[]) {
  const rows = await findSolicitacaoRows(db(), tenant.org.id, ids);
  // Every row here is of the one condominium; the list names it on each row.
  const { id, nome, timezone } = condo.condominio;
  // None of these visitors has a photo: the list's thumbnail is null.
  const byId = new Map(
    rows.map((r) => [
      r.id,
      { ...toSolicitacaoListItem(r), condominio: { id, nome, timezone }, foto_miniatura_url: null },
    ]),
  );
  return ids.map((id) => byId.get(id));
}

describe("the request list read in one statement", () => {
  it("equals the JavaScript mapping of the same rows, every column", async () => {
    const res = await tenant.api.get("/api/solicitacoes?page_size=100");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ total: DOCUMENTS.length, total_truncated: false, page: 1, page_size: 100 });
    const ids = res.body.items.map((i: { id: string }) => i.id);
    expect(ids).toHaveLength(DOCUMENTS.length);
    expect(res.body.items).toEqual(await javascriptItems(ids));
    // The rows above cover each shape: masked documents, decided and undecided, null tower.
    const items = res.body.items as { doc_visitante: string | null; decidido_em: string | null }[];
    expect(items.some((i) => i.doc_visitante === "***.920.573-**")).toBe(true);
    expect(items.some((i) => i.decidido_em !== null)).toBe(true);
  });

  it("keeps the list's order, newest first, across pages", async () => {
    const all = (await tenant.api.get("/api/solicitacoes?page_size=100")).body.items.map((i: { id: string }) => i.id);
    const rows = await db()
      .select({ id: solicitacoesAcesso.id, createdAt: solicitacoesAcesso.createdAt })
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.organizationId, tenant.org.id));
    const expected = rows
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (x.id < y.id ? 1 : -1))
      .map((r) => r.id);
    expect(all).toEqual(expected);
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = await tenant.api.get(`/api/solicitacoes?page_size=5&page=${page}`);
      expect(res.body).toMatchObject({ page, page_size: 5, total: DOCUMENTS.length });
      pages.push(...res.body.items.map((i: { id: string }) => i.id));
    }
    expect(pages).toEqual(all);
  });

  it("reads the same page inside a transaction (through Drizzle, not the pool's array rows)", async () => {
    const reader = { organizationId: tenant.org.id, scope: null };
    const pooled = await listSolicitacoes(db(), reader, {}, 1, 100);
    const inTransaction = await db().transaction((tx) => listSolicitacoes(tx, reader, { q: "visitante" }, 1, 100));
    expect(pooled.items).toHaveLength(DOCUMENTS.length);
    expect(inTransaction).toEqual(pooled);
    const secondPage = await db().transaction((tx) => listSolicitacoes(tx, reader, {}, 2, 5));
    expect(secondPage.items).toEqual(pooled.items.slice(5, 10));
    expect(secondPage.counted).toEqual({ total: DOCUMENTS.length, truncated: false });
  });

  it("answers an empty page past the end and an empty result with the total", async () => {
    const past = await tenant.api.get("/api/solicitacoes?page_size=10&page=9");
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ items: [], total: DOCUMENTS.length, total_truncated: false, page: 9, page_size: 10 });
    const none = await tenant.api.get("/api/solicitacoes?q=ninguem-com-este-nome");
    expect(none.body).toEqual({ items: [], total: 0, total_truncated: false, page: 1, page_size: 50 });
  });

  it("shows a morador only the requests of their own unit", async () => {
    const morador = await addSignedInMorador(system(), tenant.org.id, condo.unidade);
    const res = await morador.api.get("/api/solicitacoes?page_size=100");
    expect(res.status).toBe(200);
    const own = res.body.items as { unidade_id: string; id: string }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((i) => i.unidade_id === condo.unidade.id)).toBe(true);
    expect(res.body.total).toBe(own.length);
    expect(own).toEqual(await javascriptItems(own.map((i) => i.id)));
  });

  it("shows another tenant none of them", async () => {
    const other = await createTenantWithMember(system(), { role: "sindico" });
    const res = await other.api.get("/api/solicitacoes?page_size=100");
    expect(res.body).toEqual({ items: [], total: 0, total_truncated: false, page: 1, page_size: 100 });
  });
});

describe("timestamps written by the database", () => {
  it("isoText equals toISOString, milliseconds truncated like the driver's dates", async () => {
    const result = await db().execute(sql`SELECT t AS at, ${isoText(sql`t`)} AS text FROM (VALUES
        ('2026-01-01 00:00:00.123999+00'::timestamptz), ('2026-12-31 23:59:59.999999-03'::timestamptz),
        ('2026-03-10 12:00:00+00'::timestamptz), ('1999-06-01 08:30:00.5+02'::timestamptz),
        (now()), (NULL::timestamptz)) AS v(t)`);
    const rows = (result as unknown as { rows: { at: string | Date | null; text: string | null }[] }).rows;
    expect(rows).toHaveLength(6);
    const [withMicros] = rows;
    expect(withMicros!.text).toBe("2026-01-01T00:00:00.123Z");
    const [, endOfYear, , beforeMillennium] = rows;
    expect(endOfYear!.text).toBe("2027-01-01T02:59:59.999Z");
    expect(beforeMillennium!.text).toBe("1999-06-01T06:30:00.500Z");
    expect(rows[5]!.text).toBeNull();
    const typed = await db()
      .select({ at: solicitacoesAcesso.createdAt, text: sql<string>`${isoText(solicitacoesAcesso.createdAt)}` })
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.organizationId, tenant.org.id));
    expect(typed.length).toBeGreaterThan(0);
    for (const row of typed) expect(row.text).toBe(row.at.toISOString());
  });
});
