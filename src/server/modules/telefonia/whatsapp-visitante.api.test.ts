/**
 * Visitors and delivery people write to the building's WhatsApp and the virtual attendant answers
 * there (docs/product.md, "Atendente virtual", WhatsApp): Meta's signed webhook in, the Cloud API's
 * text messages out (a faked graph.facebook.com), the same rules as at the gate's kiosk.
 */
import { createHmac } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import {
  atendenteConversas,
  atendenteEntradas,
  atendenteEnvios,
  atendenteMensagens,
  portoes,
  solicitacoesAcesso,
  unidades,
} from "@/server/db/schema";
import type { AppEnv } from "@/server/http/context";
import { handleError } from "@/server/http/errors";
import { anonymiseRequestRows } from "@/server/jobs/retention";
import { createWhatsAppTextSender } from "@/server/notifications/channels/whatsapp-text";
import { receiptsRoutes } from "@/server/notifications/receipts.routes";
import { addResident } from "../../../../tests/support/attendant-world";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../../tests/support/factories";
import { describeOnPostgres } from "../../../../tests/support/postgres-only";
import { setupTestSystem, testSystemOptions } from "../../../../tests/support/system";
import { ATENDENTE_ENVIOS_CHANNEL, followRequests } from "../atendente/atendente.service";
import {
  deliverWhatsAppReplies,
  FORA_DA_JANELA,
  WHATSAPP_NAO_CONFIGURADO,
  whatsAppTurn,
} from "./whatsapp-visitante.service";

const system = setupTestSystem();
const db = () => system().handle.db;
const silent = pino({ level: "silent" });

const APP_SECRET = "meta-app-secret-visitantes";
const ACCESS_TOKEN = "EAAGvisitantesTOKEN0123456789";
const NUMERO_A = "110000000000001";
const NUMERO_B = "110000000000002";

// ── The world: two tenants, each with a gate that has its own WhatsApp number ─────────────────

async function tenantWithGate(nome: string, numeroId: string, morador: string) {
  const sindico = await createTenantWithMember(system(), { role: "sindico" });
  const condo = await createCondominioWithUnidade(system(), sindico.org.id, { nome });
  await addResident(sindico.api, condo.condominio.id, condo.unidade.id, morador);
  const gate = await sindico.api.post("/api/portoes", {
    json: { condominio_id: condo.condominio.id, nome: "Portaria" },
  });
  expect(gate.status, JSON.stringify(gate.body)).toBe(201);
  await db().update(portoes).set({ whatsappNumeroId: numeroId }).where(eq(portoes.id, gate.body.id));
  return { sindico, condo, gateId: gate.body.id as string };
}

type Tenant = Awaited<ReturnType<typeof tenantWithGate>>;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  a = await tenantWithGate("Residencial Jardim", NUMERO_A, "Ana Beatriz Souza");
  b = await tenantWithGate("Edifício Aurora", NUMERO_B, "Marcos Paulo Ribeiro");
});

// ── Meta's side ─────────────────────────────────────────────────────────────────────────────────

function webhookApp() {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("logger", silent);
    await next();
  });
  app.onError((error, c) => handleError(error, c));
  app.route(
    "/api/webhooks",
    receiptsRoutes(db(), {
      whatsapp: { appSecret: APP_SECRET, verifyToken: "verifica" },
      publicUrl: "https://guarita.example.com",
      secret: testSystemOptions().authSecret,
    }),
  );
  return app;
}

type Message = Record<string, unknown>;

function payload(numeroId: string, from: string, messages: Message[]) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "551130000000", phone_number_id: numeroId },
              contacts: [{ profile: { name: "Entregas Rápidas" }, wa_id: from }],
              messages,
            },
          },
        ],
      },
    ],
  };
}

let sequence = 0;
const text = (from: string, body: string, id = `wamid.in.${++sequence}`): Message => ({
  from,
  id,
  timestamp: "1717000000",
  type: "text",
  text: { body },
});

const sign = (body: string, secret = APP_SECRET) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

async function deliver(numeroId: string, from: string, messages: Message[], signature?: string) {
  const body = JSON.stringify(payload(numeroId, from, messages));
  const res = await webhookApp().request("/api/webhooks/whatsapp", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "x-hub-signature-256": signature ?? sign(body) },
  });
  return { status: res.status, body: (await res.json()) as { recebidos: number; mensagens: number } };
}

