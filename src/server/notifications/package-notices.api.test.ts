/**
 * The residents' package notices going out (docs/decisions/043-deliveries.md): a batch received at
 * the gate is told to the unit's residents with its pickup code (kept in the demo message on the
 * demo tenant only, masked elsewhere); WhatsApp with keys sends the package template with the code
 * as a parameter; a channel without keys falls back to one that works; a perishable is told again
 * every 30 minutes until a resident says "Ciente"; the N-day reminder goes once.
 */
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import { encomendaAvisos, encomendaLotes, organization, pessoas, unidadeMoradores } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { DEMO_TENANT_SLUG } from "@/server/demo-guard";
import { remindPackages } from "@/server/jobs/package-reminders";
import { type Channels, channelsOf } from "@/server/notifications/channels";
import { createWhatsAppChannel } from "@/server/notifications/channels/whatsapp";
import { createPackageNoticeSender, deliverDuePackageNotices } from "@/server/notifications/package-notices-deliver";
import {
  addSignedInMember,
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../tests/support/factories";
import { waitForMail } from "../../../tests/support/mailbox";
import { setupTestSystem, TEST_ORIGIN } from "../../../tests/support/system";

const system = setupTestSystem();
const db = () => system().handle.db;
const MINUTE = 60_000;
const DAY = 86_400_000;

const deliver = (channels: Channels = system().notifications.channels) =>
  deliverDuePackageNotices({ db: db(), channels, linkBase: TEST_ORIGIN, logger: pino({ level: "silent" }) });

async function addResident(
  organizationId: string,
  unidade: { id: string; condominioId: string },
  nome: string,
  contact: { telefone?: string; email?: string; canal?: "whatsapp" | "sms" | "email" },
) {
  const [p] = await db()
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
  await db().insert(unidadeMoradores).values({
    organizationId,
    condominioId: unidade.condominioId,
    unidadeId: unidade.id,
    pessoaId: p!.id,
  });
  return p!;
}

async function building(opts: { demo?: boolean; nome?: string } = {}) {
  const sindico = await createTenantWithMember(system(), { role: "sindico" });
  if (opts.demo) {
    await db().update(organization).set({ slug: DEMO_TENANT_SLUG }).where(eq(organization.id, sindico.org.id));
    await vi.waitFor(async () => expect((await sindico.api.get("/api/me")).body.organization.demo).toBe(true));
  }
  const porteiro = await addSignedInMember(system(), sindico.org.id, "porteiro");
  const { condominio, unidade } = await createCondominioWithUnidade(system(), sindico.org.id, {
    nome: opts.nome ?? "Residencial X",
  });
  return { sindico, porteiro, condominio, unidade };
}
type Building = Awaited<ReturnType<typeof building>>;
/** The demo tenant's slug is unique: one demo tenant per file. */
let demo: Promise<Building> | undefined;
const demoTenant = () => {
  demo ??= building({ demo: true });
  return demo;
};

async function receive(
  b: Building,
  itens: Record<string, unknown>[] = [{ transportadora: "correios", perecivel: false }],
) {
  const res = await b.porteiro.api.post("/api/encomendas", {
    json: { condominio_id: b.condominio.id, unidade_id: b.unidade.id, itens },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [lote] = await db().select().from(encomendaLotes).where(eq(encomendaLotes.id, res.body.lote_id));
  return {
    loteId: res.body.lote_id as string,
    ids: (res.body.itens as { id: string }[]).map((i) => i.id),
    codigo: lote!.codigoRetirada,
  };
}

/** A batch's notices in the order they were written (those of one transaction by resident). */
const noticesOf = (loteId: string) =>
  db()
    .select()
    .from(encomendaAvisos)
    .where(eq(encomendaAvisos.loteId, loteId))
    .orderBy(encomendaAvisos.createdAt, encomendaAvisos.pessoaNome);

describe("a batch's notices on the demo channel", () => {
  it("on the demo tenant: WhatsApp and SMS sent as demo messages that show the pickup code; the detail shows them", async () => {
    const b = await demoTenant();
    await addResident(b.sindico.org.id, b.unidade, "Ana Souza", { telefone: "+5511999998888" });
    await addResident(b.sindico.org.id, b.unidade, "Bruno Lima", { telefone: "+5511988887777", canal: "sms" });
    const { loteId, ids, codigo } = await receive(b);
    expect((await noticesOf(loteId)).map((n) => [n.pessoaNome, n.canal, n.status])).toEqual([
      ["Ana Souza", "whatsapp", "pendente"],
      ["Bruno Lima", "sms", "pendente"],
    ]);

    const result = await deliver();
    expect(result).toMatchObject({ sent: 2, off: 0, failed: 0 });
    const [whatsapp, sms] = await noticesOf(loteId);
    expect(whatsapp).toMatchObject({ status: "enviada", demo: true, tentativas: 1, ultimoErro: null });
    expect(whatsapp!.mensagem).toContain(
      "Olá, Ana!\nChegou 1 encomenda (Correios) para a unidade Torre A - Unidade 101 no Residencial X.",
    );
    expect(whatsapp!.mensagem).toContain(`Código de retirada: ${codigo}`);
    expect(sms).toMatchObject({ status: "enviada", demo: true });
    expect(sms!.mensagem).toContain(`Codigo de retirada: ${codigo}.`);

    // The package's detail lists the notices as sent (the event refreshes it live).
    const detail = await b.sindico.api.get(`/api/encomendas/${ids[0]}`);
    expect(detail.status).toBe(200);
    const avisos = detail.body.avisos as { pessoa_nome: string; canal: string; status: string }[];
    expect(avisos.map((a) => [a.pessoa_nome, a.canal, a.status]).sort()).toEqual([
      ["Ana Souza", "whatsapp", "enviada"],
      ["Bruno Lima", "sms", "enviada"],
    ]);
    // Nothing is sent twice.
    expect(await deliver()).toMatchObject({ sent: 0 });
  });

  it("GUARITA_DEMO on another tenant: the demo message is stored with the code masked", async () => {
    const b = await building();
    await addResident(b.sindico.org.id, b.unidade, "Carla Dias", { telefone: "+5511977776666" });
    const { loteId, codigo } = await receive(b, [
      { transportadora: "ifood", perecivel: true, local: "Geladeira da portaria" },
    ]);
    await deliver(channelsOf({}, { demoForEveryTenant: true }));
    const [notice] = await noticesOf(loteId);
    expect(notice).toMatchObject({ status: "enviada", demo: true, canal: "whatsapp" });
    expect(notice!.mensagem).toContain("Código de retirada: ••••••");
    expect(notice!.mensagem).toContain("Local: Geladeira da portaria. Perecível: retire o quanto antes.");
    expect(notice!.mensagem).not.toContain(codigo);
  });
});

describe("a batch's notices through the providers", () => {
  it("WhatsApp with keys posts the package template with the pickup code as a parameter", async () => {
    const b = await building();
    await addResident(b.sindico.org.id, b.unidade, "Diego Alves", { telefone: "+5511966665555" });
    const requests: { url: string; body: string }[] = [];
    const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      requests.push({ url: String(input), body: String(init?.body) });
      return new Response(JSON.stringify({ messages: [{ id: "wamid.encomenda1" }] }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }) as typeof globalThis.fetch;
    const whatsapp = createWhatsAppChannel({
      accessToken: "EAAGm0PX4ZCpsBAJ7sEcr3tT0k3nW1thL0ngT41l",
      phoneNumberId: "106540352242922",
      template: "guarita_visitante_portaria",
      packageTemplate: "guarita_encomenda",
      fetch,
    });
    const { loteId, codigo } = await receive(b, [
      { transportadora: "mercado_livre", perecivel: false },
      { transportadora: "amazon", perecivel: false, local: "Armário 3" },
    ]);
    expect(await deliver(channelsOf({ whatsapp }))).toMatchObject({ sent: 1 });

    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe("https://graph.facebook.com/v21.0/106540352242922/messages");
    const body = JSON.parse(requests[0]!.body);
    expect(body).toMatchObject({ to: "5511966665555", type: "template" });
    expect(body.template.name).toBe("guarita_encomenda");
    expect(body.template.components).toEqual([
      {
        type: "body",
        parameters: [
          "Diego",
          "Chegaram 2 encomendas (Amazon, Mercado Livre)",
          "Torre A - Unidade 101",
          "Residencial X",
          codigo,
          "Local: Armário 3.",
        ].map((text) => ({ type: "text", text })),
      },
    ]);
    const [notice] = await noticesOf(loteId);
    expect(notice).toMatchObject({
      status: "enviada",
      demo: false,
      mensagem: null,
      provedorMensagemId: "wamid.encomenda1",
    });
  });

  it("a channel without keys and no demo is off: 'WhatsApp não configurado', and the resident gets the e-mail", async () => {
    const b = await building();
    const email = `elisa.${b.sindico.org.id.slice(0, 8)}@example.com`;
    await addResident(b.sindico.org.id, b.unidade, "Elisa Prado", { telefone: "+5511955554444", email });
    const { loteId, codigo } = await receive(b);

    // The e-mail written in its place goes out in the same run.
    expect(await deliver()).toMatchObject({ off: 1, sent: 1 });
    const [whatsapp, fallback] = await noticesOf(loteId);
    expect(whatsapp).toMatchObject({
      canal: "whatsapp",
      status: "falhou",
      ultimoErro: "WhatsApp não configurado",
      mensagem: null,
      enviadaEm: null,
    });
    expect(fallback).toMatchObject({ canal: "email", destino: email, status: "enviada", motivo: "chegada" });
    const mail = await waitForMail(system(), email);
    expect(mail.subject).toBe(`Encomenda na portaria para Torre A - Unidade 101: código ${codigo}`);
    expect(mail.text).toContain(`Código de retirada: ${codigo}`);
    expect(mail.links).toEqual([`${TEST_ORIGIN}/app/encomendas`]);
  });

  it("WhatsApp with keys but no package template carries no package notice: the notice goes by SMS", async () => {
    const b = await building();
    await addResident(b.sindico.org.id, b.unidade, "Fábio Reis", { telefone: "+5511944443333" });
    const fetch = vi.fn() as unknown as typeof globalThis.fetch;
    const whatsapp = createWhatsAppChannel({
      accessToken: "EAAGm0PX4ZCpsBAJ7sEcr3tT0k3nW1thL0ngT41l",
      phoneNumberId: "106540352242922",
      template: "guarita_visitante_portaria",
      fetch,
    });
    const sent: string[] = [];
    const sms = {
      canal: "sms" as const,
      demo: false,
      send: async () => ({ providerMessageId: null }),
      sendNotice: async (n: { to: string }) => {
        sent.push(n.to);
        return { providerMessageId: "SM1" };
      },
    };
    const { loteId } = await receive(b);
    const channels = channelsOf({ whatsapp, sms });
    await deliver(channels);
    expect(fetch).not.toHaveBeenCalled();
    expect((await noticesOf(loteId)).map((n) => [n.canal, n.status, n.ultimoErro])).toEqual([
      ["whatsapp", "falhou", "WhatsApp não configurado para encomendas"],
      ["sms", "enviada", null],
    ]);
    expect(sent).toEqual(["+5511944443333"]);
  });
});

describe("the jobs' sender", () => {
  it("sends a notice as soon as its batch is received (LISTEN on the outbox), as the scheduler runs it", async () => {
    const b = await building({ nome: "Residencial Imediato" });
    await addResident(b.sindico.org.id, b.unidade, "Joana Lins", { telefone: "+5511900009999" });
    const sender = createPackageNoticeSender({
      db: db(),
      channels: channelsOf({}, { demoForEveryTenant: true }),
      linkBase: TEST_ORIGIN,
      logger: pino({ level: "silent" }),
      listen: system().handle.listen,
    });
    const unlisten = await sender.watch();
    try {
      const { loteId } = await receive(b);
      await vi.waitFor(async () => expect((await noticesOf(loteId))[0]).toMatchObject({ status: "enviada" }), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      await unlisten();
      await sender.close();
    }
  });
});

describe("reminders", () => {
  it("a perishable is told again after 30 minutes, and no more once a resident says 'Ciente'", async () => {
    const b = await demoTenant();
    const { condominio, unidade } = await createCondominioWithUnidade(system(), b.sindico.org.id, {
      nome: "Residencial Perecível",
      codigo: "202",
    });
    const morador = await addSignedInMorador(system(), b.sindico.org.id, {
      id: unidade.id,
      condominioId: condominio.id,
    });
    const unit = { ...b, condominio, unidade };
    const start = Date.now();
    const { loteId, ids, codigo } = await receive(unit, [{ transportadora: "ifood", perecivel: true }]);
    await deliver();
    const motivos = async () => (await noticesOf(loteId)).map((n) => [n.motivo, n.status]);
    expect(await motivos()).toEqual([["chegada", "enviada"]]);

    // Not before 30 minutes.
    await remindPackages(db(), new Date(start + 20 * MINUTE));
    expect(await noticesOf(loteId)).toHaveLength(1);
    // After 30 minutes, once (a second run at the same time sends nothing more).
    await Promise.all([
      remindPackages(db(), new Date(start + 31 * MINUTE)),
      remindPackages(db(), new Date(start + 31 * MINUTE)),
    ]);
    await deliver();
    expect(await motivos()).toEqual([
      ["chegada", "enviada"],
      ["perecivel", "enviada"],
    ]);
    const [, again] = await noticesOf(loteId);
    expect(again!.mensagem).toContain("Ainda aguarda retirada 1 encomenda perecível (iFood)");
    expect(again!.mensagem).toContain(codigo);
    // And again 30 minutes later.
    await remindPackages(db(), new Date(start + 62 * MINUTE));
    expect(await noticesOf(loteId)).toHaveLength(3);

    const ciente = await morador.api.post(`/api/encomendas/${ids[0]}/ciente`);
    expect(ciente.status, JSON.stringify(ciente.body)).toBe(200);
    // The notice written before "Ciente" is not sent; no more are written.
    await deliver();
    const [, , moot] = await noticesOf(loteId);
    expect(moot).toMatchObject({ motivo: "perecivel", status: "falhou" });
    await remindPackages(db(), new Date(start + 93 * MINUTE));
    await remindPackages(db(), new Date(start + 200 * MINUTE));
    expect(await noticesOf(loteId)).toHaveLength(3);
  });

  it("after the condominium's days, a waiting batch is reminded once; 0 days never", async () => {
    const b = await building({ nome: "Residencial Lembrete" });
    await addResident(b.sindico.org.id, b.unidade, "Gabi Nunes", { telefone: "+5511933332222" });
    const put = await b.sindico.api.put(`/api/condominios/${b.condominio.id}`, {
      json: { nome: "Residencial Lembrete", encomenda_lembrete_dias: 2 },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ encomenda_lembrete_dias: 2, encomenda_local_entrega: null });
    const start = Date.now();
    const { loteId } = await receive(b);
    const lembretes = async () => (await noticesOf(loteId)).filter((n) => n.motivo === "lembrete");

    await remindPackages(db(), new Date(start + 1 * DAY));
    expect(await lembretes()).toHaveLength(0);
    await Promise.all([
      remindPackages(db(), new Date(start + 2 * DAY + MINUTE)),
      remindPackages(db(), new Date(start + 2 * DAY + MINUTE)),
    ]);
    await remindPackages(db(), new Date(start + 5 * DAY));
    expect(await lembretes()).toHaveLength(1);
    await deliver(channelsOf({}, { demoForEveryTenant: true }));
    const [lembrete] = await lembretes();
    expect(lembrete).toMatchObject({ status: "enviada" });
    expect(lembrete!.mensagem).toContain("Ainda aguarda retirada 1 encomenda (Correios)");

    // 0 days: never.
    const off = await building({ nome: "Residencial Sem Lembrete" });
    await addResident(off.sindico.org.id, off.unidade, "Hugo Melo", { telefone: "+5511922221111" });
    await off.sindico.api.put(`/api/condominios/${off.condominio.id}`, {
      json: { nome: "Residencial Sem Lembrete", encomenda_lembrete_dias: 0 },
    });
    const quiet = await receive(off);
    await remindPackages(db(), new Date(start + 30 * DAY));
    expect((await noticesOf(quiet.loteId)).map((n) => n.motivo)).toEqual(["chegada"]);
  });

  it("a batch collected before its days is not reminded", async () => {
    const b = await building({ nome: "Residencial Retirada" });
    await addResident(b.sindico.org.id, b.unidade, "Iara Costa", { telefone: "+5511911110000" });
    const { loteId, ids, codigo } = await receive(b);
    const retirada = await b.porteiro.api.post("/api/encomendas/retiradas", {
      json: {
        condominio_id: b.condominio.id,
        encomenda_ids: ids,
        metodo: "codigo",
        codigo,
        retirada_por: { nome: "Iara Costa" },
      },
    });
    expect(retirada.status, JSON.stringify(retirada.body)).toBe(200);
    // Its arrival notice, still in the outbox, is not sent either.
    expect(await deliver(channelsOf({}, { demoForEveryTenant: true }))).toMatchObject({ skipped: 1 });
    await remindPackages(db(), new Date(Date.now() + 10 * DAY));
    const notices = await noticesOf(loteId);
    expect(notices.map((n) => [n.motivo, n.status])).toEqual([["chegada", "falhou"]]);
    expect(notices[0]!.ultimoErro).toBe("Não enviado: as encomendas já foram retiradas ou devolvidas");
  });
});

describe("the condominium's package settings", () => {
  it("validates the reminder's days and the delivery place in pt-BR, keeps them when omitted", async () => {
    const b = await building({ nome: "Residencial Config" });
    const put = (json: Record<string, unknown>) =>
      b.sindico.api.put(`/api/condominios/${b.condominio.id}`, { json: { nome: "Residencial Config", ...json } });
    for (const encomenda_lembrete_dias of [-1, 61, 2.5, "três"]) {
      const bad = await put({ encomenda_lembrete_dias });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toEqual([
        { path: "encomenda_lembrete_dias", message: "O lembrete de encomenda vai de 0 a 60 dias (0 = nunca)" },
      ]);
    }
    const long = await put({ encomenda_local_entrega: "x".repeat(121) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual([
      { path: "encomenda_local_entrega", message: "O local de entrega deve ter no máximo 120 caracteres" },
    ]);
    const ok = await put({ encomenda_lembrete_dias: 7, encomenda_local_entrega: "  Sala de encomendas  " });
    expect(ok.body).toMatchObject({ encomenda_lembrete_dias: 7, encomenda_local_entrega: "Sala de encomendas" });
    const kept = await put({});
    expect(kept.body).toMatchObject({ encomenda_lembrete_dias: 7, encomenda_local_entrega: "Sala de encomendas" });
    const cleared = await put({ encomenda_local_entrega: "" });
    expect(cleared.body).toMatchObject({ encomenda_lembrete_dias: 7, encomenda_local_entrega: null });
    const created = await b.sindico.api.post("/api/condominios", { json: { nome: "Residencial Novo" } });
    expect(created.body).toMatchObject({ encomenda_lembrete_dias: 3, encomenda_local_entrega: null });
  });
});
