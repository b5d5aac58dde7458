/**
 * One row of the tenant by id, for services that must check a link before they write (a request's
 * or a pass's condominium and unit) or name the member who acts. Every lookup takes the tenant: a
 * row of another tenant is simply not found, and the caller answers 404 as for a missing one.
 */
import { and, eq } from "drizzle-orm";
import type { Executor } from "./client";
import { condominios, pessoas, unidades } from "./schema";

export async function findUnidadeInTenant(db: Executor, organizationId: string, unidadeId: string) {
  const [u] = await db
    .select()
    .from(unidades)
    .where(and(eq(unidades.organizationId, organizationId), eq(unidades.id, unidadeId)));
  return u ?? null;
}

export async function findCondominioInTenant(db: Executor, organizationId: string, condominioId: string) {
  const [c] = await db
    .select()
    .from(condominios)
    .where(and(eq(condominios.organizationId, organizationId), eq(condominios.id, condominioId)));
  return c ?? null;
}

/** The person who represents a console user in this tenant (to name the decider), if any. */
export async function findPessoaOfUser(db: Executor, organizationId: string, userId: string) {
  const [p] = await db
    .select({ id: pessoas.id, nome: pessoas.nome })
    .from(pessoas)
    .where(and(eq(pessoas.organizationId, organizationId), eq(pessoas.userId, userId)))
    .limit(1);
  return p ?? null;
}
