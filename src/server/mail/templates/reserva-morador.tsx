/**
 * A resident's booking of a common area (docs/decisions/044-common-area-bookings.md): confirmed,
 * refused or cancelled (with the reason, when someone gave one), or the reminder the day before.
 * The link opens the booking in the console, where the guest list is kept.
 */
import { ActionButton, Heading, MailLayout, Paragraph, textLayout } from "./layout";
import { defineTemplate } from "./types";

export interface ReservaMoradorData {
  /** The resident's name, for the greeting. */
  nome: string;
  /** "Reserva confirmada", "Lembrete de reserva". */
  titulo: string;
  /** "Salão de festas" */
  area: string;
  /** "sábado, 05/12 das 18:00 às 23:00" (the condominium's local time). */
  quando: string;
  /** "Torre A - 101" */
  unidade: string;
  condominio: string;
  /** The closing line: the reason of a refusal or cancellation ("Motivo: …") or what to do next. */
  orientacao: string;
  /** The booking in the console. */
  url: string;
}

const firstName = (nome: string) => nome.trim().split(/\s+/)[0] || "morador(a)";

export const reservaMorador = defineTemplate<ReservaMoradorData>({
  subject: (d) => `${d.titulo}: ${d.area}, ${d.quando}`,
  preview: (d) => `${d.titulo}: ${d.area}, ${d.quando}. Unidade ${d.unidade}, ${d.condominio}.`,
  links: (d) => [d.url],
  Body(d) {
    return (
      <MailLayout title={d.titulo} preview={reservaMorador.preview(d)}>
        <Heading>{d.titulo}</Heading>
        <Paragraph>Olá, {firstName(d.nome)}!</Paragraph>
        <Paragraph>
          {d.titulo}: <strong>{d.area}</strong>, {d.quando}.
        </Paragraph>
        <Paragraph>
          Unidade {d.unidade} no {d.condominio}.
        </Paragraph>
        <Paragraph>{d.orientacao}</Paragraph>
        <ActionButton href={d.url}>Ver reserva</ActionButton>
      </MailLayout>
    );
  },
  text(d) {
    return textLayout([
      d.titulo,
      "",
      `Olá, ${firstName(d.nome)}!`,
      "",
      `${d.titulo}: ${d.area}, ${d.quando}.`,
      `Unidade ${d.unidade} no ${d.condominio}.`,
      d.orientacao,
      "",
      "Veja a reserva em:",
      d.url,
    ]);
  },
});
