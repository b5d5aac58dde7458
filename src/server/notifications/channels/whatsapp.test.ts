/**
 * The WhatsApp channel against a faked HTTP layer: the request Meta's Cloud API receives, and its
 * answers (success and the documented error payloads) turned into SendResult / ChannelError.
 */
import { describe, expect, it } from "vitest";
import { ChannelError, type ResidentMessage } from "./channel";
import { createWhatsAppChannel } from "./whatsapp";

const ACCESS_TOKEN = "EAAGm0PX4ZCpsBAJ7sEcr3tT0k3nW1thL0ngT41l";
const PHONE_NUMBER_ID = "106540352242922";
const TEMPLATE = "guarita_visitante_portaria";
const TOKEN = "q9Xv3Rk2LmN8pT5wYz1aBc";

const message: ResidentMessage = {
  to: "+55 11 98765-4321",
  residentName: "Ana Beatriz Souza",
  visitorName: "Carlos Entregador",
  visitorType: "visitante",
  unitLabel: "Torre A - 101",
  condominiumName: "Residencial Jardim",
  link: `https://guarita.exemplo.com.br/r/${TOKEN}`,
};

interface RecordedRequest {
  url: string;
  method: string | undefined;
  headers: Headers;
  body: string;
  signal: AbortSignal | null | undefined;
}

/** A fetch that records each request and answers with the given status and JSON (or raw) body. */
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
    return new Response(status === 204 ? null : text, { status, headers: { "content-type": contentType } });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

function channelWith(
  fetch: typeof globalThis.fetch,
  options: { language?: string; apiVersion?: string; photoTemplate?: string } = {},
) {
  return createWhatsAppChannel({
    accessToken: ACCESS_TOKEN,
    phoneNumberId: PHONE_NUMBER_ID,
    template: TEMPLATE,
    fetch,
    ...options,
  });
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
    expect(text).not.toContain(ACCESS_TOKEN);
  }
}

const SUCCESS = {
  messaging_product: "whatsapp",
  contacts: [{ input: "5511987654321", wa_id: "5511987654321" }],
  messages: [{ id: "wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjA5RjRGQjI3QTk3QjlCMDYxNgA=", message_status: "accepted" }],
};

