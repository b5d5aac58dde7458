/**
 * "Aguardando decisão" on the Portaria screen (docs/product.md, "Portaria"): the visitors at one
 * condominium's gate whose request is still pending and not expired, oldest first (the one waiting
 * longest is the porteiro's next), with the ones no resident answered marked.
 */
import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { AguardandoDecisao } from "../../../shared/schemas/acessos";
import { condominioCondition, type Reader, unidadeRowCondition } from "../../auth/scope";
import type { Executor } from "../../db/client";
import { condominios, solicitacoesAcesso as s, unidades } from "../../db/schema";
import { notFound } from "../../http/errors";
import { iso } from "../../http/serialize";

/** A gate rarely has more; beyond it the porteiro works from Solicitações. */
const LIMIT = 50;

export async function aguardandoDecisao(
  db: Executor,
  reader: Reader,
  condominioId: string,
  now: Date = new Date(),
): Promise<AguardandoDecisao> {
  const [condominio] = await db
    .select({ id: condominios.id })
    .from(condominios)
    .where(
      and(
        eq(condominios.organizationId, reader.organizationId),
        eq(condominios.id, condominioId),
        condominioCondition(reader, condominios.id),
      ),
    );
  if (!condominio) throw notFound("Condomínio não encontrado");
  const rows = await db
    .select({
      id: s.id,
      nome: s.nomeVisitante,
      tipo: s.tipo,
      createdAt: s.createdAt,
      expiracaoEm: s.expiracaoEm,
      semResposta: s.semRespostaMoradoresEm,
      unidadeId: s.unidadeId,
      codigo: unidades.codigo,
      torre: unidades.torre,
    })
    .from(s)
    .innerJoin(unidades, eq(unidades.id, s.unidadeId))
    .where(
      and(
        eq(s.organizationId, reader.organizationId),
        eq(s.condominioId, condominioId),
        unidadeRowCondition(reader, s.unidadeId, s.condominioId),
        eq(s.status, "pendente"),
        or(isNull(s.expiracaoEm), gt(s.expiracaoEm, now)),
      ),
    )
    .orderBy(asc(s.createdAt), sql`${s.id}`)
    .limit(LIMIT);
  return {
    items: rows.map((r) => ({
      solicitacao_id: r.id,
      nome_visitante: r.nome,
      tipo: r.tipo,
      created_at: iso(r.createdAt)!,
      expiracao_em: iso(r.expiracaoEm),
      sem_resposta_moradores: r.semResposta !== null,
      unidade_id: r.unidadeId,
      unidade: { codigo: r.codigo, torre: r.torre },
    })),
  };
}
