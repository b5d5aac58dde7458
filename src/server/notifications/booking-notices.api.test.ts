/**
 * The residents' booking notices going out (docs/decisions/044-common-area-bookings.md): a booking
 * confirmed, refused or cancelled is told to the resident who booked (every resident of the unit
 * when staff booked), with the area, the time in the condominium's timezone and the reason of a
 * refusal; WhatsApp with keys sends the booking template; a channel that cannot carry it falls back
 * to one that works; the day-before reminder goes once, even when two runs meet; delivery receipts
 * move the notices.
 *
 * The bookings are written straight into the tables and decided as the bookings' module does it
 * (status, then enqueueBookingNotices in the same transaction), so these tests stand on their own.
 */
import { createHmac } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import { areasComuns, organization, pessoas, reservaAvisos, reservas, unidadeMoradores } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { DEMO_TENANT_SLUG } from "@/server/demo-guard";
import type { AppEnv } from "@/server/http/context";
import { handleError } from "@/server/http/errors";
import { remindBookings } from "@/server/jobs/booking-reminders";
import { enqueueBookingNotices } from "@/server/notifications/booking-notices";
import { createBookingNoticeSender, deliverDueBookingNotices } from "@/server/notifications/booking-notices-deliver";
import { type Channels, channelsOf } from "@/server/notifications/channels";
import type { NotificationChannel, ResidentNotice } from "@/server/notifications/channels/channel";
import { createWhatsAppChannel } from "@/server/notifications/channels/whatsapp";
import { receiptsRoutes } from "@/server/notifications/receipts.routes";
import type { AvisoReservaMotivo, ReservaStatus } from "@/shared/domain";
import {
  addSignedInMember,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../tests/support/factories";
import { waitForMail } from "../../../tests/support/mailbox";
import { openEventStream } from "../../../tests/support/sse";
import { setupTestSystem, TEST_ORIGIN } from "../../../tests/support/system";

const system = setupTestSystem();
const db = () => system().handle.db;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TZ = "America/Sao_Paulo";

const deliver = (channels: Channels = system().notifications.channels) =>
  deliverDueBookingNotices({ db: db(), channels, linkBase: TEST_ORIGIN, logger: pino({ level: "silent" }) });

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
  }
  const { condominio, unidade } = await createCondominioWithUnidade(system(), sindico.org.id, {
    nome: opts.nome ?? "Residencial Jardim",
    timezone: TZ,
  });
  const [area] = await db()
    .insert(areasComuns)
    .values({
      organizationId: sindico.org.id,
      condominioId: condominio.id,
      nome: "Salão de festas",
      horarios: Array.from({ length: 7 }, () => ({ abre: "08:00", fecha: "24:00" })),
    })
    .returning();
  return { sindico, condominio, unidade, area: area! };
}
type Building = Awaited<ReturnType<typeof building>>;
/** The demo tenant's slug is unique: one demo tenant per file. */
let demo: Promise<Building> | undefined;
const demoTenant = () => {
  demo ??= building({ demo: true, nome: "Residencial Demonstração" });
  return demo;
};

const localDate = (instant: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);

/** A booking of the building's area, written as the bookings' module writes one. */
async function book(
  b: Building,
  opts: { inicio: Date; fim?: Date; status?: ReservaStatus; pessoaId?: string | null; createdAt?: Date },
) {
  const fim = opts.fim ?? new Date(opts.inicio.getTime() + 4 * HOUR);
  const [r] = await db()
    .insert(reservas)
    .values({
      organizationId: b.sindico.org.id,
      condominioId: b.condominio.id,
      areaId: b.area.id,
      unidadeId: b.unidade.id,
      inicio: opts.inicio,
      fim,
      data: localDate(opts.inicio),
      bloqueioFim: fim,
      status: opts.status ?? "pendente",
      solicitadaPorPessoaId: opts.pessoaId ?? null,
      regrasAceitasEm: new Date(),
    })
    .returning();
  return r!;
}

