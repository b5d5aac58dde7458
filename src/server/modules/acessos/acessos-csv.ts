/**
 * The access log as CSV (docs/product.md, "Entradas e saídas"): the list's filters and order, streamed by
 * keyset batches; documents masked (docs/product.md, "Personal data and retention").
 */

import type { AcessoOrigem, VisitaTipo } from "../../../shared/domain";
import { maskDocument } from "../../../shared/mask";
import { ACESSO_ORIGEM_LABELS } from "../../../shared/schemas/acessos";
import { VISITA_TIPO_LABELS } from "../../../shared/schemas/passes";
import type { Reader } from "../../auth/scope";
import type { Database } from "../../db/client";
import { csvDateTime, csvStream } from "../../http/csv";
import { type AcessoFilters, type AcessoRow, acessoBatch, acessoWhere, type ExportCursor } from "./acessos.queries";

const BATCH = 1_000;

export const ACESSOS_CSV_HEADER = [
  "Entrada",
  "Saída",
  "Nome",
  "Documento",
  "Tipo",
  "Condomínio",
  "Unidade",
  "Torre",
  "Origem",
  "Autorizado por",
  "Entrada registrada por",
  "Saída registrada por",
  "Não entrou",
] as const;

function toCells(r: AcessoRow): string[] {
  const x = r.row;
  return [
    csvDateTime(x.entradaEm, r.condominio.timezone),
    csvDateTime(x.saidaEm, r.condominio.timezone),
    x.nome,
    maskDocument(x.documento) ?? "",
    VISITA_TIPO_LABELS[x.tipo as VisitaTipo],
    r.condominio.nome,
    r.unidade.codigo,
    r.unidade.torre ?? "",
    ACESSO_ORIGEM_LABELS[x.origem as AcessoOrigem],
    x.autorizadoPorNome ?? "",
    x.entradaPorNome ?? "",
    x.saidaPorNome ?? "",
    // The gate opened but nobody came in: when it was said, the entry kept in the log.
    csvDateTime(x.naoEntrouEm, r.condominio.timezone),
  ];
}

export function acessosCsv(db: Database, reader: Reader, filters: AcessoFilters): ReadableStream<Uint8Array> {
  const where = acessoWhere(reader, filters);
  let after: ExportCursor | null = null;
  let done = false;
  return csvStream(ACESSOS_CSV_HEADER, async () => {
    if (done) return [];
    const batch = await acessoBatch(db, where, after, BATCH);
    if (batch.rows.length < BATCH) done = true;
    after = batch.cursor;
    return batch.rows.map(toCells);
  });
}
