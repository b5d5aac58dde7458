/**
 * The PBX dial plan (docs/product.md, "Integration API"): condominiums, units with their extension, and each
 * unit's active residents in calling order: the responsável first, then by when they moved in. Paginated like
 * every list; a page of units costs two statements whatever its size.
 */
import { and, asc, eq, not, type SQL, sql } from "drizzle-orm";
import type { V1_UNIDADE_STATUS, V1UnidadeDiretorio } from "../../../shared/schemas/v1";
import type { Database } from "../../db/client";
import { cappedCount, toPage } from "../../db/pagination";
import { condominios, portoes, unidades } from "../../db/schema";
import { activeResidentsInCallingOrder } from "../../notifications/residents";
import { toPortao } from "../portoes/portoes.service";

type Tenant = { organizationId: string };

export async function listCondominios(db: Database, key: Tenant, q: { page: number; page_size: number }) {
  const where = eq(condominios.organizationId, key.organizationId);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: condominios.id,
        nome: condominios.nome,
        timezone: condominios.timezone,
        enabled: condominios.enabled,
      })
      .from(condominios)
      .where(where)
      .orderBy(asc(condominios.nome), asc(condominios.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    cappedCount(db, condominios, where),
  ]);
  return toPage(rows, counted, q.page, q.page_size);
}

/** The tenant's gates, by condominium and name, active and inactive (`ativo` says which). */
export async function listPortoes(
  db: Database,
  key: Tenant,
  q: { condominio_id?: string; page: number; page_size: number },
) {
  const where = and(
    eq(portoes.organizationId, key.organizationId),
    q.condominio_id ? eq(portoes.condominioId, q.condominio_id) : undefined,
  )!;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(portoes)
      .where(where)
      .orderBy(asc(portoes.condominioId), asc(sql`lower(${portoes.nome})`), asc(portoes.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    cappedCount(db, portoes, where),
  ]);
  return toPage(rows.map(toPortao), counted, q.page, q.page_size);
}

export async function listUnidades(
  db: Database,
  key: Tenant,
  q: {
    condominio_id?: string;
    ramal?: string;
    status?: (typeof V1_UNIDADE_STATUS)[number];
    page: number;
    page_size: number;
  },
) {
  // By default only the units that receive visitors: one that is inactive, or whose condominium
  // is, refuses every request (400), and a PBX dialling from the directory would offer it anyway.
  // A correlated EXISTS, so the capped count reads the same condition on `unidades` alone.
  const receivesVisitors = sql`(${unidades.enabled} AND EXISTS (SELECT 1 FROM ${condominios} WHERE ${condominios.id} = ${unidades.condominioId} AND ${condominios.enabled}))`;
  const status = q.status ?? "ativa";
  const where = and(
    eq(unidades.organizationId, key.organizationId),
    q.condominio_id ? eq(unidades.condominioId, q.condominio_id) : undefined,
    q.ramal ? eq(unidades.pbxRamal, q.ramal) : undefined,
    status === "ativa" ? receivesVisitors : status === "inativa" ? not(receivesVisitors) : undefined,
  ) as SQL;
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: unidades.id,
        condominioId: unidades.condominioId,
        codigo: unidades.codigo,
        torre: unidades.torre,
        pbxRamal: unidades.pbxRamal,
        enabled: unidades.enabled,
        condominioEnabled: condominios.enabled,
      })
      .from(unidades)
      .innerJoin(condominios, eq(condominios.id, unidades.condominioId))
      .where(where)
      .orderBy(asc(unidades.torre), asc(unidades.codigo), asc(unidades.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    cappedCount(db, unidades, where),
  ]);
  const residents = await activeResidentsInCallingOrder(
    db,
    key.organizationId,
    rows.map((r) => r.id),
  );
  const items: V1UnidadeDiretorio[] = rows.map((u) => ({
    id: u.id,
    condominio_id: u.condominioId,
    codigo: u.codigo,
    torre: u.torre,
    pbx_ramal: u.pbxRamal,
    enabled: u.enabled,
    condominio_enabled: u.condominioEnabled,
    moradores: residents
      .filter((r) => r.unidadeId === u.id)
      .map((r) => ({
        pessoa_id: r.pessoaId,
        nome: r.nome,
        pbx_ramal: r.pbxRamal,
        telefone_e164: r.telefoneE164,
        is_responsavel: r.isResponsavel,
      })),
  }));
  return toPage(items, counted, q.page, q.page_size);
}
