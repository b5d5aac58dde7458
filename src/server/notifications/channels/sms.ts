/**
 * SMS through Twilio's REST API (twilio-rest.ts): `Messages` with To, From and Body. The text is
 * `smsText` (message-text.ts): one GSM segment with the decision link whenever it fits; a package
 * notice's is `packageSmsText`, with the pickup code, in one or two segments; a booking notice's
 * `bookingSmsText`.
 */
import type { NotificationChannel, ResidentMessage, ResidentNotice, SendResult } from "./channel";
import { bookingSmsText, packageSmsText, smsText } from "./message-text";
import { e164Digits } from "./provider-http";
import { type TwilioAccount, twilioResource } from "./twilio-rest";

export interface TwilioSmsConfig extends TwilioAccount {
  /**
   * The sender: a Twilio number in E.164 ("+5511…"), an alphanumeric sender id, or a Messaging
   * Service SID ("MG…", sent as MessagingServiceSid so Twilio picks the number).
   */
  from: string;
}

export function createTwilioSmsChannel(config: TwilioSmsConfig): NotificationChannel {
  const { accountSid, authToken, from } = config;
  if (!accountSid || !authToken || !from) {
    throw new Error("SMS (Twilio): accountSid, authToken e from são obrigatórios");
  }
  const messages = twilioResource(config, "Messages", "SMS (Twilio)");
  const post = (phone: string, text: string, signal: AbortSignal): Promise<SendResult> => {
    const to = e164Digits(phone);
    if (!to) throw messages.refuse("número de telefone inválido");
    const form = new URLSearchParams();
    form.set("To", `+${to}`);
    if (/^MG[0-9a-f]{32}$/i.test(from)) form.set("MessagingServiceSid", from);
    else form.set("From", from);
    form.set("Body", text);
    return messages.post(form, signal);
  };
  return {
    canal: "sms",
    demo: false,
    async send(message: ResidentMessage, signal: AbortSignal): Promise<SendResult> {
      return post(message.to, smsText(message), signal);
    },
    async sendNotice(notice: ResidentNotice, signal: AbortSignal): Promise<SendResult> {
      return post(notice.to, notice.kind === "encomenda" ? packageSmsText(notice) : bookingSmsText(notice), signal);
    },
  };
}
