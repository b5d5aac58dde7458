/**
 * Calls as CSV (docs/product.md, "Personal data and retention"): the list's filters, scope and order,
 * streamed by keyset batches; the visitor's document masked, times in the condominium's clock.
 */

import { maskDocument } from "../../../shared/mask";
import { duracaoSegundos, formatDuracao } from "../../../shared/schemas/chamadas";
import { chamadaStatusDisplay, tipoLabel } from "../../../shared/status-catalogue";
import type { Reader } from "../../auth/scope";
import type { Database } from "../../db/client";
import { csvDateTime, csvStream } from "../../http/csv";
import {
  type ChamadaCursor,
  type ChamadaExportRow,
  type ChamadaFilters,
  chamadaBatch,
  chamadaWhere,
} from "./chamadas.queries";

const BATCH = 1_000;

export const CHAMADAS_CSV_HEADER = [
  "Iniciada em",
  "Finalizada em",
  "Duração",
  "Status",
  "Pessoa",
  "Ramal",
  "Visitante",
  "Documento do visitante",
  "Tipo",
  "Condomínio",
  "Unidade",
  "Torre",
  "Provedor",
] as const;

function toCells(r: ChamadaExportRow): string[] {
  const c = r.row;
  const tz = r.condominio.timezone;
  const duracao = duracaoSegundos(c.iniciadoEm, c.finalizadoEm);
  return [
    csvDateTime(c.iniciadoEm, tz),
    csvDateTime(c.finalizadoEm, tz),
    duracao === null ? "" : formatDuracao(duracao),
    chamadaStatusDisplay(c.status).label,
    r.pessoaNome ?? "",
    c.ramalDiscado ?? r.pessoaRamal ?? "",
    r.visitante,
    maskDocument(r.docVisitante) ?? "",
    tipoLabel(r.tipo),
    r.condominio.nome,
    r.unidade.codigo,
    r.unidade.torre ?? "",
    c.provedor ?? "",
  ];
}

export function chamadasCsv(db: Database, reader: Reader, filters: ChamadaFilters): ReadableStream<Uint8Array> {
  const where = chamadaWhere(reader, filters);
  let after: ChamadaCursor | null = null;
  let done = false;
  return csvStream(CHAMADAS_CSV_HEADER, async () => {
    if (done) return [];
    const batch = await chamadaBatch(db, where, after, BATCH);
    if (batch.rows.length < BATCH) done = true;
    after = batch.cursor;
    return batch.rows.map(toCells);
  });
}