/** A graph.facebook.com that records each request and answers from `answers` (then 200 with an id). */
function graph(answers: { status: number; body: unknown }[] = []) {
  const requests: { url: string; method?: string; headers: Headers; body: Record<string, any> }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(input),
      method: init?.method,
      headers: new Headers(init?.headers),
      body: JSON.parse(String(init?.body)),
    });
    const answer = answers.shift() ?? {
      status: 200,
      body: { messaging_product: "whatsapp", messages: [{ id: `wamid.out.${requests.length}` }] },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  };
  const sender = createWhatsAppTextSender({ accessToken: ACCESS_TOKEN, fetch: fetch as typeof globalThis.fetch });
  return {
    requests,
    sent: (to: string) => requests.filter((r) => r.body.to === to).map((r) => r.body.text.body as string),
    run: () => deliverWhatsAppReplies({ db: db(), sender, logger: silent }),
  };
}

// ── Reading back ────────────────────────────────────────────────────────────────────────────────

async function conversasOf(contato: string) {
  return db()
    .select()
    .from(atendenteConversas)
    .where(eq(atendenteConversas.contato, contato))
    .orderBy(asc(atendenteConversas.createdAt));
}

async function transcriptOf(conversaId: string) {
  return db()
    .select({ autor: atendenteMensagens.autor, texto: atendenteMensagens.texto })
    .from(atendenteMensagens)
    .where(eq(atendenteMensagens.conversaId, conversaId))
    .orderBy(asc(atendenteMensagens.createdAt), asc(atendenteMensagens.id));
}

async function enviosOf(contato: string) {
  return db()
    .select()
    .from(atendenteEnvios)
    .where(eq(atendenteEnvios.destino, contato))
    .orderBy(asc(atendenteEnvios.createdAt));
}

async function counts() {
  const [row] = await db()
    .execute<{ conversas: number; mensagens: number; entradas: number; envios: number }>(sql`
    SELECT (SELECT count(*)::int FROM atendente_conversas) AS conversas,
           (SELECT count(*)::int FROM atendente_mensagens) AS mensagens,
           (SELECT count(*)::int FROM atendente_entradas) AS entradas,
           (SELECT count(*)::int FROM atendente_envios) AS envios`)
    .then((r) => ((r as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])) as any[]);
  return row;
}

// ── The tests ───────────────────────────────────────────────────────────────────────────────────

