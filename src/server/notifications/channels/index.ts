/**
 * The channels of this process: the real provider when its keys are configured. Without keys a
 * channel is off, except for the demo tenant, or for every tenant when GUARITA_DEMO=true says this
 * server is a demonstration: those get the labelled demo channel (the product's demo rule: nothing
 * pretends to be sent). An off channel is never a silent demo: the message is not sent, the
 * request's detail says "WhatsApp não configurado" and the resident is reached on a channel that
 * works (docs/decisions/022-resident-link.md). E-mail always goes through the mailer, whose own
 * demo is the `.eml` folder.
 */
import type { Database } from "../../db/client";
import type { CanalNotificacao, NotificationChannel } from "./channel";
import { createDemoChannel } from "./demo";
import { createEmailChannel } from "./email";
import { createTwilioSmsChannel } from "./sms";
import { createTwilioVoiceChannel, type TwilioVoiceConfig } from "./voice";
import { createWhatsAppChannel } from "./whatsapp";

export interface ChannelsConfig {
  whatsapp?: {
    accessToken: string;
    phoneNumberId: string;
    template: string;
    /** The template with the visitor's photo as its image header (whatsapp.ts); unset = never a photo. */
    photoTemplate?: string;
    /** The template for package notices (whatsapp.ts); unset = package notices go by SMS or e-mail. */
    packageTemplate?: string;
    /** The template for booking notices (whatsapp.ts); unset = booking notices go by SMS or e-mail. */
    bookingTemplate?: string;
    /** For the delivery receipts (/api/webhooks/whatsapp): Meta's app secret and the verify token. */
    appSecret?: string;
    verifyToken?: string;
  };
  sms?: { accountSid: string; authToken: string; from: string };
  /** Twilio for calls to residents ("Ligação"): the account, the calling number and the public URL. */
  voice?: TwilioVoiceConfig;
  /** True when e-mail becomes `.eml` files (no SMTP_URL). */
  emailDemo: boolean;
  /**
   * GUARITA_DEMO=true: a deliberate demonstration, where every tenant's channels without keys are
   * the demo channel (the demo guard, src/server/demo-guard.ts, asks for it on a public URL).
   */
  demoForEveryTenant?: boolean;
}

/** The channels of this process, and which one a tenant's message goes through. */
export interface Channels {
  /** The providers with keys (e-mail always has one); null = no keys. */
  readonly providers: Readonly<Record<CanalNotificacao, NotificationChannel | null>>;
  readonly demoForEveryTenant: boolean;
  /** The channel for a tenant's message: the provider, the demo channel, or null when the channel is off. */
  for(canal: CanalNotificacao, tenant: { demo: boolean }): NotificationChannel | null;
}

export function channelsOf(
  providers: Partial<Record<CanalNotificacao, NotificationChannel | null>>,
  options: { demoForEveryTenant?: boolean } = {},
): Channels {
  const all = {
    whatsapp: providers.whatsapp ?? null,
    sms: providers.sms ?? null,
    email: providers.email ?? null,
    ligacao: providers.ligacao ?? null,
  };
  const demo = {
    whatsapp: createDemoChannel("whatsapp"),
    sms: createDemoChannel("sms"),
    email: createDemoChannel("email"),
    ligacao: createDemoChannel("ligacao"),
  };
  const demoForEveryTenant = options.demoForEveryTenant ?? false;
  return {
    providers: all,
    demoForEveryTenant,
    for(canal, tenant) {
      return all[canal] ?? (tenant.demo || demoForEveryTenant ? demo[canal] : null);
    },
  };
}

export function createChannels(db: Database, config: ChannelsConfig): Channels {
  return channelsOf(
    {
      whatsapp: config.whatsapp ? createWhatsAppChannel(config.whatsapp) : null,
      sms: config.sms ? createTwilioSmsChannel(config.sms) : null,
      email: createEmailChannel(db, { demo: config.emailDemo }),
      ligacao: config.voice ? createTwilioVoiceChannel(config.voice) : null,
    },
    { demoForEveryTenant: config.demoForEveryTenant },
  );
}
