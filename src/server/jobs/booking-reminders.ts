/**
 * The day-before reminder of a booking (docs/decisions/044-common-area-bookings.md): every confirmed
 * booking that starts within the next REMINDER_HOURS and was not reminded yet gets one reminder, on
 * the channels booking-notices.ts picks (the resident who booked, else the unit's residents).
 *
 * Each booking is locked (FOR UPDATE SKIP LOCKED) and marked (`lembrete_em`) in the transaction that
 * writes its notices, so instances running this at the same time never remind a resident twice.
 * The rows it reads are the partial index `reservas_lembrete_idx` (confirmed, not reminded). `now`
 * is a parameter so tests control the clock; the notices leave through the outbox's job
 * (notifications/booking-notices-deliver.ts).
 */
import { sql } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { enqueueBookingNotices } from "../notifications/booking-notices";

/** How long before its start a booking is reminded. */
export const REMINDER_HOURS = 24;
const BATCH = 100;

export interface BookingReminderResult {
  /** Bookings reminded in this run. */
  lembrete: number;
}

interface DueBooking {
  id: string;
  organization_id: string;
  unidade_id: string;
  solicitada_por_pessoa_id: string | null;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** One round: up to BATCH bookings due, each reminded and marked. */
async function remindersDue(tx: Executor, now: Date): Promise<number> {
  const due = rowsOf<DueBooking>(
    await tx.execute(sql`
      SELECT r.id, r.organization_id, r.unidade_id, r.solicitada_por_pessoa_id
      FROM reservas r
      WHERE r.status = 'confirmada' AND r.lembrete_em IS NULL
        AND r.inicio > ${now.toISOString()}::timestamptz
        AND r.inicio <= ${now.toISOString()}::timestamptz + make_interval(hours => ${REMINDER_HOURS})
      ORDER BY r.inicio
      LIMIT ${BATCH}
      FOR UPDATE OF r SKIP LOCKED`),
  );
  for (const r of due) {
    await enqueueBookingNotices(
      tx,
      {
        organizationId: r.organization_id,
        reservaId: r.id,
        unidadeId: r.unidade_id,
        pessoaId: r.solicitada_por_pessoa_id,
      },
      "lembrete",
    );
    await tx.execute(sql`UPDATE reservas SET lembrete_em = ${now.toISOString()}::timestamptz WHERE id = ${r.id}`);
  }
  return due.length;
}

export async function remindBookings(db: Database, now: Date = new Date()): Promise<BookingReminderResult> {
  let lembrete = 0;
  // Each round marks its bookings, so the next one reads the ones after them.
  for (;;) {
    const n = await db.transaction((tx) => remindersDue(tx, now));
    lembrete += n;
    if (n < BATCH) break;
  }
  return { lembrete };
}
