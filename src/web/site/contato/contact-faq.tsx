import { ChevronDownIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { COMPANY } from "@/shared/company";
import { textLinkClass } from "@/web/site/company/page-section";

/** Questions answered on /contato; the figures match docs/product.md, "Marketing figures". */
const CONTACT_FAQ: readonly { question: string; answer: React.ReactNode }[] = [
  {
    question: "Em quanto tempo vocês respondem?",
    answer: (
      <>
        Respondemos e-mails em até 24 horas. Pelo WhatsApp e pelo telefone, atendemos de segunda a sexta, das 9h às 18h,
        e aos sábados, das 9h às 12h. Clientes com chamados de suporte recebem a primeira resposta em até 2 horas.
      </>
    ),
  },
  {
    question: "Como agendo uma demonstração?",
    answer: (
      <>
        Escolha o assunto “Demonstração” no formulário ou fale conosco pelo WhatsApp. Combinamos um horário e mostramos
        a Guarita funcionando com a realidade do seu condomínio.
      </>
    ),
  },
  {
    question: "Quanto tempo leva para implantar a Guarita?",
    answer: (
      <>
        A implantação leva de 2 a 4 semanas, conforme o porte do condomínio e os equipamentos existentes. Aproveitamos
        câmeras, interfones, fechaduras e portões sempre que possível.
      </>
    ),
  },
  {
    question: "Sou morador de um condomínio atendido pela Guarita. Com quem falo?",
    answer: (
      <>
        Para liberar visitantes e consultar acessos, use os canais do seu condomínio ou fale com o síndico. Para pedidos
        sobre os seus dados pessoais, escreva para o nosso encarregado de proteção de dados em{" "}
        <a href={`mailto:${COMPANY.dpoEmail}`} className={textLinkClass}>
          {COMPANY.dpoEmail}
        </a>
        : respondemos em até 15 dias.
      </>
    ),
  },
  {
    question: "Quero trabalhar na Guarita. Devo usar este formulário?",
    answer: (
      <>
        Prefira a página{" "}
        <Link to="/carreiras" className={textLinkClass}>
          Carreiras
        </Link>
        : lá você conhece as áreas e o processo seletivo e envia a sua candidatura, com decisão em até 5 dias úteis.
      </>
    ),
  },
];

/** The FAQ as native disclosures: keyboard-operable and announced as expandable without any script. */
export function ContactFaq() {
  return (
    <div className="divide-y rounded-xl border bg-card text-card-foreground">
      {CONTACT_FAQ.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-inset focus-visible:ring-ring/60 [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDownIcon
              className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <p className="px-5 pb-4 text-muted-foreground leading-relaxed">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
