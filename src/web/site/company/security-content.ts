/**
 * Content of /seguranca (docs/product.md, "Company pages"). The figures match
 * docs/product.md, "Marketing figures": 99,9% availability, access data kept up to 5 years, incidents
 * reported within 72 hours, audits quarterly (internal) and yearly (external).
 */
import {
  ClipboardList,
  Database,
  Eye,
  FileSearch,
  KeyRound,
  Lock,
  ScrollText,
  ServerCog,
  ShieldCheck,
  Siren,
  Smartphone,
  UserCog,
  Users,
} from "lucide-react";
import type { InfoItem } from "@/web/site/company/page-section";

export const COMPLIANCE_ITEMS: readonly InfoItem[] = [
  {
    icon: ShieldCheck,
    title: "Práticas alinhadas à ISO/IEC 27001",
    text: "Nossa gestão de segurança da informação segue os controles da norma ISO/IEC 27001: inventário de ativos, gestão de riscos, controle de acesso, gestão de fornecedores e melhoria contínua.",
  },
  {
    icon: ScrollText,
    title: "Conformidade com a LGPD",
    text: "Tratamos dados pessoais conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018), com encarregado de dados nomeado e respostas aos titulares em até 15 dias.",
  },
  {
    icon: FileSearch,
    title: "Auditorias periódicas",
    text: "Auditorias internas a cada trimestre e uma auditoria externa independente por ano avaliam nossos controles e acompanham as correções.",
  },
];

export const ENCRYPTION_ITEMS: readonly InfoItem[] = [
  {
    icon: Database,
    title: "AES-256 em repouso",
    text: "Bancos de dados, fotos de visitantes e cópias de segurança ficam armazenados com criptografia AES-256.",
  },
  {
    icon: Lock,
    title: "TLS 1.3 em trânsito",
    text: "Toda comunicação entre o navegador, os aplicativos, as integrações e os nossos servidores trafega por conexões TLS 1.3.",
  },
  {
    icon: KeyRound,
    title: "Senhas protegidas",
    text: "Senhas nunca são armazenadas em texto puro: guardamos apenas um resumo criptográfico com sal, impossível de reverter.",
  },
];

export const ACCESS_CONTROL_ITEMS: readonly InfoItem[] = [
  {
    icon: Smartphone,
    title: "Autenticação multifator",
    text: "Além da senha, as contas da equipe podem exigir um segundo fator, como um código temporário gerado no celular, dificultando o uso de credenciais vazadas.",
  },
  {
    icon: UserCog,
    title: "Síndico",
    text: "Acesso completo ao sistema e aos relatórios do condomínio, incluindo a gestão de unidades, pessoas e permissões.",
  },
  {
    icon: Users,
    title: "Porteiro",
    text: "Controle de acesso e cadastro de visitantes, sem acesso às configurações e aos relatórios administrativos.",
  },
  {
    icon: Eye,
    title: "Morador",
    text: "Cadastro dos próprios visitantes e consulta aos registros de acesso da sua unidade, e somente da sua unidade.",
  },
];

export const AUDIT_ITEMS: readonly InfoItem[] = [
  {
    icon: ClipboardList,
    title: "Cada decisão registrada",
    text: "Toda autorização ou negativa de acesso fica registrada com data, hora, unidade, visitante e quem decidiu, seja uma pessoa ou o atendente virtual.",
  },
  {
    icon: ScrollText,
    title: "Histórico para auditoria",
    text: "Os registros de entrada e saída ficam disponíveis para consulta do síndico pelo prazo que o condomínio escolhe (90 dias, se ele não escolher outro, e no máximo 5 anos); depois, os dados do visitante são anonimizados.",
  },
];

export const AVAILABILITY_ITEMS: readonly InfoItem[] = [
  {
    icon: ServerCog,
    title: "Infraestrutura monitorada",
    text: "Monitoramento 24 horas por dia, cópias de segurança criptografadas e testadas regularmente e um plano de recuperação para restabelecer o serviço rapidamente.",
  },
  {
    icon: Siren,
    title: "Plantão de resposta",
    text: "Alertas automáticos acionam a equipe de plantão a qualquer hora, e o status de cada ocorrência é comunicado aos síndicos afetados.",
  },
];

export const PRIVACY_BY_DESIGN_POINTS: readonly string[] = [
  "Coletamos apenas os dados necessários para liberar um acesso com segurança.",
  "Cada condomínio enxerga somente os próprios dados: o isolamento entre clientes é garantido no servidor.",
  "Fotos e documentos de visitantes são usados apenas para identificação e controle de acesso, nunca para publicidade.",
  "Os dados de visitantes são mantidos pelo prazo que o condomínio escolhe, de 30 dias a 5 anos, e depois anonimizados.",
  "Novas funcionalidades passam por uma avaliação de impacto à privacidade antes do lançamento.",
];

export const INCIDENT_STEPS: readonly { title: string; text: string }[] = [
  {
    title: "Detecção e contenção",
    text: "Isolamos imediatamente os sistemas afetados e preservamos as evidências.",
  },
  {
    title: "Avaliação",
    text: "Identificamos quais dados e quais titulares podem ter sido afetados e o risco envolvido.",
  },
  {
    title: "Comunicação",
    text: "Quando houver risco relevante aos titulares, notificamos a Autoridade Nacional de Proteção de Dados (ANPD) e os condomínios afetados em até 72 horas.",
  },
  {
    title: "Correção e aprendizado",
    text: "Corrigimos a causa, documentamos o ocorrido e revisamos os controles para que não se repita.",
  },
];
