/**
 * The operators' central (docs/decisions/042-operators-central.md) through its API: what enters the
 * queue and for whom, claiming under a race, who may release and resolve, items that resolve
 * themselves when their cause is settled elsewhere, SLA escalation on a controllable clock, the
 * operators' presence, and the refusals.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";
import { initialState } from "../../attendant/engine/policy";
import {
  atendenteConversas,
  centralItens,
  member,
  membroCondominios,
  operadorPresencas,
  portoes,
  solicitacoesAcesso,
  totens,
  webhookAssinaturas,
  webhookEntregas,
} from "../../db/schema";
import { syncCentral } from "./central.service";

const shared = setupTestSystem();
const db = () => shared().handle.db;

let sindico: Awaited<ReturnType<typeof createTenantWithMember>>;
let place: { unidade: { id: string; condominioId: string } };
let other: { unidade: { id: string; condominioId: string } };

beforeAll(async () => {
  sindico = await createTenantWithMember(shared(), { role: "sindico" });
  place = await createCondominioWithUnidade(shared(), sindico.org.id, { nome: "Residencial Central", codigo: "101" });
  other = await createCondominioWithUnidade(shared(), sindico.org.id, { nome: "Residencial Outro", codigo: "202" });
});

/** An operador of the tenant, covering these condominiums (none: all of them). */
async function operador(cobre: string[] = [], role: "operador" | "porteiro" = "operador") {
  const m = await addSignedInMember(shared(), sindico.org.id, role);
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

/** A visitor the attendant handed over to a person, at the condominium's kiosk. */
async function handOver(nome = "Visitante Transferido") {
  const res = await sindico.api.post("/api/solicitacoes", {
    json: { condominio_id: place.unidade.condominioId, unidade_id: place.unidade.id, nome_visitante: nome },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [conversa] = await db()
    .insert(atendenteConversas)
    .values({
      organizationId: sindico.org.id,
      condominioId: place.unidade.condominioId,
      canal: "totem",
      etapa: "com_porteiro",
      estado: initialState(),
      solicitacaoId: res.body.id,
    })
    .returning({ id: atendenteConversas.id });
  await syncCentral(db());
  const [item] = await db().select().from(centralItens).where(eq(centralItens.conversaId, conversa!.id));
  expect(item).toBeDefined();
  return { itemId: item!.id, solicitacaoId: res.body.id as string, conversaId: conversa!.id };
}

const fila = async (who: { api: typeof sindico.api }) => {
  const res = await who.api.get("/api/central");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    itens: { id: string; [k: string]: unknown }[];
    operadores: { user_id: string; status: string }[];
  };
};

describe("the central's queue", () => {
  it("a hand-over enters the queue once, named from its request, for those who cover its condominium", async () => {
    const { itemId, solicitacaoId } = await handOver("Maria da Central");
    await syncCentral(db());
    expect(await db().select().from(centralItens).where(eq(centralItens.solicitacaoId, solicitacaoId))).toHaveLength(1);

    const cobre = await operador([place.unidade.condominioId]);
    const naoCobre = await operador([other.unidade.condominioId]);
    const item = (await fila(cobre)).itens.find((i) => i.id === itemId);
    expect(item).toMatchObject({
      tipo: "atendimento",
      status: "aberto",
      titulo: "Maria da Central para Torre A - Unidade 101",
      condominio: { id: place.unidade.condominioId, nome: "Residencial Central" },
      solicitacao_id: solicitacaoId,
      assumido_por: null,
      escalado: false,
    });
    expect((await fila(naoCobre)).itens.map((i) => i.id)).not.toContain(itemId);
    expect((await naoCobre.api.post(`/api/central/itens/${itemId}/assumir`)).status).toBe(404);

    const morador = await addSignedInMorador(shared(), sindico.org.id, place.unidade);
    expect((await morador.api.get("/api/central")).status).toBe(403);
    const outroTenant = await createTenantWithMember(shared(), { role: "owner" });
    expect((await outroTenant.api.post(`/api/central/itens/${itemId}/assumir`)).status).toBe(404);
  });

  it("twenty operators claiming at once: exactly one wins, the others are told who has it", async () => {
    const { itemId } = await handOver();
    const ops = await Promise.all(Array.from({ length: 20 }, () => operador()));
    const answers = await Promise.all(ops.map((o) => o.api.post(`/api/central/itens/${itemId}/assumir`)));
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    const winner = ops[answers.indexOf(winners[0]!)]!;
    const losers = answers.filter((a) => a.status !== 200);
    expect(new Set(losers.map((a) => a.status))).toEqual(new Set([409]));
    const [row] = await db().select().from(centralItens).where(eq(centralItens.id, itemId));
    expect(row).toMatchObject({ status: "assumido", assumidoPorUserId: winner.user.id });
    for (const a of losers) expect(a.body.error.message).toMatch(/^Este item já está com .+\.$/);
    // Claiming one's own again changes nothing.
    expect((await winner.api.post(`/api/central/itens/${itemId}/assumir`)).status).toBe(200);
  });

  it("only the holder or a supervisor releases or resolves; a resolved item leaves the queue", async () => {
    const { itemId } = await handOver();
    const a = await operador();
    const b = await operador();
    expect(
      (await b.api.post(`/api/central/itens/${itemId}/resolver`, { json: { desfecho: "resolvido" } })).status,
    ).toBe(409);
    expect((await a.api.post(`/api/central/itens/${itemId}/assumir`)).status).toBe(200);
    expect((await b.api.post(`/api/central/itens/${itemId}/liberar`)).status).toBe(403);
    const bad = await a.api.post(`/api/central/itens/${itemId}/resolver`, { json: { desfecho: "talvez" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Escolha como o item foi resolvido");
    expect((await db().select().from(centralItens).where(eq(centralItens.id, itemId)))[0]?.status).toBe("assumido");

    const released = await a.api.post(`/api/central/itens/${itemId}/liberar`);
    expect(released.body).toMatchObject({ status: "aberto", assumido_por: null });
    expect((await b.api.post(`/api/central/itens/${itemId}/assumir`)).status).toBe(200);
    // A supervisor may resolve anyone's item.
    const done = await sindico.api.post(`/api/central/itens/${itemId}/resolver`, {
      json: { desfecho: "sem_acao", nota: "Visitante foi embora" },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: "resolvido", desfecho: "sem_acao", nota: "Visitante foi embora" });
    expect((await fila(a)).itens.map((i) => i.id)).not.toContain(itemId);
    expect((await a.api.post(`/api/central/itens/${itemId}/assumir`)).body.error.message).toBe(
      "Este item já foi resolvido.",
    );
    // The conversation still says "com_porteiro": what a person resolved is not opened again.
    await syncCentral(db());
    const [row] = await db().select().from(centralItens).where(eq(centralItens.id, itemId));
    expect(
      await db()
        .select()
        .from(centralItens)
        .where(and(eq(centralItens.origem, row!.origem), eq(centralItens.status, "aberto"))),
    ).toEqual([]);
  });

  it("authorising the request on its own screen resolves the item with that decision and decider", async () => {
    const { itemId, solicitacaoId } = await handOver();
    const a = await operador();
    expect((await a.api.post(`/api/central/itens/${itemId}/assumir`)).status).toBe(200);
    expect((await a.api.post(`/api/solicitacoes/${solicitacaoId}/autorizar`, { json: {} })).status).toBe(200);
    await syncCentral(db());
    const [row] = await db().select().from(centralItens).where(eq(centralItens.id, itemId));
    expect(row).toMatchObject({ status: "resolvido", desfecho: "autorizado", resolvidoPorUserId: a.user.id });
    expect((await fila(a)).itens.map((i) => i.id)).not.toContain(itemId);
  });

  it("an item unclaimed past its SLA escalates; the SLA is set by a supervisor, within bounds", async () => {
    const { itemId } = await handOver();
    const [row] = await db().select().from(centralItens).where(eq(centralItens.id, itemId));
    const born = row!.criadoEm.getTime();
    await syncCentral(db(), new Date(born + 29_000));
    expect((await db().select().from(centralItens).where(eq(centralItens.id, itemId)))[0]?.escaladoEm).toBeNull();
    await syncCentral(db(), new Date(born + 31_000));
    expect((await db().select().from(centralItens).where(eq(centralItens.id, itemId)))[0]?.escaladoEm).not.toBeNull();

    const res = await sindico.api.put(`/api/central/sla/${place.unidade.condominioId}`, {
      json: { sla_assumir_segundos: 2, sla_resolver_segundos: 30 },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("pelo menos 5 segundos");
    const porteiro = await operador([], "porteiro");
    expect(
      (
        await porteiro.api.put(`/api/central/sla/${place.unidade.condominioId}`, {
          json: { sla_assumir_segundos: 10, sla_resolver_segundos: 60 },
        })
      ).status,
    ).toBe(403);
  });

  it("requests past the wait, residents who did not answer, silent kiosks, refused gate commands", async () => {
    // A unit with a resident to ask: the request waits for them (one with nobody to ask is "sem resposta" at once).
    const waiting = await createCondominioWithUnidade(shared(), sindico.org.id, { nome: "Residencial Espera" });
    await addSignedInMorador(shared(), sindico.org.id, waiting.unidade);
    const created = await sindico.api.post("/api/solicitacoes", {
      json: { condominio_id: waiting.unidade.condominioId, unidade_id: waiting.unidade.id, nome_visitante: "Atrasado" },
    });
    const solicitacaoId = created.body.id as string;
    // Within the wait (60 s): nothing; after it, an item.
    const origem = `solicitacao:${solicitacaoId}`;
    await syncCentral(db());
    expect(await db().select().from(centralItens).where(eq(centralItens.origem, origem))).toHaveLength(0);
    await syncCentral(db(), new Date(Date.now() + 61_000));
    expect((await db().select().from(centralItens).where(eq(centralItens.origem, origem)))[0]?.tipo).toBe(
      "solicitacao_atrasada",
    );
    await db()
      .update(solicitacoesAcesso)
      .set({ semRespostaMoradoresEm: new Date() })
      .where(eq(solicitacoesAcesso.id, solicitacaoId));
    await syncCentral(db(), new Date(Date.now() + 62_000));
    expect((await db().select().from(centralItens).where(eq(centralItens.origem, origem)))[0]?.tipo).toBe(
      "morador_sem_resposta",
    );

    const [portao] = await db()
      .insert(portoes)
      .values({ organizationId: sindico.org.id, condominioId: other.unidade.condominioId, nome: "Portão Central" })
      .returning({ id: portoes.id });
    const [totem] = await db()
      .insert(totens)
      .values({
        organizationId: sindico.org.id,
        condominioId: other.unidade.condominioId,
        portaoId: portao!.id,
        nome: "Totem da Entrada",
        pareadoEm: new Date(Date.now() - 3_600_000),
        ultimoContatoEm: new Date(Date.now() - 10 * 60_000),
      })
      .returning({ id: totens.id });
    await syncCentral(db());
    const [silent] = await db()
      .select()
      .from(centralItens)
      .where(eq(centralItens.origem, `totem:${totem!.id}`));
    expect(silent).toMatchObject({ tipo: "dispositivo_silencioso", status: "aberto", portaoId: portao!.id });
    const listed = (await fila(sindico)).itens.find((i) => i.id === silent!.id);
    expect(listed).toMatchObject({
      titulo: "Totem Totem da Entrada sem comunicação",
      portao: { id: portao!.id, nome: "Portão Central" },
    });
    await db().update(totens).set({ ultimoContatoEm: new Date() }).where(eq(totens.id, totem!.id));
    await syncCentral(db());
    expect((await db().select().from(centralItens).where(eq(centralItens.id, silent!.id)))[0]).toMatchObject({
      status: "resolvido",
      desfecho: "na_origem",
    });

    const [assinatura] = await db()
      .insert(webhookAssinaturas)
      .values({
        organizationId: sindico.org.id,
        url: "https://controlador.example/portao",
        eventos: ["portao.abrir"],
        segredo: "s".repeat(40),
      } as typeof webhookAssinaturas.$inferInsert)
      .returning({ id: webhookAssinaturas.id });
    const corpo = JSON.stringify({ dados: { portao: { id: null, condominio_id: other.unidade.condominioId } } });
    const [entrega] = await db()
      .insert(webhookEntregas)
      .values({
        organizationId: sindico.org.id,
        assinaturaId: assinatura!.id,
        eventoId: 999_999,
        tipo: "portao.abrir",
        corpo,
        status: "pendente",
        tentativas: 2,
        ultimoStatusHttp: 503,
        tentarAte: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: webhookEntregas.id });
    await syncCentral(db());
    const [comando] = await db()
      .select()
      .from(centralItens)
      .where(eq(centralItens.origem, `entrega:${entrega!.id}`));
    expect(comando).toMatchObject({ tipo: "comando_falhou", status: "aberto" });
    expect((await fila(sindico)).itens.find((i) => i.id === comando!.id)?.detalhe).toBe(
      "O controlador respondeu HTTP 503.",
    );
  });

  it("a gate refusing PINs after too many wrong ones puts one item in the queue", async () => {
    const lugar = await createCondominioWithUnidade(shared(), sindico.org.id, { nome: "Residencial PIN" });
    const porteiro = await operador([], "porteiro");
    let refused = 0;
    // Wrong PINs until the gate refuses twice (the validator's budget is spent after about ten).
    for (let i = 0; i < 40 && refused < 2; i++) {
      const res = await porteiro.api.post("/api/portaria/validacoes", {
        json: { condominio_id: lugar.unidade.condominioId, pin: String(100000 + i) },
      });
      if (res.status === 429) refused++;
    }
    expect(refused).toBe(2);
    const items = await db()
      .select()
      .from(centralItens)
      .where(eq(centralItens.origem, `pin:${lugar.unidade.condominioId}`));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ tipo: "pin_bloqueado", status: "aberto" });
    expect((await fila(sindico)).itens.find((i) => i.id === items[0]!.id)?.titulo).toBe("PINs incorretos demais");
  });

  it("presence: disponível, em atendimento while holding an item, pausa, and offline when the screen is gone", async () => {
    const a = await operador();
    expect((await a.api.put("/api/central/presenca", { json: { status: "disponivel" } })).body).toEqual({
      status: "disponivel",
    });
    const statusOf = async () => (await fila(sindico)).operadores.find((o) => o.user_id === a.user.id)?.status;
    expect(await statusOf()).toBe("disponivel");
    const { itemId } = await handOver();
    await a.api.post(`/api/central/itens/${itemId}/assumir`);
    expect(await statusOf()).toBe("em_atendimento");
    await a.api.put("/api/central/presenca", { json: { status: "pausa" } });
    expect(await statusOf()).toBe("pausa");
    await db()
      .update(operadorPresencas)
      .set({ vistoEm: sql`now() - interval '3 minutes'` })
      .where(eq(operadorPresencas.userId, a.user.id));
    expect(await statusOf()).toBe("offline");
    expect((await a.api.put("/api/central/presenca", { json: { status: "ausente" } })).status).toBe(400);
  });
});
