/**
 * The SMS channel against a faked HTTP layer: the request Twilio's REST API receives, and its answers
 * (success and the documented error payloads) turned into SendResult / ChannelError.
 */
import { describe, expect, it } from "vitest";
import { ChannelError, type ResidentMessage } from "./channel";
import { smsText } from "./message-text";
import { createTwilioSmsChannel } from "./sms";

const ACCOUNT_SID = "AC3f9c2a7e1b4d6f8a0c2e4b6d8f0a1c3e";
const AUTH_TOKEN = "9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const FROM = "+15017122661";
const BASIC = Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64");
const MESSAGE_SID = "SM1f0e8ae6ade43cb3c0ce4525424e404f";

const message: ResidentMessage = {
  to: "+5511987654321",
  residentName: "Ana Beatriz Souza",
  visitorName: "Carlos Entregador",
  visitorType: "visitante",
  unitLabel: "Torre A - 101",
  condominiumName: "Residencial Jardim",
  link: "https://guarita.exemplo.com.br/r/q9Xv3Rk2LmN8pT5wYz1aBc",
};

interface RecordedRequest {
  url: string;
  method: string | undefined;
  headers: Headers;
  body: string;
  signal: AbortSignal | null | undefined;
}

function fakeFetch(status: number, body: unknown, contentType = "application/json") {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    requests.push({
      url: String(input),
      method: init?.method,
      headers: new Headers(init?.headers),
      body: String(init?.body),
      signal: init?.signal,
    });
    const text = typeof body === "string" ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { "content-type": contentType } });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

function channelWith(fetch: typeof globalThis.fetch, from = FROM) {
  return createTwilioSmsChannel({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from, fetch });
}

