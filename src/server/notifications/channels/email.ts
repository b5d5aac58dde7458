/**
 * E-mail to a resident: the message goes into the mail outbox (docs/decisions/014-transactional-email.md),
 * which sends it over SMTP, or, without SMTP_URL, writes the `.eml` file the demo user can open.
 * A package notice is the `encomenda-morador` message (docs/decisions/043-deliveries.md); a booking
 * notice the `reserva-morador` one (docs/decisions/044-common-area-bookings.md).
 */
import { tipoDescricao } from "../../../shared/status-catalogue";
import type { Database } from "../../db/client";
import { enqueueMail } from "../../mail/outbox";
import type { BookingNotice, NotificationChannel, PackageNotice } from "./channel";
import { bookingInstructions, bookingTitle, packageSubject } from "./message-text";

export function createEmailChannel(db: Database, options: { demo: boolean }): NotificationChannel {
  return {
    canal: "email",
    demo: options.demo,
    async send(message) {
      const { id } = await enqueueMail(db, {
        to: message.to,
        template: "visita-morador",
        data: {
          nome: message.residentName,
          visitante: message.visitorName,
          tipo: tipoDescricao(message.visitorType),
          unidade: message.unitLabel,
          condominio: message.condominiumName,
          url: message.link,
        },
      });
      return { providerMessageId: id };
    },
    async sendNotice(notice) {
      const { id } =
        notice.kind === "encomenda"
          ? await enqueueMail(db, packageMail(notice))
          : await enqueueMail(db, bookingMail(notice));
      return { providerMessageId: id };
    },
  };
}

function packageMail(notice: PackageNotice) {
  return {
    to: notice.to,
    template: "encomenda-morador" as const,
    data: {
      nome: notice.residentName,
      motivo: notice.motivo,
      resumo: packageSubject(notice),
      unidade: notice.unitLabel,
      condominio: notice.condominiumName,
      codigo: notice.pickupCode,
      local: notice.place,
      perecivel: notice.perishable,
      url: notice.consoleUrl,
    },
  };
}

function bookingMail(notice: BookingNotice) {
  return {
    to: notice.to,
    template: "reserva-morador" as const,
    data: {
      nome: notice.residentName,
      titulo: bookingTitle(notice),
      area: notice.areaName,
      quando: notice.when,
      unidade: notice.unitLabel,
      condominio: notice.condominiumName,
      orientacao: bookingInstructions(notice),
      url: notice.consoleUrl,
    },
  };
}
