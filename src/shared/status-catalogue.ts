import type { ChamadaStatus, SolicitacaoStatus, SolicitacaoTipo } from "./domain";

/** Colour names map to badge styles in the web layer; here they stay framework-free. */
export type StatusTone =
  | "amber"
  | "green"
  | "red"
  | "grey"
  | "slate"
  | "emerald"
  | "orange"
  | "blue"
  | "sky"
  | "indigo";

export interface StatusDisplay {
  label: string;
  tone: StatusTone;
}

const SOLICITACAO_DISPLAY: Record<SolicitacaoStatus, StatusDisplay> = {
  pendente: { label: "Pendente", tone: "amber" },
  autorizado: { label: "Autorizado", tone: "green" },
  negado: { label: "Negado", tone: "red" },
  expirado: { label: "Expirado", tone: "grey" },
  cancelado: { label: "Cancelado", tone: "slate" },
};

// Only concluida and sem_resposta had labels given; the other five are ours (docs/product.md, "Statuses and labels").
const CHAMADA_DISPLAY: Record<ChamadaStatus, StatusDisplay> = {
  criada: { label: "Criada", tone: "slate" },
  discando: { label: "Discando", tone: "blue" },
  atendida: { label: "Atendida", tone: "sky" },
  ocupada: { label: "Ocupada", tone: "orange" },
  sem_resposta: { label: "Sem Resposta", tone: "orange" },
  falhou: { label: "Falhou", tone: "red" },
  concluida: { label: "Concluída", tone: "emerald" },
};

const TIPO_LABEL: Record<SolicitacaoTipo, string> = {
  visitante: "Visitante",
  prestador: "Prestador",
  entregador: "Entregador",
};

/** How a message to a resident or the resident's page says who is at the gate ("prestador de serviço"). */
const TIPO_DESCRICAO: Record<SolicitacaoTipo, string> = {
  visitante: "visitante",
  prestador: "prestador de serviço",
  entregador: "entregador",
};

/** An unknown request status displays as pendente (docs/product.md, "Statuses and labels"). */
export function solicitacaoStatusDisplay(status: string): StatusDisplay {
  return SOLICITACAO_DISPLAY[status as SolicitacaoStatus] ?? SOLICITACAO_DISPLAY.pendente;
}

/** An unknown call status displays as criada (docs/product.md, "Statuses and labels"). */
export function chamadaStatusDisplay(status: string): StatusDisplay {
  return CHAMADA_DISPLAY[status as ChamadaStatus] ?? CHAMADA_DISPLAY.criada;
}

export function tipoLabel(tipo: string): string {
  return TIPO_LABEL[tipo as SolicitacaoTipo] ?? TIPO_LABEL.visitante;
}

/** "visitante", "prestador de serviço" or "entregador", in lower case, for a sentence. */
export function tipoDescricao(tipo: string): string {
  return TIPO_DESCRICAO[tipo as SolicitacaoTipo] ?? TIPO_DESCRICAO.visitante;
}
