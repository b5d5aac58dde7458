import { and, eq, isNull, sql } from "drizzle-orm";
import {
  CHAMADA_FINAIS,
  CHAMADA_TRANSICOES,
  type ChamadaStatus,
  type SolicitacaoStatus,
  type SolicitacaoTipo,
} from "../../../shared/domain";
import { type Chamada, type ChamadaListItem, duracaoSegundos } from "../../../shared/schemas/chamadas";
import { chamadaStatusDisplay } from "../../../shared/status-catalogue";
import type { Database, Executor } from "../../db/client";
import { toPage } from "../../db/pagination";
import { chamadas, solicitacoesAcesso } from "../../db/schema";
import type { TenantContext } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { recordEvent } from "../../realtime/events";
import { type ChamadaFilters, chamadaSearchText, findChamada, listChamadas } from "./chamadas.queries";

/** What other modules may use of this module's queries (docs/architecture.md, "Boundaries (server)"). */
export { chamadaSearchText, findChamada, refreshChamadasSearch } from "./chamadas.queries";

export const CHAMADA_NOT_FOUND = "Chamada não encontrada";

type Row = NonNullable<Awaited<ReturnType<typeof findChamada>>>;

export function toChamada(r: Row): Chamada {
  const c = r.row;
  return {
    id: c.id,
    solicitacao_id: c.solicitacaoId,
    pessoa_id: c.pessoaId,
    status: c.status as ChamadaStatus,
    ramal_discado: c.ramalDiscado,
    iniciado_em: iso(c.iniciadoEm),
    finalizado_em: iso(c.finalizadoEm),
    duracao_segundos: duracaoSegundos(c.iniciadoEm, c.finalizadoEm),
    provedor: c.provedor,
    tecla: c.tecla,
    demo: c.demo,
    pessoa: r.pessoaNome === null ? null : { nome: r.pessoaNome, pbx_ramal: r.pessoaRamal },
    solicitacao: { nome_visitante: r.visitante, tipo: r.tipo as SolicitacaoTipo },
  };
}

export async function list(db: Database, tenant: TenantContext, f: ChamadaFilters, page: number, pageSize: number) {
  const { rows, counted } = await listChamadas(db, tenant, f, page, pageSize);
  const items: ChamadaListItem[] = rows.map((r) => ({ ...toChamada(r), condominio: r.condominio }));
  return toPage(items, counted, page, pageSize);
}

/** A call's detail: the call and its request's condominium, whose clock its times are read on. */
export async function get(db: Database, tenant: TenantContext, id: string): Promise<ChamadaListItem> {
  const row = await findChamada(db, tenant, id);
  if (!row) throw notFound(CHAMADA_NOT_FOUND);
  return { ...toChamada(row), condominio: row.condominio };
}

/**
 * Moves a call to `status` along CHAMADA_TRANSICOES (a repeat of the current status changes
 * nothing; anything else is a 409 naming both statuses) and records `chamada.atualizada`, in one
 * transaction with the row locked. A final status sets `finalizado_em` (never before the start,
 * even for a provider's clock a little behind).
 */
export async function moveChamadaStatus(
  db: Database,
  organizationId: string,
  id: string,
  status: ChamadaStatus,
  at: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: chamadas.status, iniciadoEm: chamadas.iniciadoEm, solicitacaoId: chamadas.solicitacaoId })
      .from(chamadas)
      .where(and(eq(chamadas.organizationId, organizationId), eq(chamadas.id, id)))
      .for("update");
    if (!current) throw notFound(CHAMADA_NOT_FOUND);
    const from = current.status as ChamadaStatus;
    if (from === status) return;
    if (!CHAMADA_TRANSICOES[from].includes(status)) {
      throw conflict(
        `Transição impossível: a chamada está "${chamadaStatusDisplay(from).label}" e não pode passar a "${chamadaStatusDisplay(status).label}".`,
      );
    }
    const finalizadoEm = CHAMADA_FINAIS.includes(status)
      ? new Date(Math.max(at.getTime(), current.iniciadoEm.getTime()))
      : null;
    await tx.update(chamadas).set({ status, finalizadoEm }).where(eq(chamadas.id, id));
    await callEvent(tx, organizationId, current.solicitacaoId, { id, status }, "chamada.atualizada");
  });
}

