/**
 * Pending requests whose expiracao_em has passed become `expirado`. Idempotent, and safe with
 * several instances: each batch locks its rows with SKIP LOCKED, so instances never expire the same
 * request twice, and each change writes its event like any other change.
 */
import { sql } from "drizzle-orm";
import { NOME_DO_REGISTRO, recordAudit, SYSTEM_ACTOR } from "../audit/audit";
import type { Database } from "../db/client";
import { revokeLinks } from "../notifications/links";
import { recordEvent } from "../realtime/events";

type ExpiredRow = { id: string; organization_id: string; nome_visitante: string; unidade_id: string };

/**
 * `now` is the database's clock unless given: tests pass a later instant to see what the job does
 * then, without waiting (a request created at T with a 30-minute wait expires at a run after T+30).
 */
export async function expireOverdue(
  db: Database,
  { now, batchSize = 500 }: { now?: Date; batchSize?: number } = {},
): Promise<number> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  return db.transaction(async (tx) => {
    const result = await tx.execute<ExpiredRow>(sql`
      UPDATE solicitacoes_acesso SET status = 'expirado', escalonamento_em = NULL, updated_at = now()
      WHERE id IN (
        SELECT id FROM solicitacoes_acesso
        WHERE status = 'pendente' AND expiracao_em IS NOT NULL AND expiracao_em <= ${at}
        ORDER BY expiracao_em
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, organization_id, nome_visitante, unidade_id`);
    const rows = (result as unknown as { rows: ExpiredRow[] }).rows;
    // Tenants in a fixed order, so two writers never wait on each other's event counters.
    rows.sort((a, b) => a.organization_id.localeCompare(b.organization_id) || a.id.localeCompare(b.id));
    await revokeLinks(
      tx,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      await recordAudit(tx, row.organization_id, SYSTEM_ACTOR, {
        acao: "alterar",
        entidade: "solicitacao",
        entidadeId: row.id,
        resumo: `A solicitação de ${NOME_DO_REGISTRO} expirou sem decisão`,
        antes: { status: "pendente" },
        depois: { status: "expirado" },
      });
      await recordEvent(tx, row.organization_id, {
        type: "solicitacao.atualizada",
        solicitacao: { id: row.id, nome_visitante: row.nome_visitante, status: "expirado", unidade_id: row.unidade_id },
      });
    }
    return rows.length;
  });
}
