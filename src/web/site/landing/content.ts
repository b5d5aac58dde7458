/**
 * Copy of the landing page's sections (docs/product.md, "Landing page"). The figures quoted here are the
 * product's marketing claims; keep them in line with docs/product.md, "Marketing figures" (99,9%, 100+, 2 a 4
 * semanas, 2 horas).
 */
import {
  BellRing,
  Bot,
  CalendarCheck,
  CalendarDays,
  Cctv,
  ClipboardList,
  Contact,
  DoorOpen,
  LayoutDashboard,
  Lock,
  Mail,
  MessageCircle,
  Package,
  ScanFace,
} from "lucide-react";

/** The sections the header links to, in page order. Ids are part of the public URL (/#planos). */
export const SECTION_LINKS = [
  { id: "demo", label: "Demonstração" },
  { id: "recursos", label: "Recursos" },
  { id: "como-funciona", label: "Como funciona" },
  { id: "planos", label: "Planos" },
  { id: "faq", label: "FAQ" },
] as const;

export type SectionId = (typeof SECTION_LINKS)[number]["id"];

export const HERO_STATS = [
  { value: "99,9%", label: "de disponibilidade, menos de 8,76 h parado por ano" },
  { value: "+100", label: "condomínios atendidos" },
  { value: "2 a 4 semanas", label: "para implantar" },
  { value: "Até 2 horas", label: "para a primeira resposta do suporte" },
] as const;

export const FEATURES = [
  {
    icon: Bot,
    title: "Atendente de voz e chat 24 horas",
    description:
      "Uma atendente com inteligência artificial recebe moradores, visitantes e entregadores pelo interfone ou por chat, de dia, de noite e nos feriados.",
  },
  {
    icon: ScanFace,
    title: "Pré-cadastro de visitantes com foto",
    description:
      "O morador cadastra o visitante antes da chegada e a entrada fica registrada com foto, nome e documento, sem filas na portaria.",
  },
  {
    icon: Package,
    title: "Entregas e prestadores sob controle",
    description:
      "Entregadores e prestadores de serviço são identificados, a unidade é consultada pelo ramal e o acesso só é liberado com autorização.",
  },
  {
    icon: CalendarCheck,
    title: "Reserva de áreas comuns",
    description:
      "Salão de festas, churrasqueira e quadra reservados pelo próprio morador, com confirmação por e-mail e na agenda.",
  },
  {
    icon: ClipboardList,
    title: "Registro de entradas e saídas",
    description:
      "Cada acesso, autorização e chamada fica no histórico, pronto para auditoria e para responder qualquer dúvida do síndico.",
  },
  {
    icon: LayoutDashboard,
    title: "Painel em tempo real",
    description:
      "Síndico e porteiros acompanham as solicitações do dia ao vivo e autorizam ou negam acessos de qualquer lugar.",
  },
] as const;

/** The 3-step flow (docs/product.md, "Landing page"): Recebe, Identifica, Libera. */
export const STEPS = [
  {
    title: "Recebe",
    description:
      "O visitante chama pelo interfone ou pelo chat e a atendente da Guarita responde na hora, a qualquer hora do dia.",
  },
  {
    title: "Identifica",
    description:
      "A Guarita confere o pré-cadastro, registra nome, documento e foto e liga para o ramal da unidade para confirmar a visita.",
  },
  {
    title: "Libera",
    description:
      "Com a autorização do morador, o portão ou a fechadura é acionado e a entrada fica registrada no histórico do condomínio.",
  },
] as const;

export const INTEGRATIONS = [
  { icon: Cctv, title: "Câmeras", description: "Imagens da portaria junto de cada solicitação." },
  { icon: BellRing, title: "Interfones", description: "Atendimento direto pelo interfone do condomínio." },
  { icon: Lock, title: "Fechaduras", description: "Abertura remota de portas e eclusas." },
  { icon: DoorOpen, title: "Portões", description: "Acionamento de portões de pedestres e garagem." },
  { icon: MessageCircle, title: "Mensageria", description: "Avisos e autorizações pelo WhatsApp." },
  { icon: CalendarDays, title: "Agenda", description: "Reservas de áreas comuns no calendário." },
  { icon: Mail, title: "E-mail", description: "Confirmações e relatórios na caixa de entrada." },
  { icon: Contact, title: "CRM", description: "Moradores e contatos sincronizados com o seu CRM." },
] as const;
