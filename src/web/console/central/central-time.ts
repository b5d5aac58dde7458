/**
 * The central's clocks (docs/decisions/042-operators-central.md): how long an item has waited and how much
 * of its SLA is left, ticking every second. Each screen reads the time on the server's clock (`agora` of
 * the last answer, carried forward by the browser's own), so two operators looking at one item see the
 * same numbers whatever their computers' clocks say.
 */
import type { CentralItem } from "@/shared/schemas/central";

/** Server time minus browser time, from an answer's `agora` and when the browser received it. */
export function clockOffset(agora: string, receivedAt: number): number {
  const server = Date.parse(agora);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** "0:07", "12:30", "1:02:03": a duration in whole seconds, never negative. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** The same duration in words, for screen readers and titles: "2 min 5 s", "1 h 3 min". */
export function durationWords(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
  return `${seconds} s`;
}

/** Seconds since the item started waiting for a person, on the server's clock. */
export function waitedSeconds(item: Pick<CentralItem, "criado_em">, serverNow: number): number {
  return Math.max(0, Math.floor((serverNow - Date.parse(item.criado_em)) / 1000));
}

export interface SlaState {
  /** What the SLA in force asks for: claiming an open item, resolving a claimed one. */
  etapa: "assumir" | "resolver";
  /** Seconds left; negative once past. */
  restante: number;
  /** Past its SLA, by the server's word or by the clock (the event may be a second behind). */
  escalado: boolean;
}

export function slaState(
  item: Pick<
    CentralItem,
    "status" | "criado_em" | "assumido_em" | "escalado" | "sla_assumir_segundos" | "sla_resolver_segundos"
  >,
  serverNow: number,
): SlaState {
  const claimed = item.status === "assumido" && item.assumido_em;
  const start = Date.parse(claimed ? (item.assumido_em as string) : item.criado_em);
  const limit = claimed ? item.sla_resolver_segundos : item.sla_assumir_segundos;
  const restante = Math.ceil((start + limit * 1000 - serverNow) / 1000);
  return { etapa: claimed ? "resolver" : "assumir", restante, escalado: item.escalado || restante <= 0 };
}

/**
 * The queue in a stable order: the items already on screen keep their places, and new ones go after them
 * (in the server's order, oldest first), so nothing moves under the operator's cursor. Gone items leave.
 */
export function stableOrder(previous: readonly string[], incoming: readonly string[]): string[] {
  const present = new Set(incoming);
  const kept = previous.filter((id) => present.has(id));
  const known = new Set(kept);
  return [...kept, ...incoming.filter((id) => !known.has(id))];
}
