/**
 * WhatsApp through the official WhatsApp Business Cloud API (Meta's Graph API over HTTPS):
 * `POST https://graph.facebook.com/<apiVersion>/<phoneNumberId>/messages` with a template message.
 * Outside a 24-hour conversation the business may only send approved templates, so the operator
 * registers this one in WhatsApp Manager (Gerenciador do WhatsApp → Modelos de mensagem) before
 * setting the keys; its name goes in `template`.
 *
 * The template to register (the text is WHATSAPP_TEMPLATE in message-text.ts; the demo panel shows
 * it filled in, so keep both the same):
 *
 *   Name:      guarita_visitante_portaria (any name; it goes in `template`)
 *   Category:  Utility (Utilidade)
 *   Language:  Portuguese (BR), code pt_BR
 *   Parameters: number (positional)
 *   Header:    none
 *   Body:
 *     Olá, {{1}}!
 *     {{2}} ({{3}}) está na portaria e pediu para entrar na unidade {{4}}.
 *     Condomínio: {{5}}
 *
 *     Toque em Responder para autorizar ou negar a entrada. O link é pessoal: não o encaminhe.
 *   Body examples: {{1}} Ana, {{2}} Carlos Entregador, {{3}} visitante, {{4}} Torre A - 101,
 *     {{5}} Residencial Jardim
 *   Footer:    Guarita · portaria remota
 *   Button:    Visit website / URL (Acessar o site), dynamic
 *     Text:    Responder
 *     URL:     https://<domínio público do Guarita>/r/{{1}}   (the same origin as the links)
 *     Example: https://<domínio público do Guarita>/r/exemplo
 *
 *   {{1}} resident's first name, {{2}} visitor's name, {{3}} "visitante" or "prestador de serviço",
 *   {{4}} unit ("Torre A - 101"), {{5}} condominium; the button's {{1}} is the link's token.
 *
 * Optionally, a second template that shows the visitor's photo above the text (docs/product.md,
 * "Fotos"); its name goes in `photoTemplate` (WHATSAPP_TEMPLATE_FOTO). A header is part of what Meta
 * approves, so it is a template of its own, registered like the one above in every part but:
 *
 *   Name:      guarita_visitante_portaria_foto (any name; it goes in `photoTemplate`)
 *   Header:    Media → Image (Mídia → Imagem); example: any photo (Meta asks for a sample upload)
 *   Body, body examples, footer and button: exactly as above.
 *
 * It is used for a message only when the request has a stored photo as the message leaves and the
 * photo's address is https (deliver.ts hands one only on a public https PUBLIC_URL): Meta fetches the
 * image itself, from `<PUBLIC_URL>/r/<token>/foto`, the link's own photo, which its token authorises
 * while the request waits for a decision. Otherwise the message goes with the template above.
 *
 * The residents' package notices (docs/decisions/043-deliveries.md) need a third approved template;
 * its name goes in `packageTemplate` (WHATSAPP_TEMPLATE_ENCOMENDA). Without it WhatsApp carries no
 * package notice: the notice goes to the resident's SMS or e-mail instead. The text is
 * PACKAGE_WHATSAPP_TEMPLATE in message-text.ts (keep both the same):
 *
 *   Name:      guarita_encomenda (any name; it goes in `packageTemplate`)
 *   Category:  Utility (Utilidade)
 *   Language:  Portuguese (BR), code pt_BR
 *   Parameters: number (positional)
 *   Header:    none
 *   Body:
 *     Olá, {{1}}!
 *     {{2}} para a unidade {{3}} no {{4}}.
 *     Código de retirada: {{5}}
 *     {{6}}
 *
 *     O código é pessoal: informe-o só a quem for retirar por você.
 *   Body examples: {{1}} Ana, {{2}} Chegou 1 encomenda (Correios), {{3}} Torre A - 101,
 *     {{4}} Residencial Jardim, {{5}} 123456, {{6}} Local: Armário 3. Perecível: retire o quanto antes.
 *   Footer:    Guarita · portaria remota
 *   Button:    Visit website / URL (Acessar o site), static
 *     Text:    Ver encomendas
 *     URL:     https://<domínio público do Guarita>/app/encomendas
 *
 *   {{1}} resident's first name, {{2}} what arrived or still waits ("Chegou 1 encomenda (Correios)",
 *   "Ainda aguarda retirada 1 encomenda perecível (iFood)"), {{3}} unit, {{4}} condominium,
 *   {{5}} the pickup code, {{6}} where it is kept ("Local: Armário 3." or "Retire na portaria."),
 *   followed by "Perecível: retire o quanto antes." for perishables.
 *
 * The residents' booking notices (docs/decisions/044-common-area-bookings.md: confirmed, refused,
 * cancelled, the day-before reminder) need a fourth approved template; its name goes in
 * `bookingTemplate` (WHATSAPP_TEMPLATE_RESERVA). Without it WhatsApp carries no booking notice: the
 * notice goes to the resident's SMS or e-mail instead. The text is BOOKING_WHATSAPP_TEMPLATE in
 * message-text.ts (keep both the same):
 *
 *   Name:      guarita_reserva (any name; it goes in `bookingTemplate`)
 *   Category:  Utility (Utilidade)
 *   Language:  Portuguese (BR), code pt_BR
 *   Parameters: number (positional)
 *   Header:    none
 *   Body:
 *     Olá, {{1}}!
 *     {{2}}: {{3}}, {{4}}.
 *     Unidade {{5}} no {{6}}.
 *     {{7}}
 *   Body examples: {{1}} Ana, {{2}} Reserva confirmada, {{3}} Salão de festas,
 *     {{4}} sábado, 05/12 das 18:00 às 23:00, {{5}} Torre A - 101, {{6}} Residencial Jardim,
 *     {{7}} Mantenha a lista de convidados em dia: a portaria libera a entrada por ela.
 *   Footer:    Guarita · portaria remota
 *   Button:    Visit website / URL (Acessar o site), dynamic
 *     Text:    Ver reserva
 *     URL:     https://<domínio público do Guarita>/app/areas/reservas/{{1}}
 *     Example: https://<domínio público do Guarita>/app/areas/reservas/exemplo
 *
 *   {{1}} resident's first name, {{2}} "Reserva confirmada", "Reserva recusada", "Reserva cancelada"
 *   or "Lembrete de reserva", {{3}} the area, {{4}} when (the condominium's local time), {{5}} unit,
 *   {{6}} condominium, {{7}} the refusal's or cancellation's reason ("Motivo: …") or what to do next;
 *   the button's {{1}} is the booking's id.
 */
