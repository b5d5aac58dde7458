/**
 * Units and their residents. A code is unique within its condominium and tower (409 otherwise);
 * a resident link needs the person and the unit in the same condominium (the schema enforces it too).
 */

import { and, eq } from "drizzle-orm";
import type { Morador } from "../../../shared/schemas/pessoas";
import { type Unidade, type UnidadeListItem, unidadeLabel } from "../../../shared/schemas/unidades";
import { actorOf, changes, recordAudit } from "../../audit/audit";
import { unidadeRowCondition } from "../../auth/scope";
import type { Database } from "../../db/client";
import { toPage } from "../../db/pagination";
import { condominios, pessoas, unidades as u, unidadeMoradores } from "../../db/schema";
import { buildSearchText } from "../../db/search";
import type { TenantContext } from "../../http/context";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../http/errors";
import { garantirLimite } from "../faturamento/limites.service";
import { listSolicitacoes, refreshSearchTextOfUnidade, toSolicitacao } from "../solicitacoes/solicitacoes.service";
import { countMoradores, listMoradoresOfUnidade, listUnidades, type UnidadeFilters } from "./unidades.queries";

export const UNIDADE_NOT_FOUND = "Unidade não encontrada";

type Row = typeof u.$inferSelect;
export interface UnidadeData {
  condominio_id: string;
  codigo: string;
  torre: string | null;
  pbx_ramal: string | null;
  observacoes: string | null;
  enabled: boolean;
}

export function toUnidade(r: Row, moradores: number): Unidade {
  return {
    id: r.id,
    condominio_id: r.condominioId,
    codigo: r.codigo,
    torre: r.torre,
    pbx_ramal: r.pbxRamal,
    observacoes: r.observacoes,
    enabled: r.enabled,
    moradores,
  };
}

function toMorador(r: Awaited<ReturnType<typeof listMoradoresOfUnidade>>[number]): Morador {
  return {
    id: r.id,
    condominio_id: r.condominioId,
    unidade_id: r.unidadeId,
    pessoa_id: r.pessoaId,
    nome: r.nome,
    is_responsavel: r.isResponsavel,
  };
}

export async function list(db: Database, tenant: TenantContext, f: UnidadeFilters, page: number, pageSize: number) {
  const { rows, counted } = await listUnidades(db, tenant, f, page, pageSize);
  const counts = await countMoradores(
    db,
    rows.map((r) => r.row.id),
  );
  const items: UnidadeListItem[] = rows.map((r) => ({
    ...toUnidade(r.row, counts.get(r.row.id) ?? 0),
    condominio: r.condominio,
  }));
  return toPage(items, counted, page, pageSize);
}

async function findInTenant(db: Database, tenant: TenantContext, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(u)
    .where(
      and(eq(u.organizationId, tenant.organizationId), unidadeRowCondition(tenant, u.id, u.condominioId), eq(u.id, id)),
    );
  if (!row) throw notFound(UNIDADE_NOT_FOUND);
  return row;
}

export async function get(db: Database, tenant: TenantContext, id: string) {
  const row = await findInTenant(db, tenant, id);
  const [moradores, recent] = await Promise.all([
    listMoradoresOfUnidade(db, tenant.organizationId, id),
    listSolicitacoes(db, tenant, { unidadeId: id }, 1, 10),
  ]);
  return {
    ...toUnidade(row, moradores.length),
    moradores_ativos: moradores.map(toMorador),
    solicitacoes_recentes: recent.items.map(toSolicitacao),
  };
}

async function assertCondominio(db: Database, tenant: TenantContext, condominioId: string) {
  const [condo] = await db
    .select({ id: condominios.id })
    .from(condominios)
    .where(and(eq(condominios.organizationId, tenant.organizationId), eq(condominios.id, condominioId)));
  if (!condo) throw notFound("Condomínio não encontrado");
}

function duplicateCode(input: UnidadeData) {
  const where = input.torre ? ` na ${input.torre}` : "";
  return conflict(`Já existe uma unidade com o código ${input.codigo}${where} neste condomínio.`);
}

