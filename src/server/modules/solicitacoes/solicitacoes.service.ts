/**
 * Access-request rules: creation always pending and inside the caller's tenant, edits only while
 * pending, decisions atomic and conditional (of two concurrent deciders exactly one wins), and an
 * event in the same transaction as every change.
 */

import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { ChamadaStatus, SolicitacaoStatus, SolicitacaoTipo } from "../../../shared/domain";
import type {
  Solicitacao,
  SolicitacaoCreate,
  SolicitacaoDetail,
  SolicitacaoUpdate,
} from "../../../shared/schemas/solicitacoes";
import { solicitacaoStatusDisplay } from "../../../shared/status-catalogue";
import { assertSeesUnidade } from "../../auth/scope";
import type { Database } from "../../db/client";
import { toPage } from "../../db/pagination";
import { solicitacoesAcesso as s } from "../../db/schema";
import { buildSearchText } from "../../db/search";
import type { TenantContext } from "../../http/context";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { recordEvent } from "../../realtime/events";
import { refreshChamadasSearch } from "../chamadas/chamadas.queries";
import type { Reader } from "./solicitacoes.queries";
import {
  findCondominioInTenant,
  findPessoaOfUser,
  findSolicitacao,
  findSolicitacaoRows,
  findUnidadeInTenant,
  type ListFilters,
  listChamadasOfSolicitacao,
  listSolicitacoes,
  type SolicitacaoRow,
} from "./solicitacoes.queries";

export const NOT_FOUND_MESSAGE = "Solicitação não encontrada";

export function toSolicitacao(r: SolicitacaoRow): Solicitacao {
  return {
    id: r.id,
    condominio_id: r.condominioId,
    unidade_id: r.unidadeId,
    tipo: r.tipo as SolicitacaoTipo,
    nome_visitante: r.nomeVisitante,
    doc_visitante: r.docVisitante,
    telefone_visitante: r.telefoneVisitante,
    motivo: r.motivo,
    expiracao_em: iso(r.expiracaoEm),
    status: r.status as SolicitacaoStatus,
    decidido_em: iso(r.decididoEm),
    decidido_por_pessoa_id: r.decididoPorPessoaId,
    decidido_por_nome: r.decididoPorNome,
    observacoes: r.observacoes,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    unidade: { codigo: r.unidadeCodigo, torre: r.unidadeTorre },
  };
}

export async function list(db: Database, tenant: TenantContext, filters: ListFilters, page: number, pageSize: number) {
  const { items, counted } = await listSolicitacoes(db, tenant, filters, page, pageSize);
  return toPage(items.map(toSolicitacao), counted, page, pageSize);
}

export async function get(db: Database, tenant: Reader, id: string): Promise<SolicitacaoDetail> {
  const row = await findSolicitacao(db, tenant, id);
  if (!row) throw notFound(NOT_FOUND_MESSAGE);
  const calls = await listChamadasOfSolicitacao(db, tenant.organizationId, id);
  return {
    ...toSolicitacao(row),
    condominio: row.condominio,
    chamadas: calls.map((c) => ({
      id: c.id,
      status: c.status as ChamadaStatus,
      ramal_discado: c.ramalDiscado,
      iniciado_em: iso(c.iniciadoEm),
      finalizado_em: iso(c.finalizadoEm),
      provedor: c.provedor,
      pessoa: c.pessoaId ? { id: c.pessoaId, nome: c.pessoaNome ?? "", pbx_ramal: c.pessoaRamal } : null,
    })),
  };
}

async function reload(db: Database, organizationId: string, id: string): Promise<Solicitacao> {
  const [row] = await findSolicitacaoRows(db, organizationId, [id]);
  if (!row) throw notFound(NOT_FOUND_MESSAGE);
  return toSolicitacao(row);
}

export async function create(db: Database, tenant: TenantContext, input: SolicitacaoCreate): Promise<Solicitacao> {
  const org = tenant.organizationId;
  // A morador creates requests only for the units they live in; any other unit is "not found".
  assertSeesUnidade(tenant, input.unidade_id, "Unidade não encontrada");
  const condominio = await findCondominioInTenant(db, org, input.condominio_id);
  if (!condominio) throw notFound("Condomínio não encontrado");
  const unidade = await findUnidadeInTenant(db, org, input.unidade_id);
  if (!unidade) throw notFound("Unidade não encontrada");
  if (unidade.condominioId !== condominio.id) {
    throw badRequest("A unidade não pertence ao condomínio selecionado", [
      { path: "unidade_id", message: "A unidade não pertence ao condomínio selecionado" },
    ]);
  }
  if (!condominio.enabled)
    throw badRequest("Condomínio inativo", [{ path: "condominio_id", message: "Condomínio inativo" }]);
  if (!unidade.enabled) throw badRequest("Unidade inativa", [{ path: "unidade_id", message: "Unidade inativa" }]);

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(s)
      .values({
        organizationId: org,
        condominioId: condominio.id,
        unidadeId: unidade.id,
        tipo: input.tipo,
        nomeVisitante: input.nome_visitante,
        docVisitante: input.doc_visitante,
        telefoneVisitante: input.telefone_visitante,
        motivo: input.motivo,
        expiracaoEm: input.expiracao_em ? new Date(input.expiracao_em) : null,
        status: "pendente",
        criadoPorUserId: tenant.userId,
        busca: buildSearchText([input.nome_visitante, input.doc_visitante, unidade.codigo, unidade.torre]),
      })
      .returning({ id: s.id, nomeVisitante: s.nomeVisitante });
    await recordEvent(tx, org, {
      type: "solicitacao.criada",
      solicitacao: { id: row!.id, nome_visitante: row!.nomeVisitante, status: "pendente", unidade_id: unidade.id },
    });
    return row!.id;
  });
  return reload(db, org, id);
}

