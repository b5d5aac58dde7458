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
import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { CanalNotificacao, ContatoMorador } from "../../shared/domain";
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

type Step = { resident: ResidentInOrder; canal: CanalNotificacao; destino: string };

/**
 * The steps of the outreach, in order: each resident in calling order, reached the way the
 * condominium says (their message channel, a phone call, or one then the other). A resident the
 * chosen way cannot reach (a call without a phone) still gets their message; one with neither a
 * phone nor an e-mail is skipped.
 */
export function outreachSteps(residents: ResidentInOrder[], contato: ContatoMorador, todos = false): Step[] {
  const kinds: ("mensagem" | "ligacao")[] =
    contato === "mensagem"
      ? ["mensagem"]
      : contato === "ligacao"
        ? ["ligacao"]
        : contato === "mensagem_e_ligacao"
          ? ["mensagem", "ligacao"]
          : ["ligacao", "mensagem"];
  const perResident = residents.map((r) => {
    const phone = r.telefoneE164?.trim() || null;
    const steps = kinds.flatMap((kind): Step[] => {
      if (kind === "ligacao") return phone ? [{ resident: r, canal: "ligacao", destino: phone }] : [];
      const contact = contactOf(r);
      return contact ? [{ resident: r, ...contact }] : [];
    });
    if (steps.length > 0) return steps;
    const contact = contactOf(r);
    return contact ? [{ resident: r, ...contact }] : [];
  });
  if (!todos) return perResident.flat();
  // Everyone at once: every resident's first step, then every resident's second.
  const waves: Step[] = [];
  for (let i = 0; i < kinds.length + 1; i++) waves.push(...perResident.flatMap((steps) => steps.slice(i, i + 1)));
  return waves;
}

/** The outreach's steps for a unit's residents now. */
async function reachable(
  tx: Executor,
  organizationId: string,
  unidadeId: string,
  settings: { contato: ContatoMorador; todos: boolean },
) {
  const residents = await activeResidentsInCallingOrder(tx, organizationId, [unidadeId]);
  return outreachSteps(residents, settings.contato, settings.todos);
}

async function enqueue(tx: Executor, ref: RequestRef, entries: (Step & { ordem: number })[]) {
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
  ref: RequestRef & {
    settings: { esperaMoradorSegundos: number; notificarTodosMoradores: boolean; contatoMorador: string };
  },
  now: Date = new Date(),
) {
  const list = await reachable(tx, ref.organizationId, ref.unidadeId, {
    contato: ref.settings.contatoMorador as ContatoMorador,
    todos: ref.settings.notificarTodosMoradores,
  });
  const where = and(
    eq(solicitacoesAcesso.id, ref.solicitacaoId),
    eq(solicitacoesAcesso.organizationId, ref.organizationId),
  );
  if (list.length === 0) {
    // Nobody to reach: the porteiro calls from the start.
    await tx.update(solicitacoesAcesso).set({ semRespostaMoradoresEm: now, escalonamentoEm: null }).where(where);
    return;
  }
  // Everyone at once: each resident's first step together (a call after a message stays for later).
  const first = ref.settings.notificarTodosMoradores ? firstStepOfEach(list) : list.slice(0, 1);
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

function firstStepOfEach(list: Step[]): Step[] {
  const seen = new Set<string>();
  return list.filter((step) => !seen.has(step.resident.pessoaId) && seen.add(step.resident.pessoaId));
}

type DueRow = {
  id: string;
  organization_id: string;
  unidade_id: string;
  condominio_id: string;
  nome_visitante: string;
  escalonamento_proximo: number;
  espera: number;
  contato: ContatoMorador;
  todos: boolean;
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
             c.espera_morador_segundos AS espera, c.contato_morador AS contato,
             c.notificar_todos_moradores AS todos
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
      const list = await reachable(tx, row.organization_id, row.unidade_id, row);
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

/**
 * The messages of a step are written together (one transaction, one created_at): when none of them
 * is still on its way (all failed: channels off, a call nobody answered), waiting for an answer is
 * waiting for nothing, and the next resident is due now. Inside the caller's transaction, which
 * has locked the request. Returns whether the request moved on.
 */
export async function moveOnWhenStepIsOver(
  tx: Executor,
  message: { solicitacaoId: string; createdAt: Date },
): Promise<boolean> {
  const [live] = await tx
    .select({ id: notificacoes.id })
    .from(notificacoes)
    .where(
      and(
        eq(notificacoes.solicitacaoId, message.solicitacaoId),
        ne(notificacoes.status, "falhou"),
        gte(notificacoes.createdAt, message.createdAt),
      ),
    )
    .limit(1);
  if (live) return false;
  const moved = await tx
    .update(solicitacoesAcesso)
    .set({ escalonamentoEm: sql`now()` })
    .where(and(eq(solicitacoesAcesso.id, message.solicitacaoId), sql`${solicitacoesAcesso.escalonamentoEm} > now()`))
    .returning({ id: solicitacoesAcesso.id });
  return moved.length > 0;
}

/**
 * Guarita's call to a resident ended unanswered (busy, no answer, failed): its message failed with
 * why, and when nobody else of the step is still being reached, the next resident is due now
 * rather than after the whole wait. Returns whether the request moved on.
 */
export async function residentCallUnanswered(db: Database, notificacaoId: string, motivo: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select({ solicitacaoId: notificacoes.solicitacaoId, createdAt: notificacoes.createdAt })
      .from(notificacoes)
      .where(eq(notificacoes.id, notificacaoId));
    if (!message) return false;
    const [request] = await tx
      .select({ status: solicitacoesAcesso.status })
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.id, message.solicitacaoId))
      .for("update");
    const failed = await tx
      .update(notificacoes)
      .set({ status: "falhou", ultimoErro: motivo })
      .where(and(eq(notificacoes.id, notificacaoId), inArray(notificacoes.status, ["enviada", "entregue"])))
      .returning({ id: notificacoes.id });
    if (failed.length === 0 || request?.status !== "pendente") return false;
    return moveOnWhenStepIsOver(tx, message);
  });
}
