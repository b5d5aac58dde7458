/** A visitor is at the gate: the resident's decision link (docs/product.md, "Resident link"). */
import { ActionButton, Heading, MailLayout, Paragraph, textLayout } from "./layout";
import { defineTemplate } from "./types";

export interface VisitaMoradorData {
  /** The resident's name, for the greeting. */
  nome: string;
  visitante: string;
  /** "visitante" or "prestador de serviço". */
  tipo: string;
  /** "Torre A - 101" */
  unidade: string;
  condominio: string;
  /** The resident's decision link, https://…/r/<token>. */
  url: string;
}

const firstName = (nome: string) => nome.trim().split(/\s+/)[0] ?? nome;

export const visitaMorador = defineTemplate<VisitaMoradorData>({
  subject: (d) => `${d.visitante} está na portaria: autorize ou negue`,
  preview: (d) => `${d.visitante} (${d.tipo}) para ${d.unidade}, ${d.condominio}.`,
  links: (d) => [d.url],
  Body(d) {
    return (
      <MailLayout title="Visita na portaria" preview={visitaMorador.preview(d)}>
        <Heading>Visita na portaria</Heading>
        <Paragraph>Olá, {firstName(d.nome)}!</Paragraph>
        <Paragraph>
          {d.visitante} ({d.tipo}) está na portaria do {d.condominio} para {d.unidade}.
        </Paragraph>
        <ActionButton href={d.url}>Autorizar ou negar</ActionButton>
        <Paragraph muted>
          O link é só seu e vale enquanto a visita aguarda uma decisão. Abrir o link não decide nada: a decisão é um
          toque na página.
        </Paragraph>
      </MailLayout>
    );
  },
  text(d) {
    return textLayout([
      "Visita na portaria",
      "",
      `Olá, ${firstName(d.nome)}!`,
      "",
      `${d.visitante} (${d.tipo}) está na portaria do ${d.condominio} para ${d.unidade}. Autorize ou negue a entrada em:`,
      d.url,
      "",
      "O link é só seu e vale enquanto a visita aguarda uma decisão.",
    ]);
  },
});
