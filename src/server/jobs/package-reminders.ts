/**
 * Telling residents again about packages that wait (docs/decisions/043-deliveries.md):
 *
 * - a perishable: every PERECIVEL_REAVISO_MINUTOS until a resident says "Ciente", the batch has no
 *   perishable waiting, or PERECIVEL_REAVISOS_MAX repeats went out;
 * - any batch still waiting `encomenda_lembrete_dias` days after it arrived (per condominium,
 *   0 = never): one reminder.
 *
 * Each batch is locked (FOR UPDATE SKIP LOCKED) and moved on in the transaction that writes its
 * notices, so instances running this at the same time never tell a resident twice. `now` is a
 * parameter so tests control the clock; the notices themselves leave through the outbox's job
 * (notifications/package-notices-deliver.ts).
 */
import { sql } from "drizzle-orm";
import { PERECIVEL_REAVISO_MINUTOS, PERECIVEL_REAVISOS_MAX } from "../../shared/schemas/encomendas";
import type { Database, Executor } from "../db/client";
import { enqueuePackageNotices } from "../notifications/package-notices";

const BATCH = 100;
/**
 * The reminder looks this far back at most: a condominium waits 60 days at the most, and batches
 * that left long ago (never reminded, as they were collected first) are not read again every minute.
 */
const LEMBRETE_JANELA_DIAS = 90;

export interface PackageReminderResult {
  /** Perishable batches told again. */
  perecivel: number;
  /** Batches reminded after the condominium's days. */
  lembrete: number;
}

interface DueBatch {
  id: string;
  organization_id: string;
  unidade_id: string;
  destinatario_pessoa_id: string | null;
  avisos_perecivel: number;
  perecivel_aguardando: boolean;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const loteRef = (r: DueBatch) => ({
  organizationId: r.organization_id,
  loteId: r.id,
  unidadeId: r.unidade_id,
  destinatarioPessoaId: r.destinatario_pessoa_id,
});

/** One round of perishables due: told again, or stopped when nothing perishable waits or it was acknowledged. */
async function perishablesDue(tx: Executor, now: Date): Promise<{ seen: number; told: number }> {
  const due = rowsOf<DueBatch>(
    await tx.execute(sql`
      SELECT l.id, l.organization_id, l.unidade_id, l.destinatario_pessoa_id, l.avisos_perecivel,
             (l.ciente_em IS NULL AND EXISTS (
               SELECT 1 FROM encomendas e WHERE e.lote_id = l.id AND e.status = 'aguardando' AND e.perecivel
             )) AS perecivel_aguardando
      FROM encomenda_lotes l
      WHERE l.proximo_aviso_em IS NOT NULL AND l.proximo_aviso_em <= ${now.toISOString()}::timestamptz
      ORDER BY l.proximo_aviso_em
      LIMIT ${BATCH}
      FOR UPDATE OF l SKIP LOCKED`),
  );
  let told = 0;
  for (const r of due) {
    if (!r.perecivel_aguardando) {
      await tx.execute(sql`UPDATE encomenda_lotes SET proximo_aviso_em = NULL WHERE id = ${r.id}`);
      continue;
    }
    await enqueuePackageNotices(tx, loteRef(r), "perecivel");
    const avisos = r.avisos_perecivel + 1;
    const next = avisos >= PERECIVEL_REAVISOS_MAX ? null : new Date(now.getTime() + PERECIVEL_REAVISO_MINUTOS * 60_000);
    await tx.execute(sql`
      UPDATE encomenda_lotes
      SET avisos_perecivel = ${avisos}, proximo_aviso_em = ${next ? next.toISOString() : null}::timestamptz
      WHERE id = ${r.id}`);
    told++;
  }
  return { seen: due.length, told };
}

/** One round of batches waiting past their condominium's days and not reminded yet: one reminder each. */
async function remindersDue(tx: Executor, now: Date): Promise<{ seen: number; told: number }> {
  const due = rowsOf<DueBatch>(
    await tx.execute(sql`
      SELECT l.id, l.organization_id, l.unidade_id, l.destinatario_pessoa_id, l.avisos_perecivel, false AS perecivel_aguardando
      FROM encomenda_lotes l
      JOIN condominios c ON c.id = l.condominio_id
      WHERE l.lembrete_em IS NULL
        AND c.encomenda_lembrete_dias > 0
        AND l.created_at > ${now.toISOString()}::timestamptz - make_interval(days => ${LEMBRETE_JANELA_DIAS})
        AND l.created_at <= ${now.toISOString()}::timestamptz - make_interval(days => c.encomenda_lembrete_dias)
        AND EXISTS (SELECT 1 FROM encomendas e WHERE e.lote_id = l.id AND e.status = 'aguardando')
      ORDER BY l.created_at
      LIMIT ${BATCH}
      FOR UPDATE OF l SKIP LOCKED`),
  );
  for (const r of due) {
    await enqueuePackageNotices(tx, loteRef(r), "lembrete");
    await tx.execute(
      sql`UPDATE encomenda_lotes SET lembrete_em = ${now.toISOString()}::timestamptz WHERE id = ${r.id}`,
    );
  }
  return { seen: due.length, told: due.length };
}

export async function remindPackages(db: Database, now: Date = new Date()): Promise<PackageReminderResult> {
  const result: PackageReminderResult = { perecivel: 0, lembrete: 0 };
  // Each round moves its batches out of what the next round reads (a later time, null, or reminded).
  for (;;) {
    const round = await db.transaction((tx) => perishablesDue(tx, now));
    result.perecivel += round.told;
    if (round.seen < BATCH) break;
  }
  for (;;) {
    const round = await db.transaction((tx) => remindersDue(tx, now));
    result.lembrete += round.told;
    if (round.seen < BATCH) break;
  }
  return result;
}
