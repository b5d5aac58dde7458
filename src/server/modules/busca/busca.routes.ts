/**
 * The header search box: people, requests and units the caller may see, at once, grouped. Each
 * result carries its condominium (and a request its unit and date) so that equal names read apart
 * (docs/product.md, "Console shell").
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { maskDocument } from "../../../shared/mask";
import { can } from "../../../shared/permissions";
import { buscaQuerySchema, buscaResultSchema } from "../../../shared/schemas/busca";
import { condominioCondition, unidadeRowCondition } from "../../auth/scope";
import type { Database } from "../../db/client";
import { condominios, pessoas, solicitacoesAcesso as s, unidades } from "../../db/schema";
import { likeContains } from "../../db/search";
import { errorResponses, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";

const route = tenantRoute({
  method: "get",
  path: "/",
  operationId: "buscar",
  tags: ["Busca"],
  summary: "Busca global (ignora maiúsculas e acentos): pessoas, solicitações e unidades",
  description:
    "Encontra pelo documento completo, mas devolve os documentos mascarados. Cada resultado traz o condomínio; uma solicitação, também a unidade e a data.",
  permission: "solicitacoes:ler",
  request: { query: buscaQuerySchema },
  responses: {
    200: jsonResponse(buscaResultSchema.openapi("ResultadoBusca"), "Resultados"),
    ...errorResponses(400),
  },
});

const condominio = { id: condominios.id, nome: condominios.nome, timezone: condominios.timezone };

export function buscaRoutes(db: Database) {
  return apiRouter().openapi(route, async (c) => {
    const { q, limit } = c.req.valid("query");
    const tenant = c.get("tenant");
    const org = tenant.organizationId;
    const pattern = likeContains(q);
    const [foundPessoas, foundSolicitacoes, foundUnidades] = await Promise.all([
      // The people registry only for roles that read it; requests and units within the caller's scope.
      can(tenant.role, "pessoas:ler")
        ? db
            .select({
              id: pessoas.id,
              nome: pessoas.nome,
              documento: pessoas.documento,
              pbx_ramal: pessoas.pbxRamal,
              condominio,
            })
            .from(pessoas)
            .innerJoin(condominios, eq(condominios.id, pessoas.condominioId))
            .where(
              and(
                eq(pessoas.organizationId, org),
                condominioCondition(tenant, pessoas.condominioId),
                sql`${pessoas.busca} LIKE ${pattern}`,
              ),
            )
            .orderBy(asc(pessoas.nome))
            .limit(limit)
        : [],
      db
        .select({
          id: s.id,
          nome_visitante: s.nomeVisitante,
          status: s.status,
          created_at: s.createdAt,
          unidade: { codigo: unidades.codigo, torre: unidades.torre },
          condominio,
        })
        .from(s)
        .innerJoin(unidades, eq(unidades.id, s.unidadeId))
        .innerJoin(condominios, eq(condominios.id, s.condominioId))
        .where(
          and(
            eq(s.organizationId, org),
            unidadeRowCondition(tenant, s.unidadeId, s.condominioId),
            sql`${s.busca} LIKE ${pattern}`,
          ),
        )
        .orderBy(desc(s.createdAt), desc(s.id))
        .limit(limit),
      db
        .select({ id: unidades.id, codigo: unidades.codigo, torre: unidades.torre, condominio })
        .from(unidades)
        .innerJoin(condominios, eq(condominios.id, unidades.condominioId))
        .where(
          and(
            eq(unidades.organizationId, org),
            unidadeRowCondition(tenant, unidades.id, unidades.condominioId),
            sql`${unidades.busca} LIKE ${pattern}`,
          ),
        )
        .orderBy(asc(unidades.torre), asc(unidades.codigo))
        .limit(limit),
    ]);
    return c.json(
      {
        // Documents masked in search results (LGPD); the match itself used the full one.
        pessoas: foundPessoas.map((p) => ({ ...p, documento: maskDocument(p.documento) })),
        solicitacoes: foundSolicitacoes.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
        unidades: foundUnidades,
      },
      200,
    );
  });
}
