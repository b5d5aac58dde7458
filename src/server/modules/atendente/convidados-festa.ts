/**
 * A party guest at the gate through the virtual attendant ("vim para a festa do 101";
 * docs/decisions/044-common-area-bookings.md): the name the visitor gives is looked up on the guest
 * lists of the confirmed bookings of the unit, in this condominium, whose list is open now (from
 * CONVIDADO_ANTECEDENCIA_MINUTOS before the start until the end). Found once, the gate opens as for a
 * pass and the entry is registered as the booking's guest's; otherwise the residents are asked as for
 * any visitor. The list itself is never said: only the visitor's own name, once found.
 */
import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { normalizeSearch } from "../../../shared/schemas/common";
import { CONVIDADO_ANTECEDENCIA_MINUTOS } from "../../../shared/schemas/reservas";
import type { Executor } from "../../db/client";
import { areasComuns, reservaConvidados, reservas } from "../../db/schema";

/** Words a name is compared without ("Ana de Souza" = "Ana Souza"). */
const PARTICLES = new Set(["de", "da", "do", "das", "dos", "e"]);

function nameWords(name: string): string[] {
  return normalizeSearch(name)
    .replace(/['’]/g, "")
    .replace(/[^\p{L}\p{N} ]/gu, " ")
    .split(" ")
    .filter((w) => w && !PARTICLES.has(w));
}

/**
 * How the name said fits a name on the list, forgiving accents and case: `exato` (the same words),
 * `parcial` (the first name and at least one more of the listed words, in order: "Ana Paula" or
 * "Ana Souza" for "Ana Paula Souza"), `primeiro` (the first name alone: too little to let anyone in,
 * so the full name is asked), or null.
 */
export function nameFit(said: string, listed: string): "exato" | "parcial" | "primeiro" | null {
  const s = nameWords(said);
  const l = nameWords(listed);
  if (s.length === 0 || l.length === 0 || s[0] !== l[0]) return null;
  if (s.length === l.length && s.every((w, i) => w === l[i])) return "exato";
  if (s.length === 1) return "primeiro";
  let at = 1;
  for (const word of s.slice(1)) {
    while (at < l.length && l[at] !== word) at += 1;
    if (at >= l.length) return null;
    at += 1;
  }
  return "parcial";
}

/** Who on the lists the name points to: one guest, several (ask the full name), or nobody. */
export function pickGuest<T extends { nome: string }>(
  said: string,
  guests: readonly T[],
): { tipo: "um"; convidado: T } | { tipo: "varios" } | { tipo: "nenhum" } {
  const fits = guests.map((g) => ({ g, fit: nameFit(said, g.nome) })).filter((x) => x.fit !== null);
  const exact = fits.filter((x) => x.fit === "exato");
  if (exact.length === 1) return { tipo: "um", convidado: exact[0]!.g };
  if (exact.length > 1) return { tipo: "varios" };
  const partial = fits.filter((x) => x.fit === "parcial");
  if (partial.length === 1) return { tipo: "um", convidado: partial[0]!.g };
  if (partial.length > 1 || fits.length > 0) return { tipo: "varios" };
  return { tipo: "nenhum" };
}

export interface ListedGuest {
  id: string;
  nome: string;
  unidadeId: string;
  reservaId: string;
  area: string;
}

/**
 * The guests of these units' confirmed bookings whose list is open at `now`, in this condominium of
 * this tenant: removed and anonymised guests are off the list.
 */
export async function openGuestLists(
  db: Executor,
  organizationId: string,
  condominioId: string,
  unidadeIds: string[],
  now: Date,
): Promise<ListedGuest[]> {
  if (unidadeIds.length === 0) return [];
  const opensBy = new Date(now.getTime() + CONVIDADO_ANTECEDENCIA_MINUTOS * 60_000);
  return db
    .select({
      id: reservaConvidados.id,
      nome: reservaConvidados.nome,
      unidadeId: reservas.unidadeId,
      reservaId: reservas.id,
      area: areasComuns.nome,
    })
    .from(reservaConvidados)
    .innerJoin(
      reservas,
      and(eq(reservas.id, reservaConvidados.reservaId), eq(reservas.organizationId, reservaConvidados.organizationId)),
    )
    .innerJoin(areasComuns, eq(areasComuns.id, reservas.areaId))
    .where(
      and(
        eq(reservaConvidados.organizationId, organizationId),
        eq(reservas.condominioId, condominioId),
        inArray(reservas.unidadeId, unidadeIds),
        eq(reservas.status, "confirmada"),
        lte(reservas.inicio, opensBy),
        gt(reservas.fim, now),
        isNull(reservaConvidados.removidoEm),
        isNull(reservaConvidados.anonimizadoEm),
      ),
    )
    .orderBy(reservas.inicio, sql`${reservaConvidados.id}`);
}
