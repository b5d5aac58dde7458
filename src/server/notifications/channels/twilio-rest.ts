/**
 * Twilio's REST API for the account's resources (SMS `Messages`, calls `Calls`):
 * `POST https://api.twilio.com/2010-04-01/Accounts/<sid>/<Resource>.json` with HTTP Basic auth
 * (Account SID : Auth Token) and a form body; the answer's sid, or a ChannelError that says why in
 * pt-BR and whether trying again can help. Secrets are scrubbed from every message.
 */
import type { ChannelError, SendResult } from "./channel";
import {
  channelError,
  type Fetch,
  isRecord,
  isRetryableAnswer,
  type ProviderAnswer,
  postToProvider,
} from "./provider-http";

export interface TwilioAccount {
  accountSid: string;
  authToken: string;
  /** Tests hand in a fetch that answers for api.twilio.com. */
  fetch?: Fetch;
}

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
  if (code === 21215 || code === 21216) return "ligações para a região do número não habilitadas na conta";
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

/** A non-2xx answer of Twilio's REST API as a ChannelError that says why (SMS and calls alike). */
function twilioRefusal(answer: ProviderAnswer, label: string, secrets: readonly string[]): ChannelError {
  const error = twilioError(answer.json);
  const code = error?.code;
  const detail = error ? [error.message, error.more_info].filter(Boolean).join(" · ") : answer.text || "sem corpo";
  const codePart = code !== undefined ? `, código ${code}` : "";
  return channelError(
    `${label}: ${kindOf(code, answer.status)} (HTTP ${answer.status}${codePart}): ${detail}`,
    secrets,
    isRetryable(code, answer.status),
    answer.status,
    code !== undefined ? String(code) : undefined,
  );
}

/** One resource of the account: a POST of a form, and the sid Twilio gave it. */
export function twilioResource(account: TwilioAccount, resource: "Messages" | "Calls", label: string) {
  const fetchImpl = account.fetch ?? globalThis.fetch;
  const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/${resource}.json`;
  const basic = Buffer.from(`${account.accountSid}:${account.authToken}`).toString("base64");
  const secrets = [account.authToken, basic];
  return {
    /** A refusal before anything is sent (a bad number), scrubbed like the provider's. */
    refuse: (message: string) => channelError(`${label}: ${message}`, secrets, false),
    async post(form: URLSearchParams, signal: AbortSignal): Promise<SendResult> {
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
        label,
        secrets,
      });
      if (answer.status >= 200 && answer.status < 300) {
        // A 2xx means Twilio took it: even without a sid, sending again would duplicate it.
        const sid = isRecord(answer.json) && typeof answer.json.sid === "string" ? answer.json.sid : null;
        return { providerMessageId: sid || null };
      }
      throw twilioRefusal(answer, label, secrets);
    },
  };
}