/** A decision as the bookings' module makes it: the new status and the notices, in one transaction. */
async function decide(
  reserva: typeof reservas.$inferSelect,
  motivo: Exclude<AvisoReservaMotivo, "lembrete">,
  reason?: string,
): Promise<number> {
  return db().transaction(async (tx) => {
    await tx
      .update(reservas)
      .set(
        motivo === "confirmada"
          ? { status: "confirmada", decididaEm: new Date() }
          : motivo === "recusada"
            ? { status: "recusada", decididaEm: new Date(), motivoRecusa: reason ?? "-" }
            : { status: "cancelada", canceladaEm: new Date(), motivoCancelamento: reason ?? null },
      )
      .where(eq(reservas.id, reserva.id));
    return enqueueBookingNotices(
      tx,
      {
        organizationId: reserva.organizationId,
        reservaId: reserva.id,
        unidadeId: reserva.unidadeId,
        pessoaId: reserva.solicitadaPorPessoaId,
      },
      motivo,
    );
  });
}

const noticesOf = (reservaId: string) =>
  db()
    .select()
    .from(reservaAvisos)
    .where(eq(reservaAvisos.reservaId, reservaId))
    .orderBy(reservaAvisos.createdAt, reservaAvisos.pessoaNome);

/** A provider's channel that records the notices it is handed. */
function recordingChannel(canal: "sms" | "email", sent: ResidentNotice[]): NotificationChannel {
  return {
    canal,
    demo: false,
    send: async () => ({ providerMessageId: null }),
    sendNotice: async (n) => {
      sent.push(n);
      return { providerMessageId: `${canal}-${sent.length}` };
    },
  };
}

/** Saturday 7 December 2030, 18:00–23:00 in São Paulo. */
const SATURDAY_EVENING = {
  inicio: new TZDate(2030, 11, 7, 18, 0, TZ),
  fim: new TZDate(2030, 11, 7, 23, 0, TZ),
};

