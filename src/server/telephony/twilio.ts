/**
 * Twilio through its official SDK (docs/decisions/037-phone-line-and-whatsapp.md): the request
 * validation every webhook of Twilio's goes through, and the TwiML builder. Calls are placed with
 * Twilio's documented REST API (notifications/channels/voice.ts), like the SMS.
 */
import twilio from "twilio";

export const { twiml } = twilio;

/**
 * The URL Twilio signed: always the configured public URL's origin with the path and query Twilio
 * called, never the Host header a proxy may have rewritten (or an attacker may have chosen).
 */
export function signedUrlOf(publicUrl: string, requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${publicUrl.replace(/\/$/, "")}${url.pathname}${url.search}`;
}

/** `X-Twilio-Signature` checked by the SDK (HMAC-SHA1 of the URL and the sorted form parameters). */
export function twilioSignatureValid(
  authToken: string,
  url: string,
  params: Record<string, string>,
  header: string | undefined,
): boolean {
  if (!header) return false;
  return twilio.validateRequest(authToken, header, url, params);
}

/** The signature Twilio would send (the simulator and the tests sign as Twilio does). */
export function twilioSignatureOf(authToken: string, url: string, params: Record<string, string>): string {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}