describe("a delivery person writes to the building's WhatsApp", () => {
  it("is understood, confirmed, the request is created for the unit, and every line reaches them on WhatsApp", async () => {
    const from = "5511987650001";
    const meta = graph();

    const first = await deliver(NUMERO_A, from, [text(from, "Oi, entrega do iFood para o apartamento 101")]);
    expect(first.status).toBe(200);
    expect(first.body.mensagens).toBe(1);
    const [conversa] = await conversasOf(from);
    expect(conversa).toMatchObject({
      organizationId: a.sindico.org.id,
      condominioId: a.condo.condominio.id,
      portaoId: a.gateId,
      canal: "whatsapp",
      contato: from,
      demo: false,
      etapa: "confirmando",
    });
    const lines = await transcriptOf(conversa!.id);
    expect(lines.map((l) => l.autor)).toEqual(["atendente", "visitante", "atendente"]);
    expect(lines[1]!.texto).toBe("Oi, entrega do iFood para o apartamento 101");
    expect(lines[2]!.texto).toMatch(/101.*Torre A.*entrega/);

    // The greeting and the confirmation go out, in order, from the gate's number.
    expect(await meta.run()).toMatchObject({ sent: 2, retrying: 0, failed: 0 });
    expect(meta.requests).toHaveLength(2);
    const [greeting, confirmation] = meta.requests;
    expect(greeting!.url).toBe(`https://graph.facebook.com/v21.0/${NUMERO_A}/messages`);
    expect(greeting!.method).toBe("POST");
    expect(greeting!.headers.get("authorization")).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(greeting!.headers.get("content-type")).toBe("application/json");
    expect(greeting!.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: from,
      type: "text",
      text: { preview_url: false, body: lines[0]!.texto },
    });
    expect(greeting!.body.text.body).toMatch(/atendente virtual/i);
    expect(confirmation!.body.text.body).toBe(lines[2]!.texto);
    const sentRows = await enviosOf(from);
    expect(sentRows.map((r) => [r.status, r.numeroId, r.tentativas])).toEqual([
      ["enviada", NUMERO_A, 1],
      ["enviada", NUMERO_A, 1],
    ]);
    expect(sentRows.map((r) => r.provedorMensagemId)).toEqual(["wamid.out.1", "wamid.out.2"]);

    // "sim": the request, as the attendant's, for the right unit and gate.
    const yes = await deliver(NUMERO_A, from, [text(from, "sim")]);
    expect(yes.body.mensagens).toBe(1);
    const [waiting] = await conversasOf(from);
    expect(waiting!.etapa).toBe("aguardando_morador");
    const [request] = await db()
      .select()
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.id, waiting!.solicitacaoId!));
    expect(request).toMatchObject({
      organizationId: a.sindico.org.id,
      tipo: "entregador",
      unidadeId: a.condo.unidade.id,
      portaoId: a.gateId,
      status: "pendente",
    });
    const detail = await a.sindico.api.get(`/api/solicitacoes/${request!.id}`);
    expect(detail.body.criado_por).toMatchObject({ tipo: "atendente", nome: "Atendente virtual" });
    await meta.run();
    expect(meta.sent(from).at(-1)).toMatch(/avisei os moradores/i);

    // The resident authorises: the outcome line is sent on WhatsApp too.
    const decided = await a.sindico.api.post(`/api/solicitacoes/${request!.id}/autorizar`, { json: {} });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(await followRequests(db())).toBeGreaterThanOrEqual(1);
    const [done] = await conversasOf(from);
    expect(done).toMatchObject({ etapa: "concluida", resultado: "autorizado" });
    expect(await meta.run()).toMatchObject({ sent: 1 });
    const outcome = (await transcriptOf(done!.id)).at(-1)!;
    expect(outcome.autor).toBe("atendente");
    expect(meta.sent(from).at(-1)).toBe(outcome.texto);
    expect(outcome.texto).toMatch(/autorizad/i);

    // The next message starts a new conversation (the last one is over).
    await deliver(NUMERO_A, from, [text(from, "Oi, outra entrega para o 101")]);
    expect(await conversasOf(from)).toHaveLength(2);
  });

  it("a porteiro who takes the conversation over in Atendimentos writes to the visitor on WhatsApp", async () => {
    const from = "5511987650002";
    const meta = graph();
    await deliver(NUMERO_A, from, [text(from, "Boa tarde, tenho uma dúvida")]);
    const [conversa] = await conversasOf(from);
    const typed = await a.sindico.api.post(`/api/atendimentos/${conversa!.id}/mensagens`, {
      json: { texto: "Olá, aqui é da portaria. Como posso ajudar?" },
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    while ((await meta.run()).sent > 0);
    // Everything said to the visitor, the attendant's and the porteiro's, in the transcript's order.
    const said = (await transcriptOf(conversa!.id)).filter((l) => l.autor !== "visitante");
    expect(said.at(-1)).toMatchObject({ autor: "porteiro", texto: "Olá, aqui é da portaria. Como posso ajudar?" });
    expect(meta.sent(from)).toEqual(said.map((l) => l.texto));

    // The visitor's next message goes to the porteiro: the attendant keeps quiet.
    const before = meta.requests.length;
    await deliver(NUMERO_A, from, [text(from, "Quero deixar um pacote")]);
    await meta.run();
    expect(meta.requests.length).toBe(before);
    expect((await transcriptOf(conversa!.id)).at(-1)).toMatchObject({
      autor: "visitante",
      texto: "Quero deixar um pacote",
    });
  });

  it("a queued line wakes every instance's delivery job at commit", async () => {
    const from = "5511987650014";
    const woken: string[] = [];
    const unlisten = await system().handle.listen(ATENDENTE_ENVIOS_CHANNEL, (payload) => woken.push(payload));
    try {
      await deliver(NUMERO_A, from, [text(from, "Entrega do iFood para o 101")]);
      await expect.poll(() => woken, { timeout: 2_000 }).toContain(a.sindico.org.id);
    } finally {
      await unlisten();
    }
    while ((await graph().run()).sent > 0);
  });

  it("a bad signature is a 403 and changes nothing", async () => {
    const from = "5511987650003";
    const before = await counts();
    const body = JSON.stringify(payload(NUMERO_A, from, [text(from, "Entrega do iFood para o 101")]));
    for (const signature of [sign(body, "outro-segredo"), sign(`${body} `), "sha256=", ""]) {
      const res = await webhookApp().request("/api/webhooks/whatsapp", {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "x-hub-signature-256": signature },
      });
      expect(res.status).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });

  it("the same message delivered twice is answered once", async () => {
    const from = "5511987650004";
    const meta = graph();
    const message = text(from, "Entrega do iFood para o 101", "wamid.repetida.1");
    const first = await deliver(NUMERO_A, from, [message]);
    const again = await deliver(NUMERO_A, from, [message]);
    expect(first.body.mensagens).toBe(1);
    expect(again).toMatchObject({ status: 200, body: { mensagens: 0 } });
    const [conversa] = await conversasOf(from);
    expect(await conversasOf(from)).toHaveLength(1);
    const lines = await transcriptOf(conversa!.id);
    expect(lines.filter((l) => l.autor === "visitante")).toHaveLength(1);
    while ((await meta.run()).sent > 0);
    expect(meta.sent(from)).toHaveLength(2); // the greeting and one confirmation
    const [entrada] = await db()
      .select()
      .from(atendenteEntradas)
      .where(eq(atendenteEntradas.chave, "whatsapp:wamid.repetida.1"));
    expect(entrada).toMatchObject({ conversaId: conversa!.id, organizationId: a.sindico.org.id });
    expect(JSON.parse(entrada!.resposta!)).toEqual(lines.filter((l) => l.autor === "atendente").map((l) => l.texto));

    // Later, once the conversation is over, the old delivery still starts nothing.
    await db()
      .update(atendenteConversas)
      .set({ etapa: "encerrada", encerradaEm: new Date() })
      .where(eq(atendenteConversas.id, conversa!.id));
    expect((await deliver(NUMERO_A, from, [message])).body.mensagens).toBe(0);
    expect(await conversasOf(from)).toHaveLength(1);
  });

  it("a message to a number no gate has changes nothing", async () => {
    const from = "5511987650005";
    const before = await counts();
    const res = await deliver("199999999999999", from, [text(from, "Entrega do iFood para o 101")]);
    expect(res).toMatchObject({ status: 200, body: { mensagens: 0 } });
    expect(await counts()).toEqual(before);

    // Nor does one to a gate turned off.
    await db().update(portoes).set({ ativo: false }).where(eq(portoes.id, b.gateId));
    try {
      expect((await deliver(NUMERO_B, from, [text(from, "Entrega do iFood para o 101")])).body.mensagens).toBe(0);
      expect(await counts()).toEqual(before);
    } finally {
      await db().update(portoes).set({ ativo: true }).where(eq(portoes.id, b.gateId));
    }
  });

  it("each number is its own tenant's: the same sender at two buildings never mixes", async () => {
    const from = "5511987650006";
    const meta = graph();
    await deliver(NUMERO_A, from, [text(from, "Entrega do iFood para o 101")]);
    await deliver(NUMERO_B, from, [text(from, "Entrega do iFood para o 101")]);
    const [inA, inB] = await conversasOf(from);
    expect(inA).toMatchObject({ organizationId: a.sindico.org.id, portaoId: a.gateId });
    expect(inB).toMatchObject({ organizationId: b.sindico.org.id, portaoId: b.gateId });

    // "sim" to B's number confirms B's conversation only.
    await deliver(NUMERO_B, from, [text(from, "sim")]);
    const [afterA, afterB] = await conversasOf(from);
    expect(afterA!.etapa).toBe("confirmando");
    expect(afterB!.etapa).toBe("aguardando_morador");
    const [request] = await db()
      .select()
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.id, afterB!.solicitacaoId!));
    expect(request).toMatchObject({ organizationId: b.sindico.org.id, unidadeId: b.condo.unidade.id });
    // A's staff see nothing of it.
    expect((await a.sindico.api.get(`/api/solicitacoes/${request!.id}`)).status).toBe(404);
    expect((await a.sindico.api.get(`/api/atendimentos/${afterB!.id}`)).status).toBe(404);

    // Each building's lines leave from its own number.
    while ((await meta.run()).sent > 0);
    const rows = await enviosOf(from);
    expect(rows.filter((r) => r.conversaId === afterA!.id).every((r) => r.numeroId === NUMERO_A)).toBe(true);
    expect(rows.filter((r) => r.conversaId === afterB!.id).every((r) => r.numeroId === NUMERO_B)).toBe(true);
    expect(rows.filter((r) => r.conversaId === afterB!.id).every((r) => r.organizationId === b.sindico.org.id)).toBe(
      true,
    );
    expect(meta.requests.filter((r) => r.url.includes(NUMERO_B)).length).toBe(
      rows.filter((r) => r.numeroId === NUMERO_B).length,
    );
  });

  it("a line to a visitor who last wrote over 24 hours ago is not sent", async () => {
    const from = "5511987650007";
    const meta = graph();
    await deliver(NUMERO_A, from, [text(from, "Boa noite, preciso falar com a portaria")]);
    while ((await meta.run()).sent > 0);
    const sentBefore = meta.requests.length;
    const [conversa] = await conversasOf(from);
    await db()
      .update(atendenteConversas)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(atendenteConversas.id, conversa!.id));
    await db()
      .update(atendenteMensagens)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(atendenteMensagens.conversaId, conversa!.id));

    const typed = await a.sindico.api.post(`/api/atendimentos/${conversa!.id}/mensagens`, {
      json: { texto: "Ainda precisa de ajuda?" },
    });
    expect(typed.status).toBe(200);
    const result = await meta.run();
    expect(result.sent).toBe(0);
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect(meta.requests.length).toBe(sentBefore);
    const last = (await enviosOf(from)).at(-1)!;
    expect(last).toMatchObject({ texto: "Ainda precisa de ajuda?", status: "falhou", ultimoErro: FORA_DA_JANELA });
  });

  it("a failing Graph API is retried, the next line waits for it, and both go out in order", async () => {
    const from = "5511987650008";
    const meta = graph([
      { status: 500, body: { error: { message: "An unknown error occurred", type: "OAuthException", code: 1 } } },
    ]);
    await deliver(NUMERO_A, from, [text(from, "Entrega do iFood para o 101")]);
    const [greeting, confirmation] = await enviosOf(from);

    const failed = await meta.run();
    expect(failed).toMatchObject({ sent: 0, retrying: 1 });
    const [g1, c1] = await enviosOf(from);
    expect(g1).toMatchObject({ status: "pendente", tentativas: 1 });
    expect(g1!.ultimoErro).toMatch(/HTTP 500/);
    expect(g1!.ultimoErro).not.toContain(ACCESS_TOKEN);
    expect(g1!.proximaTentativaEm.getTime()).toBeGreaterThan(Date.now());
    // The confirmation does not overtake the greeting.
    expect(c1).toMatchObject({ status: "pendente", tentativas: 0 });
    expect(meta.requests).toHaveLength(1);

    // The retry comes due and Meta answers.
    await db()
      .update(atendenteEnvios)
      .set({ proximaTentativaEm: sql`now()` })
      .where(eq(atendenteEnvios.id, greeting!.id));
    while ((await meta.run()).sent > 0);
    const rows = await enviosOf(from);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [greeting!.id, "enviada"],
      [confirmation!.id, "enviada"],
    ]);
    expect(rows[0]).toMatchObject({ tentativas: 2, ultimoErro: null });
    expect(meta.sent(from)).toEqual([greeting!.texto, greeting!.texto, confirmation!.texto]);
  });

  it("without the access token the lines fail as 'WhatsApp não configurado'", async () => {
    const from = "5511987650009";
    await deliver(NUMERO_A, from, [text(from, "Entrega do iFood para o 101")]);
    while ((await deliverWhatsAppReplies({ db: db(), sender: null, logger: silent })).failed > 0);
    const rows = await enviosOf(from);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === "falhou" && r.ultimoErro === WHATSAPP_NAO_CONFIGURADO)).toBe(true);
  });

  it("images and voice notes are acknowledged and kept by their media id; a caption is read", async () => {
    const from = "5511987650010";
    await deliver(NUMERO_A, from, [
      {
        from,
        id: "wamid.img.1",
        timestamp: "1717000000",
        type: "image",
        image: { id: "1479537139650973", mime_type: "image/jpeg", caption: "Entrega do iFood para o 101" },
      },
    ]);
    const [conversa] = await conversasOf(from);
    expect(conversa!.etapa).toBe("confirmando");
    const lines = await transcriptOf(conversa!.id);
    expect(lines.slice(1)).toEqual([
      { autor: "visitante", texto: "[imagem recebida: 1479537139650973]" },
      { autor: "atendente", texto: "Recebi sua imagem." },
      { autor: "visitante", texto: "Entrega do iFood para o 101" },
      { autor: "atendente", texto: expect.stringMatching(/101.*Está certo/) },
    ]);

    await deliver(NUMERO_A, from, [
      { from, id: "wamid.audio.1", timestamp: "1717000001", type: "audio", audio: { id: "8877", voice: true } },
      { from, id: "wamid.loc.1", timestamp: "1717000002", type: "location", location: { latitude: -23.5 } },
      {
        from,
        id: "wamid.btn.1",
        timestamp: "1717000003",
        type: "interactive",
        interactive: { type: "button_reply", button_reply: { id: "sim", title: "Sim" } },
      },
    ]);
    const after = (await transcriptOf(conversa!.id)).slice(lines.length);
    expect(after.slice(0, 5)).toEqual([
      { autor: "visitante", texto: "[áudio recebido: 8877]" },
      { autor: "atendente", texto: expect.stringMatching(/^Recebi seu áudio.*texto/) },
      { autor: "visitante", texto: "[localização recebida]" },
      { autor: "atendente", texto: expect.stringMatching(/só entendo mensagens de texto/) },
      { autor: "visitante", texto: "Sim" },
    ]);
    const [confirmed] = await conversasOf(from);
    expect(confirmed!.etapa).toBe("aguardando_morador");
    const enviados = (await enviosOf(from)).map((r) => r.texto);
    expect(enviados).toContain("Recebi sua imagem.");
    expect(enviados.some((t) => t.includes("[imagem"))).toBe(false);
  });

  it("a message arriving while the conversation's turn is busy waits for it; one that waits too long is given back", async () => {
    const from = "5511987650011";
    await deliver(NUMERO_A, from, [text(from, "Boa tarde")]);
    const [conversa] = await conversasOf(from);
    const hold = () =>
      db()
        .update(atendenteConversas)
        .set({ processandoDesde: sql`now()` })
        .where(eq(atendenteConversas.id, conversa!.id));
    const release = () =>
      db().update(atendenteConversas).set({ processandoDesde: null }).where(eq(atendenteConversas.id, conversa!.id));

    // Busy for a moment (a resident's decision being told): the message waits and is answered.
    await hold();
    const released = new Promise((resolve) => setTimeout(() => resolve(release()), 300));
    const waited = await deliver(NUMERO_A, from, [text(from, "Entrega do iFood para o 101")]);
    await released;
    expect(waited.body.mensagens).toBe(1);
    expect((await transcriptOf(conversa!.id)).at(-1)!.texto).toMatch(/101.*Está certo/);

    // Busy for longer: the webhook answers an error and keeps nothing, so Meta's next delivery is answered.
    await hold();
    const message = text(from, "sim", "wamid.ocupada.1");
    const refused = await deliver(NUMERO_A, from, [message]);
    expect(refused.status).toBe(503);
    expect(
      await db().select().from(atendenteEntradas).where(eq(atendenteEntradas.chave, "whatsapp:wamid.ocupada.1")),
    ).toEqual([]);
    await release();
    const redelivered = await deliver(NUMERO_A, from, [message]);
    expect(redelivered).toMatchObject({ status: 200, body: { mensagens: 1 } });
    const [after] = await conversasOf(from);
    expect(after!.etapa).toBe("aguardando_morador");
  }, 15_000);
});

