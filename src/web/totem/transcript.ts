/**
 * The kiosk's copy of a conversation and what it means for the visitor (docs/product.md, "Totem").
 * Lines arrive from three places: a turn's answer (only the new replies), the whole transcript read
 * after a live event, and the visitor's own words sent from this screen. Pure functions, so the
 * merging and the outcome rules are tested without a browser.
 */
import type { AtendenteAutor } from "@/shared/domain";
import type { EstadoConversa, Mensagem } from "@/shared/schemas/atendente";

export const AUTOR_LABELS: Record<AtendenteAutor, string> = {
  atendente: "Atendente virtual",
  visitante: "Você",
  porteiro: "Porteiro",
};

/** What a line's speaker and moment are: the same line read twice (a turn, then the transcript) has one key. */
export function lineKey(m: Mensagem): string {
  return `${m.autor}|${m.created_at}|${m.texto}`;
}

/**
 * The transcript after a turn: the visitor's words (a turn's answer carries only the replies) then
 * the replies. `base` is how many lines there were when the words were sent: a transcript read that
 * came back first may already hold the turn, and then nothing is added twice. The visitor's line has
 * this screen's clock until the next transcript read replaces it.
 */
export function afterTurn(
  current: Mensagem[],
  texto: string,
  respostas: Mensagem[],
  sentAt: string,
  base = current.length,
): Mensagem[] {
  const known = new Set(current.map(lineKey));
  const alreadyRead = current.slice(base).some((m) => m.autor === "visitante" && m.texto === texto);
  const visitante: Mensagem = { autor: "visitante", texto, created_at: sentAt };
  return [...current, ...(alreadyRead ? [] : [visitante]), ...respostas.filter((m) => !known.has(lineKey(m)))];
}

/**
 * The transcript read from the server is the truth for every position it has. A read that left
 * before a turn's answer arrived can be shorter than what is on screen: the lines past its end stay
 * until the next read, so nothing blinks out.
 */
export function mergeTranscript(current: Mensagem[], server: Mensagem[]): Mensagem[] {
  if (server.length >= current.length) return server;
  const known = new Set(server.map(lineKey));
  return [...server, ...current.slice(server.length).filter((m) => !known.has(lineKey(m)))];
}

/** Lines of the attendant or a porteiro not yet read aloud, in order. */
export function unspoken(lines: Mensagem[], spoken: ReadonlySet<string>): Mensagem[] {
  return lines.filter((m) => m.autor !== "visitante" && !spoken.has(lineKey(m)));
}

/**
 * What fills the screen (docs/product.md, "Totem"): the gate opens, it does not, a person takes
 * over, or a package is to be left where the attendant said. `porteiro` while the conversation is open keeps the transcript and the message box (the
 * porteiro types to the visitor); once closed it is a screen of its own like the others.
 */
export type Desfecho = "entrar" | "negado" | "porteiro" | "encomenda" | "encerrado";

export function desfechoOf(estado: EstadoConversa): Desfecho | null {
  if (
    estado.resultado === "autorizado" ||
    estado.resultado === "passe_liberado" ||
    estado.resultado === "convidado_liberado"
  ) {
    return "entrar";
  }
  // A delivery person told where to leave a package (docs/decisions/043-deliveries.md).
  if (estado.resultado === "encomenda_registrada") return "encomenda";
  if (estado.resultado === "negado") return "negado";
  if (estado.etapa === "com_porteiro" || estado.resultado === "sem_resposta") return "porteiro";
  if (estado.etapa === "concluida" || estado.etapa === "encerrada") return "encerrado";
  return null;
}

export function isClosed(estado: EstadoConversa, encerradaEm: string | null = null): boolean {
  return encerradaEm !== null || estado.etapa === "concluida" || estado.etapa === "encerrada";
}

/**
 * Whether the kiosk waits on the visitor (who may have walked away) or on someone else (a resident
 * deciding, a porteiro typing), which may take minutes with the visitor still standing there.
 */
export function waitsOnVisitor(estado: EstadoConversa): boolean {
  return estado.etapa === "identificando" || estado.etapa === "confirmando";
}