describe("WhatsApp channel (Cloud API)", () => {
  it("sends the template to the Cloud API and returns Meta's message id", async () => {
    const { fetch, requests } = fakeFetch(200, SUCCESS);
    const channel = channelWith(fetch);
    expect(channel.canal).toBe("whatsapp");
    expect(channel.demo).toBe(false);

    const signal = new AbortController().signal;
    const result = await channel.send(message, signal);

    expect(result).toEqual({ providerMessageId: SUCCESS.messages[0]!.id });
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.url).toBe(`https://graph.facebook.com/v21.0/${PHONE_NUMBER_ID}/messages`);
    expect(request.method).toBe("POST");
    expect(request.headers.get("authorization")).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(request.signal).toBe(signal);
    expect(JSON.parse(request.body)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "5511987654321",
      type: "template",
      template: {
        name: TEMPLATE,
        language: { code: "pt_BR" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ana" },
              { type: "text", text: "Carlos Entregador" },
              { type: "text", text: "visitante" },
              { type: "text", text: "Torre A - 101" },
              { type: "text", text: "Residencial Jardim" },
            ],
          },
          { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: TOKEN }] },
        ],
      },
    });
  });

  it("uses the configured API version and language, and says prestador de serviço", async () => {
    const { fetch, requests } = fakeFetch(200, SUCCESS);
    await channelWith(fetch, { apiVersion: "v22.0", language: "pt_PT" }).send(
      { ...message, visitorType: "prestador" },
      new AbortController().signal,
    );
    expect(requests[0]!.url).toBe(`https://graph.facebook.com/v22.0/${PHONE_NUMBER_ID}/messages`);
    const body = JSON.parse(requests[0]!.body);
    expect(body.template.language).toEqual({ code: "pt_PT" });
    expect(body.template.components[0].parameters[2]).toEqual({ type: "text", text: "prestador de serviço" });
  });

  it("takes a 2xx without a message id as sent (sending again would duplicate it)", async () => {
    const { fetch } = fakeFetch(200, { messaging_product: "whatsapp", contacts: [], messages: [] });
    await expect(channelWith(fetch).send(message, new AbortController().signal)).resolves.toEqual({
      providerMessageId: null,
    });
  });

  it("refuses a phone that is not E.164 and a link without /r/<token>, without calling Meta", async () => {
    const { fetch, requests } = fakeFetch(200, SUCCESS);
    const channel = channelWith(fetch);
    const badPhone = await channel.send({ ...message, to: "98765" }, new AbortController().signal).catch((e) => e);
    expect(badPhone).toBeInstanceOf(ChannelError);
    expect(badPhone.retryable).toBe(false);
    const badLink = await channel
      .send({ ...message, link: "https://guarita.exemplo.com.br/painel" }, new AbortController().signal)
      .catch((e) => e);
    expect(badLink).toBeInstanceOf(ChannelError);
    expect(badLink.retryable).toBe(false);
    expect(requests).toHaveLength(0);
  });

  describe('the visitor\'s photo (docs/product.md, "Fotos")', () => {
    const PHOTO_TEMPLATE = "guarita_visitante_portaria_foto";
    const PHOTO_URL = `https://guarita.exemplo.com.br/r/${TOKEN}/foto`;
    const bodyParameters = [
      { type: "text", text: "Ana" },
      { type: "text", text: "Carlos Entregador" },
      { type: "text", text: "visitante" },
      { type: "text", text: "Torre A - 101" },
      { type: "text", text: "Residencial Jardim" },
    ];
    const button = { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: TOKEN }] };

    async function sentBody(options: { photoTemplate?: string }, photoUrl: string | null | undefined) {
      const { fetch, requests } = fakeFetch(200, SUCCESS);
      const result = await channelWith(fetch, options).send({ ...message, photoUrl }, new AbortController().signal);
      expect(result).toEqual({ providerMessageId: SUCCESS.messages[0]!.id });
      expect(requests).toHaveLength(1);
      return JSON.parse(requests[0]!.body);
    }

    it("sends the photo template with the photo as its image header, the text and button unchanged", async () => {
      expect(channelWith(fakeFetch(200, SUCCESS).fetch, { photoTemplate: PHOTO_TEMPLATE }).carriesPhoto).toBe(true);
      const body = await sentBody({ photoTemplate: PHOTO_TEMPLATE }, PHOTO_URL);
      expect(body.messaging_product).toBe("whatsapp");
      expect(body.to).toBe("5511987654321");
      expect(body.type).toBe("template");
      expect(body.template.name).toBe(PHOTO_TEMPLATE);
      expect(body.template.language).toEqual({ code: "pt_BR" });
      expect(body.template.components).toHaveLength(3);
      const [header, text, link] = body.template.components;
      expect(header.type).toBe("header");
      expect(header.parameters).toHaveLength(1);
      expect(header.parameters[0].type).toBe("image");
      expect(header.parameters[0].image).toEqual({ link: PHOTO_URL });
      expect(text).toEqual({ type: "body", parameters: bodyParameters });
      expect(link).toEqual(button);
    });

    it("sends the text template, with no header, when the message has no photo", async () => {
      for (const photoUrl of [null, undefined]) {
        const body = await sentBody({ photoTemplate: PHOTO_TEMPLATE }, photoUrl);
        expect(body.template.name).toBe(TEMPLATE);
        expect(body.template.components).toEqual([{ type: "body", parameters: bodyParameters }, button]);
      }
    });

    it("sends the text template when no photo template is configured, whatever the message carries", async () => {
      expect(channelWith(fakeFetch(200, SUCCESS).fetch).carriesPhoto).toBe(false);
      const body = await sentBody({}, PHOTO_URL);
      expect(body.template.name).toBe(TEMPLATE);
      expect(body.template.components).toEqual([{ type: "body", parameters: bodyParameters }, button]);
      const empty = await sentBody({ photoTemplate: "" }, PHOTO_URL);
      expect(empty.template.name).toBe(TEMPLATE);
      expect(empty.template.components).toEqual([{ type: "body", parameters: bodyParameters }, button]);
    });

    it("sends the text template for a photo address that is not https (Meta could not download it)", async () => {
      const body = await sentBody({ photoTemplate: PHOTO_TEMPLATE }, `http://guarita.exemplo.com.br/r/${TOKEN}/foto`);
      expect(body.template.name).toBe(TEMPLATE);
      expect(body.template.components).toEqual([{ type: "body", parameters: bodyParameters }, button]);
    });

    it("never repeats the link's token when Meta's refusal echoes the photo's address", async () => {
      const { fetch } = fakeFetch(400, {
        error: {
          message: "(#131053) Media upload error",
          type: "OAuthException",
          code: 131053,
          error_data: { details: `Downloading media from weblink ${PHOTO_URL} failed with http code 404` },
          fbtrace_id: "AbC",
        },
      });
      const error = await channelWith(fetch, { photoTemplate: PHOTO_TEMPLATE })
        .send({ ...message, photoUrl: PHOTO_URL }, new AbortController().signal)
        .then(
          () => null,
          (e: unknown) => e as ChannelError,
        );
      expect(error).toBeInstanceOf(ChannelError);
      expect(error!.message).toContain("Downloading media from weblink https://guarita.exemplo.com.br/r/[oculto]/foto");
      expect(error!.message).not.toContain(TOKEN);
      expectNoSecret(error!);
    });
  });

  /** Error answers in the shape of Meta's Graph API (`{ error: { message, type, code, … } }`). */
  const errorCases: {
    name: string;
    status: number;
    body: unknown;
    retryable: boolean;
    code?: string;
    says: string;
  }[] = [
    {
      name: "expired access token (190)",
      status: 401,
      body: {
        error: {
          message:
            "Error validating access token: Session has expired on Tuesday, 01-Jul-25 10:00:00 PDT. The current time is Tuesday, 01-Jul-25 11:02:41 PDT.",
          type: "OAuthException",
          code: 190,
          error_subcode: 463,
          fbtrace_id: "AQnXw1Rq4BvFz2lKmE8pTzY",
        },
      },
      retryable: false,
      code: "190",
      says: "token de acesso inválido",
    },
    {
      name: "missing permission (10)",
      status: 403,
      body: {
        error: {
          message: "(#10) Application does not have permission for this action",
          type: "OAuthException",
          code: 10,
          error_data: { messaging_product: "whatsapp", details: "Requires whatsapp_business_messaging permission" },
          fbtrace_id: "A8c1TqXh2J",
        },
      },
      retryable: false,
      code: "10",
      says: "token de acesso inválido",
    },
    {
      name: "invalid parameter (100)",
      status: 400,
      body: {
        error: {
          message: "(#100) Invalid parameter",
          type: "OAuthException",
          code: 100,
          error_data: { messaging_product: "whatsapp", details: "Parameter 'to' is invalid" },
          fbtrace_id: "AZx1ZfKq9Y2",
        },
      },
      retryable: false,
      code: "100",
      says: "parâmetro inválido",
    },
    {
      name: "message undeliverable (131026)",
      status: 400,
      body: {
        error: {
          message: "(#131026) Message undeliverable",
          type: "OAuthException",
          code: 131026,
          error_data: { messaging_product: "whatsapp", details: "Message Undeliverable." },
          fbtrace_id: "Bd7yR2nQp",
        },
      },
      retryable: false,
      code: "131026",
      says: "destinatário inválido",
    },
    {
      name: "recipient not in the test number's allowed list (131030)",
      status: 400,
      body: {
        error: {
          message: "(#131030) Recipient phone number not in allowed list",
          type: "OAuthException",
          code: 131030,
          error_data: { messaging_product: "whatsapp", details: "Recipient phone number not in allowed list" },
          fbtrace_id: "AvL0p3rTq",
        },
      },
      retryable: false,
      code: "131030",
      says: "destinatário inválido",
    },
    {
      name: "template missing in this language (132001)",
      status: 404,
      body: {
        error: {
          message: "(#132001) Template name does not exist in the translation",
          type: "OAuthException",
          code: 132001,
          error_data: {
            messaging_product: "whatsapp",
            details: "template name (guarita_visitante_portaria) does not exist in pt_BR",
          },
          fbtrace_id: "AFq8nK1xP",
        },
      },
      retryable: false,
      code: "132001",
      says: "modelo de mensagem rejeitado",
    },
    {
      name: "template parameter count mismatch (132000)",
      status: 400,
      body: {
        error: {
          message: "(#132000) Number of parameters does not match the expected number of params",
          type: "OAuthException",
          code: 132000,
          error_data: {
            messaging_product: "whatsapp",
            details: "body: number of localizable_params (5) does not match the expected number of params (4)",
          },
          fbtrace_id: "A1b2C3d4",
        },
      },
      retryable: false,
      code: "132000",
      says: "modelo de mensagem rejeitado",
    },
    {
      name: "Cloud API throughput reached (130429)",
      status: 400,
      body: {
        error: {
          message: "(#130429) Rate limit hit",
          type: "OAuthException",
          code: 130429,
          error_data: {
            messaging_product: "whatsapp",
            details:
              "Message failed to send because there were too many messages sent from this phone number in a short period of time",
          },
          error_subcode: 2494055,
          fbtrace_id: "Az8or2yhqkZfEZ-_4Qn_Bam",
        },
      },
      retryable: true,
      code: "130429",
      says: "limite de envio atingido",
    },
    {
      name: "pair rate limit (131056)",
      status: 400,
      body: {
        error: {
          message: "(#131056) (Business Account, Consumer Account) pair rate limit hit",
          type: "OAuthException",
          code: 131056,
          error_data: {
            messaging_product: "whatsapp",
            details:
              "Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.",
          },
          fbtrace_id: "AhtqQ3i5R",
        },
      },
      retryable: true,
      code: "131056",
      says: "limite de envio atingido",
    },
    {
      name: "spam rate limit (131048)",
      status: 400,
      body: {
        error: {
          message: "(#131048) Spam rate limit hit",
          type: "OAuthException",
          code: 131048,
          fbtrace_id: "A0s9d8f7",
        },
      },
      retryable: true,
      code: "131048",
      says: "limite de envio atingido",
    },
    {
      name: "WhatsApp Business Account rate limit (80007)",
      status: 400,
      body: {
        error: {
          message: "(#80007) There have been too many calls to this WhatsApp Business account.",
          type: "OAuthException",
          code: 80007,
          fbtrace_id: "Ad1vU9zTl",
        },
      },
      retryable: true,
      code: "80007",
      says: "limite de envio atingido",
    },
    {
      name: "application request limit (4)",
      status: 400,
      body: {
        error: {
          message: "(#4) Application request limit reached",
          type: "OAuthException",
          is_transient: true,
          code: 4,
          fbtrace_id: "AKs2m0WcE",
        },
      },
      retryable: true,
      code: "4",
      says: "limite de envio atingido",
    },
    {
      name: "HTTP 429 without a known code",
      status: 429,
      body: { error: { message: "Too many requests", type: "OAuthException", code: 999999, fbtrace_id: "X" } },
      retryable: true,
      code: "999999",
      says: "limite de envio atingido",
    },
    {
      name: "something went wrong (131000, HTTP 500)",
      status: 500,
      body: {
        error: {
          message: "(#131000) Something went wrong",
          type: "OAuthException",
          code: 131000,
          error_data: { messaging_product: "whatsapp", details: "Something went wrong" },
          fbtrace_id: "A7zWcEqYp",
        },
      },
      retryable: true,
      code: "131000",
      says: "erro temporário da Meta",
    },
    {
      name: "service temporarily unavailable (2, HTTP 503)",
      status: 503,
      body: {
        error: {
          message: "(#2) Service temporarily unavailable",
          type: "OAuthException",
          is_transient: true,
          code: 2,
          fbtrace_id: "AsS8L0pqQ",
        },
      },
      retryable: true,
      code: "2",
      says: "erro temporário da Meta",
    },
    {
      name: "a proxy's 502 page, not JSON",
      status: 502,
      body: "<html><body>502 Bad Gateway</body></html>",
      retryable: true,
      says: "erro temporário da Meta",
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
      expect(error.message).toContain(`HTTP ${errorCase.status}`);
      expectNoSecret(error);
    });
  }

  it("keeps Meta's details and fbtrace_id in the message", async () => {
    const { fetch } = fakeFetch(400, errorCases.find((c) => c.code === "100")!.body);
    const error = await sendError(channelWith(fetch));
    expect(error.message).toBe(
      "WhatsApp: parâmetro inválido (HTTP 400, código 100): (#100) Invalid parameter · Parameter 'to' is invalid · fbtrace_id AZx1ZfKq9Y2",
    );
  });

  it("never repeats the access token, even when the provider's answer echoes it", async () => {
    const { fetch } = fakeFetch(400, {
      error: {
        message: `Malformed access token ${ACCESS_TOKEN}`,
        type: "OAuthException",
        code: 190,
        fbtrace_id: "AbC",
      },
    });
    const error = await sendError(channelWith(fetch));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("[oculto]");
    expectNoSecret(error);
  });

  it("turns a network failure into a retryable error", async () => {
    const fetch = (async () => {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("getaddrinfo ENOTFOUND graph.facebook.com"), { code: "ENOTFOUND" }),
      });
    }) as typeof globalThis.fetch;
    const error = await sendError(channelWith(fetch));
    expect(error.retryable).toBe(true);
    expect(error.status).toBeUndefined();
    expect(error.message).toBe("WhatsApp: falha de rede ao contatar o provedor (ENOTFOUND)");
    expectNoSecret(error);
  });

  it("stops when the signal aborts, as a retryable error", async () => {
    let started!: () => void;
    const requestStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    // Like the real fetch: pending until the signal aborts, then rejects with the signal's reason.
    const fetch = ((_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        started();
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason), { once: true });
      })) as typeof globalThis.fetch;
    const controller = new AbortController();
    const pending = sendError(channelWith(fetch), controller.signal);
    await requestStarted;
    controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    const error = await pending;
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("envio interrompido");
    expectNoSecret(error);
  });

  it("does not send at all with an already aborted signal", async () => {
    const fetch = (async (_input: string | URL | Request, init?: RequestInit) => {
      init?.signal?.throwIfAborted();
      return new Response(JSON.stringify(SUCCESS), { status: 200 });
    }) as typeof globalThis.fetch;
    const error = await sendError(channelWith(fetch), AbortSignal.abort());
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("envio interrompido");
  });

  it("refuses to start without its keys", () => {
    expect(() =>
      createWhatsAppChannel({ accessToken: "", phoneNumberId: PHONE_NUMBER_ID, template: TEMPLATE }),
    ).toThrow(/obrigatórios/);
  });
});
