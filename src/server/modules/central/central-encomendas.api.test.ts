/**
 * Packages in the operators' central (docs/decisions/042-operators-central.md, docs/decisions/043-deliveries.md):
 * a package the virtual attendant recorded waits for a porteiro's confirmation as an item of the queue,
 * and a perishable package nobody acknowledged for an hour is reported; both resolve themselves once the
 * package is confirmed, returned, collected or acknowledged, and lead to the package's screen.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";
import { initialState } from "../../attendant/engine/policy";
import { SYSTEM_ACTOR } from "../../audit/audit";
import { atendenteConversas, centralItens, encomendas, member, membroCondominios, portoes } from "../../db/schema";
import { receiveInTx } from "../encomendas/encomendas.service";
import { syncCentral } from "./central.service";

const shared = setupTestSystem();
const db = () => shared().handle.db;

let sindico: Awaited<ReturnType<typeof createTenantWithMember>>;
let place: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let other: Awaited<ReturnType<typeof createCondominioWithUnidade>>;

beforeAll(async () => {
  sindico = await createTenantWithMember(shared(), { role: "sindico" });
  place = await createCondominioWithUnidade(shared(), sindico.org.id, { nome: "Residencial Pacotes", codigo: "101" });
  other = await createCondominioWithUnidade(shared(), sindico.org.id, { nome: "Residencial Vizinho", codigo: "202" });
});

/** An operador of the tenant, covering these condominiums (none: all of them). */
async function operador(cobre: string[] = []) {
  const m = await addSignedInMember(shared(), sindico.org.id, "operador");
  if (cobre.length > 0) {
    const [row] = await db()
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, sindico.org.id), eq(member.userId, m.user.id)));
    await db()
      .insert(membroCondominios)
      .values(cobre.map((condominioId) => ({ organizationId: sindico.org.id, memberId: row!.id, condominioId })));
  }
  return m;
}

type Fila = { itens: { id: string; tipo: string; encomenda_id: string | null; [k: string]: unknown }[] };
const fila = async (who: { api: typeof sindico.api }) => {
  const res = await who.api.get("/api/central");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Fila;
};
const itemOf = async (who: { api: typeof sindico.api }, encomendaId: string, tipo: string) =>
  (await fila(who)).itens.find((i) => i.encomenda_id === encomendaId && i.tipo === tipo);

/** What the attendant records when a delivery person says "entrega dos Correios para o 101". */
async function recordedByAttendant(transportadora: "correios" | "outra" = "correios", conversaId?: string) {
  const unidade = place.unidade;
  const { ids } = await db().transaction((tx) =>
    receiveInTx(
      tx,
      { organizationId: sindico.org.id, userId: null, audit: { ...SYSTEM_ACTOR, nome: "Atendente virtual" } },
      {
        condominio_id: unidade.condominioId,
        unidade_id: unidade.id,
        destinatario_pessoa_id: null,
        itens: [
          {
            transportadora,
            transportadora_outra: transportadora === "outra" ? "Não informada" : null,
            rastreio: null,
            local: null,
            perecivel: false,
            observacoes: null,
          },
        ],
      },
      { id: unidade.id, codigo: unidade.codigo, torre: unidade.torre, condominioId: unidade.condominioId },
      { origem: "atendente", conversaId: conversaId ?? null },
    ),
  );
  return ids[0]!;
}

