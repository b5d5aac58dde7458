/**
 * Access requests as CSV (docs/product.md, "Personal data and retention"): the list's filters, scope and
 * order, streamed by keyset batches; the visitor's document masked, times in the condominium's clock.
 */
import { maskDocument } from "../../../shared/mask";
import { solicitacaoStatusDisplay, tipoLabel } from "../../../shared/status-catalogue";
import type { Reader } from "../../auth/scope";
import type { Database } from "../../db/client";
import { csvDateTime, csvStream } from "../../http/csv";
import {
  type ListFilters,
  type SolicitacaoCursor,
  type SolicitacaoExportRow,
  solicitacaoBatch,
  solicitacaoWhere,
} from "./solicitacoes.queries";

const BATCH = 1_000;

export const SOLICITACOES_CSV_HEADER = [
  "Criada em",
  "Status",
  "Tipo",
  "Visitante",
  "Documento",
  "Condomínio",
  "Unidade",
  "Torre",
  "Motivo",
  "Portão",
  "Expira em",
  "Decidida em",
  "Decidida por",
  "Observações",
] as const;

function toCells(r: SolicitacaoExportRow): string[] {
  const tz = r.condominio.timezone;
  return [
    csvDateTime(r.createdAt, tz),
    solicitacaoStatusDisplay(r.status).label,
    tipoLabel(r.tipo),
    r.nomeVisitante,
    maskDocument(r.docVisitante) ?? "",
    r.condominio.nome,
    r.unidadeCodigo,
    r.unidadeTorre ?? "",
    r.motivo ?? "",
    r.portaoNome ?? "",
    csvDateTime(r.expiracaoEm, tz),
    csvDateTime(r.decididoEm, tz),
    r.decididoPorNome ?? "",
    r.observacoes ?? "",
  ];
}

export function solicitacoesCsv(db: Database, reader: Reader, filters: ListFilters): ReadableStream<Uint8Array> {
  const where = solicitacaoWhere(reader, filters);
  let after: SolicitacaoCursor | null = null;
  let done = false;
  return csvStream(SOLICITACOES_CSV_HEADER, async () => {
    if (done) return [];
    const batch = await solicitacaoBatch(db, where, after, BATCH);
    if (batch.rows.length < BATCH) done = true;
    after = batch.cursor;
    return batch.rows.map(toCells);
  });
}
