/**
 * Sending the residents' booking notices (docs/decisions/044-common-area-bookings.md): the
 * `reserva_avisos` outbox that booking-notices.ts fills, sent by the mechanics every residents'
 * notice shares (notice-outbox.ts: lease, retries, a channel that is off for bookings falling back
 * to another channel of the same resident, the demo text kept).
 *
 * A notice says the area, the booked time in the condominium's timezone and, for a refusal or a
 * cancellation, the reason given. A confirmation or reminder of a booking that is no longer
 * confirmed when the notice leaves (cancelled in the meantime: its own notice follows) sends
 * nothing, nor does a reminder of a booking that has already started. WhatsApp carries booking
 * notices only with its booking template (WHATSAPP_TEMPLATE_RESERVA). Each outcome is a
 * `reserva.atualizada` event ("atualizada": no webhook), so a screen showing the booking follows.
 */
import { eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import type { AvisoReservaMotivo, CanalNotificacao, ReservaStatus } from "../../shared/domain";
import { unidadeLabel } from "../../shared/schemas/unidades";
import type { Database, DatabaseHandle, Executor } from "../db/client";
import { areasComuns, condominios, organization, reservas, unidades } from "../db/schema";
import { recordEvent } from "../realtime/events";
import { RESERVA_AVISOS_CHANNEL } from "./booking-notices";
import type { BookingNotice } from "./channels/channel";
import type { Channels } from "./channels/index";
import { bookingSmsText, bookingWhen, demoBookingWhatsAppText } from "./channels/message-text";
import {
  createNoticeSender,
  deliverDueNotices,
  type NoticeDeliveryResult,
  type NoticeOutbox,
  type NoticeSender,
  type OutboxRow,
} from "./notice-outbox";

/** Where a notice sends the resident: the booking in the console. */
export const RESERVAS_CONSOLE_PATH = "/app/areas/reservas";

interface BookingContext {
  id: string;
  organizationId: string;
  condominioId: string;
  areaId: string;
  unidadeId: string;
  status: string;
  inicio: Date;
  fim: Date;
  motivoRecusa: string | null;
  motivoCancelamento: string | null;
  area: string;
  unidadeCodigo: string;
  torre: string | null;
  condominio: string;
  timezone: string;
  tenantSlug: string;
}

async function bookingContexts(db: Database, reservaIds: string[]): Promise<Map<string, BookingContext>> {
  const rows = await db
    .select({
      id: reservas.id,
      organizationId: reservas.organizationId,
      condominioId: reservas.condominioId,
      areaId: reservas.areaId,
      unidadeId: reservas.unidadeId,
      status: reservas.status,
      inicio: reservas.inicio,
      fim: reservas.fim,
      motivoRecusa: reservas.motivoRecusa,
      motivoCancelamento: reservas.motivoCancelamento,
      area: areasComuns.nome,
      unidadeCodigo: unidades.codigo,
      torre: unidades.torre,
      condominio: condominios.nome,
      timezone: condominios.timezone,
      tenantSlug: organization.slug,
    })
    .from(reservas)
    .innerJoin(areasComuns, eq(areasComuns.id, reservas.areaId))
    .innerJoin(unidades, eq(unidades.id, reservas.unidadeId))
    .innerJoin(condominios, eq(condominios.id, reservas.condominioId))
    .innerJoin(organization, eq(organization.id, reservas.organizationId))
    .where(inArray(reservas.id, reservaIds));
  return new Map(rows.map((r) => [r.id, { ...r, tenantSlug: r.tenantSlug ?? "" }]));
}

/** What the notice says, or why it no longer goes out. */
function noticeOf(
  row: OutboxRow,
  ctx: BookingContext | undefined,
  linkBase: string,
  now: Date,
): { notice: BookingNotice } | { skip: string } {
  if (!ctx) return { skip: "Não enviado: a reserva não existe mais" };
  const motivo = row.motivo as AvisoReservaMotivo;
  if ((motivo === "confirmada" || motivo === "lembrete") && ctx.status !== "confirmada") {
    return { skip: "Não enviado: a reserva não está mais confirmada" };
  }
  if (motivo === "lembrete" && ctx.inicio.getTime() <= now.getTime()) {
    return { skip: "Não enviado: a reserva já começou" };
  }
  const reason = motivo === "recusada" ? ctx.motivoRecusa : motivo === "cancelada" ? ctx.motivoCancelamento : null;
  return {
    notice: {
      kind: "reserva",
      to: row.destino,
      residentName: row.pessoaNome,
      unitLabel: unidadeLabel({ codigo: ctx.unidadeCodigo, torre: ctx.torre }),
      condominiumName: ctx.condominio,
      areaName: ctx.area,
      motivo,
      when: bookingWhen(ctx.inicio, ctx.fim, ctx.timezone),
      reason: reason?.trim() || null,
      consoleUrl: `${linkBase}${RESERVAS_CONSOLE_PATH}/${ctx.id}`,
    },
  };
}

function demoText(canal: CanalNotificacao, notice: BookingNotice): string | null {
  if (canal === "whatsapp") return demoBookingWhatsAppText(notice);
  if (canal === "sms") return bookingSmsText(notice);
  return null;
}

/** The booking's screens follow the notice (its unit's residents and staff hear it; no webhook). */
async function recordNoticeEvent(tx: Executor, ctx: BookingContext) {
  await recordEvent(tx, ctx.organizationId, {
    type: "reserva.atualizada",
    visita: { unidade_id: ctx.unidadeId, nome_visitante: "" },
    condominioId: ctx.condominioId,
    reserva: {
      id: ctx.id,
      area_id: ctx.areaId,
      condominio_id: ctx.condominioId,
      status: ctx.status as ReservaStatus,
      acao: "atualizada",
    },
  });
}

/** The booking notices' part of the shared outbox mechanics; `now` decides whether a reminder is late. */
function bookingOutbox(now: () => Date): NoticeOutbox<BookingContext, BookingNotice> {
  return {
    kind: "reserva",
    table: "reserva_avisos",
    subjectColumn: "reserva_id",
    notifyChannel: RESERVA_AVISOS_CHANNEL,
    offNoun: "reservas",
    callNoun: "reserva",
    logLabel: "aviso de reserva ao morador",
    contexts: bookingContexts,
    tenantSlug: (ctx) => ctx.tenantSlug,
    notice: (row, ctx, linkBase) => noticeOf(row, ctx, linkBase, now()),
    demoText,
    recordEvent: recordNoticeEvent,
  };
}

export type BookingNoticeDeliveryResult = NoticeDeliveryResult;

export function deliverDueBookingNotices(deps: {
  db: Database;
  channels: Channels;
  /** Origin of the console's link (PUBLIC_URL). */
  linkBase: string;
  logger: Logger;
  limit?: number;
  /** The clock a reminder is compared with (tests). */
  now?: () => Date;
}): Promise<BookingNoticeDeliveryResult> {
  return deliverDueNotices(bookingOutbox(deps.now ?? (() => new Date())), deps);
}

export type BookingNoticeSender = NoticeSender;

/** One run at a time per process (instances coordinate in the database), kicked by NOTIFY and a timer. */
export function createBookingNoticeSender(options: {
  db: Database;
  channels: Channels;
  linkBase: string;
  logger: Logger;
  listen?: DatabaseHandle["listen"];
}): BookingNoticeSender {
  return createNoticeSender(
    bookingOutbox(() => new Date()),
    {
      ...options,
      component: "reserva-avisos",
      failure: "falha ao enviar avisos de reserva aos moradores",
    },
  );
}
