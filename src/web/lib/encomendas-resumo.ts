/**
 * Pure pieces of the morador's deliveries (docs/product.md, "Encomendas"): what the home's card counts
 * and which collected packages it still shows. Kept apart from the screens so they are unit-tested.
 */
import type { Encomenda } from "@/shared/schemas/encomendas";

/** How long a collected package stays on the home's card, so the resident sees it left ("Retirada"). */
export const RETIRADA_RECENTE_HORAS = 24;

/** "Nenhuma encomenda aguardando retirada", "1 encomenda aguardando retirada", "3 encomendas …". */
export function aguardandoResumo(total: number): string {
  if (total <= 0) return "Nenhuma encomenda aguardando retirada";
  return total === 1 ? "1 encomenda aguardando retirada" : `${total} encomendas aguardando retirada`;
}

/** The collected packages handed over within the last RETIRADA_RECENTE_HORAS, most recent first. */
export function retiradasRecentes<T extends Pick<Encomenda, "status" | "retirada_em">>(
  items: readonly T[],
  now: Date = new Date(),
  horas = RETIRADA_RECENTE_HORAS,
): T[] {
  const desde = now.getTime() - horas * 3_600_000;
  return items
    .filter((e) => e.status === "retirada" && e.retirada_em && new Date(e.retirada_em).getTime() >= desde)
    .sort((a, b) => new Date(b.retirada_em!).getTime() - new Date(a.retirada_em!).getTime());
}

/** "2026-11-30" → "30/11/2026": a calendar day (an authorisation's last day), no timezone to apply. */
export function diaBr(day: string): string {
  const [y, m, d] = day.split("-");
  return y && m && d ? `${d}/${m}/${y}` : day;
}

/**
 * The waiting packages the morador's screen and home read in one request (the same query: one cache
 * entry). A unit rarely has more waiting; beyond, the screen says only the latest are shown.
 */
export const AGUARDANDO_PAGE_SIZE = 50;

/** The "Retiradas" history's page, paged by the server. */
export const HISTORICO_PAGE_SIZE = 10;