export async function update(
  db: Database,
  tenant: TenantContext,
  id: string,
  patch: SolicitacaoUpdate,
): Promise<Solicitacao> {
  const org = tenant.organizationId;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(s)
      .where(and(eq(s.organizationId, org), eq(s.id, id)))
      .for("update");
    if (!current) throw notFound(NOT_FOUND_MESSAGE);
    assertSeesUnidade(tenant, current.unidadeId, NOT_FOUND_MESSAGE);
    // A morador edits only what they created; staff edit any pending request.
    if (tenant.scope !== null && current.criadoPorUserId !== tenant.userId) {
      throw forbidden("Só quem criou a solicitação pode alterá-la.");
    }
    if (current.status !== "pendente") {
      throw conflict(
        `Só é possível alterar solicitações pendentes (status atual: ${solicitacaoStatusDisplay(current.status).label}).`,
      );
    }
    const unidade = await findUnidadeInTenant(tx as unknown as Database, org, current.unidadeId);
    const next = {
      tipo: patch.tipo ?? current.tipo,
      nomeVisitante: patch.nome_visitante ?? current.nomeVisitante,
      docVisitante: patch.doc_visitante === undefined ? current.docVisitante : patch.doc_visitante,
      telefoneVisitante: patch.telefone_visitante === undefined ? current.telefoneVisitante : patch.telefone_visitante,
      motivo: patch.motivo === undefined ? current.motivo : patch.motivo,
      expiracaoEm:
        patch.expiracao_em === undefined
          ? current.expiracaoEm
          : patch.expiracao_em
            ? new Date(patch.expiracao_em)
            : null,
    };
    await tx
      .update(s)
      .set({
        ...next,
        busca: buildSearchText([next.nomeVisitante, next.docVisitante, unidade?.codigo, unidade?.torre]),
        updatedAt: new Date(),
      })
      .where(eq(s.id, id));
    if (next.nomeVisitante !== current.nomeVisitante)
      await refreshChamadasSearch(tx, tenant.organizationId, { solicitacaoId: id });
    await recordEvent(tx, org, {
      type: "solicitacao.atualizada",
      solicitacao: { id, nome_visitante: next.nomeVisitante, status: "pendente", unidade_id: current.unidadeId },
    });
  });
  return reload(db, org, id);
}

export type Decisao = "autorizado" | "negado";

export async function decide(
  db: Database,
  tenant: TenantContext,
  id: string,
  decisao: Decisao,
  observacoes: string | null,
): Promise<Solicitacao> {
  const org = tenant.organizationId;
  const pessoa = await findPessoaOfUser(db, org, tenant.userId);
  const won = await db.transaction(async (tx) => {
    // Conditional update: only a pending, unexpired request moves; a concurrent decider that
    // arrives second finds status <> 'pendente' after the row lock and updates nothing.
    const [row] = await tx
      .update(s)
      .set({
        status: decisao,
        decididoEm: sql`now()`,
        decididoPorPessoaId: pessoa?.id ?? null,
        decididoPorUserId: tenant.userId,
        decididoPorNome: pessoa?.nome ?? tenant.user.name,
        observacoes: observacoes ?? sql`${s.observacoes}`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(s.organizationId, org),
          eq(s.id, id),
          eq(s.status, "pendente"),
          or(isNull(s.expiracaoEm), gt(s.expiracaoEm, sql`now()`)),
        ),
      )
      .returning({ id: s.id, nomeVisitante: s.nomeVisitante, unidadeId: s.unidadeId });
    if (!row) return false;
    await recordEvent(tx, org, {
      type: "solicitacao.atualizada",
      solicitacao: { id: row.id, nome_visitante: row.nomeVisitante, status: decisao, unidade_id: row.unidadeId },
    });
    return true;
  });
  if (won) return reload(db, org, id);

  const [current] = await db
    .select()
    .from(s)
    .where(and(eq(s.organizationId, org), eq(s.id, id)));
  if (!current) throw notFound(NOT_FOUND_MESSAGE);
  if (current.status === "pendente") {
    throw conflict("Esta solicitação expirou e não pode mais ser decidida.");
  }
  const verbo = decisao === "autorizado" ? "autorizar" : "negar";
  throw conflict(
    `Não é possível ${verbo} esta solicitação: ela já está com status "${solicitacaoStatusDisplay(current.status).label}". Apenas solicitações pendentes podem ser decididas.`,
  );
}
