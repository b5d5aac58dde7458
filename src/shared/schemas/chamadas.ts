import { z } from "zod";
import { CHAMADA_STATUSES, SOLICITACAO_TIPOS } from "../domain";
import { condominioRefSchema, isoDateTime, listQuery, pageOf } from "./common";

const chamadaFilters = {
  /** The condominium of the call's request. */
  condominio_id: z.uuid("Condomínio inválido").optional(),
  solicitacao_id: z.uuid("Solicitação inválida").optional(),
  pessoa_id: z.uuid("Pessoa inválida").optional(),
  status: z.enum(CHAMADA_STATUSES, { error: "Status inválido" }).optional(),
  q: z.string().trim().max(100, "Busca longa demais").optional(),
  /** iniciado_em period, inclusive start and exclusive end. */
  de: z.iso.datetime({ offset: true, error: "Data inicial inválida" }).optional(),
  ate: z.iso.datetime({ offset: true, error: "Data final inválida" }).optional(),
};

export const chamadaListQuerySchema = listQuery(chamadaFilters);

/** The same filters for the CSV export (no paging: it streams every match). */
export const chamadaExportQuerySchema = z.object(chamadaFilters);
export type ChamadaFiltersQuery = z.output<typeof chamadaExportQuerySchema>;

export const chamadaSchema = z.object({
  id: z.uuid(),
  solicitacao_id: z.uuid(),
  pessoa_id: z.uuid().nullable(),
  status: z.enum(CHAMADA_STATUSES),
  ramal_discado: z.string().nullable(),
  iniciado_em: isoDateTime,
  finalizado_em: isoDateTime.nullable(),
  /** Seconds between start and end; null while the call is not finished. */
  duracao_segundos: z.number().int().nullable(),
  provedor: z.string().nullable(),
  /** The key the resident pressed on a call Guarita placed ("1" authorises, "2" denies); null: none. */
  tecla: z.string().nullable(),
  /** A call of the demonstration: nobody's phone rang (docs/product.md, "Chamadas"). */
  demo: z.boolean(),
  pessoa: z.object({ nome: z.string(), pbx_ramal: z.string().nullable() }).nullable(),
  solicitacao: z.object({ nome_visitante: z.string(), tipo: z.enum(SOLICITACAO_TIPOS) }),
});
export type Chamada = z.infer<typeof chamadaSchema>;
/** A row of GET /api/chamadas: the call and the condominium of its request. */
export const chamadaListItemSchema = chamadaSchema.extend({ condominio: condominioRefSchema });
export type ChamadaListItem = z.infer<typeof chamadaListItemSchema>;
export const chamadaPageSchema = pageOf(chamadaListItemSchema);

/** Whole seconds from start to end; null while the call goes on. */
export function duracaoSegundos(iniciadoEm: Date, finalizadoEm: Date | null): number | null {
  return finalizadoEm ? Math.round((finalizadoEm.getTime() - iniciadoEm.getTime()) / 1000) : null;
}

/** "2:05" for 125 s, "-" while unfinished (docs/product.md, "Chamadas"). */
export function formatDuracao(seconds: number | null): string {
  if (seconds === null) return "-";
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