async function callEvent(
  tx: Executor,
  organizationId: string,
  solicitacaoId: string,
  chamada: { id: string; status: ChamadaStatus },
  type: "chamada.criada" | "chamada.atualizada",
) {
  const [request] = await tx
    .select({
      nomeVisitante: solicitacoesAcesso.nomeVisitante,
      status: solicitacoesAcesso.status,
      unidadeId: solicitacoesAcesso.unidadeId,
    })
    .from(solicitacoesAcesso)
    .where(eq(solicitacoesAcesso.id, solicitacaoId));
  await recordEvent(tx, organizationId, {
    type,
    solicitacao: {
      id: solicitacaoId,
      nome_visitante: request!.nomeVisitante,
      status: request!.status as SolicitacaoStatus,
      unidade_id: request!.unidadeId,
    },
    chamada,
  });
}

/**
 * A call Guarita placed to a resident (the outreach's "Ligação"; docs/product.md, "Resident link"),
 * in the transaction that records its message as sent: `criada`, with the provider's call id its
 * status callbacks will name, or `demo` when nobody's phone rang.
 */
export async function registerPlacedCall(
  tx: Executor,
  call: {
    organizationId: string;
    solicitacaoId: string;
    pessoaId: string | null;
    pessoaNome: string;
    visitante: string;
    notificacaoId: string;
    provedorChamadaId: string | null;
    demo: boolean;
  },
): Promise<string> {
  const provedor = call.demo ? "Demonstração" : "Twilio";
  const [row] = await tx
    .insert(chamadas)
    .values({
      organizationId: call.organizationId,
      solicitacaoId: call.solicitacaoId,
      pessoaId: call.pessoaId,
      status: "criada",
      provedor,
      provedorChamadaId: call.provedorChamadaId,
      notificacaoId: call.notificacaoId,
      demo: call.demo,
      busca: chamadaSearchText({
        pessoaNome: call.pessoaNome,
        ramalDiscado: null,
        visitante: call.visitante,
        provedor,
      }),
    })
    .returning({ id: chamadas.id });
  await callEvent(tx, call.organizationId, call.solicitacaoId, { id: row!.id, status: "criada" }, "chamada.criada");
  return row!.id;
}

/** The resident's key on Guarita's call, recorded in the transaction that applies their decision. */
export async function recordCallAnswer(
  tx: Executor,
  notificacaoId: string,
  resposta: "autorizado" | "negado",
  tecla: string,
): Promise<void> {
  await tx
    .update(chamadas)
    .set({ resposta, tecla, respondidoEm: sql`now()` })
    .where(and(eq(chamadas.notificacaoId, notificacaoId), isNull(chamadas.resposta)));
}

/** A call Guarita placed, by the provider's id (Twilio's CallSid), or by its message (a demo call). */
export async function findPlacedCall(
  db: Executor,
  ref: { provedorChamadaId: string } | { notificacaoId: string },
): Promise<{
  id: string;
  organizationId: string;
  status: ChamadaStatus;
  notificacaoId: string | null;
  resposta: string | null;
} | null> {
  const [row] = await db
    .select({
      id: chamadas.id,
      organizationId: chamadas.organizationId,
      status: chamadas.status,
      notificacaoId: chamadas.notificacaoId,
      resposta: chamadas.resposta,
    })
    .from(chamadas)
    .where(
      "provedorChamadaId" in ref
        ? eq(chamadas.provedorChamadaId, ref.provedorChamadaId)
        : eq(chamadas.notificacaoId, ref.notificacaoId),
    );
  return row ? { ...row, status: row.status as ChamadaStatus } : null;
}

/**
 * Moves a call as far toward `target` as the transitions allow, through the statuses it skipped:
 * a provider's "completed" for a call still "discando" passes through "atendida". Callbacks that
 * arrive late (a "ringing" after "completed") change nothing.
 */
export async function advanceChamada(
  db: Database,
  call: { id: string; organizationId: string; status: ChamadaStatus },
  target: ChamadaStatus,
  at?: Date,
): Promise<ChamadaStatus> {
  let status = call.status;
  const path: ChamadaStatus[] =
    target === "concluida" && !CHAMADA_TRANSICOES[status].includes("concluida") ? ["atendida", "concluida"] : [target];
  for (const next of path) {
    if (status === next || !CHAMADA_TRANSICOES[status].includes(next)) continue;
    await moveChamadaStatus(db, call.organizationId, call.id, next, at);
    status = next;
  }
  return status;
}
