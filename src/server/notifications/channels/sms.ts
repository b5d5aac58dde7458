/**
 * SMS through Twilio's REST API: `POST https://api.twilio.com/2010-04-01/Accounts/<sid>/Messages.json`,
 * HTTP Basic auth (Account SID : Auth Token), a form body with To, From and Body. The text is
 * `smsText` (message-text.ts): one GSM segment with the decision link whenever it fits.
 */
import type { NotificationChannel, ResidentMessage, SendResult } from "./channel";
import { smsText } from "./message-text";
import { channelError, e164Digits, type Fetch, isRecord, isRetryableAnswer, postToProvider } from "./provider-http";

export interface TwilioSmsConfig {
  accountSid: string;
  authToken: string;
  /**
   * The sender: a Twilio number in E.164 ("+5511…"), an alphanumeric sender id, or a Messaging
   * Service SID ("MG…", sent as MessagingServiceSid so Twilio picks the number).
   */
  from: string;
  /** Tests hand in a fetch that answers for api.twilio.com. */
  fetch?: Fetch;
}

const LABEL = "SMS (Twilio)";

/** Twilio's own rate limit and transient server errors. */
const RETRYABLE_CODES = new Set([20429, 20500, 20503, 30001]);

const AUTH_CODES = new Set([20003, 20005, 20008, 20403]);
/** The number cannot get this SMS: invalid, unsubscribed (STOP), not a mobile, region not enabled… */
const RECIPIENT_CODES = new Set([21211, 21212, 21408, 21601, 21608, 21610, 21612, 21614, 21635]);

function kindOf(code: number | undefined, status: number): string {
  if (status === 429 || code === 20429) return "limite de envio atingido";
  if (status >= 500 || (code !== undefined && RETRYABLE_CODES.has(code))) return "erro temporário da Twilio";
  if (status === 401 || (code !== undefined && AUTH_CODES.has(code))) return "credenciais da Twilio inválidas";
  if (code === 21610) return "o número cancelou o recebimento (STOP)";
  if (code === 21408) return "envio para a região do número não habilitado na conta";
  if (code !== undefined && RECIPIENT_CODES.has(code)) return "destinatário inválido ou inalcançável";
  return "mensagem recusada";
}

const isRetryable = (code: number | undefined, status: number) => isRetryableAnswer(status, code, RETRYABLE_CODES);

interface TwilioError {
  code?: number;
  message?: string;
  more_info?: string;
}

function twilioError(json: unknown): TwilioError | null {
  if (!isRecord(json)) return null;
  const error: TwilioError = {
    code: typeof json.code === "number" ? json.code : undefined,
    message: typeof json.message === "string" ? json.message : undefined,
    more_info: typeof json.more_info === "string" ? json.more_info : undefined,
  };
  return error.code !== undefined || error.message !== undefined ? error : null;
}

export function createTwilioSmsChannel(config: TwilioSmsConfig): NotificationChannel {
  const { accountSid, authToken, from } = config;
  if (!accountSid || !authToken || !from) {
    throw new Error("SMS (Twilio): accountSid, authToken e from são obrigatórios");
  }
  const fetchImpl = config.fetch ?? globalThis.fetch;
  const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const basic = Buffer.from(`${accountSid}:${authToken}`).toString("base64");
  const secrets = [authToken, basic];

  return {
    canal: "sms",
    demo: false,
    async send(message: ResidentMessage, signal: AbortSignal): Promise<SendResult> {
      const to = e164Digits(message.to);
      if (!to) throw channelError(`${LABEL}: número de telefone inválido`, secrets, false);

      const form = new URLSearchParams();
      form.set("To", `+${to}`);
      if (/^MG[0-9a-f]{32}$/i.test(from)) form.set("MessagingServiceSid", from);
      else form.set("From", from);
      form.set("Body", smsText(message));

      const answer = await postToProvider({
        fetch: fetchImpl,
        url,
        headers: {
          Authorization: `Basic ${basic}`,
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
        },
        body: form.toString(),
        signal,
        label: LABEL,
        secrets,
      });

      if (answer.status >= 200 && answer.status < 300) {
        // A 2xx means Twilio queued the message: even without a sid, sending again would duplicate it.
        const sid = isRecord(answer.json) && typeof answer.json.sid === "string" ? answer.json.sid : null;
        return { providerMessageId: sid || null };
      }

      const error = twilioError(answer.json);
      const code = error?.code;
      const detail = error ? [error.message, error.more_info].filter(Boolean).join(" · ") : answer.text || "sem corpo";
      const codePart = code !== undefined ? `, código ${code}` : "";
      throw channelError(
        `${LABEL}: ${kindOf(code, answer.status)} (HTTP ${answer.status}${codePart}): ${detail}`,
        secrets,
        isRetryable(code, answer.status),
        answer.status,
        code !== undefined ? String(code) : undefined,
      );
    },
  };
}
