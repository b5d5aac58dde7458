/**
 * Reaching the residents (docs/product.md, "Resident link"): a new request reaches the unit's residents in
 * calling order through the (demo) channels, each with a personal link; opening the link never decides, the
 * confirmation's POST does, once; escalation reaches the next resident after the condominium's wait, exactly
 * once, and marks "Sem resposta dos moradores" when nobody is left.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { condominios, notificacoes, pessoas, solicitacoesAcesso, unidadeMoradores } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { channelsOf } from "@/server/notifications/channels";
import type { CanalNotificacao, NotificationChannel, ResidentMessage } from "@/server/notifications/channels/channel";
import { deliverDueNotifications } from "@/server/notifications/deliver";
import { escalateDue } from "@/server/notifications/outreach";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../tests/support/factories";
import { client } from "../../../tests/support/http";
import { describeOnPostgres } from "../../../tests/support/postgres-only";
import { setupTestSystem, TEST_ORIGIN, testSystemOptions } from "../../../tests/support/system";

const system = setupTestSystem();

/**
 * Providers that record what they would send: these tenants are not the demo tenant, and without
 * keys their channels would be off (channel-off.api.test.ts covers that and the demo channel).
 */
const sent: (ResidentMessage & { canal: CanalNotificacao })[] = [];
const recording = (canal: CanalNotificacao): NotificationChannel => ({
  canal,
  demo: false,
  async send(message) {
    sent.push({ ...message, canal });
    return { providerMessageId: null };
  },
});
const providers = channelsOf({ whatsapp: recording("whatsapp"), sms: recording("sms"), email: recording("email") });
const deliverDue = () =>
  deliverDueNotifications({
    db: system().handle.db,
    channels: providers,
    linkBase: TEST_ORIGIN,
    logger: pino({ level: "silent" }),
  });

async function addResident(
  organizationId: string,
  unidade: { id: string; condominioId: string },
  nome: string,
  contact: { telefone?: string; email?: string; canal?: "whatsapp" | "sms" | "email" },
  responsavel = false,
) {
  const db = system().handle.db;
  const [p] = await db
    .insert(pessoas)
    .values({
      organizationId,
      condominioId: unidade.condominioId,
      nome,
      telefoneE164: contact.telefone ?? null,
      email: contact.email ?? null,
      canalPreferido: contact.canal ?? null,
      busca: buildSearchText([nome]),
    })
    .returning();
  await db.insert(unidadeMoradores).values({
    organizationId,
    condominioId: unidade.condominioId,
    unidadeId: unidade.id,
    pessoaId: p!.id,
    isResponsavel: responsavel,
  });
  return p!;
}

async function building(opts: { todos?: boolean } = {}) {
  const porteiro = await createTenantWithMember(system(), { role: "porteiro" });
  const { condominio, unidade } = await createCondominioWithUnidade(system(), porteiro.org.id);
  if (opts.todos) {
    await system()
      .handle.db.update(condominios)
      .set({ notificarTodosMoradores: true })
      .where(eq(condominios.id, condominio.id));
  }
  const bruno = await addResident(porteiro.org.id, unidade, "Bruno Lima", { telefone: "+5511988887777", canal: "sms" });
  const ana = await addResident(porteiro.org.id, unidade, "Ana Souza", { telefone: "+5511999998888" }, true);
  return { porteiro, condominio, unidade, ana, bruno };
}