async function sendError(channel: ReturnType<typeof channelWith>, signal = new AbortController().signal) {
  const error = await channel.send(message, signal).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

function expectNoSecret(error: ChannelError) {
  for (const text of [error.message, String(error), error.stack ?? "", JSON.stringify(error)]) {
    expect(text).not.toContain(AUTH_TOKEN);
    expect(text).not.toContain(BASIC);
  }
}

/** Twilio's 201 answer to a new Message (trimmed of nothing that matters here). */
const CREATED = {
  account_sid: ACCOUNT_SID,
  api_version: "2010-04-01",
  body: smsText(message),
  date_created: "Thu, 24 Jul 2025 21:04:10 +0000",
  date_sent: null,
  date_updated: "Thu, 24 Jul 2025 21:04:10 +0000",
  direction: "outbound-api",
  error_code: null,
  error_message: null,
  from: FROM,
  messaging_service_sid: null,
  num_media: "0",
  num_segments: "1",
  price: null,
  price_unit: "USD",
  sid: MESSAGE_SID,
  status: "queued",
  subresource_uris: { media: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${MESSAGE_SID}/Media.json` },
  to: "+5511987654321",
  uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${MESSAGE_SID}.json`,
};

describe("SMS channel (Twilio)", () => {
  it("posts To, From and Body with Basic auth and returns Twilio's sid", async () => {
    const { fetch, requests } = fakeFetch(201, CREATED);
    const channel = channelWith(fetch);
    expect(channel.canal).toBe("sms");
    expect(channel.demo).toBe(false);

    const signal = new AbortController().signal;
    const result = await channel.send(message, signal);

    expect(result).toEqual({ providerMessageId: MESSAGE_SID });
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request.method).toBe("POST");
    expect(request.headers.get("authorization")).toBe(`Basic ${BASIC}`);
    expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(request.signal).toBe(signal);
    const form = new URLSearchParams(request.body);
    expect([...form.keys()]).toEqual(["To", "From", "Body"]);
    expect(form.get("To")).toBe("+5511987654321");
    expect(form.get("From")).toBe(FROM);
    expect(form.get("Body")).toBe(
      "Guarita: Carlos Entregador (visitante) na portaria para Torre A - 101. Autorize ou negue: https://guarita.exemplo.com.br/r/q9Xv3Rk2LmN8pT5wYz1aBc",
    );
  });

  it("normalizes a formatted phone to E.164", async () => {
    const { fetch, requests } = fakeFetch(201, CREATED);
    await channelWith(fetch).send({ ...message, to: "+55 (11) 98765-4321" }, new AbortController().signal);
    expect(new URLSearchParams(requests[0]!.body).get("To")).toBe("+5511987654321");
  });

  it("sends through a Messaging Service when `from` is its SID", async () => {
    const service = "MG9752274e9e519418a7406176694466fa";
    const { fetch, requests } = fakeFetch(201, { ...CREATED, from: null, messaging_service_sid: service });
    await channelWith(fetch, service).send(message, new AbortController().signal);
    const form = new URLSearchParams(requests[0]!.body);
    expect(form.get("MessagingServiceSid")).toBe(service);
    expect(form.has("From")).toBe(false);
  });

  it("refuses a phone that is not E.164 without calling Twilio", async () => {
    const { fetch, requests } = fakeFetch(201, CREATED);
    const error = await channelWith(fetch)
      .send({ ...message, to: "abc" }, new AbortController().signal)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error.retryable).toBe(false);
    expect(requests).toHaveLength(0);
  });

  /** Error answers in the shape of Twilio's REST API (`{ code, message, more_info, status }`). */
  const errorCases: {
    name: string;
    status: number;
    body: unknown;
    retryable: boolean;
    code?: string;
    says: string;
  }[] = [
    {
      name: "wrong credentials (20003)",
      status: 401,
      body: {
        code: 20003,
        detail: "Your AccountSid or AuthToken was incorrect.",
        message: "Authentication Error - invalid username",
        more_info: "https://www.twilio.com/docs/errors/20003",
        status: 401,
      },
      retryable: false,
      code: "20003",
      says: "credenciais da Twilio inválidas",
    },
    {
      name: "invalid To (21211)",
      status: 400,
      body: {
        code: 21211,
        message: "Invalid 'To' Phone Number: +55119876XXXX",
        more_info: "https://www.twilio.com/docs/errors/21211",
        status: 400,
      },
      retryable: false,
      code: "21211",
      says: "destinatário inválido",
    },
    {
      name: "unsubscribed recipient (21610)",
      status: 400,
      body: {
        code: 21610,
        message: "Attempt to send to unsubscribed recipient",
        more_info: "https://www.twilio.com/docs/errors/21610",
        status: 400,
      },
      retryable: false,
      code: "21610",
      says: "cancelou o recebimento",
    },
    {
      name: "region not enabled (21408)",
      status: 400,
      body: {
        code: 21408,
        message:
          "Permission to send an SMS has not been enabled for the region indicated by the 'To' number: +5511987654321.",
        more_info: "https://www.twilio.com/docs/errors/21408",
        status: 400,
      },
      retryable: false,
      code: "21408",
      says: "região do número não habilitado",
    },
    {
      name: "From not a valid number of the account (21606)",
      status: 400,
      body: {
        code: 21606,
        message:
          "The From phone number +15017122661 is not a valid, SMS-capable inbound phone number or short code for your account.",
        more_info: "https://www.twilio.com/docs/errors/21606",
        status: 400,
      },
      retryable: false,
      code: "21606",
      says: "mensagem recusada",
    },
    {
      name: "too many requests (20429)",
      status: 429,
      body: {
        code: 20429,
        message: "Too Many Requests",
        more_info: "https://www.twilio.com/docs/errors/20429",
        status: 429,
      },
      retryable: true,
      code: "20429",
      says: "limite de envio atingido",
    },
    {
      name: "internal server error (20500)",
      status: 500,
      body: {
        code: 20500,
        message: "Internal Server Error",
        more_info: "https://www.twilio.com/docs/errors/20500",
        status: 500,
      },
      retryable: true,
      code: "20500",
      says: "erro temporário da Twilio",
    },
    {
      name: "a 503 without a JSON body",
      status: 503,
      body: "Service Unavailable",
      retryable: true,
      says: "erro temporário da Twilio",
    },
  ];

  for (const errorCase of errorCases) {
    it(`maps ${errorCase.name} to a ${errorCase.retryable ? "retryable" : "final"} ChannelError`, async () => {
      const { fetch } = fakeFetch(errorCase.status, errorCase.body);
      const error = await sendError(channelWith(fetch));
      expect(error.retryable).toBe(errorCase.retryable);
      expect(error.status).toBe(errorCase.status);
      expect(error.providerCode).toBe(errorCase.code);
      expect(error.message).toContain(errorCase.says);
      expectNoSecret(error);
    });
  }

  it("keeps Twilio's message and more_info in the error", async () => {
    const { fetch } = fakeFetch(400, errorCases.find((c) => c.code === "21610")!.body);
    const error = await sendError(channelWith(fetch));
    expect(error.message).toBe(
      "SMS (Twilio): o número cancelou o recebimento (STOP) (HTTP 400, código 21610): Attempt to send to unsubscribed recipient · https://www.twilio.com/docs/errors/21610",
    );
  });

  it("never repeats the auth token, even when the answer echoes it", async () => {
    const { fetch } = fakeFetch(401, {
      code: 20003,
      message: `Authentication Error - token ${AUTH_TOKEN} / Basic ${BASIC} refused`,
      more_info: "https://www.twilio.com/docs/errors/20003",
      status: 401,
    });
    const error = await sendError(channelWith(fetch));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("[oculto]");
    expectNoSecret(error);
  });

  it("turns a network failure into a retryable error", async () => {
    const fetch = (async () => {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("connect ECONNREFUSED 10.0.0.1:443"), { code: "ECONNREFUSED" }),
      });
    }) as typeof globalThis.fetch;
    const error = await sendError(channelWith(fetch));
    expect(error.retryable).toBe(true);
    expect(error.message).toBe("SMS (Twilio): falha de rede ao contatar o provedor (ECONNREFUSED)");
    expectNoSecret(error);
  });

  it("stops when the signal aborts, as a retryable error", async () => {
    let started!: () => void;
    const requestStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const fetch = ((_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        started();
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason), { once: true });
      })) as typeof globalThis.fetch;
    const controller = new AbortController();
    const pending = sendError(channelWith(fetch), controller.signal);
    await requestStarted;
    controller.abort();
    const error = await pending;
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("envio interrompido");
    expectNoSecret(error);
  });

  it("stops when the signal aborts while the answer's body is being read", async () => {
    const controller = new AbortController();
    const fetch = (async () => {
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(new TextEncoder().encode('{"sid":'));
          controller.signal.addEventListener("abort", () => stream.error(controller.signal.reason), { once: true });
        },
      });
      queueMicrotask(() => controller.abort());
      return new Response(body, { status: 201 });
    }) as typeof globalThis.fetch;
    const error = await sendError(channelWith(fetch), controller.signal);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("envio interrompido");
  });

  it("refuses to start without its keys", () => {
    expect(() => createTwilioSmsChannel({ accountSid: ACCOUNT_SID, authToken: "", from: FROM })).toThrow(
      /obrigatórios/,
    );
  });
});
