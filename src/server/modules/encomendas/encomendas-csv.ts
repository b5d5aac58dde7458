/**
 * Packages as CSV (docs/product.md, "Encomendas"; docs/decisions/043-deliveries.md): the list's filters,
 * scope and order (recebida_em DESC, id DESC), streamed by keyset batches; times in the condominium's
 * clock; the collector's document masked, and left out for residents, as the detail leaves it out for
 * them (docs/product.md, "Personal data and retention").
 */
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { EncomendaStatus, RetiradaMetodo, Transportadora } from "../../../shared/domain";
import { maskDocument } from "../../../shared/mask";
import {
  ENCOMENDA_STATUS_LABELS,
  RETIRADA_METODO_LABELS,
  TRANSPORTADORA_LABELS,
} from "../../../shared/schemas/encomendas";
import { isResidentScope, type Reader } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import { condominios, encomendas as e, encomendaLotes, pessoas, unidades, user } from "../../db/schema";
import { csvDateTime, csvStream } from "../../http/csv";
import { type EncomendaFilters, encomendaWhere } from "./encomendas.queries";

const BATCH = 1_000;

export const ENCOMENDAS_CSV_HEADER = [
  "Recebida em",
  "Status",
  "Transportadora",
  "Rastreio",
  "Condomínio",
  "Unidade",
  "Torre",
  "Destinatário",
  "Local",
  "Perecível",
  "Recebida por",
  "Retirada em",
  "Retirada por",
  "Documento de quem retirou",
  "Como foi retirada",
  "Entregue por",
  "Motivo da entrega sem código",
  "Motivo da devolução",
  "Observações",
] as const;

const recebedor = alias(user, "recebedor");
const entregador = alias(user, "entregador");
const destinatario = alias(pessoas, "destinatario");

/** The keyset: recebida_em as PostgreSQL prints it (a JS Date would drop the microseconds) and the id. */
interface Cursor {
  recebidaEm: string;
  id: string;
}

async function batchOf(db: Executor, where: SQL, after: Cursor | null, size: number) {
  const keyset = after
    ? sql`(${e.recebidaEm}, ${e.id}) < (${after.recebidaEm}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select({
      id: e.id,
      cursor: sql<string>`${e.recebidaEm}::text`,
      recebidaEm: e.recebidaEm,
      status: e.status,
      transportadora: e.transportadora,
      transportadoraOutra: e.transportadoraOutra,
      rastreio: e.rastreio,
      local: e.local,
      perecivel: e.perecivel,
      observacoes: e.observacoes,
      retiradaEm: e.retiradaEm,
      retiradaMetodo: e.retiradaMetodo,
      retiradaNome: e.retiradaNome,
      retiradaDocumento: e.retiradaDocumento,
      retiradaMotivo: e.retiradaMotivo,
      devolucaoMotivo: e.devolucaoMotivo,
      condominioNome: condominios.nome,
      timezone: condominios.timezone,
      unidadeCodigo: unidades.codigo,
      unidadeTorre: unidades.torre,
      destinatarioNome: destinatario.nome,
      recebidaPorNome: recebedor.name,
      entreguePorNome: entregador.name,
    })
    .from(e)
    .innerJoin(encomendaLotes, eq(encomendaLotes.id, e.loteId))
    .innerJoin(unidades, eq(unidades.id, e.unidadeId))
    .innerJoin(condominios, eq(condominios.id, e.condominioId))
    .leftJoin(destinatario, eq(destinatario.id, encomendaLotes.destinatarioPessoaId))
    .leftJoin(recebedor, eq(recebedor.id, encomendaLotes.recebidoPorUserId))
    .leftJoin(entregador, eq(entregador.id, e.entreguePorUserId))
    .where(and(where, keyset))
    .orderBy(desc(e.recebidaEm), desc(e.id))
    .limit(size);
}

type ExportRow = Awaited<ReturnType<typeof batchOf>>[number];

function toCells(r: ExportRow, resident: boolean): string[] {
  const tz = r.timezone;
  const transportadora = r.transportadora as Transportadora;
  return [
    csvDateTime(r.recebidaEm, tz),
    ENCOMENDA_STATUS_LABELS[r.status as EncomendaStatus],
    transportadora === "outra"
      ? r.transportadoraOutra || TRANSPORTADORA_LABELS.outra
      : TRANSPORTADORA_LABELS[transportadora],
    r.rastreio ?? "",
    r.condominioNome,
    r.unidadeCodigo,
    r.unidadeTorre ?? "",
    r.destinatarioNome ?? "",
    r.local ?? "",
    r.perecivel ? "Sim" : "Não",
    r.recebidaPorNome ?? "",
    csvDateTime(r.retiradaEm, tz),
    r.retiradaNome ?? "",
    resident ? "" : (maskDocument(r.retiradaDocumento) ?? ""),
    r.retiradaMetodo ? RETIRADA_METODO_LABELS[r.retiradaMetodo as RetiradaMetodo] : "",
    r.entreguePorNome ?? "",
    r.retiradaMotivo ?? "",
    r.devolucaoMotivo ?? "",
    r.observacoes ?? "",
  ];
}

export function encomendasCsv(db: Database, reader: Reader, filters: EncomendaFilters): ReadableStream<Uint8Array> {
  const where = encomendaWhere(reader, filters);
  const resident = isResidentScope(reader);
  let after: Cursor | null = null;
  let done = false;
  return csvStream(ENCOMENDAS_CSV_HEADER, async () => {
    if (done) return [];
    const rows = await batchOf(db, where, after, BATCH);
    if (rows.length < BATCH) done = true;
    const last = rows.at(-1);
    after = last ? { recebidaEm: last.cursor, id: last.id } : null;
    return rows.map((r) => toCells(r, resident));
  });
}
