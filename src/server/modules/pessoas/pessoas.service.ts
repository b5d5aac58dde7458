/**
 * People (residents and staff). Deleting a person never erases history: requests they decided keep
 * the decider's name (stored on the request), and their calls keep their searchable name.
 */

import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { CanalPreferido } from "../../../shared/domain";
import { maskDocument } from "../../../shared/mask";
import type { Pessoa } from "../../../shared/schemas/pessoas";
import { actorOf, changes, NOME_DO_REGISTRO, recordAudit } from "../../audit/audit";
import { condominioCondition, unidadeRowCondition } from "../../auth/scope";
import type { Database } from "../../db/client";
import { cappedCount, toPage } from "../../db/pagination";
import { condominios, pessoas as p, solicitacoesAcesso, unidadeMoradores, unidades } from "../../db/schema";
import { buildSearchText, likeContains } from "../../db/search";
import type { TenantContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { refreshChamadasSearch } from "../chamadas/chamadas.service";
import { fotoOfPessoa } from "../fotos/fotos.service";
import { findSolicitacaoRows, toSolicitacaoListItem } from "../solicitacoes/solicitacoes.service";

export const PESSOA_NOT_FOUND = "Pessoa não encontrada";

type Row = typeof p.$inferSelect;
export interface PessoaData {
  condominio_id: string;
  nome: string;
  documento: string | null;
  telefone_e164: string | null;
  email: string | null;
  pbx_ramal: string | null;
  canal_preferido: CanalPreferido | null;
  ativo: boolean;
}

export const pessoaSearchText = (d: {
  nome: string;
  documento: string | null;
  email: string | null;
  pbxRamal: string | null;
}) => buildSearchText([d.nome, d.documento, d.email, d.pbxRamal]);

export function toPessoa(r: Row): Pessoa {
  return {
    id: r.id,
    condominio_id: r.condominioId,
    nome: r.nome,
    documento: r.documento,
    telefone_e164: r.telefoneE164,
    email: r.email,
    pbx_ramal: r.pbxRamal,
    canal_preferido: r.canalPreferido as CanalPreferido | null,
    ativo: r.ativo,
  };
}

const columns = (d: PessoaData) => {
  const values = {
    condominioId: d.condominio_id,
    nome: d.nome,
    documento: d.documento,
    telefoneE164: d.telefone_e164,
    email: d.email,
    pbxRamal: d.pbx_ramal,
    canalPreferido: d.canal_preferido,
    ativo: d.ativo,
  };
  return { ...values, busca: pessoaSearchText(values) };
};

export async function list(
  db: Database,
  tenant: TenantContext,
  f: { condominio_id?: string; q?: string; status?: "ativo" | "inativo"; page: number; page_size: number },
) {
  const where: SQL = and(
    eq(p.organizationId, tenant.organizationId),
    // A porteiro assigned to condominiums reads only their people (auth/scope.ts).
    condominioCondition(tenant, p.condominioId),
    f.condominio_id ? eq(p.condominioId, f.condominio_id) : undefined,
    f.status ? eq(p.ativo, f.status === "ativo") : undefined,
    f.q ? sql`${p.busca} LIKE ${likeContains(f.q)}` : undefined,
  )!;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(p)
      .where(where)
      .orderBy(asc(p.nome), asc(p.id))
      .limit(f.page_size)
      .offset((f.page - 1) * f.page_size),
    cappedCount(db, p, where),
  ]);
  // The list shows documents masked (LGPD); the detail has them in full. The search still finds
  // by the full document: `busca` holds it.
  return toPage(
    rows.map((r) => ({ ...toPessoa(r), documento: maskDocument(r.documento) })),
    counted,
    f.page,
    f.page_size,
  );
}

async function findInTenant(db: Database, tenant: TenantContext, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.organizationId, tenant.organizationId), condominioCondition(tenant, p.condominioId), eq(p.id, id)));
  if (!row) throw notFound(PESSOA_NOT_FOUND);
  return row;
}

