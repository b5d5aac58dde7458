/**
 * The virtual attendant's lines to a visitor who wrote to a gate's WhatsApp number (docs/product.md,
 * "Atendente virtual", WhatsApp): a free-form text message through the Cloud API,
 * `POST https://graph.facebook.com/<apiVersion>/<phone number id>/messages`, from the number the
 * visitor wrote to. Meta accepts free-form text only inside the 24-hour window the visitor's last
 * message opened; the delivery job (modules/telefonia) checks that before sending. Errors are read
 * as the residents' template messages' are (whatsapp.ts).
 */
import type { SendResult } from "./channel";
import { channelError, e164Digits, type Fetch, postToProvider } from "./provider-http";
import { GRAPH_API_VERSION, graphMessagesUrl, graphSendResult } from "./whatsapp";

export interface WhatsAppTextConfig {
  /** A system user's permanent token with whatsapp_business_messaging (WHATSAPP_ACCESS_TOKEN). */
  accessToken: string;
  apiVersion?: string;
  /** Tests hand in a fetch that answers for graph.facebook.com. */
  fetch?: Fetch;
}

export interface WhatsAppText {
  /** The sending number's id (the gate's `whatsapp_numero_id`). */
  numeroId: string;
  /** The visitor's WhatsApp id (`wa_id`: the phone's digits). */
  to: string;
  texto: string;
}

export interface WhatsAppTextSender {
  send(message: WhatsAppText, signal: AbortSignal): Promise<SendResult>;
}

const LABEL = "WhatsApp";
/** The Cloud API's limit for a text message's body. */
const MAX_BODY = 4096;

export function createWhatsAppTextSender(config: WhatsAppTextConfig): WhatsAppTextSender {
  const { accessToken } = config;
  if (!accessToken) throw new Error("WhatsApp: accessToken é obrigatório");
  const apiVersion = config.apiVersion ?? GRAPH_API_VERSION;
  const fetchImpl = config.fetch ?? globalThis.fetch;
  const secrets = [accessToken];

  return {
    async send(message, signal) {
      const to = e164Digits(message.to);
      if (!to) throw channelError(`${LABEL}: número de telefone inválido`, secrets, false);
      if (!message.numeroId) throw channelError(`${LABEL}: número de envio não informado`, secrets, false);
      const answer = await postToProvider({
        fetch: fetchImpl,
        url: graphMessagesUrl(apiVersion, message.numeroId),
        headers: {
          Authorization: `Bearer ${accessToken}`,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: JSON.stringify({
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to,
          type: "text",
          text: { preview_url: false, body: message.texto.slice(0, MAX_BODY) },
        }),
        signal,
        label: LABEL,
        secrets,
      });
      return graphSendResult(answer, secrets);
    },
  };
}
