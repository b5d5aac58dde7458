/**
 * The HTTP part shared by the WhatsApp and SMS channels: one POST through the given `fetch`, the
 * network failures and aborts turned into retryable ChannelErrors, the answer's body read as JSON
 * when it is JSON. Secrets are scrubbed from every message built here and by the channels.
 */
import { ChannelError } from "./channel";

export type Fetch = typeof globalThis.fetch;

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  json: unknown;
  /** The raw body (for messages), already cut short. */
  text: string;
}

const MAX_DETAIL = 300;

/** Cuts provider text short and removes every secret from it, whatever the provider echoed. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join("[oculto]");
  }
  return out.length > MAX_DETAIL ? `${out.slice(0, MAX_DETAIL)}…` : out;
}

export function channelError(
  message: string,
  secrets: readonly string[],
  retryable: boolean,
  status?: number,
  providerCode?: string,
): ChannelError {
  return new ChannelError(scrub(message, secrets), retryable, status, providerCode);
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  if (cause && typeof cause.code === "string") return cause.code;
  if (cause && typeof cause.message === "string") return cause.message;
  return error.message;
}

export async function postToProvider(options: {
  fetch: Fetch;
  url: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** "WhatsApp", "SMS (Twilio)": the start of every message. */
  label: string;
  secrets: readonly string[];
}): Promise<ProviderAnswer> {
  const { label, secrets, signal } = options;
  const failed = (error: unknown): ChannelError =>
    signal.aborted
      ? channelError(
          `${label}: envio interrompido (tempo esgotado ou cancelado) antes da resposta do provedor`,
          [],
          true,
        )
      : channelError(`${label}: falha de rede ao contatar o provedor (${describeNetworkError(error)})`, secrets, true);

  let response: Response;
  try {
    response = await options.fetch(options.url, {
      method: "POST",
      headers: options.headers,
      body: options.body,
      signal,
      redirect: "error",
    });
  } catch (error) {
    throw failed(error);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw failed(error);
  }
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text: scrub(text, secrets) };
}

/**
 * Whether a provider's refusal may succeed later: its own "try again" codes, or an HTTP status
 * that says the trouble is on the way (5xx, 429, 408); never an authentication failure.
 */
export function isRetryableAnswer(status: number, code: number | undefined, retryableCodes: ReadonlySet<number>) {
  if (code !== undefined && retryableCodes.has(code)) return true;
  if (status === 401 || status === 403) return false;
  return status >= 500 || status === 429 || status === 408;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** "+55 (11) 98765-4321" → "5511987654321"; null when it cannot be an E.164 number. */
export function e164Digits(phone: string): string | null {
  const digits = phone.replace(/[\s().-]/g, "").replace(/^\+/, "");
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}