describe("a booking's notices on the demo channel", () => {
  it("approved: the resident who booked is told (not the rest of the unit), with the area and the local time", async () => {
    const b = await demoTenant();
    const ana = await addResident(b.sindico.org.id, b.unidade, "Ana Souza", { telefone: "+5511999998888" });
    await addResident(b.sindico.org.id, b.unidade, "Bruno Lima", { telefone: "+5511988887777", canal: "sms" });
    const reserva = await book(b, { ...SATURDAY_EVENING, pessoaId: ana.id });
    expect(await decide(reserva, "confirmada")).toBe(1);

    expect(await deliver()).toMatchObject({ sent: 1, off: 0, failed: 0, skipped: 0 });
    const [notice, ...others] = await noticesOf(reserva.id);
    expect(others).toEqual([]);
    expect(notice).toMatchObject({
      pessoaNome: "Ana Souza",
      canal: "whatsapp",
      motivo: "confirmada",
      status: "enviada",
      demo: true,
      tentativas: 1,
      ultimoErro: null,
    });
    expect(notice!.mensagem).toBe(
      "Olá, Ana!\n" +
        "Reserva confirmada: Salão de festas, sábado, 07/12 das 18:00 às 23:00.\n" +
        "Unidade Torre A - Unidade 101 no Residencial Demonstração.\n" +
        "Mantenha a lista de convidados em dia: a portaria libera a entrada por ela.\n\n" +
        "Guarita · portaria remota\n\n" +
        `[Ver reserva] ${TEST_ORIGIN}/app/areas/reservas/${reserva.id}`,
    );
    // Nothing is sent twice.
    expect(await deliver()).toMatchObject({ sent: 0 });
  });

  it("booked by staff: every reachable resident of the unit is told; an SMS is short and without accents", async () => {
    const b = await demoTenant();
    const { condominio, unidade } = await createCondominioWithUnidade(system(), b.sindico.org.id, {
      nome: "Residencial Demonstração II",
      codigo: "202",
      timezone: TZ,
    });
    const [area] = await db()
      .insert(areasComuns)
      .values({
        organizationId: b.sindico.org.id,
        condominioId: condominio.id,
        nome: "Churrasqueira",
        horarios: Array.from({ length: 7 }, () => ({ abre: "08:00", fecha: "24:00" })),
      })
      .returning();
    const there = { sindico: b.sindico, condominio, unidade, area: area! };
    await addResident(b.sindico.org.id, unidade, "Carla Dias", { telefone: "+5511977776666", canal: "sms" });
    await addResident(b.sindico.org.id, unidade, "Davi Rocha", { telefone: "+5511966665555" });
    await addResident(b.sindico.org.id, unidade, "Sem Contato", {});
    const reserva = await book(there, { ...SATURDAY_EVENING, status: "confirmada" });
    expect(await decide(reserva, "cancelada", "Pedido da administração")).toBe(2);

    expect(await deliver()).toMatchObject({ sent: 2 });
    const [carla, davi] = await noticesOf(reserva.id);
    expect(carla).toMatchObject({ pessoaNome: "Carla Dias", canal: "sms", motivo: "cancelada", status: "enviada" });
    // One segment: the unit and then the link give way to the reason.
    expect(carla!.mensagem).toBe(
      "Guarita: Reserva cancelada: Churrasqueira, sabado, 07/12 das 18:00 as 23:00. Motivo: Pedido da administracao.",
    );
    expect(davi).toMatchObject({ pessoaNome: "Davi Rocha", canal: "whatsapp", status: "enviada" });
    expect(davi!.mensagem).toContain("Reserva cancelada: Churrasqueira, sábado, 07/12 das 18:00 às 23:00.");
    expect(davi!.mensagem).toContain("Motivo: Pedido da administração");
  });

  it("a confirmation that leaves after the booking was cancelled is not sent; the cancellation is", async () => {
    const b = await demoTenant();
    const eva = await addResident(b.sindico.org.id, b.unidade, "Eva Prado", { telefone: "+5511955554444" });
    const reserva = await book(b, {
      inicio: new TZDate(2030, 11, 8, 10, 0, TZ),
      fim: new TZDate(2030, 11, 8, 14, 0, TZ),
      pessoaId: eva.id,
    });
    await decide(reserva, "confirmada");
    await decide(reserva, "cancelada");
    expect(await deliver()).toMatchObject({ sent: 1, skipped: 1 });
    expect((await noticesOf(reserva.id)).map((n) => [n.motivo, n.status, n.ultimoErro])).toEqual([
      ["confirmada", "falhou", "Não enviado: a reserva não está mais confirmada"],
      ["cancelada", "enviada", null],
    ]);
    const [, cancelada] = await noticesOf(reserva.id);
    expect(cancelada!.mensagem).toContain("O horário foi liberado para outras reservas.");
  });
});

