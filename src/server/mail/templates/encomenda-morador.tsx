/**
 * A resident's packages (docs/decisions/043-deliveries.md): they arrived at the gate, or still wait
 * (a perishable until someone acknowledges, or the condominium's reminder after N days). The
 * pickup code is the message's point; the link opens the resident's packages in the console.
 */
import { ActionButton, Heading, MailLayout, Paragraph, textLayout } from "./layout";
import { defineTemplate } from "./types";

export interface EncomendaMoradorData {
  /** The resident's name, for the greeting. */
  nome: string;
  /** chegada (they arrived) or a reminder (perecivel, lembrete). */
  motivo: "chegada" | "perecivel" | "lembrete";
  /** "Chegou 1 encomenda (Correios)", "Ainda aguarda retirada 1 encomenda perecível (iFood)". */
  resumo: string;
  /** "Torre A - 101" */
  unidade: string;
  condominio: string;
  /** The 6-digit pickup code. */
  codigo: string;
  /** Where the packages are kept ("Armário 3"), when the porteiro said. */
  local: string | null;
  perecivel: boolean;
  /** The resident's packages in the console. */
  url: string;
}

const firstName = (nome: string) => nome.trim().split(/\s+/)[0] || "morador(a)";
const title = (d: EncomendaMoradorData) =>
  d.motivo === "chegada" ? "Encomenda na portaria" : "Encomenda aguardando retirada";

export const encomendaMorador = defineTemplate<EncomendaMoradorData>({
  subject: (d) =>
    d.motivo === "chegada"
      ? `Encomenda na portaria para ${d.unidade}: código ${d.codigo}`
      : `Lembrete: encomenda aguardando retirada para ${d.unidade}`,
  preview: (d) => `${d.resumo} para ${d.unidade}, ${d.condominio}. Código de retirada: ${d.codigo}.`,
  links: (d) => [d.url],
  Body(d) {
    return (
      <MailLayout title={title(d)} preview={encomendaMorador.preview(d)}>
        <Heading>{title(d)}</Heading>
        <Paragraph>Olá, {firstName(d.nome)}!</Paragraph>
        <Paragraph>
          {d.resumo} para a unidade {d.unidade} no {d.condominio}.
        </Paragraph>
        <Paragraph>
          Código de retirada: <strong style={{ fontSize: "20px", letterSpacing: "2px" }}>{d.codigo}</strong>
        </Paragraph>
        {d.local ? <Paragraph>Local: {d.local}</Paragraph> : null}
        {d.perecivel ? (
          <Paragraph>
            <strong>Perecível: retire o quanto antes.</strong>
          </Paragraph>
        ) : null}
        <ActionButton href={d.url}>Ver minhas encomendas</ActionButton>
        <Paragraph muted>
          Informe o código na portaria ao retirar. O código é pessoal: passe-o só a quem for retirar por você.
        </Paragraph>
      </MailLayout>
    );
  },
  text(d) {
    return textLayout([
      title(d),
      "",
      `Olá, ${firstName(d.nome)}!`,
      "",
      `${d.resumo} para a unidade ${d.unidade} no ${d.condominio}.`,
      `Código de retirada: ${d.codigo}`,
      ...(d.local ? [`Local: ${d.local}`] : []),
      ...(d.perecivel ? ["Perecível: retire o quanto antes."] : []),
      "",
      "Veja suas encomendas em:",
      d.url,
      "",
      "Informe o código na portaria ao retirar. O código é pessoal: passe-o só a quem for retirar por você.",
    ]);
  },
});
