/** The condominium's units, people and resident links an import is planned against. */
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { pessoas, unidadeMoradores, unidades } from "../../db/schema";
import type { Existing } from "./importacao-plano";

export async function loadExisting(db: Executor, organizationId: string, condominioId: string): Promise<Existing> {
  // One after another: on a transaction's single connection, statements cannot overlap.
  const u = await db
    .select({ id: unidades.id, codigo: unidades.codigo, torre: unidades.torre })
    .from(unidades)
    .where(and(eq(unidades.organizationId, organizationId), eq(unidades.condominioId, condominioId)));
  const p = await db
    .select({ id: pessoas.id, nome: pessoas.nome, documento: pessoas.documento, email: pessoas.email })
    .from(pessoas)
    .where(and(eq(pessoas.organizationId, organizationId), eq(pessoas.condominioId, condominioId)));
  const l = await db
    .select({
      id: unidadeMoradores.id,
      unidadeId: unidadeMoradores.unidadeId,
      pessoaId: unidadeMoradores.pessoaId,
      ativo: unidadeMoradores.ativo,
      isResponsavel: unidadeMoradores.isResponsavel,
    })
    .from(unidadeMoradores)
    .where(and(eq(unidadeMoradores.organizationId, organizationId), eq(unidadeMoradores.condominioId, condominioId)));
  return { unidades: u, pessoas: p, links: l };
}
