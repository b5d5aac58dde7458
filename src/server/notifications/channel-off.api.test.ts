/**
 * A demo channel is never a silent fallback (docs/decisions/022-resident-link.md): outside the demo
 * tenant a channel without keys is off (nothing stored as sent, no link made, "WhatsApp não
 * configurado" on the detail, the resident reached on a channel that works); no API answer carries
 * a live link token (cut in the console outside the demo tenant, and no message text or address at
 * all on /api/v1); a gate webhook is named by its description and origin only; a link lives 24
 * hours at most.
 */
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import { notificacoes, organization, pessoas, solicitacoesAcesso, unidadeMoradores } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { DEMO_TENANT_SLUG } from "@/server/demo-guard";
import { channelsOf } from "@/server/notifications/channels";
import { deliverDueNotifications } from "@/server/notifications/deliver";
import { decideByLink, viewLink } from "@/server/resident-link/resident-link.service";
import {
  addSignedInMember,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../tests/support/factories";
import { client } from "../../../tests/support/http";
import { waitForMail } from "../../../tests/support/mailbox";
import { setupTestSystem, TEST_ORIGIN } from "../../../tests/support/system";

const system = setupTestSystem();
const db = () => system().handle.db;
/** A whole link token anywhere in a text. */
const LIVE_TOKEN = /\/r\/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/;
const withKey = (secret: string) => client(system(), { headers: { authorization: `Bearer ${secret}` } });

async function addResident(
  organizationId: string,
  unidade: { id: string; condominioId: string },
  nome: string,
  contact: { telefone?: string; email?: string },
  responsavel = false,
) {
  const [p] = await db()
    .insert(pessoas)
    .values({
      organizationId,
      condominioId: unidade.condominioId,
      nome,
      telefoneE164: contact.telefone ?? null,
      email: contact.email ?? null,
      busca: buildSearchText([nome]),
    })
    .returning();
  await db().insert(unidadeMoradores).values({
    organizationId,
    condominioId: unidade.condominioId,
    unidadeId: unidade.id,
    pessoaId: p!.id,
    isResponsavel: responsavel,
  });
  return p!;
}

async function building(opts: { demo?: boolean } = {}) {
  const sindico = await createTenantWithMember(system(), { role: "sindico" });
  if (opts.demo) {
    await db().update(organization).set({ slug: DEMO_TENANT_SLUG }).where(eq(organization.id, sindico.org.id));
    await vi.waitFor(async () => expect((await sindico.api.get("/api/me")).body.organization.demo).toBe(true));
  }
  const porteiro = await addSignedInMember(system(), sindico.org.id, "porteiro");
  const { condominio, unidade } = await createCondominioWithUnidade(system(), sindico.org.id);
  const ana = await addResident(sindico.org.id, unidade, "Ana Souza", { telefone: "+5511999998888" }, true);
  const bruno = await addResident(sindico.org.id, unidade, "Bruno Lima", {
    telefone: "+5511988887777",
    email: `bruno.${sindico.org.id.slice(0, 8)}@example.com`,
  });
  return { sindico, porteiro, condominio, unidade, ana, bruno };
}
type Building = Awaited<ReturnType<typeof building>>;
/** The demo tenant's slug is unique: one demo tenant per file. */
let demo: Promise<Building> | undefined;
const demoTenant = () => {
  demo ??= building({ demo: true });
  return demo;
};

async function createRequest(b: Building, extra: Record<string, unknown> = {}) {
  const res = await b.porteiro.api.post("/api/solicitacoes", {
    json: { condominio_id: b.condominio.id, unidade_id: b.unidade.id, nome_visitante: "Carlos Entregador", ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

async function readOnlyKey(b: Building) {
  const key = await b.sindico.api.post("/api/integracoes/chaves", {
    json: { nome: "Central PABX", escopos: ["solicitacoes:ler"] },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  return withKey(key.body.segredo);
}

const rowsOf = (solicitacaoId: string) =>
  db().select().from(notificacoes).where(eq(notificacoes.solicitacaoId, solicitacaoId)).orderBy(notificacoes.createdAt);

describe("a channel without keys outside the demo tenant", () => {
  it("is off: nothing stored as sent, no link, 'WhatsApp não configurado' on the detail, and the outreach moves on to a channel that works", async () => {
    const b = await building();
    const s = await createRequest(b);
    await system().notifications.deliverDue();

    const [ana] = await rowsOf(s.id);
    expect(ana).toMatchObject({
      pessoaNome: "Ana Souza",
      canal: "whatsapp",
      status: "falhou",
      ultimoErro: "WhatsApp não configurado",
      mensagem: null,
      tokenHash: null,
      enviadaEm: null,
      demo: false,
    });

    // Ana has no other channel: the next resident is reached at once, not after the wait; his
    // WhatsApp is off too, so he gets the e-mail, with his link.
    await vi.waitFor(
      async () => {
        await system().notifications.deliverDue();
        const rows = await rowsOf(s.id);
        expect(rows.map((r) => [r.pessoaNome, r.canal, r.status])).toEqual([
          ["Ana Souza", "whatsapp", "falhou"],
          ["Bruno Lima", "whatsapp", "falhou"],
          ["Bruno Lima", "email", "enviada"],
        ]);
      },
      { timeout: 5_000, interval: 50 },
    );
    const mail = await waitForMail(system(), b.bruno.email!);
    expect(mail.text).toMatch(LIVE_TOKEN);

    // No stored message holds a link.
    for (const row of await rowsOf(s.id)) expect(row.mensagem ?? "").not.toContain("/r/");

    const detail = await b.porteiro.api.get(`/api/solicitacoes/${s.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.notificacoes[0]).toMatchObject({
      pessoa_nome: "Ana Souza",
      status: "falhou",
      nao_configurado: true,
      ultimo_erro: "WhatsApp não configurado",
      mensagem: null,
      enviada_em: null,
    });
    expect(detail.body.notificacoes[2]).toMatchObject({ canal: "email", nao_configurado: false });
    expect(JSON.stringify(detail.body)).not.toMatch(LIVE_TOKEN);
  });

  it("a key with only solicitacoes:ler finds no link token, message text or address in any /api/v1 answer", async () => {
    const b = await building();
    const key = await readOnlyKey(b);
    const s = await createRequest(b);
    await system().notifications.deliverDue();
    const answers = await Promise.all(
      [
        `/api/v1/solicitacoes/${s.id}`,
        "/api/v1/condominios",
        `/api/v1/unidades?condominio_id=${b.condominio.id}`,
        "/api/v1/eventos",
      ].map((path) => key.get(path)),
    );
    expect(answers[0]!.status).toBe(200);
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain("/r/");
  });
});

describe("the demo tenant", () => {
  it("keeps the demo channel and its panel's links; /api/v1 gets no text, address or link, and a cut message elsewhere", async () => {
    const b = await demoTenant();
    const key = await readOnlyKey(b);
    const s = await createRequest(b);
    await system().notifications.deliverDue();
    const [row] = await rowsOf(s.id);
    expect(row).toMatchObject({ status: "enviada", demo: true });
    expect(row!.mensagem).toMatch(LIVE_TOKEN);

    // The demo panel of the demo tenant's console: the whole link.
    const detail = await b.porteiro.api.get(`/api/solicitacoes/${s.id}`);
    expect(detail.body.notificacoes[0].mensagem).toBe(row!.mensagem);
    expect(detail.body.notificacoes[0].destino).toBe("+5511999998888");

    // The integration API: no message text, no address, no link.
    const api = await key.get(`/api/v1/solicitacoes/${s.id}`);
    expect(api.status).toBe(200);
    expect(api.body.notificacoes).toHaveLength(1);
    expect(api.body.notificacoes[0]).toMatchObject({ pessoa_nome: "Ana Souza", status: "enviada", demo: true });
    expect(api.body.notificacoes[0]).not.toHaveProperty("mensagem");
    expect(api.body.notificacoes[0]).not.toHaveProperty("destino");
    expect(JSON.stringify(api.body)).not.toContain("/r/");
    expect(JSON.stringify(api.body)).not.toContain("+5511999998888");
  });

  it("GUARITA_DEMO on another tenant: the demo message is stored and shown with its token cut", async () => {
    const b = await building();
    const s = await createRequest(b);
    const demoEverywhere = channelsOf({}, { demoForEveryTenant: true });
    await deliverDueNotifications({
      db: db(),
      channels: demoEverywhere,
      linkBase: TEST_ORIGIN,
      logger: pino({ level: "silent" }),
    });
    const [row] = await rowsOf(s.id);
    expect(row).toMatchObject({ status: "enviada", demo: true });
    expect(row!.mensagem).toMatch(new RegExp(`${TEST_ORIGIN}/r/[A-Za-z0-9_-]{3}…`));
    expect(row!.mensagem).not.toMatch(LIVE_TOKEN);
    const detail = await b.porteiro.api.get(`/api/solicitacoes/${s.id}`);
    expect(detail.body.notificacoes[0].mensagem).toBe(row!.mensagem);
  });

  it("a message stored with a whole link is shown cut outside the demo tenant", async () => {
    const b = await building();
    const s = await createRequest(b);
    const token = "Q2hhdmUtZGUtdGVzdGUtY29tLTQzLWNhcmFjdGVyZXM";
    await db()
      .update(notificacoes)
      .set({ status: "enviada", demo: true, mensagem: `Autorize: ${TEST_ORIGIN}/r/${token}` })
      .where(eq(notificacoes.solicitacaoId, s.id));
    const detail = await b.porteiro.api.get(`/api/solicitacoes/${s.id}`);
    expect(detail.body.notificacoes[0].mensagem).toBe(`Autorize: ${TEST_ORIGIN}/r/Q2h…`);
    expect(JSON.stringify(detail.body)).not.toContain(token);
  });
});

describe("gate commands on a request's detail", () => {
  it("name the webhook by its description and origin, never its path or token, for a porteiro and a key", async () => {
    const b = await building();
    const key = await readOnlyKey(b);
    const hook = await b.sindico.api.post("/api/integracoes/webhooks", {
      json: {
        url: "https://portao.example.com/abrir/tok-secreto-123?chave=segredo-456",
        descricao: "Portão social",
        eventos: ["portao.abrir"],
      },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const s = await createRequest(b);
    expect((await b.porteiro.api.post(`/api/solicitacoes/${s.id}/autorizar`, { json: {} })).status).toBe(200);

    for (const answer of [
      await b.porteiro.api.get(`/api/solicitacoes/${s.id}`),
      await key.get(`/api/v1/solicitacoes/${s.id}`),
    ]) {
      expect(answer.status).toBe(200);
      expect(answer.body.comandos_portao).toEqual([
        expect.objectContaining({ webhook: { descricao: "Portão social", origem: "https://portao.example.com" } }),
      ]);
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain("tok-secreto-123");
      expect(text).not.toContain("segredo-456");
    }
  });
});

describe("a resident's link", () => {
  it("lives 24 hours at most, even when the request expires in a month", async () => {
    const b = await demoTenant();
    const inAMonth = new Date(Date.now() + 30 * 24 * 3_600_000).toISOString();
    const s = await createRequest(b, { expiracao_em: inAMonth });
    const sentAt = Date.now();
    await system().notifications.deliverDue();
    const [row] = await rowsOf(s.id);
    const token = /\/r\/([A-Za-z0-9_-]{43})/.exec(row!.mensagem ?? "")![1]!;
    expect(row!.tokenExpiraEm!.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);

    expect((await viewLink(db(), token, null, new Date(sentAt + 23 * 3_600_000))).kind).toBe("decidir");
    const late = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    expect((await viewLink(db(), token, null, late)).kind).toBe("invalido");
    expect((await decideByLink(db(), token, "autorizado", { observacoes: null, motivoNegacao: null }, late)).kind).toBe(
      "invalido",
    );
    const [request] = await db().select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, s.id));
    expect(request!.status).toBe("pendente");
  });
});
