/**
 * How a resident is reached (docs/product.md, "Resident link"): one interface, three channels (WhatsApp Business Cloud
 * API, SMS through Twilio's HTTP API, e-mail through the mailer), each with a labelled demo
 * implementation for the demo (channels/index.ts says when; otherwise a channel without keys is off).
 */
import type { CanalNotificacao, SolicitacaoTipo } from "../../../shared/domain";

export { CANAIS_NOTIFICACAO, type CanalNotificacao } from "../../../shared/domain";

/** What a message to a resident says; every channel renders it its own way. */
export interface ResidentMessage {
  /** E.164 phone ("+5511987654321") for WhatsApp and SMS; an e-mail address for e-mail. */
  to: string;
  residentName: string;
  visitorName: string;
  visitorType: SolicitacaoTipo;
  /** "Torre A - 101" */
  unitLabel: string;
  condominiumName: string;
  /** The resident's decision link, https://…/r/<token>. */
  link: string;
  /**
   * Where the provider fetches the visitor's photo (the link's own `/r/<token>/foto`, on a public
   * https PUBLIC_URL), when the channel carries photos and the request has a stored one as the
   * message leaves (docs/product.md, "Fotos"). Only handed to the provider: never stored, never shown.
   */
  photoUrl?: string | null;
}

export interface SendResult {
  /** The provider's id of the message (for delivery receipts), when it gives one. */
  providerMessageId: string | null;
}

export interface NotificationChannel {
  readonly canal: CanalNotificacao;
  /** True for the labelled demo implementation (no provider keys): nothing leaves the machine. */
  readonly demo: boolean;
  /** True when the channel shows the visitor's photo (WhatsApp with its photo template): its messages get `photoUrl`. */
  readonly carriesPhoto?: boolean;
  send(message: ResidentMessage, signal: AbortSignal): Promise<SendResult>;
}

/**
 * A send that failed. `retryable`: the provider or the network may accept it later (5xx, 429,
 * timeout); otherwise retrying cannot help (bad number, invalid credentials, template rejected).
 */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = "ChannelError";
  }
}
