/**
 * Telling residents about their packages (docs/decisions/043-deliveries.md): in the transaction that
 * receives (or confirms) a batch, one notice per resident to reach goes into the `encomenda_avisos`
 * outbox, on the channel their contact allows (contactOf: the preferred one, else WhatsApp, SMS,
 * e-mail). The delivery job sends them like the residents' messages about visitors. A package
 * addressed to one resident tells that resident; otherwise, or when they cannot be reached, every
 * resident of the unit.
 */
import { sql } from "drizzle-orm";
import type { AvisoEncomendaMotivo } from "../../shared/domain";
import type { Executor } from "../db/client";
import { encomendaAvisos } from "../db/schema";
import { activeResidentsInCallingOrder, contactOf } from "./residents";

export const AVISOS_CHANNEL = "guarita_encomenda_avisos";

export interface LoteRef {
  organizationId: string;
  loteId: string;
  unidadeId: string;
  destinatarioPessoaId: string | null;
}

/** Writes the batch's notices for `motivo`; returns how many residents will be told (0: nobody reachable). */
export async function enqueuePackageNotices(
  tx: Executor,
  lote: LoteRef,
  motivo: AvisoEncomendaMotivo,
): Promise<number> {
  const residents = await activeResidentsInCallingOrder(tx, lote.organizationId, [lote.unidadeId]);
  const reachable = residents.flatMap((r) => {
    const contact = contactOf(r);
    return contact ? [{ resident: r, ...contact }] : [];
  });
  const addressed = reachable.filter((r) => r.resident.pessoaId === lote.destinatarioPessoaId);
  const chosen = addressed.length > 0 ? addressed : reachable;
  if (chosen.length === 0) return 0;
  await tx.insert(encomendaAvisos).values(
    chosen.map((c) => ({
      organizationId: lote.organizationId,
      loteId: lote.loteId,
      pessoaId: c.resident.pessoaId,
      pessoaNome: c.resident.nome,
      motivo,
      canal: c.canal,
      destino: c.destino,
    })),
  );
  await tx.execute(sql`SELECT pg_notify(${AVISOS_CHANNEL}, ${lote.organizationId})`);
  return chosen.length;
}