async function createRequest(b: Awaited<ReturnType<typeof building>>, nome = "Carlos Entregador") {
  const res = await b.porteiro.api.post("/api/solicitacoes", {
    json: { condominio_id: b.condominio.id, unidade_id: b.unidade.id, nome_visitante: nome, motivo: "Entrega" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

const messagesOf = (solicitacaoId: string) =>
  system()
    .handle.db.select()
    .from(notificacoes)
    .where(eq(notificacoes.solicitacaoId, solicitacaoId))
    .orderBy(asc(notificacoes.ordem));

/** The link the provider was given for this message (the latest message to its address). */
async function linkOf(solicitacaoId: string, ordem: number) {
  const rows = await messagesOf(solicitacaoId);
  const row = rows.find((r) => r.ordem === ordem)!;
  const message = sent.findLast((m) => m.to === row.destino && m.canal === row.canal);
  expect(message, `nada enviado a ${row.destino}`).toBeDefined();
  expect(message!.link).toMatch(/^https?:\/\/\S+\/r\/[A-Za-z0-9_-]{43}$/);
  return new URL(message!.link).pathname;
}

const browser = () => client(system());
const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
});

describe("reaching the residents", () => {
  it("sends the first resident in calling order a WhatsApp message with a personal link", async () => {
    const b = await building();
    const s = await createRequest(b);
    let rows = await messagesOf(s.id);
    expect(rows).toEqual([
      expect.objectContaining({ pessoaNome: "Ana Souza", ordem: 0, canal: "whatsapp", status: "pendente" }),
    ]);
    await deliverDue();
    rows = await messagesOf(s.id);
    expect(rows[0]).toMatchObject({ status: "enviada", demo: false, destino: "+5511999998888", mensagem: null });
    expect(sent.at(-1)).toMatchObject({ canal: "whatsapp", to: "+5511999998888", visitorName: "Carlos Entregador" });
    expect(sent.at(-1)!.link).toContain(`${TEST_ORIGIN}/r/`);
    // Only a hash of the token is stored.
    const path = await linkOf(s.id, 0);
    const token = path.split("/").pop()!;
    expect(JSON.stringify(rows[0])).not.toContain(`"${token}"`);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("opening the link shows the visit and decides nothing; the confirmation's POST decides once, for the resident", async () => {
    const b = await building();
    const s = await createRequest(b);
    await deliverDue();
    const path = await linkOf(s.id, 0);

    const page = await browser().get(path, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Carlos Entregador");
    expect(page.body).toContain("Torre A - Unidade 101");
    expect(page.body).not.toMatch(/method="post"/i);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const confirm = await browser().get(`${path}?decisao=autorizado`, { headers: { accept: "text/html" } });
    expect(confirm.body).toMatch(/method="post"/i);
    const [pending] = await system().handle.db.select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, s.id));
    expect(pending!.status).toBe("pendente");
    const [opened] = await messagesOf(s.id);
    expect(opened!.abertaEm).not.toBeNull();

    const decided = await browser().post(path, form({ decisao: "autorizado", observacoes: "Pode subir" }));
    expect(decided.status).toBe(200);
    expect(decided.body).toContain("Entrada autorizada");
    const detail = await b.porteiro.api.get(`/api/solicitacoes/${s.id}`);
    expect(detail.body).toMatchObject({
      status: "autorizado",
      decidido_por_nome: "Ana Souza",
      decidido_por_pessoa_id: b.ana.id,
      observacoes: "Pode subir",
    });
    const [row] = await system().handle.db.select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, s.id));
    expect(row).toMatchObject({ decididoVia: "link", escalonamentoEm: null });

    // The same link again: it shows the outcome and decides nothing more.
    const again = await browser().post(path, form({ decisao: "negado" }));
    expect(again.body).toContain("Entrada autorizada");
    const [still] = await system().handle.db.select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, s.id));
    expect(still!.status).toBe("autorizado");
  });

  it("a refusal by link carries the resident's reason to the porteiro, and no note", async () => {
    const b = await building();
    const s = await createRequest(b);
    await deliverDue();
    const path = await linkOf(s.id, 0);
    const denied = await browser().post(
      path,
      form({ decisao: "negado", motivo_negacao: "Não estou esperando ninguém", observacoes: "ignorada" }),
    );
    expect(denied.body).toContain("Entrada negada");
    const detail = await b.porteiro.api.get(`/api/solicitacoes/${s.id}`);
    expect(detail.body).toMatchObject({
      status: "negado",
      decidido_por_nome: "Ana Souza",
      motivo_negacao: "Não estou esperando ninguém",
      observacoes: null,
    });
  });

  it("when someone else decided first, the link says who and when, and decides nothing", async () => {
    const b = await building({ todos: true });
    const s = await createRequest(b);
    await deliverDue();
    expect((await messagesOf(s.id)).map((r) => [r.pessoaNome, r.canal])).toEqual([
      ["Ana Souza", "whatsapp"],
      ["Bruno Lima", "sms"],
    ]);
    const anaLink = await linkOf(s.id, 0);
    const brunoLink = await linkOf(s.id, 1);
    await browser().post(anaLink, form({ decisao: "negado" }));
    const late = await browser().post(brunoLink, form({ decisao: "autorizado" }));
    expect(late.body).toMatch(/Já negada por Ana às \d{2}:\d{2}/);
    const [row] = await system().handle.db.select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, s.id));
    expect(row).toMatchObject({ status: "negado", decididoPorNome: "Ana Souza" });
    expect((await messagesOf(s.id)).every((r) => r.revogadoEm !== null)).toBe(true);
  });

  it("a porteiro's decision in the console revokes the links", async () => {
    const b = await building();
    const s = await createRequest(b);
    await deliverDue();
    const path = await linkOf(s.id, 0);
    await b.porteiro.api.post(`/api/solicitacoes/${s.id}/autorizar`, { json: {} });
    const res = await browser().post(path, form({ decisao: "negado" }));
    expect(res.body).toMatch(/Já autorizada por/);
    const [row] = await system().handle.db.select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, s.id));
    expect(row!.status).toBe("autorizado");
  });

  it("a wrong, malformed or expired token shows the invalid page, with no visit data, and decides nothing", async () => {
    const b = await building();
    const s = await createRequest(b, "Visitante Secreto");
    await deliverDue();
    const path = await linkOf(s.id, 0);
    for (const bad of ["/r/nao-existe", `/r/${"A".repeat(43)}`, `${path}x`]) {
      const res = await browser().get(bad, { headers: { accept: "text/html" } });
      expect(res.status, bad).toBe(404);
      expect(res.body).toContain("Link inválido ou expirado");
      expect(res.body).not.toContain("Visitante Secreto");
    }
    await system()
      .handle.db.update(notificacoes)
      .set({ tokenExpiraEm: sql`now() - interval '1 minute'` })
      .where(eq(notificacoes.solicitacaoId, s.id));
    const expired = await browser().post(path, form({ decisao: "autorizado" }));
    expect(expired.status).toBe(404);
    expect(expired.body).not.toContain("Visitante Secreto");
    const [row] = await system().handle.db.select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, s.id));
    expect(row!.status).toBe("pendente");
  });

  it("limits decisions per token", async () => {
    const b = await building();
    const s = await createRequest(b);
    await deliverDue();
    const path = await linkOf(s.id, 0);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await browser().post(path, form({ decisao: "x" }))).status);
    expect(statuses.slice(0, 10).every((st) => st === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("escalation", () => {
  it("reaches the second resident after the wait, exactly once, then marks the request without answer", async () => {
    const b = await building();
    const s = await createRequest(b);
    const [created] = await system().handle.db.select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, s.id));
    const t0 = created!.createdAt.getTime();
    const mine = () => messagesOf(s.id);

    await escalateDue(system().handle.db, new Date(t0 + 30_000));
    expect(await mine()).toHaveLength(1);

    // Two runs at the same instant (two instances): one step, not two.
    await Promise.all([
      escalateDue(system().handle.db, new Date(t0 + 61_000)),
      escalateDue(system().handle.db, new Date(t0 + 61_000)),
    ]);
    expect((await mine()).map((r) => r.pessoaNome)).toEqual(["Ana Souza", "Bruno Lima"]);
    await escalateDue(system().handle.db, new Date(t0 + 90_000));
    expect(await mine()).toHaveLength(2);

    await escalateDue(system().handle.db, new Date(t0 + 125_000));
    const [after] = await system().handle.db.select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, s.id));
    expect(after!.semRespostaMoradoresEm).not.toBeNull();
    expect(after!.escalonamentoEm).toBeNull();
    expect(after!.status).toBe("pendente");
    expect(await mine()).toHaveLength(2);
  });

  it("a unit without reachable residents is without answer from the start", async () => {
    const b = await building();
    const { unidade: empty } = await createCondominioWithUnidade(system(), b.porteiro.org.id, {
      codigo: "202",
      nome: "Vazio",
    });
    const res = await b.porteiro.api.post("/api/solicitacoes", {
      json: { condominio_id: empty.condominioId, unidade_id: empty.id, nome_visitante: "Ninguém Atende" },
    });
    const [row] = await system()
      .handle.db.select()
      .from(solicitacoesAcesso)
      .where(and(eq(solicitacoesAcesso.id, res.body.id)));
    expect(row!.semRespostaMoradoresEm).not.toBeNull();
    expect(await messagesOf(res.body.id)).toEqual([]);
  });
});

describeOnPostgres("escalation on two instances", () => {
  it("two instances taking the same due step reach the second resident exactly once", async () => {
    const { createSystem } = await import("@/server/bootstrap");
    const other = await createSystem(testSystemOptions());
    try {
      const b = await building();
      const s = await createRequest(b);
      const [created] = await system()
        .handle.db.select()
        .from(solicitacoesAcesso)
        .where(eq(solicitacoesAcesso.id, s.id));
      const at = new Date(created!.createdAt.getTime() + 61_000);
      for (let round = 0; round < 3; round++) {
        await Promise.all([other.notifications.escalate(at), system().notifications.escalate(at)]);
      }
      expect((await messagesOf(s.id)).map((r) => r.pessoaNome)).toEqual(["Ana Souza", "Bruno Lima"]);
    } finally {
      await other.close();
    }
  });
});
