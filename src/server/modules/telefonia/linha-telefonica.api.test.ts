/**
 * The gate's phone line and Guarita's call to the resident (docs/decisions/037-phone-line-and-whatsapp.md),
 * driven as Twilio drives them: every request signed with the SDK's own helper over the public URL
 * (the app sits behind a proxy: requests arrive on another host), the resident's call placed on a
 * fake of Twilio's REST API, its status callbacks and the resident's key.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSystem, type System } from "@/server/bootstrap";
import {
  atendenteConversas,
  atendenteMensagens,
  chamadas,
  condominios,
  passeValidacoes,
  solicitacoesAcesso,
  webhookEntregas,
} from "@/server/db/schema";
import { attendantWorld } from "../../../../tests/support/attendant-world";
import { createPass, passInput } from "../../../../tests/support/gate-world";
import { setupTestSystem, testSystemOptions } from "../../../../tests/support/system";
import {
  fakeTwilioRest,
  nextUrl,
  spoken,
  TWILIO_ACCOUNT,
  TWILIO_TOKEN,
  TWILIO_VOICE_FROM,
  twilioSigner,
} from "../../../../tests/support/twilio";
import { followRequests } from "../atendente/atendente.service";

const system = setupTestSystem();
const PUBLIC = "https://guarita.example.com";

let voice: System;
let post: ReturnType<typeof twilioSigner>;
const rest = fakeTwilioRest();
let w: Awaited<ReturnType<typeof attendantWorld>>;
const db = () => voice.handle.db;

beforeAll(async () => {
  voice = await createSystem({
    ...testSystemOptions(),
    handle: system().handle,
    publicUrl: PUBLIC,
    twilio: { authToken: TWILIO_TOKEN, accountSid: TWILIO_ACCOUNT, voiceFrom: TWILIO_VOICE_FROM, fetch: rest.fetch },
  });
  post = twilioSigner(voice, PUBLIC);
  w = await attendantWorld(system(), "Residencial Telefone");
  // Residents are called first (the condominium's "Contato com o morador").
  await db().update(condominios).set({ contatoMorador: "ligacao" }).where(eq(condominios.id, w.condo.condominio.id));
});

afterAll(async () => {
  // The shared database stays open for the other files: only this instance's own parts close.
  await voice.notifications.close();
});

let calls = 0;
const newCallSid = () => `CA${String(++calls).padStart(8, "0")}visitor000000000000000000`;
const callParams = (sid: string, extra: Record<string, string> = {}) => ({
  CallSid: sid,
  AccountSid: TWILIO_ACCOUNT,
  From: "+5511988887777",
  To: "+5511933334444",
  CallStatus: "in-progress",
  ...extra,
});

async function conversationsOf(callSid: string) {
  return db().select().from(atendenteConversas).where(eq(atendenteConversas.contato, callSid));
}

describe("a visitor calls the gate's line", () => {
  it("is answered by the attendant, asks for the resident, Guarita calls her, 1 authorises, the call hears it and the gate opens", async () => {
    const sid = newCallSid();
    const greeting = await post(`/api/webhooks/twilio/voz?portao=${w.gate.id}`, callParams(sid));
    expect(greeting.status, greeting.text).toBe(200);
    expect(greeting.text).toContain('<Gather input="speech dtmf" language="pt-BR"');
    expect(greeting.text).toContain('<Say language="pt-BR" voice="Polly.Camila">');
    expect(spoken(greeting.text)).toMatch(/atendente virtual/i);
    const [conversa] = await conversationsOf(sid);
    expect(conversa).toMatchObject({ canal: "telefone", portaoId: w.gate.id, etapa: "identificando" });

    const asked = await post(
      nextUrl(greeting.text)!,
      callParams(sid, { SpeechResult: "Boa noite, sou o Carlos, vim ver a Ana do 101 da Torre A", Confidence: "0.9" }),
    );
    expect(asked.status).toBe(200);
    expect(spoken(asked.text)).toMatch(/Carlos.*101.*Torre A/);
    expect(asked.text).toContain("<Gather");

    const confirmed = await post(nextUrl(asked.text)!, callParams(sid, { SpeechResult: "sim" }));
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain("<Pause");
    const waitUrl = nextUrl(confirmed.text)!;
    expect(waitUrl).toMatch(/^\/api\/webhooks\/twilio\/voz\/aguardar\?/);

    const [request] = await db()
      .select()
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.organizationId, w.sindico.org.id));
    expect(request).toMatchObject({
      unidadeId: w.condo.unidade.id,
      nomeVisitante: "Carlos",
      portaoId: w.gate.id,
      status: "pendente",
      criadoPeloAtendente: true,
    });

    // While the resident is being called, the visitor hears a wait and comes back.
    const waiting = await post(waitUrl, callParams(sid));
    expect(waiting.text).toContain("<Redirect");

    // Guarita calls Ana through Twilio's REST API.
    await voice.notifications.deliverDue();
    expect(rest.requests).toHaveLength(1);
    const placed = rest.requests[0]!;
    expect(placed.url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${TWILIO_ACCOUNT}/Calls.json`);
    expect(placed.authorization).toBe(`Basic ${Buffer.from(`${TWILIO_ACCOUNT}:${TWILIO_TOKEN}`).toString("base64")}`);
    expect(placed.form.get("To")).toBe("+5511987654321");
    expect(placed.form.get("From")).toBe(TWILIO_VOICE_FROM);
    expect(placed.form.get("StatusCallback")).toBe(`${PUBLIC}/api/webhooks/twilio/chamada`);
    expect(placed.form.getAll("StatusCallbackEvent")).toEqual(["initiated", "ringing", "answered", "completed"]);
    const twimlUrl = placed.form.get("Url")!;
    expect(twimlUrl).toMatch(new RegExp(`^${PUBLIC}/api/webhooks/twilio/morador/[A-Za-z0-9_-]{43}$`));
    const residentSid = "CA00000000000000000000000000000001";
    const [call] = await db().select().from(chamadas).where(eq(chamadas.solicitacaoId, request!.id));
    expect(call).toMatchObject({ status: "criada", provedorChamadaId: residentSid, provedor: "Twilio", demo: false });

    // Her phone rings, she answers.
    const residentParams = (extra: Record<string, string>) => ({
      CallSid: residentSid,
      AccountSid: TWILIO_ACCOUNT,
      To: "+5511987654321",
      ...extra,
    });
    expect((await post("/api/webhooks/twilio/chamada", residentParams({ CallStatus: "ringing" }))).status).toBe(200);
    expect((await db().select().from(chamadas).where(eq(chamadas.id, call!.id)))[0]!.status).toBe("discando");
    await post("/api/webhooks/twilio/chamada", residentParams({ CallStatus: "in-progress" }));
    const residentPath = twimlUrl.slice(PUBLIC.length);
    const script = await post(residentPath, residentParams({ CallStatus: "in-progress" }));
    expect(script.status).toBe(200);
    expect(spoken(script.text)).toBe(
      "Olá, Ana. Carlos está na portaria do Residencial Telefone para a unidade 101, Torre A. Tecle 1 para autorizar a entrada ou 2 para negar.",
    );
    expect(script.text).toContain('<Gather input="dtmf" language="pt-BR"');

    const pressed = await post(nextUrl(script.text)!, residentParams({ Digits: "1", CallStatus: "in-progress" }));
    expect(spoken(pressed.text)).toBe("Entrada autorizada. Obrigado.");
    expect(pressed.text).toContain("<Hangup/>");
    const [decided] = await db().select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, request!.id));
    expect(decided).toMatchObject({
      status: "autorizado",
      decididoVia: "telefone",
      decididoPorNome: "Ana Beatriz Souza",
    });
    await post("/api/webhooks/twilio/chamada", residentParams({ CallStatus: "completed", CallDuration: "14" }));
    const [ended] = await db().select().from(chamadas).where(eq(chamadas.id, call!.id));
    expect(ended).toMatchObject({ status: "concluida", resposta: "autorizado", tecla: "1" });
    expect(ended!.finalizadoEm).not.toBeNull();

    // The visitor's call hears the outcome and hangs up; the gate command names the gate.
    await followRequests(db());
    const outcome = await post(waitUrl, callParams(sid));
    expect(spoken(outcome.text)).toMatch(/autorizada/i);
    expect(outcome.text).toContain("<Hangup/>");
    const [gateCommand] = await db()
      .select({ corpo: webhookEntregas.corpo })
      .from(webhookEntregas)
      .where(and(eq(webhookEntregas.organizationId, w.sindico.org.id), eq(webhookEntregas.tipo, "portao.abrir")));
    expect(JSON.parse(gateCommand!.corpo).dados.portao).toMatchObject({ id: w.gate.id, nome: "Portaria" });

    // The request's detail lists the call, as the Chamadas screen does.
    const detail = await w.sindico.api.get(`/api/solicitacoes/${request!.id}`);
    expect(JSON.stringify(detail.body)).toContain(call!.id);
    const list = await w.sindico.api.get("/api/chamadas?status=concluida");
    expect(list.body.items.map((c: { id: string }) => c.id)).toContain(call!.id);
  });

  it("a resident's line that is busy fails her call at once, and the outreach moves on without waiting", async () => {
    const created = await w.sindico.api.post("/api/solicitacoes", {
      json: { condominio_id: w.condo.condominio.id, unidade_id: w.condo.unidade.id, nome_visitante: "Rita" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const placedBefore = rest.requests.length;
    await voice.notifications.deliverDue();
    expect(rest.requests).toHaveLength(placedBefore + 1);
    const [call] = await db().select().from(chamadas).where(eq(chamadas.solicitacaoId, created.body.id));
    const busy = await post("/api/webhooks/twilio/chamada", {
      CallSid: call!.provedorChamadaId!,
      CallStatus: "busy",
    });
    expect(JSON.parse(busy.text)).toEqual({ conhecida: true });
    const detail = await w.sindico.api.get(`/api/solicitacoes/${created.body.id}`);
    expect(detail.body.chamadas[0]).toMatchObject({ status: "ocupada" });
    expect(detail.body.notificacoes[0]).toMatchObject({
      canal: "ligacao",
      status: "falhou",
      ultimo_erro: "Ligação: linha ocupada",
    });
    // Ana is the unit's only resident: nobody is left, the porteiro is told now.
    await voice.notifications.escalate();
    const [after] = await db().select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, created.body.id));
    expect(after!.semRespostaMoradoresEm).not.toBeNull();
  });

  it("a wrong or missing signature is a 403 and starts nothing; signing the Host a proxy sees is wrong too", async () => {
    const sid = newCallSid();
    const path = `/api/webhooks/twilio/voz?portao=${w.gate.id}`;
    expect((await post(path, callParams(sid), { token: "not-the-token-123" })).status).toBe(403);
    expect((await post(path, callParams(sid), { signature: null })).status).toBe(403);
    const twilio = (await import("twilio")).default;
    const hostSigned = twilio.getExpectedTwilioSignature(TWILIO_TOKEN, `http://10.0.0.5:3000${path}`, callParams(sid));
    expect((await post(path, callParams(sid), { signature: hostSigned })).status).toBe(403);
    // A signed request whose parameters were changed on the way.
    const good = twilio.getExpectedTwilioSignature(TWILIO_TOKEN, `${PUBLIC}${path}`, callParams(sid));
    expect((await post(path, callParams(sid, { From: "+5511000000000" }), { signature: good })).status).toBe(403);
    expect(await conversationsOf(sid)).toHaveLength(0);
  });

  it("a replayed turn gets the same answer and is said to the attendant once", async () => {
    const sid = newCallSid();
    const greeting = await post(`/api/webhooks/twilio/voz?portao=${w.gate.id}`, callParams(sid));
    const again = await post(`/api/webhooks/twilio/voz?portao=${w.gate.id}`, callParams(sid));
    expect(again.text).toBe(greeting.text);
    const turn = nextUrl(greeting.text)!;
    const speech = callParams(sid, { SpeechResult: "Sou a Marta, vim ver a Ana do 101 da Torre A" });
    const first = await post(turn, speech);
    const replay = await post(turn, speech);
    expect(replay.text).toBe(first.text);
    const [conversa] = await conversationsOf(sid);
    const lines = await db().select().from(atendenteMensagens).where(eq(atendenteMensagens.conversaId, conversa!.id));
    expect(lines.filter((l) => l.autor === "visitante")).toHaveLength(1);
    expect(await conversationsOf(sid)).toHaveLength(1);
  });

  it("a status callback for a call Guarita never placed changes nothing", async () => {
    const before = await db().select().from(chamadas);
    const res = await post("/api/webhooks/twilio/chamada", {
      CallSid: "CAffffffffffffffffffffffffffffffff",
      CallStatus: "completed",
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ conhecida: false });
    expect(await db().select().from(chamadas)).toEqual(before);
  });

  it("a key on an unknown or used resident link says so and decides nothing", async () => {
    const res = await post(`/api/webhooks/twilio/morador/${"x".repeat(43)}/tecla?r=0`, {
      CallSid: "CA00000000000000000000000000000099",
      Digits: "1",
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain("<Hangup/>");
    expect(spoken(res.text)).toMatch(/não é mais necessária/);
  });

  it("an unknown gate or one of an inactive condominium says the line is not answering and starts nothing", async () => {
    const sid = newCallSid();
    const res = await post(`/api/webhooks/twilio/voz?portao=00000000-0000-4000-8000-000000000000`, callParams(sid));
    expect(res.status).toBe(200);
    expect(spoken(res.text)).toMatch(/não está atendendo/);
    expect(await conversationsOf(sid)).toHaveLength(0);
  });

  it("silence is asked again, then the call ends and the conversation closes", async () => {
    const sid = newCallSid();
    let xml = (await post(`/api/webhooks/twilio/voz?portao=${w.gate.id}`, callParams(sid))).text;
    for (let i = 0; i < 2; i++) {
      xml = (await post(nextUrl(xml)!, callParams(sid))).text;
      expect(spoken(xml)).toMatch(/Não consegui ouvir\. Pode repetir/);
    }
    xml = (await post(nextUrl(xml)!, callParams(sid))).text;
    expect(xml).toContain("<Hangup/>");
    const [conversa] = await conversationsOf(sid);
    expect(conversa!.encerradaEm).not.toBeNull();
  });

  it("a PIN keyed on the phone is validated by the gate's rules and a right one ends the call with 'pode entrar'", async () => {
    const pass = await createPass(w.sindico.api, passInput(w.condo, { nome: "Diarista Joana" }));
    const sid = newCallSid();
    const greeting = await post(`/api/webhooks/twilio/voz?portao=${w.gate.id}`, callParams(sid));
    const wrong = await post(nextUrl(greeting.text)!, callParams(sid, { Digits: "000000" }));
    expect(wrong.text).toContain("<Gather");
    const attempts = await db()
      .select({ resultado: passeValidacoes.resultado })
      .from(passeValidacoes)
      .where(eq(passeValidacoes.organizationId, w.sindico.org.id));
    expect(attempts.map((a) => a.resultado)).toContain("pin_invalido");
    const right = await post(nextUrl(wrong.text)!, callParams(sid, { Digits: pass.pin }));
    expect(spoken(right.text)).toMatch(/pode entrar/i);
    expect(right.text).toContain("<Hangup/>");
  });
});

describe("without TWILIO_AUTH_TOKEN", () => {
  it("the phone line's webhooks answer 404 and change nothing", async () => {
    const unconfigured = twilioSigner(system(), PUBLIC);
    const sid = newCallSid();
    const res = await unconfigured(`/api/webhooks/twilio/voz?portao=${w.gate.id}`, callParams(sid));
    expect(res.status).toBe(404);
    expect(await conversationsOf(sid)).toHaveLength(0);
  });
});
