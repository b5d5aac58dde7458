import type { ChamadaStatus, SolicitacaoTipo } from "../../../shared/domain";
import { type Chamada, type ChamadaListItem, duracaoSegundos } from "../../../shared/schemas/chamadas";
import type { Database } from "../../db/client";
import { toPage } from "../../db/pagination";
import type { TenantContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { type ChamadaFilters, findChamada, listChamadas } from "./chamadas.queries";

/** What other modules may use of this module's queries (docs/architecture.md, "Boundaries (server)"). */
export { chamadaSearchText, findChamada, refreshChamadasSearch } from "./chamadas.queries";

export const CHAMADA_NOT_FOUND = "Chamada não encontrada";

type Row = NonNullable<Awaited<ReturnType<typeof findChamada>>>;

export function toChamada(r: Row): Chamada {
  const c = r.row;
  return {
    id: c.id,
    solicitacao_id: c.solicitacaoId,
    pessoa_id: c.pessoaId,
    status: c.status as ChamadaStatus,
    ramal_discado: c.ramalDiscado,
    iniciado_em: iso(c.iniciadoEm),
    finalizado_em: iso(c.finalizadoEm),
    duracao_segundos: duracaoSegundos(c.iniciadoEm, c.finalizadoEm),
    provedor: c.provedor,
    pessoa: r.pessoaNome === null ? null : { nome: r.pessoaNome, pbx_ramal: r.pessoaRamal },
    solicitacao: { nome_visitante: r.visitante, tipo: r.tipo as SolicitacaoTipo },
  };
}

export async function list(db: Database, tenant: TenantContext, f: ChamadaFilters, page: number, pageSize: number) {
  const { rows, counted } = await listChamadas(db, tenant, f, page, pageSize);
  const items: ChamadaListItem[] = rows.map((r) => ({ ...toChamada(r), condominio: r.condominio }));
  return toPage(items, counted, page, pageSize);
}

/** A call's detail: the call and its request's condominium, whose clock its times are read on. */
export async function get(db: Database, tenant: TenantContext, id: string): Promise<ChamadaListItem> {
  const row = await findChamada(db, tenant, id);
  if (!row) throw notFound(CHAMADA_NOT_FOUND);
  return { ...toChamada(row), condominio: row.condominio };
}