const columns = (input: UnidadeData) => ({
  condominioId: input.condominio_id,
  codigo: input.codigo,
  torre: input.torre,
  pbxRamal: input.pbx_ramal,
  observacoes: input.observacoes,
  enabled: input.enabled,
  busca: buildSearchText([input.codigo, input.torre, input.pbx_ramal, input.observacoes]),
});

const AUDIT_FIELDS = ["codigo", "torre", "pbx_ramal", "observacoes", "enabled"] as const;

function auditFields(r: typeof u.$inferSelect) {
  return { codigo: r.codigo, torre: r.torre, pbx_ramal: r.pbxRamal, observacoes: r.observacoes, enabled: r.enabled };
}

export async function create(db: Database, tenant: TenantContext, input: UnidadeData): Promise<Unidade> {
  await assertCondominio(db, tenant, input.condominio_id);
  try {
    const row = await db.transaction(async (tx) => {
      // The plan's limit counts active units (docs/decisions/045-plans-and-billing.md).
      if (input.enabled) await garantirLimite(tx, tenant.organizationId, "unidades");
      const [created] = await tx
        .insert(u)
        .values({ organizationId: tenant.organizationId, ...columns(input) })
        .returning();
      await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
        acao: "criar",
        entidade: "unidade",
        entidadeId: created!.id,
        resumo: `Cadastrou a unidade ${unidadeLabel(created!)}`,
        depois: auditFields(created!),
      });
      return created;
    });
    return toUnidade(row!, 0);
  } catch (error) {
    if (isUniqueViolation(error, "unidades_codigo_uq")) throw duplicateCode(input);
    throw error;
  }
}

export async function update(db: Database, tenant: TenantContext, id: string, input: UnidadeData): Promise<Unidade> {
  const current = await findInTenant(db, tenant, id);
  if (input.condominio_id !== current.condominioId) {
    // Residents and requests belong to the unit's condominium; moving it would orphan them.
    throw badRequest("Não é possível mudar o condomínio de uma unidade", [
      { path: "condominio_id", message: "Não é possível mudar o condomínio de uma unidade" },
    ]);
  }
  try {
    const row = await db.transaction(async (tx) => {
      // Reactivating counts against the plan as creating does.
      if (!current.enabled && input.enabled) await garantirLimite(tx, tenant.organizationId, "unidades");
      const [updated] = await tx
        .update(u)
        .set({ ...columns(input), updatedAt: new Date() })
        .where(and(eq(u.organizationId, tenant.organizationId), eq(u.id, id)))
        .returning();
      if (updated!.codigo !== current.codigo || updated!.torre !== current.torre) {
        await refreshSearchTextOfUnidade(tx, updated!);
      }
      const diff = changes(auditFields(current), auditFields(updated!), AUDIT_FIELDS);
      if (diff) {
        await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
          acao: "alterar",
          entidade: "unidade",
          entidadeId: id,
          resumo: `Alterou a unidade ${unidadeLabel(updated!)}`,
          ...diff,
        });
      }
      return updated!;
    });
    const counts = await countMoradores(db, [id]);
    return toUnidade(row, counts.get(id) ?? 0);
  } catch (error) {
    if (isUniqueViolation(error, "unidades_codigo_uq")) throw duplicateCode(input);
    throw error;
  }
}

export async function listMoradores(db: Database, tenant: TenantContext, unidadeId: string) {
  await findInTenant(db, tenant, unidadeId);
  return (await listMoradoresOfUnidade(db, tenant.organizationId, unidadeId)).map(toMorador);
}

/** Only one responsável per unit: marking one unmarks the others. */
async function setResponsavel(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  unidadeId: string,
  pessoaId: string,
) {
  await tx.update(unidadeMoradores).set({ isResponsavel: false }).where(eq(unidadeMoradores.unidadeId, unidadeId));
  await tx
    .update(unidadeMoradores)
    .set({ isResponsavel: true })
    .where(and(eq(unidadeMoradores.unidadeId, unidadeId), eq(unidadeMoradores.pessoaId, pessoaId)));
}

