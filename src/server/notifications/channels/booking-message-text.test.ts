/**
 * The residents' booking notices as they read them (docs/decisions/044-common-area-bookings.md): the
 * booked time in the condominium's timezone, the reason of a refusal or cancellation, an SMS in one
 * GSM segment when it can be and two at most, the WhatsApp template's parameters, the e-mail.
 */
import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { renderMail } from "../../mail/render";
import type { BookingNotice } from "./channel";
import {
  BOOKING_WHATSAPP_TEMPLATE,
  bookingLinkSuffix,
  bookingSmsText,
  bookingWhatsAppParameters,
  bookingWhen,
  demoBookingWhatsAppText,
  gsmLength,
  SMS_SEGMENT_LENGTH,
  SMS_TWO_SEGMENTS_LENGTH,
} from "./message-text";

const SP = "America/Sao_Paulo";
const ID = "0b9f3c1e-8d7a-4f6b-9e2d-1a2b3c4d5e6f";

const notice: BookingNotice = {
  kind: "reserva",
  to: "+5511987654321",
  residentName: "Ana Beatriz Souza",
  unitLabel: "Torre A - 101",
  condominiumName: "Residencial X",
  areaName: "Salão de festas",
  motivo: "confirmada",
  when: "sábado, 05/12 das 18:00 às 23:00",
  reason: null,
  consoleUrl: `https://guarita.exemplo.com.br/app/areas/reservas/${ID}`,
};

describe("bookingWhen", () => {
  it("says the weekday, the date and the hours in the condominium's timezone", () => {
    const inicio = new TZDate(2026, 11, 5, 18, 0, SP);
    const fim = new TZDate(2026, 11, 5, 23, 0, SP);
    expect(bookingWhen(inicio, fim, SP)).toBe("sábado, 05/12 das 18:00 às 23:00");
    // The same instants where the clock is an hour behind.
    expect(bookingWhen(inicio, fim, "America/Manaus")).toBe("sábado, 05/12 das 17:00 às 22:00");
  });

  it("a booking until midnight ends 'às 24:00'; one past midnight names both days", () => {
    expect(bookingWhen(new TZDate(2026, 11, 5, 8, 0, SP), new TZDate(2026, 11, 6, 0, 0, SP), SP)).toBe(
      "sábado, 05/12 das 08:00 às 24:00",
    );
    expect(bookingWhen(new TZDate(2026, 11, 5, 22, 0, SP), new TZDate(2026, 11, 6, 2, 0, SP), SP)).toBe(
      "sábado, 05/12 às 22:00 até domingo, 06/12 às 02:00",
    );
  });
});

describe("booking notices' texts", () => {
  it("WhatsApp: seven one-line parameters, the reason of a refusal as the last, the template filled in for the demo panel", () => {
    expect(bookingWhatsAppParameters(notice)).toEqual([
      "Ana",
      "Reserva confirmada",
      "Salão de festas",
      "sábado, 05/12 das 18:00 às 23:00",
      "Torre A - 101",
      "Residencial X",
      "Mantenha a lista de convidados em dia: a portaria libera a entrada por ela.",
    ]);
    const refused = bookingWhatsAppParameters({ ...notice, motivo: "recusada", reason: "Salão\nem   reforma" });
    expect(refused[1]).toBe("Reserva recusada");
    expect(refused[6]).toBe("Motivo: Salão em reforma");
    for (const p of refused) expect(p).not.toMatch(/\n|\s{4,}/);
    expect(bookingWhatsAppParameters({ ...notice, motivo: "recusada" })[6]).toBe(
      "Fale com a administração do condomínio para saber mais.",
    );
    expect(bookingWhatsAppParameters({ ...notice, motivo: "lembrete" })[1]).toBe("Lembrete de reserva");

    expect(bookingLinkSuffix(notice.consoleUrl)).toBe(ID);
    expect(bookingLinkSuffix("https://guarita.exemplo.com.br/app/encomendas")).toBeNull();
    const text = demoBookingWhatsAppText(notice);
    expect(text).toBe(
      "Olá, Ana!\nReserva confirmada: Salão de festas, sábado, 05/12 das 18:00 às 23:00.\n" +
        "Unidade Torre A - 101 no Residencial X.\n" +
        "Mantenha a lista de convidados em dia: a portaria libera a entrada por ela.\n\n" +
        `${BOOKING_WHATSAPP_TEMPLATE.footer}\n\n[Ver reserva] ${notice.consoleUrl}`,
    );
  });

  it("SMS: one GSM segment with the link when it fits, without accents", () => {
    const text = bookingSmsText({ ...notice, consoleUrl: `https://g.co/app/areas/reservas/${ID}` });
    expect(text).toBe(
      `Guarita: Reserva confirmada: Salao de festas, sabado, 05/12 das 18:00 as 23:00. https://g.co/app/areas/reservas/${ID}`,
    );
    expect(gsmLength(text)).toBe([...text].length);
    expect(text.length).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
  });

  it("SMS: a refusal keeps its reason, cut so the text takes two segments at most", () => {
    const short = bookingSmsText({ ...notice, motivo: "recusada", reason: "Data reservada pelo condomínio" });
    expect(short).toContain("Guarita: Reserva recusada: Salao de festas, sabado, 05/12 das 18:00 as 23:00");
    expect(short).toContain("Motivo: Data reservada pelo condominio.");
    expect(gsmLength(short)!).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);

    const long = bookingSmsText({
      ...notice,
      motivo: "cancelada",
      areaName: "Espaço gourmet da cobertura com churrasqueira e forno de pizza",
      reason:
        "A área precisa de reparos na rede elétrica e no piso, que vão durar pelo menos três semanas, sem data certa",
    });
    expect(gsmLength(long)!).toBeGreaterThan(SMS_SEGMENT_LENGTH);
    expect(gsmLength(long)!).toBeLessThanOrEqual(SMS_TWO_SEGMENTS_LENGTH);
    expect(long).toContain("Motivo: A area precisa de reparos");
    expect(long).toContain("...");
  });

  it("e-mail: subject with the area and the time, the reason, the booking's link, what users typed escaped", () => {
    const mail = renderMail("reserva-morador", {
      nome: "Ana Souza",
      titulo: "Reserva recusada",
      area: "Salão <b>de festas</b>",
      quando: notice.when,
      unidade: "Torre A - 101",
      condominio: "Residencial X",
      orientacao: "Motivo: Salão em reforma",
      url: notice.consoleUrl,
    });
    expect(mail.subject).toBe("Reserva recusada: Salão <b>de festas</b>, sábado, 05/12 das 18:00 às 23:00");
    expect(mail.links).toEqual([notice.consoleUrl]);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Olá, Ana!");
      expect(part).toContain("Motivo: Salão em reforma");
      expect(part).toContain("Residencial X");
    }
    expect(mail.html).not.toContain("<b>de festas</b>");
    expect(mail.html).toContain(`href="${notice.consoleUrl}"`);
  });
});
