/**
 * The request's timeline (issue 12): what happened to it, oldest first — created (by whom or which
 * API key), each call to the unit, the decision, the expiry, the gate-open commands — built from the
 * detail response alone, with its texts. Pure: no React, so the unit tests read it directly.
 */
import type { Autor, SolicitacaoDetail } from "@/shared/schemas/solicitacoes";

export type ChamadaDaSolicitacao = SolicitacaoDetail["chamadas"][number];
export type ComandoPortao = SolicitacaoDetail["comandos_portao"][number];

export type TimelineEntry =
  | { kind: "criada"; at: string; autor: Autor | null; portao: string | null }
  | { kind: "chamada"; at: string; chamada: ChamadaDaSolicitacao }
  | {
      kind: "decisao";
      at: string;
      status: "autorizado" | "negado";
      por: string | null;
      viaChave: string | null;
    }
  | { kind: "expirada"; at: string }
  | { kind: "cancelada"; at: string }
  | { kind: "comando"; at: string; comando: ComandoPortao }
  /** Still pending: the last, untimed item says what the request waits for. */
  | { kind: "aguardando"; at: null; expiracaoEm: string | null };

/** At the same instant, the chain's own order: created, called, decided, gate opened. */
const RANK: Record<TimelineEntry["kind"], number> = {
  criada: 0,
  chamada: 1,
  decisao: 2,
  expirada: 2,
  cancelada: 2,
  comando: 3,
  aguardando: 4,
};

export function buildTimeline(s: SolicitacaoDetail): TimelineEntry[] {
  const timed: Exclude<TimelineEntry, { kind: "aguardando" }>[] = [
    { kind: "criada", at: s.created_at, autor: s.criado_por, portao: s.portao },
  ];
  for (const chamada of s.chamadas) timed.push({ kind: "chamada", at: chamada.iniciado_em, chamada });
  if ((s.status === "autorizado" || s.status === "negado") && s.decidido_em) {
    timed.push({
      kind: "decisao",
      at: s.decidido_em,
      status: s.status,
      por: s.decidido_por_nome,
      viaChave: s.decidido_via_chave,
    });
  } else if (s.status === "expirado") {
    timed.push({ kind: "expirada", at: s.expiracao_em ?? s.decidido_em ?? s.updated_at });
  } else if (s.status === "cancelado") {
    timed.push({ kind: "cancelada", at: s.decidido_em ?? s.updated_at });
  }
  for (const comando of s.comandos_portao) timed.push({ kind: "comando", at: comando.created_at, comando });

  const sorted = timed
    .map((entry, index) => ({ entry, index, time: new Date(entry.at).getTime() }))
    .sort((a, b) => a.time - b.time || RANK[a.entry.kind] - RANK[b.entry.kind] || a.index - b.index)
    .map(({ entry }) => entry as TimelineEntry);
  if (s.status === "pendente") sorted.push({ kind: "aguardando", at: null, expiracaoEm: s.expiracao_em });
  return sorted;
}

// ── Texts ───────────────────────────────────────────────────────────────────────────────────────

/** “Atendente IA”, with pt-BR typographic quotes. */
export function quoted(name: string): string {
  return `“${name}”`;
}

/** "Criada por Ana" / "Criada pela integração “Atendente IA” (chave de API)"; null when unknown. */
export function criadaPorTexto(autor: Autor | null): string | null {
  if (!autor) return null;
  return autor.tipo === "chave_api"
    ? `Criada pela integração ${quoted(autor.nome)} (chave de API)`
    : `Criada por ${autor.nome}`;
}

/** Who registered a call: "Registrada por Ana" / "Registrada pela integração “X” (chave de API)". */
export function registradaPorTexto(autor: Autor | null): string | null {
  if (!autor) return null;
  return autor.tipo === "chave_api"
    ? `Registrada pela integração ${quoted(autor.nome)} (chave de API)`
    : `Registrada por ${autor.nome}`;
}

/** "Maria Silva autorizou pelo telefone (DTMF)"; null when the call carried no answer. */
export function respostaTexto(chamada: ChamadaDaSolicitacao): string | null {
  if (!chamada.resposta) return null;
  const quem = chamada.pessoa?.nome ?? "O morador";
  return `${quem} ${chamada.resposta === "autorizado" ? "autorizou" : "negou"} pelo telefone (DTMF)`;
}

export function chamadaTitulo(chamada: ChamadaDaSolicitacao): string {
  return chamada.pessoa ? `Chamada para ${chamada.pessoa.nome}` : "Chamada para pessoa não identificada";
}

export function decisaoTitulo(status: "autorizado" | "negado"): string {
  return status === "autorizado" ? "Solicitação autorizada" : "Solicitação negada";
}

/**
 * Who decided and how: "Por Ana", "Por Maria Silva, pelo telefone, via integração “Atendente IA”",
 * "Pelo telefone, via integração “Atendente IA”"; null when neither is known.
 */
export function decisaoPorTexto(por: string | null, viaChave: string | null): string | null {
  const via = viaChave ? `pelo telefone, via integração ${quoted(viaChave)}` : null;
  if (por && via) return `Por ${por}, ${via}`;
  if (por) return `Por ${por}`;
  if (via) return via.charAt(0).toUpperCase() + via.slice(1);
  return null;
}

export function tentativasTexto(tentativas: number): string {
  if (tentativas === 0) return "Nenhuma tentativa ainda";
  return tentativas === 1 ? "1 tentativa" : `${tentativas} tentativas`;
}

// ── Times in the condominium's timezone ─────────────────────────────────────────────────────────

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    };
    try {
      formatter = new Intl.DateTimeFormat("pt-BR", { ...options, timeZone });
    } catch {
      // An unknown zone name: the browser's own zone rather than no date at all.
      formatter = new Intl.DateTimeFormat("pt-BR", options);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** "12/03/2025 14:32" in the given IANA zone (with ":05" seconds when asked). */
export function formatInZone(value: string | Date, timeZone: string, { seconds = false } = {}): string {
  const date = value instanceof Date ? value : new Date(value);
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const time = `${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ""}`;
  return `${parts.day}/${parts.month}/${parts.year} ${time}`;
}
