/**
 * Content of /sobre (docs/product.md, "Company pages"). The claims match
 * docs/product.md, "Marketing figures": founded in 2025, about 100+ condominiums, implementation in 2 to 4
 * weeks, a 24-hour AI attendant.
 */
import {
  Bot,
  Cctv,
  Code2,
  Handshake,
  Headset,
  HeartHandshake,
  Lightbulb,
  MessageSquare,
  ShieldCheck,
  Sparkles,
  TrendingUp,
} from "lucide-react";
import type { InfoItem } from "@/web/site/company/page-section";

export const VALUES: readonly InfoItem[] = [
  {
    icon: ShieldCheck,
    title: "Segurança em primeiro lugar",
    text: "Cada decisão de produto começa pela pergunta: isso deixa o condomínio mais seguro?",
  },
  {
    icon: HeartHandshake,
    title: "Respeito às pessoas",
    text: "Moradores, visitantes, entregadores e funcionários merecem um atendimento cordial, rápido e sem constrangimentos.",
  },
  {
    icon: Lightbulb,
    title: "Transparência",
    text: "Explicamos como tratamos dados, o que a tecnologia faz e o que ela não faz. Sem letras miúdas.",
  },
  {
    icon: Sparkles,
    title: "Simplicidade",
    text: "Tecnologia boa é a que qualquer pessoa usa sem manual, do síndico ao morador.",
  },
];

export const HISTORY: readonly { period: string; text: string }[] = [
  {
    period: "2025 — Fundação",
    text: "A Guarita nasce em São Paulo, criada por profissionais de tecnologia e de segurança condominial que conheciam de perto as dificuldades da portaria tradicional: custos altos, rotatividade de equipe e falhas de registro.",
  },
  {
    period: "Primeiros condomínios",
    text: "Os primeiros clientes ajudam a moldar o produto: pré-cadastro de visitantes, registro com foto e integração com interfones e portões já existentes.",
  },
  {
    period: "Hoje",
    text: "Já são mais de 100 condomínios atendidos, com implantação em 2 a 4 semanas e atendimento por inteligência artificial 24 horas por dia.",
  },
];

export const TEAM: readonly InfoItem[] = [
  {
    icon: Code2,
    title: "Engenharia e produto",
    text: "Desenvolve a plataforma, o atendente virtual e as integrações com equipamentos e sistemas.",
  },
  {
    icon: ShieldCheck,
    title: "Segurança e privacidade",
    text: "Cuida da proteção dos dados, da conformidade com a LGPD e da resposta a incidentes.",
  },
  {
    icon: Handshake,
    title: "Comercial e implantação",
    text: "Acompanha cada condomínio da primeira conversa até a portaria funcionando.",
  },
  {
    icon: Headset,
    title: "Suporte",
    text: "Atende síndicos, porteiros e moradores, com primeira resposta em até 2 horas.",
  },
];

export const TECHNOLOGY: readonly InfoItem[] = [
  {
    icon: Bot,
    title: "Atendente virtual por voz e chat",
    text: "Uma inteligência artificial atende visitantes e entregadores 24 horas por dia, por voz no interfone ou por chat, entende sotaques e ruído e confirma cada acesso com o morador.",
  },
  {
    icon: Cctv,
    title: "Integrações com o que o condomínio já tem",
    text: "Câmeras, interfones, fechaduras, portões, aplicativos de mensagem, agenda, e-mail e CRM conversam com a Guarita, sem a necessidade de trocar todo o equipamento.",
  },
  {
    icon: MessageSquare,
    title: "Console para a equipe",
    text: "Síndicos e porteiros acompanham as solicitações em tempo real, autorizam ou negam acessos e consultam o histórico de chamadas.",
  },
  {
    icon: TrendingUp,
    title: "Melhoria contínua",
    text: "Cada atendimento ajuda a aprimorar o serviço, sempre dentro dos limites da LGPD e da nossa política de privacidade.",
  },
];

export const ABOUT_FIGURES = [
  { value: "2025", label: "ano de fundação" },
  { value: "100+", label: "condomínios atendidos" },
  { value: "2 a 4", label: "semanas de implantação" },
  { value: "24 h", label: "de atendimento por dia" },
] as const;