import type {
  BookingNotice,
  NoticeKind,
  NotificationChannel,
  PackageNotice,
  ResidentMessage,
  ResidentNotice,
  SendResult,
} from "./channel";
import {
  bookingLinkSuffix,
  bookingWhatsAppParameters,
  linkTokenSuffix,
  packageWhatsAppParameters,
  whatsAppBodyParameters,
} from "./message-text";
import {
  channelError,
  e164Digits,
  type Fetch,
  isRecord,
  isRetryableAnswer,
  type ProviderAnswer,
  postToProvider,
} from "./provider-http";

export interface WhatsAppConfig {
  /** A system user's permanent token with whatsapp_business_messaging. */
  accessToken: string;
  /** The sending number's id in the WhatsApp Business Account (not the phone number itself). */
  phoneNumberId: string;
  /** The approved template's name. */
  template: string;
  /** The approved template with the visitor's photo as its image header; unset = never a photo. */
  photoTemplate?: string;
  /** The approved template for package notices; unset = WhatsApp carries none (SMS or e-mail instead). */
  packageTemplate?: string;
  /** The approved template for booking notices; unset = WhatsApp carries none (SMS or e-mail instead). */
  bookingTemplate?: string;
  language?: string;
  apiVersion?: string;
  /** Tests hand in a fetch that answers for graph.facebook.com. */
  fetch?: Fetch;
}

const LABEL = "WhatsApp";

/** The Graph API version used when the configuration names none. */
export const GRAPH_API_VERSION = "v21.0";

/** The Cloud API's endpoint that sends from a number (template and text messages alike). */
export function graphMessagesUrl(apiVersion: string, phoneNumberId: string): string {
  return `https://graph.facebook.com/${encodeURIComponent(apiVersion)}/${encodeURIComponent(phoneNumberId)}/messages`;
}