describe("a booking's notices through the providers", () => {
  const whatsAppWith = (fetch: typeof globalThis.fetch, templates: { booking?: string; package?: string }) =>
    createWhatsAppChannel({
      accessToken: "EAAGm0PX4ZCpsBAJ7sEcr3tT0k3nW1thL0ngT41l",
      phoneNumberId: "106540352242922",
      template: "guarita_visitante_portaria",
      packageTemplate: templates.package,
      bookingTemplate: templates.booking,
      fetch,
    });

  it("refused: WhatsApp with keys posts the booking template with the reason and the booking's id on the button", async () => {
    const b = await building({ nome: "Residencial Recusa" });
    const fabio = await addResident(b.sindico.org.id, b.unidade, "Fábio Reis", { telefone: "+5511944443333" });
    const requests: { url: string; body: string }[] = [];
    const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      requests.push({ url: String(input), body: String(init?.body) });
      return new Response(JSON.stringify({ messages: [{ id: "wamid.reserva1" }] }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }) as typeof globalThis.fetch;
    const reserva = await book(b, { ...SATURDAY_EVENING, pessoaId: fabio.id });
    await decide(reserva, "recusada", "Salão em manutenção nesta data");
    expect(await deliver(channelsOf({ whatsapp: whatsAppWith(fetch, { booking: "guarita_reserva" }) }))).toMatchObject({
      sent: 1,
    });

    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe("https://graph.facebook.com/v21.0/106540352242922/messages");
    const body = JSON.parse(requests[0]!.body);
    expect(body).toMatchObject({ to: "5511944443333", type: "template" });
    expect(body.template.name).toBe("guarita_reserva");
    expect(body.template.components).toEqual([
      {
        type: "body",
        parameters: [
          "Fábio",
          "Reserva recusada",
          "Salão de festas",
          "sábado, 07/12 das 18:00 às 23:00",
          "Torre A - Unidade 101",
          "Residencial Recusa",
          "Motivo: Salão em manutenção nesta data",
        ].map((text) => ({ type: "text", text })),
      },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: reserva.id }] },
    ]);
    const [notice] = await noticesOf(reserva.id);
    expect(notice).toMatchObject({
      status: "enviada",
      demo: false,
      mensagem: null,
      provedorMensagemId: "wamid.reserva1",
    });
  });

  it("refused, by e-mail: the reserva-morador message carries the reason and links to the booking", async () => {
    const b = await building({ nome: "Residencial Correio" });
    const email = `gabi.${b.sindico.org.id.slice(0, 8)}@example.com`;
    const gabi = await addResident(b.sindico.org.id, b.unidade, "Gabi Nunes", { email });
    const reserva = await book(b, { ...SATURDAY_EVENING, pessoaId: gabi.id });
    await decide(reserva, "recusada", "Já há um evento do condomínio");
    expect(await deliver()).toMatchObject({ sent: 1 });
    const [notice] = await noticesOf(reserva.id);
    expect(notice).toMatchObject({ canal: "email", destino: email, status: "enviada" });
    const mail = await waitForMail(system(), email);
    expect(mail.subject).toBe("Reserva recusada: Salão de festas, sábado, 07/12 das 18:00 às 23:00");
    expect(mail.text).toContain("Olá, Gabi!");
    expect(mail.text).toContain("Motivo: Já há um evento do condomínio");
    expect(mail.text).toContain("Unidade Torre A - Unidade 101 no Residencial Correio.");
    expect(mail.links).toEqual([`${TEST_ORIGIN}/app/areas/reservas/${reserva.id}`]);
  });

  it("WhatsApp with keys but only the package template carries no booking notice: it goes by SMS", async () => {
    const b = await building({ nome: "Residencial Sem Modelo" });
    const hugo = await addResident(b.sindico.org.id, b.unidade, "Hugo Melo", { telefone: "+5511922221111" });
    const fetch = vi.fn() as unknown as typeof globalThis.fetch;
    const sent: ResidentNotice[] = [];
    const channels = channelsOf({
      whatsapp: whatsAppWith(fetch, { package: "guarita_encomenda" }),
      sms: recordingChannel("sms", sent),
    });
    const reserva = await book(b, { ...SATURDAY_EVENING, pessoaId: hugo.id });
    await decide(reserva, "confirmada");
    expect(await deliver(channels)).toMatchObject({ off: 1, sent: 1 });
    expect(fetch).not.toHaveBeenCalled();
    expect((await noticesOf(reserva.id)).map((n) => [n.canal, n.status, n.ultimoErro])).toEqual([
      ["whatsapp", "falhou", "WhatsApp não configurado para reservas"],
      ["sms", "enviada", null],
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: "reserva",
      to: "+5511922221111",
      motivo: "confirmada",
      areaName: "Salão de festas",
      when: "sábado, 07/12 das 18:00 às 23:00",
      reason: null,
    });
  });

  it("a channel without keys and no demo is off: 'WhatsApp não configurado', and the resident gets the e-mail", async () => {
    const b = await building({ nome: "Residencial Desligado" });
    const email = `iara.${b.sindico.org.id.slice(0, 8)}@example.com`;
    const iara = await addResident(b.sindico.org.id, b.unidade, "Iara Costa", { telefone: "+5511911110000", email });
    const reserva = await book(b, { ...SATURDAY_EVENING, pessoaId: iara.id });
    await decide(reserva, "confirmada");
    expect(await deliver()).toMatchObject({ off: 1, sent: 1 });
    const [whatsapp, fallback] = await noticesOf(reserva.id);
    expect(whatsapp).toMatchObject({ canal: "whatsapp", status: "falhou", ultimoErro: "WhatsApp não configurado" });
    expect(fallback).toMatchObject({ canal: "email", destino: email, status: "enviada", motivo: "confirmada" });
    const mail = await waitForMail(system(), email);
    expect(mail.subject).toBe("Reserva confirmada: Salão de festas, sábado, 07/12 das 18:00 às 23:00");
  });
});