/** GET /api/pessoas/{id}; `secret` signs the photo's addresses for the reader (docs/decisions/039). */
export async function get(db: Database, tenant: TenantContext, id: string, secret: string) {
  const row = await findInTenant(db, tenant, id);
  const [foto, moradias, decididas] = await Promise.all([
    fotoOfPessoa({ db, secret }, tenant, id),
    db
      .select({
        unidade_id: unidades.id,
        codigo: unidades.codigo,
        torre: unidades.torre,
        is_responsavel: unidadeMoradores.isResponsavel,
      })
      .from(unidadeMoradores)
      .innerJoin(
        unidades,
        and(eq(unidades.id, unidadeMoradores.unidadeId), eq(unidades.organizationId, unidadeMoradores.organizationId)),
      )
      .where(
        and(
          eq(unidadeMoradores.organizationId, tenant.organizationId),
          eq(unidadeMoradores.pessoaId, id),
          eq(unidadeMoradores.ativo, true),
        ),
      )
      .orderBy(asc(unidades.torre), asc(unidades.codigo)),
    db
      .select({ id: solicitacoesAcesso.id })
      .from(solicitacoesAcesso)
      .where(
        and(
          eq(solicitacoesAcesso.organizationId, tenant.organizationId),
          eq(solicitacoesAcesso.decididoPorPessoaId, id),
          unidadeRowCondition(tenant, solicitacoesAcesso.unidadeId, solicitacoesAcesso.condominioId),
        ),
      )
      .orderBy(desc(solicitacoesAcesso.decididoEm))
      .limit(10),
  ]);
  const decided = await findSolicitacaoRows(
    db,
    tenant.organizationId,
    decididas.map((d) => d.id),
  );
  const byId = new Map(decided.map((r) => [r.id, r]));
  return {
    ...toPessoa(row),
    foto,
    unidades: moradias,
    // Other people's requests: their visitors' documents masked, as in any list (LGPD).
    solicitacoes_decididas: decididas.map((d) => toSolicitacaoListItem(byId.get(d.id)!)),
  };
}

async function assertCondominio(db: Database, tenant: TenantContext, condominioId: string) {
  const [condo] = await db
    .select({ id: condominios.id })
    .from(condominios)
    .where(and(eq(condominios.organizationId, tenant.organizationId), eq(condominios.id, condominioId)));
  if (!condo) throw notFound("Condomínio não encontrado");
}

const AUDIT_FIELDS = [
  "nome",
  "documento",
  "telefoneE164",
  "email",
  "pbxRamal",
  "canalPreferido",
  "ativo",
  "condominioId",
] as const;

function auditFields(r: typeof p.$inferSelect) {
  return Object.fromEntries(AUDIT_FIELDS.map((f) => [f, r[f]])) as Pick<typeof r, (typeof AUDIT_FIELDS)[number]>;
}

export async function create(db: Database, tenant: TenantContext, input: PessoaData): Promise<Pessoa> {
  await assertCondominio(db, tenant, input.condominio_id);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(p)
      .values({ organizationId: tenant.organizationId, ...columns(input) })
      .returning();
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "criar",
      entidade: "pessoa",
      entidadeId: created!.id,
      resumo: `Cadastrou ${NOME_DO_REGISTRO}`,
      depois: auditFields(created!),
    });
    return created;
  });
  return toPessoa(row!);
}

export async function update(db: Database, tenant: TenantContext, id: string, input: PessoaData): Promise<Pessoa> {
  const current = await findInTenant(db, tenant, id);
  if (input.condominio_id !== current.condominioId) {
    await assertCondominio(db, tenant, input.condominio_id);
  }
  const row = await db.transaction(async (tx) => {
    if (input.condominio_id !== current.condominioId) {
      // Resident links are per condominium: they do not follow a person who moves.
      await tx.delete(unidadeMoradores).where(eq(unidadeMoradores.pessoaId, id));
    }
    const [updated] = await tx
      .update(p)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(and(eq(p.organizationId, tenant.organizationId), eq(p.id, id)))
      .returning();
    if (updated!.nome !== current.nome) await refreshChamadasSearch(tx, tenant.organizationId, { pessoaId: id });
    const diff = changes(auditFields(current), auditFields(updated!), AUDIT_FIELDS);
    if (diff) {
      await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
        acao: "alterar",
        entidade: "pessoa",
        entidadeId: id,
        resumo: `Alterou o cadastro de ${NOME_DO_REGISTRO}`,
        ...diff,
      });
    }
    return updated!;
  });
  return toPessoa(row);
}

export async function remove(db: Database, tenant: TenantContext, id: string): Promise<void> {
  const current = await findInTenant(db, tenant, id);
  await db.transaction(async (tx) => {
    await tx.delete(p).where(and(eq(p.organizationId, tenant.organizationId), eq(p.id, id)));
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "excluir",
      entidade: "pessoa",
      entidadeId: id,
      resumo: `Excluiu o cadastro de ${NOME_DO_REGISTRO}`,
      antes: auditFields(current),
    });
  });
}
