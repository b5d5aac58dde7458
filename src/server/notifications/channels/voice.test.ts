/**
 * The resident's call against a faked HTTP layer: the request Twilio's Calls API receives (the
 * TwiML URL carries the message's link token, the status callback every move of the call), and
 * its answers turned into SendResult / ChannelError; the script the resident hears.
 */
import { describe, expect, it } from "vitest";
import { ChannelError, type ResidentMessage } from "./channel";
import { callScript } from "./message-text";
import { createTwilioVoiceChannel } from "./voice";

const ACCOUNT_SID = "AC3f9c2a7e1b4d6f8a0c2e4b6d8f0a1c3e";
const AUTH_TOKEN = "9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const FROM = "+551140028922";
const TOKEN = "q9Xv3Rk2LmN8pT5wYz1aBcq9Xv3Rk2LmN8pT5wYz1aB";

const message: ResidentMessage = {
  to: "+55 (11) 98765-4321",
  residentName: "Ana Beatriz Souza",
  visitorName: "Carlos",
  visitorType: "visitante",
  unitLabel: "Torre A - Unidade 101",
  condominiumName: "Residencial Jardim",
  link: `https://guarita.exemplo.com.br/r/${TOKEN}`,
};

function fakeFetch(status: number, body: unknown) {
  const requests: { url: string; headers: Headers; form: URLSearchParams }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    requests.push({
      url: String(input),
      headers: new Headers(init?.headers),
      form: new URLSearchParams(String(init?.body)),
    });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

const channelWith = (fetch: typeof globalThis.fetch) =>
  createTwilioVoiceChannel({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    from: FROM,
    publicUrl: "https://guarita.exemplo.com.br/",
    fetch,
  });

describe("Guarita's call to a resident (Twilio Calls API)", () => {
  it("places the call with the TwiML and status URLs on the public address, and returns the call's sid", async () => {
    const fake = fakeFetch(201, { sid: "CA1f0e8ae6ade43cb3c0ce4525424e404f", status: "queued" });
    const result = await channelWith(fake.fetch).send(message, new AbortController().signal);
    expect(result).toEqual({ providerMessageId: "CA1f0e8ae6ade43cb3c0ce4525424e404f" });
    const [request] = fake.requests;
    expect(request!.url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Calls.json`);
    expect(request!.headers.get("authorization")).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`,
    );
    expect(Object.fromEntries(request!.form)).toMatchObject({
      To: "+5511987654321",
      From: FROM,
      Url: `https://guarita.exemplo.com.br/api/webhooks/twilio/morador/${TOKEN}`,
      Method: "POST",
      StatusCallback: "https://guarita.exemplo.com.br/api/webhooks/twilio/chamada",
      StatusCallbackMethod: "POST",
      Timeout: "30",
    });
    expect(request!.form.getAll("StatusCallbackEvent")).toEqual(["initiated", "ringing", "answered", "completed"]);
  });

  it("a number Twilio cannot call is not retried; its rate limit and its outages are", async () => {
    const refused = fakeFetch(400, { code: 21215, message: "Geo Permission configuration is not permitting call" });
    const error = await channelWith(refused.fetch)
      .send(message, new AbortController().signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect((error as ChannelError).retryable).toBe(false);
    expect((error as ChannelError).message).toMatch(
      /^Ligação \(Twilio\): ligações para a região do número não habilitadas/,
    );
    expect((error as ChannelError).message).not.toContain(AUTH_TOKEN);

    const busy = fakeFetch(429, { code: 20429, message: "Too Many Requests" });
    const limited = await channelWith(busy.fetch)
      .send(message, new AbortController().signal)
      .catch((e: unknown) => e);
    expect((limited as ChannelError).retryable).toBe(true);
  });

  it("refuses a phone that cannot be E.164 before calling anyone", async () => {
    const fake = fakeFetch(201, { sid: "CA1" });
    const error = await channelWith(fake.fetch)
      .send({ ...message, to: "ramal 12" }, new AbortController().signal)
      .catch((e: unknown) => e);
    expect((error as ChannelError).message).toBe("Ligação (Twilio): número de telefone inválido");
    expect(fake.requests).toHaveLength(0);
  });

  it("says who is at the gate, for which unit, and which key does what", () => {
    const unit = { codigo: "101", torre: "Torre A" };
    const base = {
      residentName: "Ana Beatriz Souza",
      visitorName: "Carlos",
      condominiumName: "Residencial Jardim",
      unit,
    };
    expect(callScript({ ...base, visitorType: "visitante" })).toBe(
      "Olá, Ana. Carlos está na portaria do Residencial Jardim para a unidade 101, Torre A. Tecle 1 para autorizar a entrada ou 2 para negar.",
    );
    expect(callScript({ ...base, visitorType: "entregador", unit: { codigo: "12", torre: null } })).toMatch(
      /^Olá, Ana\. Carlos, entregador, está na portaria do Residencial Jardim para a unidade 12\. Tecle 1/,
    );
  });
});
