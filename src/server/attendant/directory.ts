/**
 * What the virtual attendant knows of a condominium (engine/types.ts, `Directory`): the units that
 * receive visitors — active, in an active condominium, as the integration API's directory lists them by
 * default — each with its active residents in calling order (the responsável first, then by when they
 * moved in: the order the PBX and the residents' messages use). A unit without residents stays in: the
 * visitor may still name it, and the engine must say nobody can be reached there.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { condominios, unidades } from "../db/schema";
import { activeResidentsInCallingOrder } from "../notifications/residents";
import type { Directory, DirectoryUnit } from "./engine/types";

/** The condominium's directory; empty when the condominium is inactive or not the tenant's. */
export async function loadDirectory(db: Executor, organizationId: string, condominioId: string): Promise<Directory> {
  const rows = await db
    .select({ id: unidades.id, codigo: unidades.codigo, torre: unidades.torre })
    .from(unidades)
    .innerJoin(condominios, eq(condominios.id, unidades.condominioId))
    .where(
      and(
        eq(unidades.organizationId, organizationId),
        eq(unidades.condominioId, condominioId),
        eq(unidades.enabled, true),
        eq(condominios.enabled, true),
      ),
    )
    .orderBy(asc(unidades.torre), asc(unidades.codigo), asc(unidades.id));
  const residents = await activeResidentsInCallingOrder(
    db,
    organizationId,
    rows.map((r) => r.id),
  );
  const byUnit = new Map<string, DirectoryUnit["moradores"]>();
  for (const r of residents) {
    const list = byUnit.get(r.unidadeId) ?? [];
    list.push({ pessoaId: r.pessoaId, nome: r.nome });
    byUnit.set(r.unidadeId, list);
  }
  return {
    condominioId,
    units: rows.map((u) => ({ ...u, moradores: byUnit.get(u.id) ?? [] })),
  };
}
