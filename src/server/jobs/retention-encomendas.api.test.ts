/**
 * Retention of the packages' personal data (docs/product.md, "Personal data and retention";
 * docs/decisions/043-deliveries.md), with a controllable clock: who collected a package more than the
 * condominium's retention ago is anonymised, notices older than it lose their address and demo text,
 * people authorised to collect who were removed before it lose name and document. Packages themselves
 * (carrier, dates, status, unit) stay, recent ones and other condominiums' untouched; the preview
 * counts what the run changes, a second run changes nothing.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../tests/support/factories";
import { setupTestSystem } from "../../../tests/support/system";
import {
  auditoria,
  condominios,
  encomendaAutorizados,
  encomendaAvisos,
  encomendaLotes,
  encomendas,
  pessoas,
  unidadeMoradores,
} from "../db/schema";
import { buildSearchText } from "../db/search";
import { ANONYMISED_PERSON, anonymiseExpired, previewExpired } from "./retention";

const system = setupTestSystem();
const DAY = 86_400_000;
const db = () => system().handle.db;

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
type Place = Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let t: Tenant;
let c90: Place;
let c365: Place;
const now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY);

async function addResident(place: Place, nome: string, phone: string) {
  const [p] = await db()
    .insert(pessoas)
    .values({
      organizationId: t.org.id,
      condominioId: place.condominio.id,
      nome,
      telefoneE164: phone,
      busca: buildSearchText([nome]),
    })
    .returning();
  await db().insert(unidadeMoradores).values({
    organizationId: t.org.id,
    condominioId: place.condominio.id,
    unidadeId: place.unidade.id,
    pessoaId: p!.id,
  });
  return p!.id;
}

/** A package received `receivedDays` ago and, unless null, collected `collectedDays` ago by a named person. */
async function pkg(place: Place, receivedDays: number, collectedDays: number | null, nome = "Zé Retirante") {
  const res = await t.api.post("/api/encomendas", {
    json: {
      condominio_id: place.condominio.id,
      unidade_id: place.unidade.id,
      itens: [{ transportadora: "shopee", rastreio: `SH${receivedDays}-${collectedDays}`, perecivel: false }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.itens[0].id as string;
  const loteId = res.body.lote_id as string;
  if (collectedDays !== null) {
    const out = await t.api.post("/api/encomendas/retiradas", {
      json: {
        condominio_id: place.condominio.id,
        encomenda_ids: [id],
        metodo: "sem_codigo",
        motivo: "Retirada de teste",
        retirada_por: { nome, documento: "12.345.678-9" },
      },
    });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
  }
  await db()
    .update(encomendas)
    .set({
      recebidaEm: ago(receivedDays),
      createdAt: ago(receivedDays),
      ...(collectedDays === null ? {} : { retiradaEm: ago(collectedDays) }),
    })
    .where(eq(encomendas.id, id));
  await db()
    .update(encomendaLotes)
    .set({ createdAt: ago(receivedDays) })
    .where(eq(encomendaLotes.id, loteId));
  // The notices were written when it was received.
  await db()
    .update(encomendaAvisos)
    .set({
      createdAt: ago(receivedDays),
      status: "enviada",
      demo: true,
      mensagem: "Chegou uma encomenda. Código 123456.",
    })
    .where(eq(encomendaAvisos.loteId, loteId));
  return { id, loteId };
}

async function autorizado(place: Place, nome: string, removedDays: number | null, createdDays: number) {
  const res = await t.api.post("/api/encomendas/autorizados", {
    json: { unidade_id: place.unidade.id, nome, documento: "MG-98.765.432" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as string;
  if (removedDays !== null) expect((await t.api.delete(`/api/encomendas/autorizados/${id}`)).status).toBe(204);
  await db()
    .update(encomendaAutorizados)
    .set({ createdAt: ago(createdDays), ...(removedDays === null ? {} : { removidoEm: ago(removedDays) }) })
    .where(eq(encomendaAutorizados.id, id));
  return id;
}

let old: { id: string; loteId: string };
let recent: { id: string; loteId: string };
let waiting: { id: string; loteId: string };
let otherCondo: { id: string; loteId: string };
let removedLongAgo: string;
let removedRecently: string;
let current: string;

beforeAll(async () => {
  t = await createTenantWithMember(system(), { role: "sindico" });
  c90 = await createCondominioWithUnidade(system(), t.org.id, { nome: "Retenção 90" });
  c365 = await createCondominioWithUnidade(system(), t.org.id, { nome: "Retenção 365" });
  await db().update(condominios).set({ retencaoDias: 365 }).where(eq(condominios.id, c365.condominio.id));
  await addResident(c90, "Olga Moradora", "+5511955554444");
  await addResident(c365, "Otto Morador", "+5511955553333");

  old = await pkg(c90, 120, 100, "Antônio Antigo");
  recent = await pkg(c90, 12, 10, "Rita Recente");
  // Received long ago, never collected: nobody to anonymise on it, but its notices are old.
  waiting = await pkg(c90, 100, null);
  otherCondo = await pkg(c365, 120, 100, "Outro Condomínio");
  removedLongAgo = await autorizado(c90, "Diana Diarista", 100, 200);
  removedRecently = await autorizado(c90, "Bia Babá", 10, 200);
  // Authorised 200 days ago and still authorised: needed while it lasts.
  current = await autorizado(c90, "Carla Cuidadora", null, 200);
});

describe("the retention job and packages", () => {
  it("anonymises who collected, old notices and removed authorised people; the rest stays; a second run changes nothing", async () => {
    const preview = await t.api.get(`/api/condominios/${c90.condominio.id}/retencao`);
    expect(preview.status).toBe(200);
    expect(preview.body.contagens).toMatchObject({ encomendas: 1, avisos_encomendas: 2, autorizados_encomendas: 1 });
    const p365 = await previewExpired(db(), t.org.id, c365.condominio.id, now);
    expect(p365!.contagens).toMatchObject({ encomendas: 0, avisos_encomendas: 0, autorizados_encomendas: 0 });

    const run = await anonymiseExpired(db(), now, { organizationId: t.org.id, batchSize: 1 });
    expect(run.porCondominio.get(c90.condominio.id)).toEqual({
      solicitacoes: 0,
      passes: 0,
      acessos: 0,
      conversas: 0,
      fotos: 0,
      encomendas: 1,
      avisos_encomendas: 2,
      autorizados_encomendas: 1,
      convidados_reservas: 0,
      avisos_reservas: 0,
    });
    expect(run.porCondominio.get(c365.condominio.id)).toMatchObject({
      encomendas: 0,
      avisos_encomendas: 0,
      autorizados_encomendas: 0,
    });

    // The old package: still collected, when and how, by "Pessoa anonimizada", no document.
    const detail = await t.api.get(`/api/encomendas/${old.id}`);
    expect(detail.body).toMatchObject({
      status: "retirada",
      retirada_metodo: "sem_codigo",
      retirada_por_nome: ANONYMISED_PERSON,
      retirada_documento: null,
      rastreio: "SH120-100",
    });
    expect(detail.body.retirada_em).toBe(ago(100).toISOString());
    expect(detail.body.avisos.map((a: { mensagem: string | null }) => a.mensagem)).toEqual([null]);
    expect(JSON.stringify(detail.body)).not.toContain("Antônio");
    const [row] = await db().select().from(encomendas).where(eq(encomendas.id, old.id));
    expect(row!.anonimizadoEm).toEqual(now);

    // Recent, and another condominium's with a longer retention: as they were.
    expect((await t.api.get(`/api/encomendas/${recent.id}`)).body).toMatchObject({
      retirada_por_nome: "Rita Recente",
      retirada_documento: "12.345.678-9",
    });
    expect((await t.api.get(`/api/encomendas/${otherCondo.id}`)).body.retirada_por_nome).toBe("Outro Condomínio");

    // Notices: the old ones (the collected and the waiting package's) lose the address and the text.
    const avisos = await db()
      .select()
      .from(encomendaAvisos)
      .where(inArray(encomendaAvisos.loteId, [old.loteId, waiting.loteId, recent.loteId, otherCondo.loteId]));
    const byLote = (loteId: string) => avisos.filter((a) => a.loteId === loteId);
    for (const a of [...byLote(old.loteId), ...byLote(waiting.loteId)]) {
      expect(a).toMatchObject({ destino: "", mensagem: null, pessoaNome: "Olga Moradora", status: "enviada" });
    }
    expect(byLote(recent.loteId)).toEqual([expect.objectContaining({ destino: "+5511955554444" })]);
    expect(byLote(otherCondo.loteId)).toEqual([expect.objectContaining({ destino: "+5511955553333" })]);
    // The waiting package itself is untouched.
    expect((await t.api.get(`/api/encomendas/${waiting.id}`)).body.status).toBe("aguardando");

    // Authorised people: only the one removed before the cutoff.
    const people = await db()
      .select()
      .from(encomendaAutorizados)
      .where(inArray(encomendaAutorizados.id, [removedLongAgo, removedRecently, current]));
    const person = (id: string) => people.find((p) => p.id === id)!;
    expect(person(removedLongAgo)).toMatchObject({ nome: ANONYMISED_PERSON, documento: null, anonimizadoEm: now });
    expect(person(removedRecently)).toMatchObject({
      nome: "Bia Babá",
      documento: "MG-98.765.432",
      anonimizadoEm: null,
    });
    expect(person(current)).toMatchObject({ nome: "Carla Cuidadora", anonimizadoEm: null });
    const list = await t.api.get(`/api/encomendas/autorizados?unidade_id=${c90.unidade.id}`);
    expect(list.body.items.map((a: { nome: string }) => a.nome)).toEqual(["Carla Cuidadora"]);

    // One audit record per kind, in batches of one; ids and counts only.
    const audits = await db()
      .select()
      .from(auditoria)
      .where(
        and(
          eq(auditoria.organizationId, t.org.id),
          eq(auditoria.entidadeId, c90.condominio.id),
          eq(auditoria.acao, "anonimizar"),
        ),
      );
    expect(audits.map((a) => [a.entidade, a.atorTipo, a.resumo]).sort()).toEqual([
      ["encomenda", "sistema", "Retenção: 1 retirada de encomenda anonimizada (mais de 90 dias)"],
      ["encomenda", "sistema", "Retenção: 2 avisos de encomendas anonimizados (mais de 90 dias)"],
      [
        "encomenda_autorizado",
        "sistema",
        "Retenção: 1 pessoa autorizada a retirar encomendas anonimizada (mais de 90 dias)",
      ],
    ]);
    expect(JSON.stringify(audits)).not.toContain("Antônio");

    const again = await anonymiseExpired(db(), now, { organizationId: t.org.id });
    expect(again.porCondominio.get(c90.condominio.id)).toMatchObject({
      encomendas: 0,
      avisos_encomendas: 0,
      autorizados_encomendas: 0,
    });
    expect((await previewExpired(db(), t.org.id, c90.condominio.id, now))!.contagens).toMatchObject({
      encomendas: 0,
      avisos_encomendas: 0,
      autorizados_encomendas: 0,
    });
  });
});
