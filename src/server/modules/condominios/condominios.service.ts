import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Timezone } from "../../../shared/domain";
import { normalizeSearch } from "../../../shared/schemas/common";
import type { Condominio, condominioInputSchema } from "../../../shared/schemas/condominios";
import { condominioCondition, unidadeCondition } from "../../auth/scope";
import type { Database } from "../../db/client";
import { cappedCount, toPage } from "../../db/pagination";
import { condominios as c, pessoas, unidadeMoradores, unidades } from "../../db/schema";
import { buildSearchText, likeContains } from "../../db/search";
import type { TenantContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { listSolicitacoes } from "../solicitacoes/solicitacoes.queries";
import { toSolicitacao } from "../solicitacoes/solicitacoes.service";

export const NOT_FOUND_MESSAGE = "Condomínio não encontrado";

type Row = typeof c.$inferSelect;

export function toCondominio(r: Row): Condominio {
  return {
    id: r.id,
    nome: r.nome,
    timezone: r.timezone as Timezone,
    enabled: r.enabled,
    espera_morador_segundos: r.esperaMoradorSegundos,
    notificar_todos_moradores: r.notificarTodosMoradores,
    created_at: iso(r.createdAt),
  };
}

export async function list(db: Database, tenant: TenantContext, q: { q?: string; page: number; page_size: number }) {
  const conditions: (SQL | undefined)[] = [
    eq(c.organizationId, tenant.organizationId),
    condominioCondition(tenant, c.id),
  ];
  const term = q.q ? normalizeSearch(q.q) : "";
  if (term) conditions.push(sql`${c.busca} LIKE ${likeContains(term)}`);
  const where = and(...conditions);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(c)
      .where(where)
      .orderBy(asc(c.nome), asc(c.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    cappedCount(db, c, where!),
  ]);
  return toPage(rows.map(toCondominio), counted, q.page, q.page_size);
}

export async function findInTenant(db: Database, tenant: TenantContext, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.organizationId, tenant.organizationId), condominioCondition(tenant, c.id), eq(c.id, id)));
  if (!row) throw notFound(NOT_FOUND_MESSAGE);
  return row;
}

export async function get(db: Database, tenant: TenantContext, id: string) {
  const row = await findInTenant(db, tenant, id);
  const [[units], [people], recent] = await Promise.all([
    db
      .select({ n: count() })
      .from(unidades)
      .where(and(eq(unidades.condominioId, id), unidadeCondition(tenant, unidades.id))),
    // A morador counts the people of their own units only, as every other figure they see.
    db
      .select({ n: count() })
      .from(pessoas)
      .where(
        and(
          eq(pessoas.condominioId, id),
          tenant.scope === null
            ? undefined
            : inArray(
                pessoas.id,
                db
                  .select({ id: unidadeMoradores.pessoaId })
                  .from(unidadeMoradores)
                  .where(and(eq(unidadeMoradores.ativo, true), unidadeCondition(tenant, unidadeMoradores.unidadeId))),
              ),
        ),
      ),
    listSolicitacoes(db, tenant, { condominioId: id }, 1, 10),
  ]);
  return {
    ...toCondominio(row),
    unidades_count: units?.n ?? 0,
    pessoas_count: people?.n ?? 0,
    solicitacoes_recentes: recent.items.map(toSolicitacao),
  };
}

type Input = z.output<typeof condominioInputSchema>;

function columnsOf(input: Input) {
  return {
    nome: input.nome,
    timezone: input.timezone,
    enabled: input.enabled,
    esperaMoradorSegundos: input.espera_morador_segundos,
    notificarTodosMoradores: input.notificar_todos_moradores,
    busca: buildSearchText([input.nome, input.timezone]),
  };
}

export async function create(db: Database, tenant: TenantContext, input: Input) {
  const [row] = await db
    .insert(c)
    .values({ organizationId: tenant.organizationId, ...columnsOf(input) })
    .returning();
  return toCondominio(row!);
}

export async function update(db: Database, tenant: TenantContext, id: string, input: Input) {
  const [row] = await db
    .update(c)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(and(eq(c.organizationId, tenant.organizationId), eq(c.id, id)))
    .returning();
  if (!row) throw notFound(NOT_FOUND_MESSAGE);
  return toCondominio(row);
}
