/**
 * A party guest at the gate through the virtual attendant (docs/decisions/044-common-area-bookings.md):
 * "vim para a festa do 101" and a name on the list of a confirmed booking of the unit, open now, opens
 * the gate without calling anyone and registers the guest's entry; anyone else is handled as any
 * visitor (the residents are asked), and the list is never read out.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { acessos, areasComuns, reservaConvidados, reservas, webhookEntregas } from "@/server/db/schema";
import { attendantWorld } from "../../../../tests/support/attendant-world";
import { addUnidade, createApiKeyClient } from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";

const system = setupTestSystem();
const db = () => system().handle.db;

type World = Awaited<ReturnType<typeof world>>;
let w: World;

const HOUR = 3_600_000;
const ALL_DAY = Array.from({ length: 7 }, () => ({ abre: "00:00", fecha: "23:59" }));

async function area(nome: string) {
  const [row] = await db()
    .insert(areasComuns)
    .values({
      organizationId: w.sindico.org.id,
      condominioId: w.condo.condominio.id,
      nome,
      horarios: ALL_DAY,
    })
    .returning();
  return row!;
}

/** A booking of the unit with its guests, straight in the tables (the bookings API is another module's). */
async function booking(
  unidadeId: string,
  areaId: string,
  inicio: Date,
  fim: Date,
  convidados: string[],
  status = "confirmada",
) {
  const [r] = await db()
    .insert(reservas)
    .values({
      organizationId: w.sindico.org.id,
      condominioId: w.condo.condominio.id,
      areaId,
      unidadeId,
      inicio,
      fim,
      data: inicio.toISOString().slice(0, 10),
      bloqueioFim: fim,
      status,
      regrasAceitasEm: new Date(),
    })
    .returning();
  const guests = await db()
    .insert(reservaConvidados)
    .values(
      convidados.map((nome) => ({
        organizationId: w.sindico.org.id,
        condominioId: w.condo.condominio.id,
        reservaId: r!.id,
        nome,
      })),
    )
    .returning();
  return { reserva: r!, guests };
}

async function world() {
  const base = await attendantWorld(system(), "Residencial da Festa");
  const { api } = await createApiKeyClient(system(), base.sindico.cookie, "Interfone do portão");
  return { ...base, api };
}

beforeAll(async () => {
  w = await world();
  const now = Date.now();
  const salao = await area("Salão de festas");
  const churrasqueira = await area("Churrasqueira");
  const quadra = await area("Quadra");
  // Today, covering now: the 101 of Torre A's party in the Salão de festas.
  await booking(w.condo.unidade.id, salao.id, new Date(now - HOUR), new Date(now + 3 * HOUR), [
    "Ana Paula Souza",
    "Bruno Teixeira",
    "Júlia Fernandes Costa",
    "Júlia Ramos",
  ]);
  // Later today: the list opens only 30 minutes before the start.
  await booking(w.condo.unidade.id, churrasqueira.id, new Date(now + 2 * HOUR), new Date(now + 5 * HOUR), [
    "Otávio Mesquita",
  ]);
  // Another unit's party, open now.
  const a202 = await addUnidade(system(), w.sindico.org.id, w.condo.condominio.id, "202", "Torre A");
  await booking(a202.id, quadra.id, new Date(now - HOUR), new Date(now + 2 * HOUR), ["Roberto Dias"]);
  // A booking still pending approval does not let anyone in.
  await booking(
    w.b101.id,
    churrasqueira.id,
    new Date(now - HOUR),
    new Date(now + HOUR),
    ["Paulo Pendente"],
    "pendente",
  );
});