describe("the day-before reminder", () => {
  it("a confirmed booking within 24 hours is reminded once, even when two runs meet; in 3 days, not yet", async () => {
    const b = await building({ nome: "Residencial Lembrete" });
    const joana = await addResident(b.sindico.org.id, b.unidade, "Joana Lins", { telefone: "+5511900009999" });
    const start = Date.now();
    const soon = await book(b, { inicio: new Date(start + 20 * HOUR), status: "confirmada", pessoaId: joana.id });
    const later = await book(b, { inicio: new Date(start + 3 * DAY), status: "confirmada", pessoaId: joana.id });
    const pending = await book(b, { inicio: new Date(start + 10 * HOUR), status: "pendente", pessoaId: joana.id });
    const lembretes = async (id: string) => (await noticesOf(id)).filter((n) => n.motivo === "lembrete");

    const runs = await Promise.all([remindBookings(db(), new Date(start)), remindBookings(db(), new Date(start))]);
    expect(runs.reduce((n, r) => n + r.lembrete, 0)).toBeGreaterThanOrEqual(1);
    await remindBookings(db(), new Date(start + HOUR));
    expect(await lembretes(soon.id)).toHaveLength(1);
    expect(await lembretes(later.id)).toHaveLength(0);
    expect(await lembretes(pending.id)).toHaveLength(0);
    const [marked] = await db().select().from(reservas).where(eq(reservas.id, soon.id));
    expect(marked!.lembreteEm).toEqual(new Date(start));

    await deliver(channelsOf({}, { demoForEveryTenant: true }));
    const [lembrete] = await lembretes(soon.id);
    expect(lembrete).toMatchObject({ status: "enviada", canal: "whatsapp", pessoaNome: "Joana Lins" });
    expect(lembrete!.mensagem).toContain("Lembrete de reserva: Salão de festas,");
    expect(lembrete!.mensagem).toContain(
      "Confira a lista de convidados: a portaria libera a entrada por ela a partir de 30 minutos antes do início.",
    );

    // Two days later the booking in 3 days is within 24 hours: reminded then, once.
    await remindBookings(db(), new Date(start + 2 * DAY + HOUR));
    await remindBookings(db(), new Date(start + 2 * DAY + 2 * HOUR));
    expect(await lembretes(later.id)).toHaveLength(1);
    expect(await lembretes(soon.id)).toHaveLength(1);
    await deliver(channelsOf({}, { demoForEveryTenant: true }));
    expect((await lembretes(later.id)).map((n) => n.status)).toEqual(["enviada"]);
  });

  it("a reminder whose booking was cancelled before it left is not sent", async () => {
    const b = await building({ nome: "Residencial Cancelado" });
    const lia = await addResident(b.sindico.org.id, b.unidade, "Lia Matos", { telefone: "+5511912345678" });
    const reserva = await book(b, { inicio: new Date(Date.now() + 5 * HOUR), status: "confirmada", pessoaId: lia.id });
    await remindBookings(db());
    expect((await noticesOf(reserva.id)).map((n) => [n.motivo, n.status])).toEqual([["lembrete", "pendente"]]);
    await db()
      .update(reservas)
      .set({ status: "cancelada", canceladaEm: new Date() })
      .where(eq(reservas.id, reserva.id));
    await deliver(channelsOf({}, { demoForEveryTenant: true }));
    expect((await noticesOf(reserva.id)).map((n) => [n.motivo, n.status, n.ultimoErro, n.mensagem])).toEqual([
      ["lembrete", "falhou", "Não enviado: a reserva não está mais confirmada", null],
    ]);
  });
});