export async function linkMorador(
  db: Database,
  tenant: TenantContext,
  unidadeId: string,
  input: { pessoa_id: string; is_responsavel: boolean },
) {
  const unidade = await findInTenant(db, tenant, unidadeId);
  const [pessoa] = await db
    .select({ id: pessoas.id, condominioId: pessoas.condominioId })
    .from(pessoas)
    .where(and(eq(pessoas.organizationId, tenant.organizationId), eq(pessoas.id, input.pessoa_id)));
  if (!pessoa) throw notFound("Pessoa não encontrada");
  if (pessoa.condominioId !== unidade.condominioId) {
    throw badRequest("A pessoa e a unidade devem ser do mesmo condomínio", [
      { path: "pessoa_id", message: "A pessoa e a unidade devem ser do mesmo condomínio" },
    ]);
  }
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(unidadeMoradores)
      .where(and(eq(unidadeMoradores.unidadeId, unidadeId), eq(unidadeMoradores.pessoaId, pessoa.id)));
    if (existing?.ativo) throw conflict("Esta pessoa já é moradora desta unidade.");
    if (existing) {
      await tx
        .update(unidadeMoradores)
        .set({ ativo: true, isResponsavel: false })
        .where(eq(unidadeMoradores.id, existing.id));
    } else {
      await tx.insert(unidadeMoradores).values({
        organizationId: tenant.organizationId,
        condominioId: unidade.condominioId,
        unidadeId,
        pessoaId: pessoa.id,
      });
    }
    if (input.is_responsavel) await setResponsavel(tx, unidadeId, pessoa.id);
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "criar",
      entidade: "morador",
      entidadeId: pessoa.id,
      resumo: `Vinculou um morador à unidade ${unidadeLabel(unidade)}`,
      depois: { unidade_id: unidadeId, pessoa_id: pessoa.id, is_responsavel: input.is_responsavel },
    });
  });
  return listMoradores(db, tenant, unidadeId);
}

async function findLink(db: Database, tenant: TenantContext, unidadeId: string, pessoaId: string) {
  await findInTenant(db, tenant, unidadeId);
  const [link] = await db
    .select()
    .from(unidadeMoradores)
    .where(
      and(
        eq(unidadeMoradores.organizationId, tenant.organizationId),
        eq(unidadeMoradores.unidadeId, unidadeId),
        eq(unidadeMoradores.pessoaId, pessoaId),
        eq(unidadeMoradores.ativo, true),
      ),
    );
  if (!link) throw notFound("Morador não encontrado nesta unidade");
  return link;
}

export async function updateMorador(
  db: Database,
  tenant: TenantContext,
  unidadeId: string,
  pessoaId: string,
  isResponsavel: boolean,
) {
  const link = await findLink(db, tenant, unidadeId, pessoaId);
  await db.transaction(async (tx) => {
    if (isResponsavel) await setResponsavel(tx, unidadeId, pessoaId);
    else await tx.update(unidadeMoradores).set({ isResponsavel: false }).where(eq(unidadeMoradores.id, link.id));
    if (isResponsavel !== link.isResponsavel) {
      await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
        acao: "alterar",
        entidade: "morador",
        entidadeId: pessoaId,
        resumo: isResponsavel ? "Marcou um morador como responsável" : "Desmarcou o responsável da unidade",
        antes: { unidade_id: unidadeId, is_responsavel: link.isResponsavel },
        depois: { unidade_id: unidadeId, is_responsavel: isResponsavel },
      });
    }
  });
  return listMoradores(db, tenant, unidadeId);
}

export async function unlinkMorador(db: Database, tenant: TenantContext, unidadeId: string, pessoaId: string) {
  const link = await findLink(db, tenant, unidadeId, pessoaId);
  await db.transaction(async (tx) => {
    await tx.delete(unidadeMoradores).where(eq(unidadeMoradores.id, link.id));
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "excluir",
      entidade: "morador",
      entidadeId: pessoaId,
      resumo: "Desvinculou um morador da unidade",
      antes: { unidade_id: unidadeId, pessoa_id: pessoaId, is_responsavel: link.isResponsavel },
    });
  });
}
