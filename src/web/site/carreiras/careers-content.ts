/**
 * Content of /carreiras (docs/product.md, "Company pages"): benefits, the four areas and the selection process,
 * whose decision comes within 5 business days (docs/product.md, "Marketing figures").
 */
import {
  BookOpen,
  Briefcase,
  Clock,
  Code2,
  Headset,
  HeartPulse,
  House,
  PiggyBank,
  ShieldCheck,
  Utensils,
} from "lucide-react";
import type { InfoItem } from "@/web/site/company/page-section";

export const BENEFITS: readonly InfoItem[] = [
  {
    icon: HeartPulse,
    title: "Plano de saúde e odontológico",
    text: "Cobertura nacional para você, com possibilidade de incluir dependentes.",
  },
  {
    icon: House,
    title: "Trabalho remoto ou híbrido",
    text: "Na maioria das funções, você escolhe onde rende mais. Nosso escritório fica na Av. Paulista, em São Paulo.",
  },
  {
    icon: Clock,
    title: "Horário flexível",
    text: "Combinamos entregas, não horários rígidos, respeitando as escalas das equipes de suporte.",
  },
  {
    icon: Utensils,
    title: "Vale-refeição ou alimentação",
    text: "Benefício flexível, que você distribui entre refeição e alimentação como preferir.",
  },
  {
    icon: BookOpen,
    title: "Auxílio educação",
    text: "Apoio para cursos, certificações e eventos que ajudem você a crescer.",
  },
  {
    icon: PiggyBank,
    title: "Participação nos resultados",
    text: "Quando a Guarita cresce, todo o time participa do resultado.",
  },
];

export const AREAS: readonly InfoItem[] = [
  {
    icon: Code2,
    title: "Tecnologia",
    text: "Engenharia de software, dados e inteligência artificial: a plataforma, o atendente virtual por voz e chat e as integrações com equipamentos.",
  },
  {
    icon: ShieldCheck,
    title: "Segurança",
    text: "Segurança da informação, privacidade e operação de portaria: proteger os dados e garantir que cada acesso seja liberado com segurança.",
  },
  {
    icon: Briefcase,
    title: "Comercial",
    text: "Vendas, parcerias e implantação: apresentar a Guarita aos condomínios e acompanhá-los até a portaria funcionando.",
  },
  {
    icon: Headset,
    title: "Suporte",
    text: "Atendimento a síndicos, porteiros e moradores, com primeira resposta em até 2 horas e foco em resolver de verdade.",
  },
];

export const SELECTION_STEPS: readonly { title: string; text: string }[] = [
  {
    title: "Candidatura",
    text: "Você envia os seus dados e, se quiser, o currículo em PDF pelo formulário desta página.",
  },
  {
    title: "Triagem",
    text: "Nossa equipe de pessoas analisa o seu perfil com atenção, junto com a liderança da área escolhida.",
  },
  {
    title: "Entrevista",
    text: "Uma conversa com quem vai trabalhar com você, por vídeo, sobre experiências, expectativas e o dia a dia na Guarita.",
  },
  {
    title: "Decisão",
    text: "Você recebe a nossa decisão em até 5 dias úteis, com um retorno claro sobre o resultado, seja ele qual for.",
  },
];
