/**
 * The channels of this process: the real provider when its keys are configured, otherwise the
 * labelled demo channel (DESIGN.md's demo rule: nothing pretends to be sent). E-mail always goes
 * through the mailer, whose own demo is the `.eml` folder.
 */
import type { Database } from "../../db/client";
import type { Channels } from "../deliver";
import { createDemoChannel } from "./demo";
import { createEmailChannel } from "./email";
import { createTwilioSmsChannel } from "./sms";
import { createWhatsAppChannel } from "./whatsapp";

export interface ChannelsConfig {
  whatsapp?: {
    accessToken: string;
    phoneNumberId: string;
    template: string;
    /** For the delivery receipts (/api/webhooks/whatsapp): Meta's app secret and the verify token. */
    appSecret?: string;
    verifyToken?: string;
  };
  sms?: { accountSid: string; authToken: string; from: string };
  /** True when e-mail becomes `.eml` files (no SMTP_URL). */
  emailDemo: boolean;
}

export function createChannels(db: Database, config: ChannelsConfig): Channels {
  return {
    whatsapp: config.whatsapp ? createWhatsAppChannel(config.whatsapp) : createDemoChannel("whatsapp"),
    sms: config.sms ? createTwilioSmsChannel(config.sms) : createDemoChannel("sms"),
    email: createEmailChannel(db, { demo: config.emailDemo }),
  };
}
