/**
 * Twilio's side of a call, for the tests: requests signed exactly as Twilio signs them (the SDK's
 * own helper over the public URL and the form parameters), and a fake of Twilio's REST API that
 * records the calls Guarita places and answers like api.twilio.com does.
 */
import twilio from "twilio";
import type { System } from "@/server/bootstrap";

export const TWILIO_TOKEN = "twilio-auth-token-for-tests-123";
export const TWILIO_ACCOUNT = "AC0123456789abcdef0123456789abcdef";
export const TWILIO_VOICE_FROM = "+5511900001111";

export interface TwilioCall {
  status: number;
  text: string;
}

/**
 * Posts as Twilio: `path` (with its query) on the public URL Twilio was given, the form body, the
 * signature over both. `baseUrl` is where the request really arrives (a proxy in front: another
 * host); `token` signs with another secret (a forger).
 */
export function twilioSigner(system: System, publicUrl: string) {
  return async function post(
    path: string,
    params: Record<string, string>,
    options: { token?: string; baseUrl?: string; signature?: string | null } = {},
  ): Promise<TwilioCall> {
    const signed = `${publicUrl}${path}`;
    const signature =
      options.signature === undefined
        ? twilio.getExpectedTwilioSignature(options.token ?? TWILIO_TOKEN, signed, params)
        : options.signature;
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (signature !== null) headers["x-twilio-signature"] = signature;
    const response = await system.app.request(`${options.baseUrl ?? "http://10.0.0.5:3000"}${path}`, {
      method: "POST",
      headers,
      body: new URLSearchParams(params).toString(),
    });
    return { status: response.status, text: await response.text() };
  };
}

/** The next URL a TwiML answer sends Twilio to: the <Gather> action, else the <Redirect>. */
export function nextUrl(xml: string): string | null {
  const match = /<Gather[^>]*\saction="([^"]+)"/.exec(xml) ?? /<Redirect[^>]*>([^<]+)<\/Redirect>/.exec(xml);
  return match ? match[1]!.replace(/&amp;/g, "&") : null;
}

/** The spoken lines of a TwiML answer, joined. */
export function spoken(xml: string): string {
  return [...xml.matchAll(/<Say\b[^>]*>([\s\S]*?)<\/Say>/g)]
    .map((m) =>
      m[1]!
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'"),
    )
    .join(" ");
}

/** A fake of Twilio's REST API: every POST recorded with its form; calls answered with a new sid. */
export function fakeTwilioRest() {
  const requests: { url: string; authorization: string | null; form: URLSearchParams }[] = [];
  let n = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const form = new URLSearchParams(String(init?.body ?? ""));
    const authorization = new Headers(init?.headers).get("authorization");
    requests.push({ url, authorization, form });
    n++;
    const sid = `CA${String(n).padStart(32, "0")}`;
    return new Response(JSON.stringify({ sid, status: "queued" }), {
      status: 201,
      headers: { "content-type": "application/json" },
    });
  };
  return { fetch, requests };
}
