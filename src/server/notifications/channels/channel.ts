/**
 * How a resident is reached (docs/product.md, "Resident link"): one interface, three channels (WhatsApp Business Cloud
 * API, SMS through Twilio's HTTP API, e-mail through the mailer), each with a labelled demo
 * implementation for the demo (channels/index.ts says when; otherwise a channel without keys is off).
 */
import type {
  AvisoEncomendaMotivo,
  AvisoReservaMotivo,
  CanalNotificacao,
  SolicitacaoTipo,
} from "../../../shared/domain";

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

/**
 * A notice to a resident about their packages (docs/decisions/043-deliveries.md): a batch arrived
 * (chegada), a perishable still waits (perecivel), or it has waited the condominium's days
 * (lembrete). It carries the pickup code; message-text.ts writes it for each channel.
 */
export interface PackageNotice {
  kind: "encomenda";
  /** E.164 phone for WhatsApp and SMS; an e-mail address for e-mail. */
  to: string;
  residentName: string;
  /** "Torre A - 101" */
  unitLabel: string;
  condominiumName: string;
  motivo: AvisoEncomendaMotivo;
  /** Packages of the batch still waiting. */
  count: number;
  /** Their carriers' names, without repeats ("Correios", "Mercado Livre"). */
  carriers: string[];
  /** Some of them is perishable: "retire o quanto antes". */
  perishable: boolean;
  /** The batch's 6-digit pickup code. */
  pickupCode: string;
  /** Where they are kept ("Armário 3"), when the porteiro said. */
  place: string | null;
  /** The resident's packages in the console (https://…/app/encomendas). */
  consoleUrl: string;
}

/**
 * A notice to a resident about their booking of a common area (docs/decisions/044-common-area-bookings.md):
 * confirmed, refused or cancelled (with the síndico's reason), or the day-before reminder.
 */
export interface BookingNotice {
  kind: "reserva";
  /** E.164 phone for WhatsApp and SMS; an e-mail address for e-mail. */
  to: string;
  residentName: string;
  /** "Torre A - 101" */
  unitLabel: string;
  condominiumName: string;
  /** "Salão de festas" */
  areaName: string;
  motivo: AvisoReservaMotivo;
  /** The booked time in the condominium's local time: "sábado, 05/12 das 18:00 às 23:00". */
  when: string;
  /** Why it was refused or cancelled, when someone said; null otherwise. */
  reason: string | null;
  /** The booking in the console (https://…/app/areas/reservas/<id>). */
  consoleUrl: string;
}

/** What a channel may carry besides the messages about visitors. */
export type ResidentNotice = PackageNotice | BookingNotice;
export type NoticeKind = ResidentNotice["kind"];

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
  /**
   * Sends a package or booking notice; absent when the channel carries none (calls never do): the
   * notice then goes to another channel of the resident.
   */
  sendNotice?(notice: ResidentNotice, signal: AbortSignal): Promise<SendResult>;
  /**
   * The kinds of notice `sendNotice` carries, when not every kind (WhatsApp carries a kind only with
   * its approved template); unset: all of them.
   */
  readonly noticeKinds?: readonly NoticeKind[];
}

/** Whether the channel can send this kind of notice (else the notice goes to another channel). */
export function carriesNotice(channel: NotificationChannel | null | undefined, kind: NoticeKind): boolean {
  return !!channel?.sendNotice && (channel.noticeKinds?.includes(kind) ?? true);
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