/** Meta's throughput and rate limits, and its own transient failures: the same send may pass later. */
const RETRYABLE_CODES = new Set([
  1, // API Unknown (possibly a server error)
  2, // API Service: temporary downtime or overload
  4, // API Too Many Calls (app rate limit)
  17, // API User Too Many Calls
  32, // Page request limit
  613, // Calls to this API have exceeded the rate limit
  80007, // WhatsApp Business Account rate limit
  130429, // Cloud API throughput reached
  131000, // Something went wrong
  131016, // Service unavailable
  131048, // Spam rate limit hit (quality-based limit on the number)
  131056, // (Business, consumer) pair rate limit hit
  133004, // Server temporarily unavailable
]);

const AUTH_CODES = new Set([0, 3, 10, 190]);
const RECIPIENT_CODES = new Set([131026, 131030, 131047, 131049, 131050, 131051, 133010]);

function kindOf(code: number | undefined, status: number): string {
  if (code !== undefined && RETRYABLE_CODES.has(code)) {
    return code === 1 || code === 2 || code === 131000 || code === 131016 || code === 133004
      ? "erro temporário da Meta"
      : "limite de envio atingido";
  }
  if (status === 429) return "limite de envio atingido";
  if (status >= 500) return "erro temporário da Meta";
  if (code !== undefined && (AUTH_CODES.has(code) || (code >= 200 && code <= 299))) {
    return "token de acesso inválido, expirado ou sem permissão";
  }
  if (status === 401 || status === 403) return "token de acesso inválido, expirado ou sem permissão";
  if (code !== undefined && code >= 132000 && code <= 132999) return "modelo de mensagem rejeitado";
  if (code !== undefined && RECIPIENT_CODES.has(code)) return "destinatário inválido ou inalcançável";
  if (code === 100 || (code !== undefined && code >= 131008 && code <= 131009)) return "parâmetro inválido";
  return "mensagem recusada";
}

const isRetryable = (code: number | undefined, status: number) => isRetryableAnswer(status, code, RETRYABLE_CODES);

interface MetaError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
  error_data?: { details?: string };
}

function metaError(json: unknown): MetaError | null {
  if (!isRecord(json) || !isRecord(json.error)) return null;
  const error = json.error;
  const errorData = isRecord(error.error_data) ? error.error_data : undefined;
  return {
    message: typeof error.message === "string" ? error.message : undefined,
    type: typeof error.type === "string" ? error.type : undefined,
    code: typeof error.code === "number" ? error.code : undefined,
    error_subcode: typeof error.error_subcode === "number" ? error.error_subcode : undefined,
    fbtrace_id: typeof error.fbtrace_id === "string" ? error.fbtrace_id : undefined,
    error_data: typeof errorData?.details === "string" ? { details: errorData.details } : undefined,
  };
}

function messageIdOf(json: unknown): string | null {
  if (!isRecord(json) || !Array.isArray(json.messages)) return null;
  const first: unknown = json.messages[0];
  return isRecord(first) && typeof first.id === "string" && first.id !== "" ? first.id : null;
}

/**
 * What the Graph API's answer to a send means: the message id when Meta took it, or a ChannelError
 * that says why not and whether the same send may pass later (rate limits, Meta's own failures).
 */
export function graphSendResult(answer: ProviderAnswer, secrets: readonly string[]): SendResult {
  if (answer.status >= 200 && answer.status < 300) {
    // A 2xx means Meta took the message: even without an id, sending again would duplicate it.
    return { providerMessageId: messageIdOf(answer.json) };
  }

  const error = metaError(answer.json);
  const code = error?.code;
  const detail = error
    ? [error.message, error.error_data?.details, error.fbtrace_id && `fbtrace_id ${error.fbtrace_id}`]
        .filter(Boolean)
        .join(" · ")
    : answer.text || "sem corpo";
  const codePart = code !== undefined ? `, código ${code}` : "";
  throw channelError(
    `${LABEL}: ${kindOf(code, answer.status)} (HTTP ${answer.status}${codePart}): ${detail}`,
    secrets,
    isRetryable(code, answer.status),
    answer.status,
    code !== undefined ? String(code) : undefined,
  );
}