async function open() {
  const res = await w.api.post("/api/v1/atendente/conversas", {
    json: { condominio_id: w.condo.condominio.id, portao_id: w.gate.id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

async function say(id: string, texto: string) {
  const res = await w.api.post(`/api/v1/atendente/conversas/${id}/mensagens`, { json: { texto } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { mensagens: { autor: string; texto: string }[]; estado: Record<string, unknown> };
}

const reply = (turn: { mensagens: { texto: string }[] }) => turn.mensagens.map((m) => m.texto).join(" ");

async function entriesNamed(nome: string) {
  return db()
    .select({ origem: acessos.origem, unidadeId: acessos.unidadeId, reservaConvidadoId: acessos.reservaConvidadoId })
    .from(acessos)
    .where(and(eq(acessos.organizationId, w.sindico.org.id), eq(acessos.nome, nome)));
}

async function gateCommands() {
  const rows = await db()
    .select({ corpo: webhookEntregas.corpo })
    .from(webhookEntregas)
    .where(and(eq(webhookEntregas.organizationId, w.sindico.org.id), eq(webhookEntregas.tipo, "portao.abrir")));
  return rows.map((r) => JSON.parse(r.corpo) as { dados: Record<string, { id?: string; nome?: string }> });
}

async function requestCount() {
  const res = await w.sindico.api.get(`/api/solicitacoes?condominio_id=${w.condo.condominio.id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { total: number }).total;
}

describe("a party guest at the gate", () => {
  it("on the list of today's confirmed booking: named back, the gate opens, no resident is called", async () => {
    const requestsBefore = await requestCount();
    const commandsBefore = (await gateCommands()).length;
    const c = await open();
    const asked = await say(c.id, "vim para a festa do 101");
    // The tower is not asked: the list tells which booking it is.
    expect(reply(asked)).toBe("Qual é o seu nome completo?");
    const done = await say(c.id, "Ana Paula");
    expect(reply(done)).toBe(
      "Um momento, vou verificar a lista de convidados. Encontrei Ana Paula Souza na lista da festa do 101 da Torre A (Salão de festas). Pode entrar!",
    );
    expect(done.estado).toMatchObject({
      etapa: "concluida",
      resultado: "convidado_liberado",
      unidade_id: w.condo.unidade.id,
      nome_visitante: "Ana Paula Souza",
      solicitacao_id: null,
    });

    const [entry, ...more] = await entriesNamed("Ana Paula Souza");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ origem: "reserva", unidadeId: w.condo.unidade.id });
    expect(entry!.reservaConvidadoId).not.toBeNull();
    const inside = await w.sindico.api.get(`/api/acessos?condominio_id=${w.condo.condominio.id}&presentes=true`);
    expect(inside.body.items).toContainEqual(expect.objectContaining({ nome: "Ana Paula Souza", origem: "reserva" }));

    // The gate command names the conversation's gate and the entry it recorded.
    const commands = await gateCommands();
    expect(commands.length).toBe(commandsBefore + 1);
    expect(commands.at(-1)!.dados.portao).toMatchObject({ id: w.gate.id, nome: "Portaria" });
    expect(commands.at(-1)!.dados.unidade).toMatchObject({ id: w.condo.unidade.id });
    expect(JSON.stringify(commands.at(-1))).not.toContain("Ana Paula");
    expect(await requestCount()).toBe(requestsBefore);
  });

  it("said in one go with accents off and another phrasing, the full name found", async () => {
    const c = await open();
    const done = await say(c.id, "sou o bruno teixeira, convidado do aniversario no salao, apartamento 101 torre a");
    expect(reply(done)).toMatch(/Encontrei Bruno Teixeira na lista da festa do 101 da Torre A \(Salão de festas\)/);
    expect(done.estado).toMatchObject({ etapa: "concluida", resultado: "convidado_liberado" });
    expect(await entriesNamed("Bruno Teixeira")).toHaveLength(1);
  });

  it("a name that fits two guests: the full name is asked, never the list", async () => {
    const c = await open();
    await say(c.id, "vim pro churrasco do 101");
    const asked = await say(c.id, "Júlia");
    expect(reply(asked)).toBe(
      "Um momento, vou verificar a lista de convidados. Preciso do seu nome completo para encontrar você na lista. Qual é o seu nome completo?",
    );
    expect(reply(asked)).not.toMatch(/Ramos|Fernandes/);
    const done = await say(c.id, "Julia Ramos");
    expect(reply(done)).toMatch(/Encontrei Júlia Ramos na lista/);
    expect(await entriesNamed("Júlia Ramos")).toHaveLength(1);
  });

  it("a name not on the list: told so politely, and the residents are asked as for any visitor", async () => {
    const requestsBefore = await requestCount();
    const c = await open();
    await say(c.id, "festa da Maria no 101");
    const fallback = await say(c.id, "Carla Dias");
    expect(reply(fallback)).toContain("Não encontrei seu nome na lista da festa. Vou chamar o morador.");
    expect(reply(fallback)).toMatch(/Temos o 101 na Torre A e na Torre B\. Qual delas\?/);
    const confirm = await say(c.id, "Torre A");
    expect(reply(confirm)).toBe("Confirmando: Carla Dias para o apartamento 101 da Torre A, visita. Está certo?");
    const waiting = await say(c.id, "sim");
    expect(waiting.estado).toMatchObject({ etapa: "aguardando_morador", tipo: "visitante" });
    expect(await requestCount()).toBe(requestsBefore + 1);
    expect(await entriesNamed("Carla Dias")).toEqual([]);
  });

  it("a guest of a party that starts later: the list is not open yet, so the residents are asked", async () => {
    const c = await open();
    await say(c.id, "vim para a festa do 101 da Torre A");
    const fallback = await say(c.id, "Otávio Mesquita");
    expect(reply(fallback)).toBe(
      "Um momento, vou verificar a lista de convidados. Não encontrei seu nome na lista da festa. Vou chamar o morador. Confirmando: Otávio Mesquita para o apartamento 101 da Torre A, visita. Está certo?",
    );
    expect(await entriesNamed("Otávio Mesquita")).toEqual([]);
  });

  it("another unit's list is not used, nor a booking still pending", async () => {
    const c = await open();
    await say(c.id, "vim para a festa do 101");
    const other = await say(c.id, "Roberto Dias");
    expect(reply(other)).toContain("Não encontrei seu nome na lista da festa.");
    expect(await entriesNamed("Roberto Dias")).toEqual([]);

    const d = await open();
    await say(d.id, "vim para o aniversário no 101 da Torre B");
    const pending = await say(d.id, "Paulo Pendente");
    expect(reply(pending)).toContain("Não encontrei seu nome na lista da festa.");
    expect(await entriesNamed("Paulo Pendente")).toEqual([]);
  });

  it("a guest already inside is not let in twice on the same name", async () => {
    const c = await open();
    await say(c.id, "vim para a festa do 101");
    const again = await say(c.id, "Ana Paula Souza");
    expect(reply(again)).toContain("Não encontrei seu nome na lista da festa.");
    expect(await entriesNamed("Ana Paula Souza")).toHaveLength(1);
  });
});
