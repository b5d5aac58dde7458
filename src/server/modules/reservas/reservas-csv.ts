/**
 * Bookings as CSV (docs/decisions/044-common-area-bookings.md): the list's filters, scope and order
 * (inicio DESC, id DESC), streamed by keyset batches; times in the condominium's clock. Guests'
 * names stay out: the file says how many were listed.
 */
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ReservaStatus } from "../../../shared/domain";
import { RESERVA_STATUS_LABELS } from "../../../shared/schemas/reservas";
import type { Reader } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import {
  areasComuns,
  condominios,
  pessoas,
  reservas as r,
  reservaConvidados as rc,
  unidades,
  user,
} from "../../db/schema";
import { csvDateTime, csvStream } from "../../http/csv";
import { type ReservaFilters, reservaWhere } from "./reservas.queries";

const BATCH = 1_000;

export const RESERVAS_CSV_HEADER = [
  "Início",
  "Fim",
  "Status",
  "Área",
  "Condomínio",
  "Unidade",
  "Torre",
  "Solicitada por",
  "Convidados",
  "Decidida em",
  "Decidida por",
  "Motivo da recusa",
  "Cancelada em",
  "Motivo do cancelamento",
  "Observações",
  "Criada em",
] as const;

const solicitante = alias(pessoas, "solicitante");
const solicitanteUser = alias(user, "solicitante_user");
const decisor = alias(user, "decisor");

/** The keyset: inicio as PostgreSQL prints it (a JS Date would drop the microseconds) and the id. */
interface Cursor {
  inicio: string;
  id: string;
}

async function batchOf(db: Executor, where: SQL, after: Cursor | null, size: number) {
  const keyset = after ? sql`(${r.inicio}, ${r.id}) < (${after.inicio}::timestamptz, ${after.id}::uuid)` : undefined;
  return db
    .select({
      id: r.id,
      cursor: sql<string>`${r.inicio}::text`,
      inicio: r.inicio,
      fim: r.fim,
      status: r.status,
      areaNome: areasComuns.nome,
      condominioNome: condominios.nome,
      timezone: condominios.timezone,
      unidadeCodigo: unidades.codigo,
      unidadeTorre: unidades.torre,
      solicitadaPorNome: sql<string | null>`COALESCE(${solicitante.nome}, ${solicitanteUser.name})`,
      convidados: sql<number>`(SELECT count(*)::int FROM ${rc} WHERE ${rc.reservaId} = ${r.id} AND ${rc.removidoEm} IS NULL)`,
      decididaEm: r.decididaEm,
      decididaPorNome: decisor.name,
      motivoRecusa: r.motivoRecusa,
      canceladaEm: r.canceladaEm,
      motivoCancelamento: r.motivoCancelamento,
      observacoes: r.observacoes,
      createdAt: r.createdAt,
    })
    .from(r)
    .innerJoin(areasComuns, eq(areasComuns.id, r.areaId))
    .innerJoin(unidades, eq(unidades.id, r.unidadeId))
    .innerJoin(condominios, eq(condominios.id, r.condominioId))
    .leftJoin(solicitante, eq(solicitante.id, r.solicitadaPorPessoaId))
    .leftJoin(solicitanteUser, eq(solicitanteUser.id, r.solicitadaPorUserId))
    .leftJoin(decisor, eq(decisor.id, r.decididaPorUserId))
    .where(and(where, keyset))
    .orderBy(desc(r.inicio), desc(r.id))
    .limit(size);
}

type ExportRow = Awaited<ReturnType<typeof batchOf>>[number];

function toCells(row: ExportRow): string[] {
  const tz = row.timezone;
  return [
    csvDateTime(row.inicio, tz),
    csvDateTime(row.fim, tz),
    RESERVA_STATUS_LABELS[row.status as ReservaStatus],
    row.areaNome,
    row.condominioNome,
    row.unidadeCodigo,
    row.unidadeTorre ?? "",
    row.solicitadaPorNome ?? "",
    String(row.convidados),
    csvDateTime(row.decididaEm, tz),
    row.decididaPorNome ?? "",
    row.motivoRecusa ?? "",
    csvDateTime(row.canceladaEm, tz),
    row.motivoCancelamento ?? "",
    row.observacoes ?? "",
    csvDateTime(row.createdAt, tz),
  ];
}

export function reservasCsv(db: Database, reader: Reader, filters: ReservaFilters): ReadableStream<Uint8Array> {
  const where = reservaWhere(reader, filters);
  let after: Cursor | null = null;
  let done = false;
  return csvStream(RESERVAS_CSV_HEADER, async () => {
    if (done) return [];
    const rows = await batchOf(db, where, after, BATCH);
    if (rows.length < BATCH) done = true;
    const last = rows.at(-1);
    after = last ? { inicio: last.cursor, id: last.id } : null;
    return rows.map(toCells);
  });
}
