/**
 * Reaching a request's residents (docs/decisions/022-resident-link.md).
 *
 * When a request is created (console, morador, integration API), `startOutreach` runs in the same
 * transaction: it writes the first message (or, when the condominium says so, one per resident)
 * into the `notificacoes` outbox and sets when the next step is due. `escalateDue` (a job on every
 * instance) takes due requests with FOR UPDATE SKIP LOCKED, so two instances never take the same
 * step twice, and either reaches the next resident in calling order or, when there is none left,
 * marks the request "Sem resposta dos moradores" for the porteiro. All state is in the database: a
 * restart loses nothing and repeats nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { notificacoes, solicitacoesAcesso } from "../db/schema";
import { recordEvent } from "../realtime/events";
import { activeResidentsInCallingOrder, contactOf, type ResidentInOrder } from "./residents";

export const NOTIFICACOES_CHANNEL = "guarita_notificacoes";

interface RequestRef {
  organizationId: string;
  solicitacaoId: string;
  unidadeId: string;
  condominioId: string;
}

/** The residents who can be reached (a phone or an e-mail), in calling order, with where. */
async function reachable(tx: Executor, organizationId: string, unidadeId: string) {
  const residents = await activeResidentsInCallingOrder(tx, organizationId, [unidadeId]);
  return residents.flatMap((r) => {
    const contact = contactOf(r);
    return contact ? [{ resident: r, ...contact }] : [];
  });
}

async function enqueue(
  tx: Executor,
  ref: RequestRef,
  entries: { resident: ResidentInOrder; canal: "whatsapp" | "sms" | "email"; destino: string; ordem: number }[],
) {
  if (entries.length === 0) return;
  await tx.insert(notificacoes).values(
    entries.map((e) => ({
      organizationId: ref.organizationId,
      solicitacaoId: ref.solicitacaoId,
      pessoaId: e.resident.pessoaId,
      pessoaNome: e.resident.nome,
      ordem: e.ordem,
      canal: e.canal,
      destino: e.destino,
    })),
  );
  await tx.execute(sql`SELECT pg_notify(${NOTIFICACOES_CHANNEL}, ${ref.organizationId})`);
}

const seconds = (n: number) => sql`make_interval(secs => ${n})`;

/**
 * In the transaction that creates the request: the first message(s) and the first deadline, by the
 * condominium's settings as the caller read them (it has just checked the condominium exists).
 */
export async function startOutreach(
  tx: Executor,
  ref: RequestRef & { settings: { esperaMoradorSegundos: number; notificarTodosMoradores: boolean } },
  now: Date = new Date(),
) {
  const list = await reachable(tx, ref.organizationId, ref.unidadeId);
  const where = and(
    eq(solicitacoesAcesso.id, ref.solicitacaoId),
    eq(solicitacoesAcesso.organizationId, ref.organizationId),
  );
  if (list.length === 0) {
    // Nobody to reach: the porteiro calls from the start.
    await tx.update(solicitacoesAcesso).set({ semRespostaMoradoresEm: now, escalonamentoEm: null }).where(where);
    return;
  }
  const first = ref.settings.notificarTodosMoradores ? list : list.slice(0, 1);
  await enqueue(
    tx,
    ref,
    first.map((e, ordem) => ({ ...e, ordem })),
  );
  await tx
    .update(solicitacoesAcesso)
    .set({
      escalonamentoProximo: first.length,
      escalonamentoEm: sql`${now}::timestamptz + ${seconds(ref.settings.esperaMoradorSegundos)}`,
    })
    .where(where);
}

type DueRow = {
  id: string;
  organization_id: string;
  unidade_id: string;
  condominio_id: string;
  nome_visitante: string;
  escalonamento_proximo: number;
  espera: number;
};

/**
 * Takes every request whose next step is due at `now` (a parameter, so tests control the clock):
 * reaches the next resident, or gives up and marks it "Sem resposta dos moradores". Returns how
 * many requests moved.
 */
export async function escalateDue(db: Database, now: Date = new Date(), batchSize = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<DueRow>(sql`
      SELECT s.id, s.organization_id, s.unidade_id, s.condominio_id, s.nome_visitante, s.escalonamento_proximo,
             c.espera_morador_segundos AS espera
      FROM solicitacoes_acesso s JOIN condominios c ON c.id = s.condominio_id
      WHERE s.status = 'pendente' AND s.escalonamento_em IS NOT NULL AND s.escalonamento_em <= ${now}
      ORDER BY s.escalonamento_em
      LIMIT ${batchSize}
      FOR UPDATE OF s SKIP LOCKED`);
    const rows = (result as unknown as { rows: DueRow[] }).rows;
    // Tenants in a fixed order, so two writers never wait on each other's event counters.
    rows.sort((a, b) => a.organization_id.localeCompare(b.organization_id) || a.id.localeCompare(b.id));
    for (const row of rows) {
      const ref = {
        organizationId: row.organization_id,
        solicitacaoId: row.id,
        unidadeId: row.unidade_id,
        condominioId: row.condominio_id,
      };
      const list = await reachable(tx, row.organization_id, row.unidade_id);
      const next = list[row.escalonamento_proximo];
      if (next) {
        await enqueue(tx, ref, [{ ...next, ordem: row.escalonamento_proximo }]);
        await tx
          .update(solicitacoesAcesso)
          .set({
            escalonamentoProximo: row.escalonamento_proximo + 1,
            escalonamentoEm: sql`${now}::timestamptz + ${seconds(row.espera)}`,
          })
          .where(eq(solicitacoesAcesso.id, row.id));
        continue;
      }
      await tx
        .update(solicitacoesAcesso)
        .set({ semRespostaMoradoresEm: now, escalonamentoEm: null, updatedAt: sql`now()` })
        .where(eq(solicitacoesAcesso.id, row.id));
      await recordEvent(tx, row.organization_id, {
        type: "solicitacao.atualizada",
        solicitacao: { id: row.id, nome_visitante: row.nome_visitante, status: "pendente", unidade_id: row.unidade_id },
        semRespostaMoradores: true,
      });
    }
    return rows.length;
  });
}
