/**
 * Twilio's side of a gate's phone line, for the simulator (`npm run simulate -- --voz`; docs/decisions/037-phone-line-and-whatsapp.md):
 * posts to Guarita's TwiML webhooks as Twilio does — a call's form parameters, signed in
 * `X-Twilio-Signature` with the server's TWILIO_AUTH_TOKEN over the full public URL and the sorted
 * parameters, by the SDK's own `getExpectedTwilioSignature` — and reads the TwiML that comes back:
 * what is said, where the next request goes (the <Gather> action with what the visitor said, or the
 * <Redirect>), how long Twilio would wait first, and whether the call hung up.
 *
 * The answers' URLs are paths: Twilio resolves them against the URL it called, which is the
 * server's PUBLIC_URL (the address the server checks the signature against), so `baseUrl` must be it.
 */
import { randomBytes } from "node:crypto";
import twilio from "twilio";

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** A TwiML answer, read. */
export interface TwimlAnswer {
  status: number;
  /** The body as received (TwiML, or the error's JSON). */
  text: string;
  /** The <Say> lines, in order. */
  spoken: string[];
  /** The <Gather> action (the visitor's answer goes there), else the <Redirect>; null when neither. */
  next: string | null;
  gather: boolean;
  redirect: boolean;
  hangup: boolean;
  /** How long Twilio waits before the next request: the <Pause>s, or the <Gather>'s timeout (seconds). */
  waitSeconds: number;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** Reads a TwiML document (the few verbs Guarita answers with). */
export function readTwiml(status: number, text: string): TwimlAnswer {
  const gather = /<Gather\b([^>]*)>/.exec(text);
  const action = gather ? /\saction="([^"]*)"/.exec(gather[1]!) : null;
  const redirect = /<Redirect\b[^>]*>([^<]+)<\/Redirect>/.exec(text);
  const pauses = [...text.matchAll(/<Pause\b[^>]*\slength="(\d+)"/g)].reduce((s, m) => s + Number(m[1]), 0);
  const timeout = gather ? Number(/\stimeout="(\d+)"/.exec(gather[1]!)?.[1] ?? 5) : 0;
  return {
    status,
    text,
    spoken: [...text.matchAll(/<Say\b[^>]*>([\s\S]*?)<\/Say>/g)].map((m) => unescapeXml(m[1]!)),
    next: action ? unescapeXml(action[1]!) : redirect ? unescapeXml(redirect[1]!.trim()) : null,
    gather: gather !== null,
    redirect: redirect !== null,
    hangup: /<Hangup\s*\/>/.test(text),
    waitSeconds: gather ? timeout : pauses,
  };
}

/** `CA` or `AC` and 32 hex digits, as Twilio's ids look. */
const twilioId = (prefix: "CA" | "AC") => `${prefix}${randomBytes(16).toString("hex")}`;

/** A Brazilian mobile number for the visitor calling (E.164). */
const visitorNumber = () => `+55119${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;

export interface TwilioLineOptions {
  /** The server's PUBLIC_URL: where the requests go and what the signature covers. */
  baseUrl: string;
  /** The server's TWILIO_AUTH_TOKEN. */
  token: string;
  fetch?: Fetch;
  /** The number the gate's line answers on (the `To` of every call). */
  lineNumber?: string;
}

/** Twilio's requests for the calls to one account's numbers. */
export function twilioLine(options: TwilioLineOptions) {
  const base = options.baseUrl.replace(/\/$/, "");
  const fetchFn: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const accountSid = twilioId("AC");
  const to = options.lineNumber ?? "+551130000000";

  /** POSTs `path` (relative to the public URL) with the form, signed as Twilio signs it. */
  async function post(path: string, params: Record<string, string>): Promise<TwimlAnswer> {
    const url = /^https?:\/\//.test(path) ? path : `${base}${path}`;
    const res = await fetchFn(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilio.getExpectedTwilioSignature(options.token, url, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    return readTwiml(res.status, await res.text());
  }

  /** A new incoming call from a visitor's phone: its requests carry the same CallSid. */
  function call() {
    const sid = twilioId("CA");
    const from = visitorNumber();
    const started = Date.now();
    const params = (status: string, extra: Record<string, string> = {}) => ({
      CallSid: sid,
      AccountSid: accountSid,
      From: from,
      To: to,
      CallStatus: status,
      ...extra,
    });
    return {
      sid,
      /** The line rings: Twilio asks the gate's voice URL what to do. */
      ring: (portaoId: string) => post(`/api/webhooks/twilio/voz?portao=${portaoId}`, params("ringing")),
      /** The visitor said `speech` (Twilio's speech recognition), or nothing (`""`: the Gather's timeout). */
      say: (next: string, speech: string) =>
        post(next, params("in-progress", speech === "" ? {} : { SpeechResult: speech, Confidence: "0.91" })),
      /** Twilio follows a <Redirect> (the wait while the residents decide). */
      follow: (next: string) => post(next, params("in-progress")),
      /** The visitor hung up: the number's status callback. */
      hangUp: () =>
        post(
          "/api/webhooks/twilio/voz/status",
          params("completed", { CallDuration: String(Math.max(1, Math.round((Date.now() - started) / 1000))) }),
        ),
    };
  }

  return { call, post };
}

export type TwilioCall = ReturnType<ReturnType<typeof twilioLine>["call"]>;
