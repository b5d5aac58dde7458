/**
 * Telling residents about their bookings (docs/decisions/044-common-area-bookings.md): in the
 * transaction that confirms, refuses or cancels a booking (and in the day-before reminder's), one
 * notice per resident to reach goes into the `reserva_avisos` outbox, on the channel their contact
 * allows (contactOf). The delivery job sends them like the package notices. The resident who booked
 * is told; when they cannot be reached (or staff booked for the unit), every resident of the unit.
 */
import { sql } from "drizzle-orm";
import type { AvisoReservaMotivo } from "../../shared/domain";
import type { Executor } from "../db/client";
import { reservaAvisos } from "../db/schema";
import { activeResidentsInCallingOrder, contactOf } from "./residents";

export const RESERVA_AVISOS_CHANNEL = "guarita_reserva_avisos";

export interface ReservaRef {
  organizationId: string;
  reservaId: string;
  unidadeId: string;
  /** The resident who booked, when a resident did. */
  pessoaId: string | null;
}

/** Writes the booking's notices for `motivo`; returns how many residents will be told (0: nobody reachable). */
export async function enqueueBookingNotices(
  tx: Executor,
  reserva: ReservaRef,
  motivo: AvisoReservaMotivo,
): Promise<number> {
  const residents = await activeResidentsInCallingOrder(tx, reserva.organizationId, [reserva.unidadeId]);
  const reachable = residents.flatMap((r) => {
    const contact = contactOf(r);
    return contact ? [{ resident: r, ...contact }] : [];
  });
  const booker = reachable.filter((r) => r.resident.pessoaId === reserva.pessoaId);
  const chosen = booker.length > 0 ? booker : reachable;
  if (chosen.length === 0) return 0;
  await tx.insert(reservaAvisos).values(
    chosen.map((c) => ({
      organizationId: reserva.organizationId,
      reservaId: reserva.reservaId,
      pessoaId: c.resident.pessoaId,
      pessoaNome: c.resident.nome,
      motivo,
      canal: c.canal,
      destino: c.destino,
    })),
  );
  await tx.execute(sql`SELECT pg_notify(${RESERVA_AVISOS_CHANNEL}, ${reserva.organizationId})`);
  return chosen.length;
}
