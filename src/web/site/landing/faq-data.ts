/**
 * The landing page's FAQ (docs/product.md, "Landing page"): the accordion and the FAQPage structured data
 * both read this list, so what search engines see is what visitors read.
 */
export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

export const FAQ: readonly FaqEntry[] = [
  {
    id: "instalacao",
    question: "Como é feita a instalação da Guarita?",
    answer:
      "A implantação leva de 2 a 4 semanas. Nossa equipe faz uma visita técnica, avalia os interfones, câmeras, fechaduras e portões que o condomínio já tem e integra os equipamentos compatíveis. Depois cadastramos unidades, moradores e ramais, treinamos o síndico e a equipe e acompanhamos de perto as primeiras semanas de operação.",
  },
  {
    id: "porteiro-humano",
    question: "A Guarita substitui o porteiro humano?",
    answer:
      "Ela pode assumir a portaria por completo ou trabalhar ao lado da equipe atual: a decisão é do condomínio. A atendente com inteligência artificial recebe visitantes, prestadores e entregadores 24 horas por dia, confere o pré-cadastro, liga para o ramal da unidade e só libera o acesso com a autorização do morador. Síndico e porteiros acompanham tudo em tempo real pelo painel e podem autorizar ou negar uma solicitação a qualquer momento.",
  },
  {
    id: "seguranca-lgpd",
    question: "Os dados do condomínio estão seguros? A Guarita segue a LGPD?",
    answer:
      "Sim. Os dados trafegam com criptografia TLS 1.3 e ficam armazenados com AES-256, o acesso ao painel depende do perfil de cada usuário e toda entrada, saída e autorização fica registrada para auditoria. Seguimos a LGPD: os dados de visitantes são guardados pelo prazo que cada condomínio escolhe (90 dias, se ele não escolher outro, e no máximo 5 anos) e depois anonimizados, as solicitações dos titulares são respondidas em até 15 dias e passamos por auditorias internas a cada trimestre e externas todo ano.",
  },
  {
    id: "sotaques-ruido",
    question: "A atendente entende sotaques e funciona com barulho na portaria?",
    answer:
      "Sim. A atendente foi preparada para o português falado em todas as regiões do Brasil e para o ruído típico de portaria, como trânsito, vento e interfones antigos. Quando a ligação está ruim, ela confirma as informações com o visitante antes de seguir, repetindo o nome ou a unidade, e a conversa também pode continuar pelo chat.",
  },
];
