/**
 * The request's timeline (docs/product.md, "Solicitações"): what happened to it, oldest first — created (by whom or
 * which API key), each photo of the visitor or the reason there is none (docs/decisions/039-visitor-photos.md), each message to a resident (sent, delivered, opened, decided through its link),
 * each call to the unit, "Sem resposta dos moradores", the decision, the expiry, the gate-open
 * commands — built from the detail response alone, with its texts. Pure: no React, so the unit
 * tests read it directly.
 */
import type { DecisaoVia } from "@/shared/domain";
import { FOTO_ORIGEM_LABELS, type Foto } from "@/shared/schemas/fotos";
import { CANAL_LABELS } from "@/shared/schemas/pessoas";
import type { Autor, Notificacao, SolicitacaoDetail } from "@/shared/schemas/solicitacoes";
import type { StatusTone } from "@/shared/status-catalogue";

export type ChamadaDaSolicitacao = SolicitacaoDetail["chamadas"][number];
export type ComandoPortao = SolicitacaoDetail["comandos_portao"][number];
export type { Foto, Notificacao };

export type TimelineEntry =
  | { kind: "criada"; at: string; autor: Autor | null; portao: string | null }
  /** A photo of the visitor, or one that could not be taken (a camera without image, a refusal). */
  | { kind: "foto"; at: string; foto: Foto }
  /** A message to a resident, at the moment it was queued; its steps are inside. */
  | { kind: "notificacao"; at: string; notificacao: Notificacao }
  | { kind: "chamada"; at: string; chamada: ChamadaDaSolicitacao }
  /**
   * Every resident was reached and nobody answered, or nobody could be reached at all
   * (`semMensagens`; `naoConfigurados`: the channels off on this server, when no message could be
   * sent through them): the porteiro takes over. Kept after a later decision, as history.
   */
  | { kind: "sem_resposta"; at: string; semMensagens: boolean; pendente: boolean; naoConfigurados: string[] }
  | {
      kind: "decisao";
      at: string;
      status: "autorizado" | "negado";
      por: string | null;
      viaChave: string | null;
      via: DecisaoVia | null;
      /** Why it was denied, when the decider said. */
      motivo: string | null;
    }
  | { kind: "expirada"; at: string }
  | { kind: "cancelada"; at: string }
  | { kind: "comando"; at: string; comando: ComandoPortao }
  /** Still pending: the last, untimed item says what the request waits for. */
  | { kind: "aguardando"; at: null; expiracaoEm: string | null };

/**
 * At the same instant, the chain's own order: created, photographed, residents messaged, called, nobody
 * answered, decided, gate opened.
 */
const RANK: Record<TimelineEntry["kind"], number> = {
  criada: 0,
  foto: 1,
  notificacao: 2,
  chamada: 3,
  sem_resposta: 4,
  decisao: 5,
  expirada: 5,
  cancelada: 5,
  comando: 6,
  aguardando: 7,
};

