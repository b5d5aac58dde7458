/**
 * An area's opening hours in a line a person reads on its card (docs/decisions/044-common-area-bookings.md):
 * "Todos os dias, 08:00–23:00", or the days grouped by their hours ("seg, ter, qua: 08:00–22:00 ·
 * sáb, dom: 10:00–23:00"), Sunday last as a week reads in Brazil. Closed days are simply absent.
 */
import type { HorarioDia } from "@/shared/schemas/reservas";

const DIAS_CURTOS = ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"] as const;
/** Monday first, Sunday last. */
const ORDEM = [1, 2, 3, 4, 5, 6, 0] as const;

export function horarioResumo(horarios: readonly HorarioDia[]): string {
  const grupos = new Map<string, number[]>();
  for (const d of ORDEM) {
    const h = horarios[d];
    if (!h) continue;
    const chave = `${h.abre}–${h.fecha}`;
    grupos.set(chave, [...(grupos.get(chave) ?? []), d]);
  }
  if (grupos.size === 0) return "Fechada todos os dias";
  const [unica] = [...grupos.entries()];
  if (grupos.size === 1 && unica && unica[1].length === 7) return `Todos os dias, ${unica[0]}`;
  return [...grupos.entries()]
    .map(([horas, dias]) => `${dias.map((d) => DIAS_CURTOS[d]).join(", ")}: ${horas}`)
    .join(" · ");
}