export function createWhatsAppChannel(config: WhatsAppConfig): NotificationChannel {
  const { accessToken, phoneNumberId, template } = config;
  if (!accessToken || !phoneNumberId || !template) {
    throw new Error("WhatsApp: accessToken, phoneNumberId e template são obrigatórios");
  }
  const language = config.language ?? "pt_BR";
  const apiVersion = config.apiVersion ?? GRAPH_API_VERSION;
  const fetchImpl = config.fetch ?? globalThis.fetch;
  const url = graphMessagesUrl(apiVersion, phoneNumberId);
  const photoTemplate = config.photoTemplate || null;
  const packageTemplate = config.packageTemplate || null;
  const bookingTemplate = config.bookingTemplate || null;
  const noticeKinds: NoticeKind[] = [
    ...(packageTemplate ? (["encomenda"] as const) : []),
    ...(bookingTemplate ? (["reserva"] as const) : []),
  ];
  const secrets = [accessToken];
  const bodyParameters = (texts: readonly string[]) => texts.map((text) => ({ type: "text", text }));
  // Errors are shown to staff on the package's detail, who never see the pickup code.
  const packageBody = (notice: PackageNotice) => ({
    components: [{ type: "body", parameters: bodyParameters(packageWhatsAppParameters(notice)) }],
    secrets: [...secrets, notice.pickupCode],
  });
  const bookingBody = (notice: BookingNotice) => {
    const id = bookingLinkSuffix(notice.consoleUrl);
    if (!id) throw channelError(`${LABEL}: o link da reserva não termina em /app/areas/reservas/<id>`, secrets, false);
    return {
      components: [
        { type: "body", parameters: bodyParameters(bookingWhatsAppParameters(notice)) },
        { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: id }] },
      ],
      secrets,
    };
  };

  return {
    canal: "whatsapp",
    demo: false,
    carriesPhoto: photoTemplate !== null,
    async send(message: ResidentMessage, signal: AbortSignal): Promise<SendResult> {
      const to = e164Digits(message.to);
      if (!to) throw channelError(`${LABEL}: número de telefone inválido`, secrets, false);
      const token = linkTokenSuffix(message.link);
      if (!token) throw channelError(`${LABEL}: o link de decisão não termina em /r/<token>`, secrets, false);
      // Meta may echo a parameter (the button's token, the photo's address) in an error, and errors are
      // stored and shown on the request's detail: a link token never leaves in an answer.
      const sendSecrets = [...secrets, token];
      // Meta downloads the header's image from the internet: only an https address it can reach.
      const photo = photoTemplate && message.photoUrl?.startsWith("https://") ? message.photoUrl : null;

      const body = {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to,
        type: "template",
        template: {
          name: photo ? photoTemplate : template,
          language: { code: language },
          components: [
            ...(photo ? [{ type: "header", parameters: [{ type: "image", image: { link: photo } }] }] : []),
            {
              type: "body",
              parameters: whatsAppBodyParameters(message).map((text) => ({ type: "text", text })),
            },
            { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: token }] },
          ],
        },
      };

      const answer = await postToProvider({
        fetch: fetchImpl,
        url,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: JSON.stringify(body),
        signal,
        label: LABEL,
        secrets: sendSecrets,
      });

      return graphSendResult(answer, sendSecrets);
    },
    ...(noticeKinds.length > 0
      ? {
          noticeKinds,
          async sendNotice(notice: ResidentNotice, signal: AbortSignal): Promise<SendResult> {
            const to = e164Digits(notice.to);
            if (!to) throw channelError(`${LABEL}: número de telefone inválido`, secrets, false);
            const template = notice.kind === "encomenda" ? packageTemplate : bookingTemplate;
            if (!template) {
              throw channelError(`${LABEL}: sem modelo aprovado para avisos de ${notice.kind}`, secrets, false);
            }
            const built = notice.kind === "encomenda" ? packageBody(notice) : bookingBody(notice);
            const body = {
              messaging_product: "whatsapp",
              recipient_type: "individual",
              to,
              type: "template",
              template: { name: template, language: { code: language }, components: built.components },
            };
            const answer = await postToProvider({
              fetch: fetchImpl,
              url,
              headers: {
                Authorization: `Bearer ${accessToken}`,
                "Content-Type": "application/json",
                Accept: "application/json",
              },
              body: JSON.stringify(body),
              signal,
              label: LABEL,
              secrets: built.secrets,
            });
            return graphSendResult(answer, built.secrets);
          },
        }
      : {}),
  };
}