export function buildTimeline(s: SolicitacaoDetail): TimelineEntry[] {
  const timed: Exclude<TimelineEntry, { kind: "aguardando" }>[] = [
    { kind: "criada", at: s.created_at, autor: s.criado_por, portao: s.portao },
  ];
  for (const foto of s.fotos) timed.push({ kind: "foto", at: foto.created_at, foto });
  for (const notificacao of s.notificacoes)
    timed.push({ kind: "notificacao", at: notificacao.created_at, notificacao });
  for (const chamada of s.chamadas) timed.push({ kind: "chamada", at: chamada.iniciado_em, chamada });
  if (s.sem_resposta_moradores_em) {
    timed.push({
      kind: "sem_resposta",
      at: s.sem_resposta_moradores_em,
      semMensagens: s.notificacoes.length === 0,
      pendente: s.status === "pendente",
      naoConfigurados: s.notificacoes.every((n) => n.nao_configurado) ? canaisNaoConfigurados(s.notificacoes) : [],
    });
  }
  if ((s.status === "autorizado" || s.status === "negado") && s.decidido_em) {
    timed.push({
      kind: "decisao",
      at: s.decidido_em,
      status: s.status,
      por: s.decidido_por_nome,
      viaChave: s.decidido_via_chave,
      via: s.decidido_via,
      motivo: s.status === "negado" ? s.motivo_negacao : null,
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

/**
 * "Criada por Ana" / "Criada pelo Atendente virtual" / "Criada pela integração “Central” (chave de
 * API)"; null when unknown.
 */
export function criadaPorTexto(autor: Autor | null): string | null {
  if (!autor) return null;
  if (autor.tipo === "atendente") return `Criada pelo ${autor.nome}`;
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

/** The path of a decision, as every screen names it: "pelo link", "pelo aplicativo"…; null for staff's console. */
function viaTexto(viaChave: string | null, decididoVia: DecisaoVia | null): string | null {
  if (viaChave) return `pelo telefone, via integração ${quoted(viaChave)}`;
  if (decididoVia === "link") return "pelo link";
  if (decididoVia === "telefone") return "pelo telefone";
  if (decididoVia === "aplicativo") return "pelo aplicativo";
  return null;
}

/**
 * Who decided and how: "Por Ana", "Por Maria Silva, pelo telefone, via integração “Atendente IA”",
 * "Pelo telefone, via integração “Atendente IA”", "Por Ana Souza, pelo link" (the resident's link),
 * "Por Ana Souza, pelo aplicativo" (a signed-in resident); null when neither is known.
 */
export function decisaoPorTexto(
  por: string | null,
  viaChave: string | null,
  decididoVia: DecisaoVia | null = null,
): string | null {
  const via = viaTexto(viaChave, decididoVia);
  if (por && via) return `Por ${por}, ${via}`;
  if (por) return `Por ${por}`;
  if (via) return via.charAt(0).toUpperCase() + via.slice(1);
  return null;
}

/** The detail's "Decidida por": "Ana", "Ana, pelo aplicativo", "Ana, pelo link enviado ao morador"; null when unknown. */
export function decididaPorTexto(
  por: string | null,
  viaChave: string | null,
  decididoVia: DecisaoVia | null,
): string | null {
  const via = !viaChave && decididoVia === "link" ? "pelo link enviado ao morador" : viaTexto(viaChave, decididoVia);
  if (!via) return por;
  return por ? `${por}, ${via}` : via;
}

/** How the header names the decision's path: " pelo telefone", " pelo link", " pelo aplicativo", or nothing. */
export function decisaoViaSufixo(viaChave: string | null, decididoVia: DecisaoVia | null): string {
  if (viaChave || decididoVia === "telefone") return " pelo telefone";
  if (decididoVia === "link") return " pelo link";
  if (decididoVia === "aplicativo") return " pelo aplicativo";
  return "";
}

/** A denial's reason on the timeline: "Motivo: Não estou esperando ninguém."; null without one. */
export function motivoNegacaoTexto(motivo: string | null): string | null {
  const text = motivo?.trim();
  return text ? `Motivo: ${text}` : null;
}

// ── Photos of the visitor (docs/decisions/039-visitor-photos.md) ─────────────────────────────────

/** A gate device's words for "no image", by where the photo was to come from. */
const SEM_IMAGEM: Record<Foto["origem"], string> = {
  porteiro: "Sem foto",
  totem: "Totem do portão sem foto",
  camera: "Câmera do portão sem imagem",
  api: "Integração sem foto",
};

const FOTO_TIRADA: Record<Foto["origem"], string> = {
  porteiro: "Foto tirada na portaria",
  totem: "Foto tirada no totem do portão",
  camera: "Foto da câmera do portão",
  api: "Foto enviada pela integração",
};

/**
 * The timeline's title of a photo: "Foto tirada na portaria", "Câmera do portão sem imagem: a câmera
 * não respondeu", "O visitante não quis tirar foto".
 */
export function fotoTitulo(foto: Pick<Foto, "origem" | "status" | "motivo">): string {
  if (foto.status === "recusada") return "O visitante não quis tirar foto";
  if (foto.status === "indisponivel") {
    const motivo = foto.motivo?.trim();
    return motivo ? `${SEM_IMAGEM[foto.origem]}: ${motivo}` : SEM_IMAGEM[foto.origem];
  }
  return FOTO_TIRADA[foto.origem];
}

/**
 * How a photo is shown: its image; a placeholder while its renditions are made ("processando", a
 * second or so after the upload, with no address yet: docs/product.md, "Fotos"); or the reason there
 * is none (indisponivel, recusada).
 */
export function fotoExibicao(foto: Pick<Foto, "status">): "imagem" | "processando" | "ausente" {
  if (foto.status === "disponivel") return "imagem";
  if (foto.status === "processando") return "processando";
  return "ausente";
}

/** The detail's row for a photo without image: "Sem foto: <motivo>", "O visitante não quis tirar foto"; null with one. */
export function fotoAusenteTexto(foto: Pick<Foto, "status" | "motivo">): string | null {
  if (foto.status === "recusada") return "O visitante não quis tirar foto";
  if (foto.status === "indisponivel") return `Sem foto: ${foto.motivo?.trim() || "motivo não informado"}`;
  return null;
}

/** Where it came from: "Tirada na portaria", "Câmera do portão"… (FOTO_ORIGEM_LABELS). */
export function fotoOrigemTexto(foto: Pick<Foto, "origem">): string {
  return FOTO_ORIGEM_LABELS[foto.origem];
}

/** Who took it: "Por Ana", "Pela integração “Interfone” (chave de API)"; null for the kiosk and cameras. */
export function fotoPorTexto(foto: Pick<Foto, "origem" | "autor">): string | null {
  if (!foto.autor) return null;
  return foto.origem === "api" ? `Pela integração ${quoted(foto.autor)} (chave de API)` : `Por ${foto.autor}`;
}

// ── Messages to the residents (docs/product.md, "Resident link") ───────────────────────────────────

/** "Mensagem para Ana", or "Ligação para Ana" for Guarita's call to her. */
export function notificacaoTitulo(n: Pick<Notificacao, "canal" | "pessoa_nome">): string {
  return `${n.canal === "ligacao" ? "Ligação" : "Mensagem"} para ${n.pessoa_nome}`;
}

/**
 * A message's steps as they read for its channel: a call is placed ("Ligação feita"), answered
 * ("Atendida") and answered with a key ("Respondeu na ligação") rather than opened and decided by link.
 */
function passoLabels(n: Pick<Notificacao, "canal">) {
  return n.canal === "ligacao"
    ? { enviada: "Ligação feita", aberta: "Atendida", decidida: "Respondeu na ligação" }
    : { enviada: "Enviada", aberta: "Aberta", decidida: "Decidiu pelo link" };
}

/** "WhatsApp", "SMS (demonstração)". */
export function canalTexto(n: Pick<Notificacao, "canal" | "demo">): string {
  return `${CANAL_LABELS[n.canal]}${n.demo ? " (demonstração)" : ""}`;
}

/** "1º" — the resident's place in the unit's calling order (ordem counts from 0). */
export function ordemTexto(ordem: number): string {
  return `${ordem + 1}º`;
}

/** "WhatsApp não configurado", "Ligação não configurada", "WhatsApp e SMS não configurados". */
export function naoConfiguradoTexto(canais: readonly string[]): string {
  if (canais.length <= 1)
    return `${canais[0] ?? "Canal"} ${canais[0] === CANAL_LABELS.ligacao ? "não configurada" : "não configurado"}`;
  return `${canais.slice(0, -1).join(", ")} e ${canais.at(-1)} não configurados`;
}

/** The channels (labels, in order of first use) of the messages not sent because their channel is off. */
export function canaisNaoConfigurados(notificacoes: readonly Notificacao[]): string[] {
  return [...new Set(notificacoes.filter((n) => n.nao_configurado).map((n) => CANAL_LABELS[n.canal]))];
}

/** Where a message is now, its furthest step: the badge of its timeline entry. */
export function notificacaoEstado(n: Notificacao): { label: string; tone: StatusTone } {
  const labels = passoLabels(n);
  if (n.nao_configurado) return { label: "Não configurado", tone: "grey" };
  if (n.decidida_em) return { label: labels.decidida, tone: "green" };
  if (n.status === "falhou") return { label: "Falhou", tone: "red" };
  if (n.aberta_em) return { label: labels.aberta, tone: "sky" };
  if (n.status === "entregue" || n.entregue_em) return { label: "Entregue", tone: "blue" };
  if (n.status === "enviada" || n.enviada_em) return { label: labels.enviada, tone: "indigo" };
  return { label: n.ultimo_erro ? "Nova tentativa" : "Aguardando envio", tone: "amber" };
}

/**
 * The message's steps that happened, in order: "Enviada", "Entregue", "Aberta", "Decidiu pelo link"
 * (a call: "Ligação feita", "Atendida", "Respondeu na ligação").
 */
export function notificacaoPassos(n: Notificacao): { label: string; at: string }[] {
  const labels = passoLabels(n);
  const passos: { label: string; at: string | null }[] = [
    { label: labels.enviada, at: n.enviada_em },
    { label: "Entregue", at: n.entregue_em },
    { label: labels.aberta, at: n.aberta_em },
    { label: labels.decidida, at: n.decidida_em },
  ];
  return passos.filter((p): p is { label: string; at: string } => p.at !== null);
}

/**
 * What went wrong, if anything: "Falhou: <erro>" once given up, "Não enviada ainda: <erro>. Nova
 * tentativa agendada." while it is retried; null when nothing failed.
 */
export function notificacaoFalhaTexto(n: Notificacao): string | null {
  if (n.nao_configurado) {
    return n.canal === "ligacao"
      ? `${naoConfiguradoTexto([CANAL_LABELS[n.canal]])} neste servidor: a ligação não foi feita.`
      : `${naoConfiguradoTexto([CANAL_LABELS[n.canal]])} neste servidor: a mensagem não foi enviada por este canal.`;
  }
  const erro = n.ultimo_erro?.trim() || null;
  if (n.status === "falhou") return `Falhou: ${erro ?? "erro não informado"}`;
  if (n.status === "pendente" && erro) return `Não enviada ainda: ${erro}. Nova tentativa agendada.`;
  return null;
}

/** The "Sem resposta dos moradores" entry's explanation. */
export function semRespostaTexto(semMensagens: boolean, pendente: boolean, naoConfigurados: string[] = []): string {
  const motivo = semMensagens
    ? "Nenhum morador da unidade tem telefone ou e-mail para receber o aviso."
    : naoConfigurados.length > 0
      ? `Nenhuma mensagem foi enviada: ${naoConfiguradoTexto(naoConfigurados)}.`
      : pendente
        ? "Nenhum morador respondeu às mensagens."
        : "Nenhum morador respondeu às mensagens a tempo.";
  return pendente ? `${motivo} Ligue para a unidade.` : motivo;
}

export function tentativasTexto(tentativas: number): string {
  if (tentativas === 0) return "Nenhuma tentativa ainda";
  return tentativas === 1 ? "1 tentativa" : `${tentativas} tentativas`;
}

// ── Times in the condominium's timezone: the console's one helper (docs/product.md, "Horários") ──

export { formatInZone } from "@/web/lib/zoned-time";