describe("the jobs' sender", () => {
  it("sends a notice as soon as the booking is decided (LISTEN on the outbox), as the scheduler runs it", async () => {
    const b = await building({ nome: "Residencial Imediato" });
    const maria = await addResident(b.sindico.org.id, b.unidade, "Maria Luz", { telefone: "+5511987651234" });
    const sender = createBookingNoticeSender({
      db: db(),
      channels: channelsOf({}, { demoForEveryTenant: true }),
      linkBase: TEST_ORIGIN,
      logger: pino({ level: "silent" }),
      listen: system().handle.listen,
    });
    const unlisten = await sender.watch();
    try {
      const reserva = await book(b, { ...SATURDAY_EVENING, pessoaId: maria.id });
      await decide(reserva, "confirmada");
      await vi.waitFor(async () => expect((await noticesOf(reserva.id))[0]).toMatchObject({ status: "enviada" }), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      await unlisten();
      await sender.close();
    }
  });
});

describe("delivery receipts for booking notices", () => {
  const APP_SECRET = "meta-app-secret-789";
  const TWILIO_TOKEN = "twilio-auth-token-789";
  const PUBLIC = "https://guarita.example.com";
  const receiptsApp = () => {
    const app = new Hono<AppEnv>();
    app.onError((error, c) => handleError(error, c));
    app.route(
      "/api/webhooks",
      receiptsRoutes(db(), {
        whatsapp: { appSecret: APP_SECRET, verifyToken: "verifica-789" },
        twilio: { authToken: TWILIO_TOKEN },
        publicUrl: PUBLIC,
      }),
    );
    return app;
  };

  it("WhatsApp's 'delivered' and Twilio's 'undelivered' move the notices; the booking's screens follow", async () => {
    const b = await building({ nome: "Residencial Recibo" });
    const reserva = await book(b, { ...SATURDAY_EVENING, status: "confirmada" });
    const sent = (canal: "whatsapp" | "sms", provedorMensagemId: string) => ({
      organizationId: b.sindico.org.id,
      reservaId: reserva.id,
      pessoaNome: "Nina Alves",
      motivo: "confirmada",
      canal,
      destino: "+5511999990000",
      status: "enviada",
      tentativas: 1,
      enviadaEm: new Date(),
      provedorMensagemId,
    });
    const wamid = "wamid.HBgNNTUxMTk5OTk5MDAwMBUCABEYElJFU0VSVkE";
    const sid = "SMdddddddddddddddddddddddddddddddd";
    await db()
      .insert(reservaAvisos)
      .values([sent("whatsapp", wamid), sent("sms", sid)]);
    const porteiro = await addSignedInMember(system(), b.sindico.org.id, "porteiro");
    const stream = await openEventStream(system(), porteiro.cookie);
    expect(await stream.messages!.next((m) => m.event === "ready")).not.toBeNull();

    const app = receiptsApp();
    const whatsBody = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{ id: "1", changes: [{ field: "messages", value: { statuses: [{ id: wamid, status: "delivered" }] } }] }],
    });
    const ok = await app.request("/api/webhooks/whatsapp", {
      method: "POST",
      body: whatsBody,
      headers: {
        "x-hub-signature-256": `sha256=${createHmac("sha256", APP_SECRET).update(whatsBody).digest("hex")}`,
        "content-type": "application/json",
      },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ recebidos: 1 });

    const params = { MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30003" };
    const signed = Object.keys(params)
      .sort()
      .reduce((acc, k) => acc + k + params[k as keyof typeof params], `${PUBLIC}/api/webhooks/twilio`);
    const twilio = await app.request("/api/webhooks/twilio", {
      method: "POST",
      body: new URLSearchParams(params).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": createHmac("sha1", TWILIO_TOKEN).update(signed).digest("base64"),
      },
    });
    expect(twilio.status).toBe(200);
    expect((await noticesOf(reserva.id)).map((n) => [n.canal, n.status, n.ultimoErro]).sort()).toEqual([
      ["sms", "falhou", "SMS não entregue (código 30003)"],
      ["whatsapp", "entregue", null],
    ]);

    const event = await stream.messages!.next(
      (m) => m.event === "reserva.atualizada" && JSON.parse(m.data!).reserva?.id === reserva.id,
    );
    expect(event).not.toBeNull();
    expect(JSON.parse(event!.data!)).toMatchObject({
      reserva: { id: reserva.id, area_id: b.area.id, status: "confirmada", acao: "atualizada" },
      invalidate: expect.arrayContaining(["reservas"]),
    });
    await stream.messages!.close();
  });
});