/** A perishable package a porteiro received at the gate (the residents are told at once). */
async function perishable(perecivel = true) {
  const res = await sindico.api.post("/api/encomendas", {
    json: {
      condominio_id: place.unidade.condominioId,
      unidade_id: place.unidade.id,
      itens: [{ transportadora: "amazon", perecivel }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.itens[0].id as string;
  const [row] = await db().select({ recebidaEm: encomendas.recebidaEm }).from(encomendas).where(eq(encomendas.id, id));
  return { id, recebidaEm: row!.recebidaEm.getTime() };
}

const minutes = (n: number) => n * 60_000;

describe("a package the attendant recorded", () => {
  it("enters the queue for those who cover its condominium, leading to the package's screen", async () => {
    const id = await recordedByAttendant();
    await syncCentral(db());
    await syncCentral(db());
    const rows = await db()
      .select()
      .from(centralItens)
      .where(eq(centralItens.origem, `encomenda:${id}`));
    expect(rows).toHaveLength(1);

    const cobre = await operador([place.unidade.condominioId]);
    const naoCobre = await operador([other.unidade.condominioId]);
    expect(await itemOf(cobre, id, "encomenda_a_confirmar")).toMatchObject({
      status: "aberto",
      titulo: "Encomenda para Torre A - Unidade 101 (Correios)",
      detalhe: "Registrada pelo atendente virtual. Confira a etiqueta e confirme.",
      condominio: { id: place.unidade.condominioId, nome: "Residencial Pacotes" },
      encomenda_id: id,
      solicitacao_id: null,
      foto_url: null,
    });
    expect(await itemOf(naoCobre, id, "encomenda_a_confirmar")).toBeUndefined();
    expect((await naoCobre.api.post(`/api/central/itens/${rows[0]!.id}/assumir`)).status).toBe(404);
  });

  it("resolves itself once a porteiro confirms it, naming who confirmed", async () => {
    // Told on the building's WhatsApp, at its gate.
    const [portao] = await db()
      .insert(portoes)
      .values({ organizationId: sindico.org.id, condominioId: place.unidade.condominioId, nome: "Portaria" })
      .returning({ id: portoes.id });
    const [conversa] = await db()
      .insert(atendenteConversas)
      .values({
        organizationId: sindico.org.id,
        condominioId: place.unidade.condominioId,
        portaoId: portao!.id,
        canal: "whatsapp",
        etapa: "concluida",
        resultado: "encomenda_registrada",
        estado: initialState(),
      })
      .returning({ id: atendenteConversas.id });
    const id = await recordedByAttendant("outra", conversa!.id);
    await syncCentral(db());
    const op = await operador();
    const item = await itemOf(op, id, "encomenda_a_confirmar");
    expect(item).toMatchObject({
      titulo: "Encomenda para Torre A - Unidade 101 (Não informada)",
      detalhe: "Registrada pelo atendente virtual (WhatsApp). Confira a etiqueta e confirme.",
      portao: { id: portao!.id, nome: "Portaria" },
      conversa_id: conversa!.id,
    });
    expect((await op.api.post(`/api/central/itens/${item!.id}/assumir`)).status).toBe(200);

    const confirmed = await op.api.post(`/api/encomendas/${id}/confirmar`, {
      json: { item: { transportadora: "shopee", perecivel: false } },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    await syncCentral(db());
    const [row] = await db().select().from(centralItens).where(eq(centralItens.id, item!.id));
    expect(row).toMatchObject({ status: "resolvido", desfecho: "na_origem", resolvidoPorUserId: op.user.id });
    expect((await fila(op)).itens.map((i) => i.id)).not.toContain(item!.id);
  });

  it("resolves itself when returned; what an operator resolved by hand is not opened again", async () => {
    const returned = await recordedByAttendant();
    await syncCentral(db());
    const op = await operador();
    const first = await itemOf(op, returned, "encomenda_a_confirmar");
    const devolver = await op.api.post(`/api/encomendas/${returned}/devolver`, {
      json: { motivo: "Entregador levou de volta" },
    });
    expect(devolver.status, JSON.stringify(devolver.body)).toBe(200);
    await syncCentral(db());
    expect((await db().select().from(centralItens).where(eq(centralItens.id, first!.id)))[0]).toMatchObject({
      status: "resolvido",
      desfecho: "na_origem",
    });

    const kept = await recordedByAttendant();
    await syncCentral(db());
    const second = await itemOf(op, kept, "encomenda_a_confirmar");
    expect((await op.api.post(`/api/central/itens/${second!.id}/assumir`)).status).toBe(200);
    const done = await op.api.post(`/api/central/itens/${second!.id}/resolver`, {
      json: { desfecho: "sem_acao", nota: "Porteiro confere pela manhã" },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await syncCentral(db());
    expect(await itemOf(op, kept, "encomenda_a_confirmar")).toBeUndefined();
    expect(
      await db()
        .select()
        .from(centralItens)
        .where(and(eq(centralItens.origem, `encomenda:${kept}`), eq(centralItens.status, "aberto"))),
    ).toEqual([]);
  });
});

describe("a perishable package nobody acknowledged", () => {
  it("is reported after an hour waiting and resolves itself when a resident says 'ciente'", async () => {
    const { id, recebidaEm } = await perishable();
    const { id: plain, recebidaEm: plainAt } = await perishable(false);
    await syncCentral(db(), new Date(recebidaEm + minutes(59)));
    const op = await operador();
    expect(await itemOf(op, id, "encomenda_perecivel")).toBeUndefined();

    await syncCentral(db(), new Date(Math.max(recebidaEm, plainAt) + minutes(61)));
    const item = await itemOf(op, id, "encomenda_perecivel");
    expect(item).toMatchObject({
      status: "aberto",
      titulo: "Perecível para Torre A - Unidade 101 (Amazon)",
      detalhe: "Nenhum morador deu ciente em 60 minutos. Avise a unidade.",
      encomenda_id: id,
      criado_em: new Date(recebidaEm + minutes(60)).toISOString(),
    });
    // A package that is not perishable waits without the central.
    expect(await itemOf(op, plain, "encomenda_perecivel")).toBeUndefined();

    const morador = await addSignedInMorador(shared(), sindico.org.id, place.unidade);
    const ciente = await morador.api.post(`/api/encomendas/${id}/ciente`);
    expect(ciente.status, JSON.stringify(ciente.body)).toBe(200);
    await syncCentral(db(), new Date(recebidaEm + minutes(62)));
    const [row] = await db().select().from(centralItens).where(eq(centralItens.id, item!.id));
    expect(row).toMatchObject({ status: "resolvido", desfecho: "na_origem", resolvidoPorUserId: morador.user.id });
    expect(await itemOf(op, id, "encomenda_perecivel")).toBeUndefined();
  });

  it("resolves itself when collected", async () => {
    const { id, recebidaEm } = await perishable();
    await syncCentral(db(), new Date(recebidaEm + minutes(90)));
    const op = await operador();
    const item = await itemOf(op, id, "encomenda_perecivel");
    expect(item).toBeDefined();

    const retirada = await op.api.post("/api/encomendas/retiradas", {
      json: {
        condominio_id: place.unidade.condominioId,
        encomenda_ids: [id],
        metodo: "sem_codigo",
        motivo: "Morador desceu sem o celular",
        retirada_por: { nome: "Vizinha do 102" },
      },
    });
    expect(retirada.status, JSON.stringify(retirada.body)).toBe(200);
    await syncCentral(db(), new Date(recebidaEm + minutes(91)));
    const [row] = await db().select().from(centralItens).where(eq(centralItens.id, item!.id));
    expect(row).toMatchObject({ status: "resolvido", desfecho: "na_origem", resolvidoPorUserId: op.user.id });
  });
});
