/**
 * The resident's phone call ("Ligação") through Twilio's REST API:
 * `POST https://api.twilio.com/2010-04-01/Accounts/<sid>/Calls.json` with To, From, the TwiML URL
 * Twilio fetches when the resident answers, and a status callback for every move of the call
 * (docs/decisions/037-phone-line-and-whatsapp.md). The URLs carry the message's link token, the
 * same secret an SMS carries; Twilio signs each request it makes to them.
 */
import type { NotificationChannel, ResidentMessage, SendResult } from "./channel";
import { linkTokenSuffix } from "./message-text";
import { e164Digits } from "./provider-http";
import { type TwilioAccount, twilioResource } from "./twilio-rest";

export interface TwilioVoiceConfig extends TwilioAccount {
  /** The calling number (a Twilio number or a verified caller id), E.164. */
  from: string;
  /** Guarita's public origin (PUBLIC_URL): Twilio calls back there. */
  publicUrl: string;
  /** Seconds the resident's phone rings before the call is "sem resposta". */
  ringSeconds?: number;
}

/** Where Twilio asks what to say to the resident, and where it reports the call's statuses. */
export function residentCallUrls(publicUrl: string, token: string) {
  const base = publicUrl.replace(/\/$/, "");
  return {
    twiml: `${base}/api/webhooks/twilio/morador/${token}`,
    status: `${base}/api/webhooks/twilio/chamada`,
  };
}

export function createTwilioVoiceChannel(config: TwilioVoiceConfig): NotificationChannel {
  const { accountSid, authToken, from } = config;
  if (!accountSid || !authToken || !from) {
    throw new Error("Ligação (Twilio): accountSid, authToken e from são obrigatórios");
  }
  const calls = twilioResource(config, "Calls", "Ligação (Twilio)");
  return {
    canal: "ligacao",
    demo: false,
    async send(message: ResidentMessage, signal: AbortSignal): Promise<SendResult> {
      const to = e164Digits(message.to);
      if (!to) throw calls.refuse("número de telefone inválido");
      const token = linkTokenSuffix(message.link);
      if (!token) throw calls.refuse("o link de decisão não termina em /r/<token>");
      const urls = residentCallUrls(config.publicUrl, token);
      const form = new URLSearchParams();
      form.set("To", `+${to}`);
      form.set("From", from);
      form.set("Url", urls.twiml);
      form.set("Method", "POST");
      form.set("StatusCallback", urls.status);
      form.set("StatusCallbackMethod", "POST");
      for (const event of ["initiated", "ringing", "answered", "completed"]) form.append("StatusCallbackEvent", event);
      form.set("Timeout", String(config.ringSeconds ?? 30));
      return calls.post(form, signal);
    },
  };
}
