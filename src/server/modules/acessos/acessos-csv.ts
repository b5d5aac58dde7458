/** The access log as CSV (issue 14): the list's filters and order, streamed by keyset batches. */

import type { AcessoOrigem, VisitaTipo } from "../../../shared/domain";
import { ACESSO_ORIGEM_LABELS } from "../../../shared/schemas/acessos";
import { VISITA_TIPO_LABELS } from "../../../shared/schemas/passes";
import type { Database } from "../../db/client";
import { csvStream } from "../../http/csv";
import type { Reader } from "../solicitacoes/solicitacoes.queries";
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
] as const;

/** One formatter per timezone: times are written as the condominium's clock read them. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function localTime(date: Date | null, timeZone: string): string {
  if (!date) return "";
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("pt-BR", { timeZone, dateStyle: "short", timeStyle: "short" });
    formatters.set(timeZone, f);
  }
  return f.format(date).replace(",", "");
}

function toCells(r: AcessoRow): string[] {
  const x = r.row;
  return [
    localTime(x.entradaEm, r.condominio.timezone),
    localTime(x.saidaEm, r.condominio.timezone),
    x.nome,
    x.documento ?? "",
    VISITA_TIPO_LABELS[x.tipo as VisitaTipo],
    r.condominio.nome,
    r.unidade.codigo,
    r.unidade.torre ?? "",
    ACESSO_ORIGEM_LABELS[x.origem as AcessoOrigem],
    x.autorizadoPorNome ?? "",
    x.entradaPorNome ?? "",
    x.saidaPorNome ?? "",
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