describeOnPostgres("WhatsApp deliveries at the same time", () => {
  it("two first messages of a new sender make one conversation, and both are answered", async () => {
    const from = "5511987650012";
    const [one, two] = await Promise.all([
      deliver(NUMERO_A, from, [text(from, "Boa tarde")]),
      deliver(NUMERO_A, from, [text(from, "Entrega do iFood para o 101")]),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.mensagens + two.body.mensagens).toBe(2);
    const conversas = await conversasOf(from);
    expect(conversas).toHaveLength(1);
    const lines = await transcriptOf(conversas[0]!.id);
    expect(lines.filter((l) => l.autor === "visitante")).toHaveLength(2);
    expect(lines.filter((l) => l.autor === "atendente").length).toBeGreaterThanOrEqual(3);
  });

  it("the same message delivered twice at once is answered once", async () => {
    const from = "5511987650013";
    const message = text(from, "Entrega do iFood para o 101", "wamid.simultanea.1");
    const results = await Promise.all([
      deliver(NUMERO_A, from, [message]),
      deliver(NUMERO_A, from, [message]),
      deliver(NUMERO_A, from, [message]),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.reduce((n, r) => n + r.body.mensagens, 0)).toBe(1);
    const conversas = await conversasOf(from);
    expect(conversas).toHaveLength(1);
    const lines = await transcriptOf(conversas[0]!.id);
    expect(lines.filter((l) => l.autor === "visitante")).toHaveLength(1);
    expect((await enviosOf(from)).length).toBe(lines.filter((l) => l.autor === "atendente").length);
  });
});

describe("the visitor's personal data", () => {
  it("anonymising the request blanks the WhatsApp number, the transcript and the lines sent", async () => {
    const from = "5511987650777";
    const meta = graph();
    await deliver(NUMERO_A, from, [text(from, "Sou a Zuleica Privada, entrega do iFood para o apartamento 101")]);
    await deliver(NUMERO_A, from, [text(from, "sim")]);
    await meta.run();
    const [conversa] = await conversasOf(from);
    expect(conversa!.solicitacaoId).not.toBeNull();
    const [request] = await db()
      .select({ id: solicitacoesAcesso.id, codigo: unidades.codigo, torre: unidades.torre })
      .from(solicitacoesAcesso)
      .innerJoin(unidades, eq(unidades.id, solicitacoesAcesso.unidadeId))
      .where(eq(solicitacoesAcesso.id, conversa!.solicitacaoId!));
    await db().transaction((tx) => anonymiseRequestRows(tx, a.sindico.org.id, [request!], new Date()));
    const [after] = await db().select().from(atendenteConversas).where(eq(atendenteConversas.id, conversa!.id));
    expect(after!.contato).toBeNull();
    const everything = JSON.stringify({
      conversa: after,
      linhas: await transcriptOf(conversa!.id),
      envios: await db().select().from(atendenteEnvios).where(eq(atendenteEnvios.conversaId, conversa!.id)),
      entradas: await db().select().from(atendenteEntradas).where(eq(atendenteEntradas.conversaId, conversa!.id)),
    });
    expect(everything).not.toMatch(/Zuleica|5511987650777/);
  });
});

describe("Simular WhatsApp (the console's demonstration)", () => {
  it("plays the same turn and sends nothing", async () => {
    const contato = "demo:simulacao-1";
    const first = await whatsAppTurn(
      { db: db(), secret: testSystemOptions().authSecret },
      {
        organizationId: a.sindico.org.id,
        portaoId: a.gateId,
        contato,
        texto: "Entrega do iFood para o 101",
        demo: true,
      },
    );
    expect(first.falas[0]).toMatch(/atendente virtual/i);
    expect(first.falas.at(-1)).toMatch(/101.*Está certo/);
    expect(first.encerrada).toBe(false);
    const second = await whatsAppTurn(
      { db: db(), secret: testSystemOptions().authSecret },
      { organizationId: a.sindico.org.id, portaoId: a.gateId, contato, texto: "sim", demo: true },
    );
    expect(second.conversaId).toBe(first.conversaId);
    const [conversa] = await db()
      .select()
      .from(atendenteConversas)
      .where(and(eq(atendenteConversas.id, first.conversaId), eq(atendenteConversas.demo, true)));
    expect(conversa).toMatchObject({ canal: "whatsapp", etapa: "aguardando_morador", contato });
    expect(await db().select().from(atendenteEnvios).where(eq(atendenteEnvios.conversaId, first.conversaId))).toEqual(
      [],
    );

    // Another tenant's gate is not reachable by id.
    await expect(
      whatsAppTurn(
        { db: db(), secret: testSystemOptions().authSecret },
        { organizationId: b.sindico.org.id, portaoId: a.gateId, contato, texto: "oi", demo: true },
      ),
    ).rejects.toMatchObject({ status: 404 });
  });
});
