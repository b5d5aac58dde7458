/**
 * The TwiML Guarita answers Twilio with, built by the SDK's VoiceResponse: every line spoken in
 * pt-BR by a Brazilian voice, every question a <Gather> (speech or keys) whose `action` brings the
 * answer back (docs/decisions/037-phone-line-and-whatsapp.md).
 */
import { twiml } from "./twilio";

/** Amazon Polly's Brazilian Portuguese voice, through Twilio's <Say>. */
export const VOICE = { language: "pt-BR", voice: "Polly.Camila" } as const;

type Response = InstanceType<typeof twiml.VoiceResponse>;

function say(target: Pick<Response, "say">, lines: readonly string[]) {
  for (const line of lines) if (line.trim() !== "") target.say(VOICE, line);
}

/**
 * Says the lines while listening: the caller may answer before they end. Without an answer, the
 * action is called with nothing in it (`actionOnEmptyResult`), so silence is a turn like any other.
 */
export function askTwiml(
  lines: readonly string[],
  options: { action: string; input: "speech dtmf" | "dtmf"; timeoutSeconds?: number; numDigits?: number },
): string {
  const response = new twiml.VoiceResponse();
  const gather = response.gather({
    input: options.input === "dtmf" ? ["dtmf"] : ["speech", "dtmf"],
    language: "pt-BR",
    action: options.action,
    method: "POST",
    actionOnEmptyResult: true,
    timeout: options.timeoutSeconds ?? 5,
    ...(options.input === "dtmf" ? { numDigits: options.numDigits ?? 1 } : { speechTimeout: "auto", finishOnKey: "#" }),
  });
  say(gather, lines);
  return response.toString();
}

/** Says the lines, waits, and comes back to `redirect` (a caller waiting on the residents). */
export function waitTwiml(lines: readonly string[], pauseSeconds: number, redirect: string): string {
  const response = new twiml.VoiceResponse();
  say(response, lines);
  response.pause({ length: pauseSeconds });
  response.redirect({ method: "POST" }, redirect);
  return response.toString();
}

/** Says the lines and ends the call. */
export function hangupTwiml(lines: readonly string[]): string {
  const response = new twiml.VoiceResponse();
  say(response, lines);
  response.hangup();
  return response.toString();
}

/** The spoken lines of a TwiML answer, in order (the console's "Simular ligação" shows them). */
export function spokenLines(xml: string): string[] {
  const lines: string[] = [];
  for (const match of xml.matchAll(/<Say\b[^>]*>([\s\S]*?)<\/Say>/g)) lines.push(unescapeXml(match[1]!));
  return lines;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}
