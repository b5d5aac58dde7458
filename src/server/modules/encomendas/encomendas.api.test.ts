/**
 * Deliveries through the API (docs/decisions/043-deliveries.md): receiving a batch, what a morador and
 * staff see of it (the pickup code only for the unit's residents), the hand-over by code once (a second
 * time names when and to whom), two porteiros at the same moment, the pickup-code guess limit under
 * parallel guesses, hand-over without the code, the people a unit authorises, and the refusals.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addSignedInMorador,
  addUnidade,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { client } from "../../../../tests/support/http";
import { phoneJpeg } from "../../../../tests/support/images";
import { setupTestSystem } from "../../../../tests/support/system";
import { auditoria, encomendaAvisos, encomendas, rateLimit } from "../../db/schema";
import { CODIGO_GUESS_LIMIT } from "./encomendas.service";

const shared = setupTestSystem();
const db = () => shared().handle.db;

let sindico: Awaited<ReturnType<typeof createTenantWithMember>>;
let porteiro: Awaited<ReturnType<typeof addSignedInMember>>;
let morador: Awaited<ReturnType<typeof addSignedInMorador>>;
let vizinho: Awaited<ReturnType<typeof addSignedInMorador>>;
let place: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let unidade102: { id: string; condominioId: string };

beforeAll(async () => {
  sindico = await createTenantWithMember(shared(), { role: "sindico" });
  place = await createCondominioWithUnidade(shared(), sindico.org.id, {
    nome: "Residencial Encomendas",
    codigo: "101",
  });
  unidade102 = await addUnidade(shared(), sindico.org.id, place.condominio.id, "102", "Torre A");
  porteiro = await addSignedInMember(shared(), sindico.org.id, "porteiro");
  morador = await addSignedInMorador(shared(), sindico.org.id, place.unidade, { nome: "Ana Moradora" });
  vizinho = await addSignedInMorador(shared(), sindico.org.id, unidade102, { nome: "Bruno Vizinho" });
});

type Item = { transportadora: string; rastreio?: string; local?: string; perecivel?: boolean };

async function receive(
  itens: Item[] = [{ transportadora: "correios", rastreio: "BR123", local: "Armário 3" }],
  unidadeId = place.unidade.id,
) {
  const res = await porteiro.api.post("/api/encomendas", {
    json: { condominio_id: place.condominio.id, unidade_id: unidadeId, itens },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { lote_id: string; itens: { id: string; status: string; codigo_retirada: string | null }[] };
}

/** The code as the resident sees it (staff never get it). */
async function codeOf(id: string, resident = morador) {
  const res = await resident.api.get(`/api/encomendas/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.codigo_retirada as string;
}

function handOver(api: typeof porteiro.api, body: Record<string, unknown>) {
  return api.post("/api/encomendas/retiradas", {
    json: { condominio_id: place.condominio.id, metodo: "codigo", retirada_por: { nome: "Ana Moradora" }, ...body },
  });
}

describe("receiving", () => {
  it("records a batch with one code for its packages, tells the residents and audits without names", async () => {
    const lote = await receive([
      { transportadora: "correios", rastreio: "BR1", local: "Armário 3" },
      { transportadora: "mercado_livre", perecivel: true },
    ]);
    expect(lote.itens).toHaveLength(2);
    expect(lote.itens.every((i) => i.status === "aguardando")).toBe(true);
    // Staff never see the code: it proves the collector was sent by the resident.
    expect(lote.itens.every((i) => i.codigo_retirada === null)).toBe(true);
    const [a, b] = await Promise.all(lote.itens.map((i) => codeOf(i.id)));
    expect(a).toMatch(/^\d{6}$/);
    expect(b).toBe(a);

    const avisos = await db().select().from(encomendaAvisos).where(eq(encomendaAvisos.loteId, lote.lote_id));
    expect(avisos.map((x) => x.motivo)).toEqual(["chegada"]);
    expect(avisos[0]!.destino).toBe("+5511999990000");

    const [registro] = await db()
      .select()
      .from(auditoria)
      .where(
        and(
          eq(auditoria.entidade, "encomenda"),
          inArray(
            auditoria.entidadeId,
            lote.itens.map((i) => i.id),
          ),
        ),
      );
    expect(registro!.resumo).toBe("Registrou 2 encomendas para a unidade 101");
    expect(JSON.stringify(registro)).not.toContain("Ana");
  });

  it("refuses bad input in pt-BR and writes nothing", async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(encomendas);
    const cases: [Record<string, unknown>, string][] = [
      [
        { condominio_id: place.condominio.id, unidade_id: place.unidade.id, itens: [] },
        "Informe ao menos uma encomenda",
      ],
      [
        { condominio_id: place.condominio.id, unidade_id: place.unidade.id, itens: [{ transportadora: "outra" }] },
        "Informe o nome da transportadora",
      ],
      [
        { condominio_id: place.condominio.id, unidade_id: place.unidade.id, itens: [{ transportadora: "dhl" }] },
        "Selecione a transportadora",
      ],
    ];
    for (const [json, message] of cases) {
      const res = await porteiro.api.post("/api/encomendas", { json });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const other = await createCondominioWithUnidade(shared(), sindico.org.id, { nome: "Outro", codigo: "9" });
    const mismatch = await porteiro.api.post("/api/encomendas", {
      json: { condominio_id: place.condominio.id, unidade_id: other.unidade.id, itens: [{ transportadora: "amazon" }] },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.message).toBe("A unidade não pertence ao condomínio selecionado");
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(encomendas);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe("what each side sees", () => {
  it("a morador lists only their units' packages, with the code; another unit's package is a 404", async () => {
    const mine = await receive([{ transportadora: "shopee", rastreio: "SHP-MINE" }]);
    const theirs = await receive([{ transportadora: "shopee", rastreio: "SHP-THEIRS" }], unidade102.id);
    const list = await morador.api.get("/api/encomendas?status=aguardando&q=SHP");
    expect(list.status).toBe(200);
    const ids = (list.body.items as { id: string; codigo_retirada: string | null }[]).map((i) => i.id);
    expect(ids).toContain(mine.itens[0]!.id);
    expect(ids).not.toContain(theirs.itens[0]!.id);
    expect(list.body.items.find((i: { id: string }) => i.id === mine.itens[0]!.id).codigo_retirada).toMatch(/^\d{6}$/);
    expect((await morador.api.get(`/api/encomendas/${theirs.itens[0]!.id}`)).status).toBe(404);
    expect((await morador.api.post(`/api/encomendas/${theirs.itens[0]!.id}/ciente`)).status).toBe(404);

    const staff = await sindico.api.get("/api/encomendas?q=SHP");
    const staffIds = (staff.body.items as { id: string }[]).map((i) => i.id);
    expect(staffIds).toEqual(expect.arrayContaining([mine.itens[0]!.id, theirs.itens[0]!.id]));
  });

  it("filters by status, carrier, unit and perishable on the server", async () => {
    await receive([{ transportadora: "jadlog", rastreio: "JAD-FILTER", perecivel: true }], unidade102.id);
    const res = await sindico.api.get(
      `/api/encomendas?transportadora=jadlog&perecivel=true&unidade_id=${unidade102.id}&status=aguardando`,
    );
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const item of res.body.items) {
      expect(item).toMatchObject({ transportadora: "jadlog", perecivel: true, unidade_id: unidade102.id });
      expect(item.transportadora_nome).toBe("Jadlog");
    }
    expect((await sindico.api.get("/api/encomendas?perecivel=talvez")).status).toBe(400);
  });
});

describe("handing over", () => {
  it("the code hands the batch over once; the second time says when and to whom", async () => {
    const lote = await receive([{ transportadora: "amazon" }, { transportadora: "correios" }]);
    const codigo = await codeOf(lote.itens[0]!.id);
    const consulta = await porteiro.api.post("/api/encomendas/retirada/consultar", {
      json: { condominio_id: place.condominio.id, codigo },
    });
    expect(consulta.status, JSON.stringify(consulta.body)).toBe(200);
    expect(consulta.body.itens.map((i: { id: string }) => i.id).sort()).toEqual(lote.itens.map((i) => i.id).sort());
    expect(consulta.body.moradores).toEqual([{ id: morador.pessoa.id, nome: "Ana Moradora" }]);

    const done = await handOver(porteiro.api, {
      encomenda_ids: lote.itens.map((i) => i.id),
      codigo,
      retirada_por: { pessoa_id: morador.pessoa.id },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.itens.every((i: { status: string }) => i.status === "retirada")).toBe(true);
    expect(done.body.itens[0].retirada_por_nome).toBe("Ana Moradora");
    expect(done.body.itens[0].entregue_por_nome).toBe(porteiro.user.name);

    const again = await porteiro.api.post("/api/encomendas/retirada/consultar", {
      json: { condominio_id: place.condominio.id, codigo },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(
      new RegExp(
        `^Encomenda já retirada em \\d{2}/\\d{2}/\\d{4} às \\d{2}:\\d{2} por Ana Moradora \\(entregue por ${porteiro.user.name}\\)\\.$`,
      ),
    );
    const twice = await handOver(porteiro.api, { encomenda_ids: [lote.itens[0]!.id], codigo });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toContain("já retirada em");
    // The resident's screen no longer shows a code for it.
    expect(await codeOf(lote.itens[0]!.id)).toBeNull();
  });

  it("two porteiros handing over the same package at once: one wins, the other is told by whom", async () => {
    const lote = await receive([{ transportadora: "loggi" }]);
    const codigo = await codeOf(lote.itens[0]!.id);
    const outro = await addSignedInMember(shared(), sindico.org.id, "porteiro");
    const results = await Promise.all([
      handOver(porteiro.api, { encomenda_ids: [lote.itens[0]!.id], codigo, retirada_por: { nome: "Primeira Pessoa" } }),
      handOver(outro.api, { encomenda_ids: [lote.itens[0]!.id], codigo, retirada_por: { nome: "Segunda Pessoa" } }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    const winner = results.find((r) => r.status === 200)!;
    expect(loser.body.error.message).toContain(`por ${winner.body.itens[0].retirada_por_nome}`);
    const [row] = await db().select().from(encomendas).where(eq(encomendas.id, lote.itens[0]!.id));
    expect(row!.retiradaNome).toBe(winner.body.itens[0].retirada_por_nome);
  });

  it("a code of another batch, or of another condominium, does not hand a package over", async () => {
    const a = await receive([{ transportadora: "shein" }]);
    const b = await receive([{ transportadora: "shein" }]);
    const codigoB = await codeOf(b.itens[0]!.id);
    const wrong = await handOver(porteiro.api, { encomenda_ids: [a.itens[0]!.id], codigo: codigoB });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("O código de retirada não confere com estas encomendas");
    const [row] = await db().select().from(encomendas).where(eq(encomendas.id, a.itens[0]!.id));
    expect(row!.status).toBe("aguardando");
  });

  it("without the code a reason is required and recorded in the audit trail", async () => {
    const lote = await receive([{ transportadora: "magalu" }]);
    const noReason = await handOver(porteiro.api, { encomenda_ids: [lote.itens[0]!.id], metodo: "sem_codigo" });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain("informe o motivo");
    const ok = await handOver(porteiro.api, {
      encomenda_ids: [lote.itens[0]!.id],
      metodo: "sem_codigo",
      motivo: "Morador conhecido, celular sem bateria",
      retirada_por: { nome: "Ana Moradora", documento: "12.345.678-9" },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.itens[0]).toMatchObject({
      retirada_metodo: "sem_codigo",
      retirada_motivo: "Morador conhecido, celular sem bateria",
    });
    const [registro] = await db()
      .select()
      .from(auditoria)
      .where(
        and(
          eq(auditoria.entidade, "encomenda"),
          eq(auditoria.entidadeId, lote.itens[0]!.id),
          eq(auditoria.acao, "alterar"),
        ),
      );
    expect(registro!.resumo).toBe("Entregou uma encomenda sem o código de retirada");
    expect(registro!.depois).toMatchObject({
      motivo: "Morador conhecido, celular sem bateria",
      retirada_por: "outra_pessoa",
    });
    expect(JSON.stringify(registro)).not.toContain("12.345.678-9");
  });

  it("someone the resident authorised collects; a removed authorisation no longer counts", async () => {
    const created = await morador.api.post("/api/encomendas/autorizados", {
      json: { unidade_id: place.unidade.id, nome: "Maria Diarista", documento: "12345678900" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ nome: "Maria Diarista", vigente: true });
    expect(created.body.documento).not.toBe("12345678900");
    // The neighbour can neither see nor remove it.
    expect((await vizinho.api.get(`/api/encomendas/autorizados?unidade_id=${place.unidade.id}`)).status).toBe(404);
    expect((await vizinho.api.delete(`/api/encomendas/autorizados/${created.body.id}`)).status).toBe(404);

    const lote = await receive([{ transportadora: "americanas" }]);
    const codigo = await codeOf(lote.itens[0]!.id);
    const consulta = await porteiro.api.post("/api/encomendas/retirada/consultar", {
      json: { condominio_id: place.condominio.id, codigo },
    });
    expect(consulta.body.autorizados.map((a: { nome: string }) => a.nome)).toContain("Maria Diarista");
    const ok = await handOver(porteiro.api, {
      encomenda_ids: [lote.itens[0]!.id],
      codigo,
      retirada_por: { autorizado_id: created.body.id },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.itens[0].retirada_por_nome).toBe("Maria Diarista");

    expect((await morador.api.delete(`/api/encomendas/autorizados/${created.body.id}`)).status).toBe(204);
    const next = await receive([{ transportadora: "americanas" }]);
    const refused = await handOver(porteiro.api, {
      encomenda_ids: [next.itens[0]!.id],
      codigo: await codeOf(next.itens[0]!.id),
      retirada_por: { autorizado_id: created.body.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("Esta pessoa não está autorizada a retirar encomendas desta unidade");
  });

  it("a morador cannot hand packages over", async () => {
    const lote = await receive([{ transportadora: "correios" }]);
    const res = await handOver(morador.api, {
      encomenda_ids: [lote.itens[0]!.id],
      codigo: await codeOf(lote.itens[0]!.id),
    });
    expect(res.status).toBe(403);
  });
});

describe("the pickup-code guess limit", () => {
  it(`parallel wrong codes: exactly ${CODIGO_GUESS_LIMIT.porValidador} are looked up, the rest wait (429)`, async () => {
    const guesser = await addSignedInMember(shared(), sindico.org.id, "porteiro");
    await db().delete(rateLimit).where(sql`${rateLimit.key} LIKE 'guarita:codigo-retirada:%'`);
    const attempts = 25;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        guesser.api.post("/api/encomendas/retirada/consultar", {
          // Codes no batch holds (the test's codes are random; these start with 9 and are checked below).
          json: { condominio_id: place.condominio.id, codigo: String(990_000 + i) },
        }),
      ),
    );
    const counts: Record<number, number> = {};
    for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
    expect(counts[404]).toBe(CODIGO_GUESS_LIMIT.porValidador);
    expect(counts[429]).toBe(attempts - CODIGO_GUESS_LIMIT.porValidador);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body.error.message).toContain("muitos códigos de retirada incorretos");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // A right code from the same porteiro now waits too (the window is spent); another porteiro is not blocked.
    const lote = await receive([{ transportadora: "correios" }]);
    const ok = await porteiro.api.post("/api/encomendas/retirada/consultar", {
      json: { condominio_id: place.condominio.id, codigo: await codeOf(lote.itens[0]!.id) },
    });
    expect(ok.status).toBe(200);
  });
});

describe("acknowledging", () => {
  it("a resident's Ciente stops a perishable's repeated notices", async () => {
    const lote = await receive([{ transportadora: "ifood", perecivel: true }]);
    const before = await morador.api.get(`/api/encomendas/${lote.itens[0]!.id}`);
    expect(before.body.ciente_em).toBeNull();
    const res = await morador.api.post(`/api/encomendas/${lote.itens[0]!.id}/ciente`);
    expect(res.status).toBe(200);
    expect(res.body.ciente_em).not.toBeNull();
    const row = await db().execute(sql`SELECT proximo_aviso_em FROM encomenda_lotes WHERE id = ${lote.lote_id}`);
    expect((row as unknown as { rows: { proximo_aviso_em: unknown }[] }).rows[0]!.proximo_aviso_em).toBeNull();
  });
});

describe("the package's photo", () => {
  it("a porteiro photographs the label; the unit's resident sees it, a neighbour and a morador's upload do not get in", async () => {
    const lote = await receive([{ transportadora: "correios", rastreio: "FOTO-1" }]);
    const id = lote.itens[0]!.id;
    const bytes = await phoneJpeg(1200, 900);
    const upload = (cookie: string) =>
      client(shared(), { cookie }).post(`/api/encomendas/${id}/foto`, {
        bytes,
        headers: { "content-type": "image/jpeg" },
      });
    expect((await upload(morador.cookie)).status).toBe(403);
    const res = await upload(porteiro.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: "processando" });
    await shared().fotoRenderer.settled();

    const detail = await morador.api.get(`/api/encomendas/${id}`);
    expect(detail.body.foto).toMatchObject({ id: res.body.id, status: "disponivel" });
    const image = await morador.api.get(detail.body.foto.url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    // The neighbour cannot open the resident's address, nor reach the package.
    expect((await vizinho.api.get(detail.body.foto.url)).status).toBe(403);
    expect((await vizinho.api.get(`/api/encomendas/${id}`)).status).toBe(404);

    // A new photo replaces the old one.
    const again = await upload(porteiro.cookie);
    expect(again.status).toBe(201);
    await shared().fotoRenderer.settled();
    const after = await sindico.api.get(`/api/encomendas/${id}`);
    expect(after.body.foto.id).toBe(again.body.id);
  });
});
