import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ContatoMorador, Timezone } from "../../../shared/domain";
import { normalizeSearch } from "../../../shared/schemas/common";
import type {
  Condominio,
  condominioInputSchema,
  condominioUpdateSchema,
  Retencao,
} from "../../../shared/schemas/condominios";
import { retencaoFotosAcimaMessage } from "../../../shared/schemas/condominios";
import { actorOf, changes, recordAudit } from "../../audit/audit";
import { condominioCondition, isResidentScope, unidadeCondition, unidadeRowCondition } from "../../auth/scope";
import type { Database } from "../../db/client";
import { cappedCount, toPage } from "../../db/pagination";
import { condominios as c, pessoas, unidadeMoradores, unidades } from "../../db/schema";
import { buildSearchText, likeContains } from "../../db/search";
import type { TenantContext } from "../../http/context";
import { badRequest, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { anonymiseExpired, previewExpired, retentionCutoff } from "../../jobs/retention";
import type { BlobStore } from "../../storage";
import { garantirLimite } from "../faturamento/limites.service";
import { listSolicitacoes, toSolicitacao } from "../solicitacoes/solicitacoes.service";

export const CONDOMINIO_NOT_FOUND = "Condomínio não encontrado";

type Row = typeof c.$inferSelect;

export function toCondominio(r: Row): Condominio {
  return {
    id: r.id,
    nome: r.nome,
    timezone: r.timezone as Timezone,
    enabled: r.enabled,
    espera_morador_segundos: r.esperaMoradorSegundos,
    notificar_todos_moradores: r.notificarTodosMoradores,
    contato_morador: r.contatoMorador as ContatoMorador,
    retencao_dias: r.retencaoDias,
    retencao_fotos_dias: r.retencaoFotosDias,
    expiracao_solicitacao_minutos: r.expiracaoSolicitacaoMinutos,
    encomenda_lembrete_dias: r.encomendaLembreteDias,
    encomenda_local_entrega: r.encomendaLocalEntrega,
    created_at: iso(r.createdAt),
  };
}

export async function list(db: Database, tenant: TenantContext, q: { q?: string; page: number; page_size: number }) {
  const conditions: (SQL | undefined)[] = [
    eq(c.organizationId, tenant.organizationId),
    condominioCondition(tenant, c.id),
  ];
  const term = q.q ? normalizeSearch(q.q) : "";
  if (term) conditions.push(sql`${c.busca} LIKE ${likeContains(term)}`);
  const where = and(...conditions);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(c)
      .where(where)
      .orderBy(asc(c.nome), asc(c.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    cappedCount(db, c, where!),
  ]);
  return toPage(rows.map(toCondominio), counted, q.page, q.page_size);
}

export async function findInTenant(db: Database, tenant: TenantContext, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.organizationId, tenant.organizationId), condominioCondition(tenant, c.id), eq(c.id, id)));
  if (!row) throw notFound(CONDOMINIO_NOT_FOUND);
  return row;
}

export async function get(db: Database, tenant: TenantContext, id: string) {
  const row = await findInTenant(db, tenant, id);
  const [[units], [people], recent] = await Promise.all([
    db
      .select({ n: count() })
      .from(unidades)
      .where(and(eq(unidades.condominioId, id), unidadeRowCondition(tenant, unidades.id, unidades.condominioId))),
    // A morador counts the people of their own units only, as every other figure they see; staff
    // (an assigned porteiro included: they see the whole condominium) count everyone.
    db
      .select({ n: count() })
      .from(pessoas)
      .where(
        and(
          eq(pessoas.condominioId, id),
          !isResidentScope(tenant)
            ? undefined
            : inArray(
                pessoas.id,
                db
                  .select({ id: unidadeMoradores.pessoaId })
                  .from(unidadeMoradores)
                  .where(and(eq(unidadeMoradores.ativo, true), unidadeCondition(tenant, unidadeMoradores.unidadeId))),
              ),
        ),
      ),
    listSolicitacoes(db, tenant, { condominioId: id }, 1, 10),
  ]);
  return {
    ...toCondominio(row),
    unidades_count: units?.n ?? 0,
    pessoas_count: people?.n ?? 0,
    solicitacoes_recentes: recent.items.map(toSolicitacao),
  };
}

type Input = z.output<typeof condominioInputSchema>;
type UpdateInput = z.output<typeof condominioUpdateSchema>;

/** The columns of a body; a setting it leaves out (undefined) is not written. */
function columnsOf(input: Input | UpdateInput) {
  return {
    nome: input.nome,
    timezone: input.timezone,
    enabled: input.enabled,
    ...(input.espera_morador_segundos !== undefined && { esperaMoradorSegundos: input.espera_morador_segundos }),
    ...(input.notificar_todos_moradores !== undefined && { notificarTodosMoradores: input.notificar_todos_moradores }),
    ...(input.contato_morador !== undefined && { contatoMorador: input.contato_morador }),
    ...(input.retencao_dias !== undefined && { retencaoDias: input.retencao_dias }),
    ...(input.retencao_fotos_dias !== undefined && { retencaoFotosDias: input.retencao_fotos_dias }),
    ...(input.expiracao_solicitacao_minutos !== undefined && {
      expiracaoSolicitacaoMinutos: input.expiracao_solicitacao_minutos,
    }),
    ...(input.encomenda_lembrete_dias !== undefined && { encomendaLembreteDias: input.encomenda_lembrete_dias }),
    ...(input.encomenda_local_entrega !== undefined && { encomendaLocalEntrega: input.encomenda_local_entrega }),
    busca: buildSearchText([input.nome, input.timezone]),
  };
}

const AUDIT_FIELDS = [
  "nome",
  "timezone",
  "enabled",
  "esperaMoradorSegundos",
  "notificarTodosMoradores",
  "contatoMorador",
  "retencaoDias",
  "retencaoFotosDias",
  "expiracaoSolicitacaoMinutos",
  "encomendaLembreteDias",
  "encomendaLocalEntrega",
] as const;

function auditFields(r: typeof c.$inferSelect) {
  return Object.fromEntries(AUDIT_FIELDS.map((f) => [f, r[f]])) as Pick<typeof r, (typeof AUDIT_FIELDS)[number]>;
}

export async function create(db: Database, tenant: TenantContext, input: Input) {
  const row = await db.transaction(async (tx) => {
    // The plan's limit counts active condominiums (docs/decisions/045-plans-and-billing.md).
    if (input.enabled) await garantirLimite(tx, tenant.organizationId, "condominios");
    const [created] = await tx
      .insert(c)
      .values({ organizationId: tenant.organizationId, ...columnsOf(input) })
      .returning();
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "criar",
      entidade: "condominio",
      entidadeId: created!.id,
      resumo: `Cadastrou o condomínio ${created!.nome}`,
      depois: auditFields(created!),
    });
    return created;
  });
  return toCondominio(row!);
}

/** PUT: name, timezone and status as given; settings the body omits keep their current values. */
export async function update(db: Database, tenant: TenantContext, id: string, input: UpdateInput) {
  const row = await db.transaction(async (tx) => {
    const where = and(eq(c.organizationId, tenant.organizationId), eq(c.id, id));
    const [before] = await tx.select().from(c).where(where).for("update");
    if (!before) throw notFound(CONDOMINIO_NOT_FOUND);
    // Reactivating counts against the plan as creating does; what is active stays so when a plan shrinks.
    if (!before.enabled && input.enabled) await garantirLimite(tx, tenant.organizationId, "condominios");
    // Photos never outlive the rest of the visitor's data, whichever of the two the body changes.
    const fotosDias = input.retencao_fotos_dias ?? before.retencaoFotosDias;
    const dadosDias = input.retencao_dias ?? before.retencaoDias;
    if (fotosDias > dadosDias) {
      const message = retencaoFotosAcimaMessage(fotosDias, dadosDias);
      throw badRequest(message, [{ path: "retencao_fotos_dias", message }]);
    }
    const [updated] = await tx
      .update(c)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(where)
      .returning();
    // Settings (retention, residents' notice) included: every change is answerable.
    const diff = changes(auditFields(before), auditFields(updated!), AUDIT_FIELDS);
    if (diff) {
      await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
        acao: "alterar",
        entidade: "condominio",
        entidadeId: id,
        resumo: `Alterou o condomínio ${updated!.nome}`,
        ...diff,
      });
    }
    return updated!;
  });
  return toCondominio(row);
}

/** GET /:id/retencao: what the retention job would anonymise in this condominium now. */
export async function retencaoPreview(
  db: Database,
  tenant: TenantContext,
  id: string,
  now = new Date(),
): Promise<Retencao> {
  await findInTenant(db, tenant, id);
  const preview = await previewExpired(db, tenant.organizationId, id, now);
  if (!preview) throw notFound(CONDOMINIO_NOT_FOUND);
  return {
    retencao_dias: preview.retencaoDias,
    corte_em: iso(preview.corte),
    contagens: preview.contagens,
  };
}

/** POST /:id/retencao/executar: runs the retention job for this condominium, the user as the actor. */
export async function retencaoExecutar(
  db: Database,
  tenant: TenantContext,
  id: string,
  store: BlobStore,
  now = new Date(),
): Promise<Retencao> {
  const row = await findInTenant(db, tenant, id);
  const result = await anonymiseExpired(db, now, {
    organizationId: tenant.organizationId,
    condominioId: id,
    actor: actorOf(tenant),
    store,
  });
  return {
    retencao_dias: row.retencaoDias,
    corte_em: iso(retentionCutoff(row.retencaoDias, now)),
    contagens: {
      solicitacoes: result.solicitacoes,
      passes: result.passes,
      acessos: result.acessos,
      conversas: result.conversas,
      fotos: result.fotos,
      encomendas: result.encomendas,
      avisos_encomendas: result.avisos_encomendas,
      autorizados_encomendas: result.autorizados_encomendas,
      convidados_reservas: result.convidados_reservas,
      avisos_reservas: result.avisos_reservas,
    },
  };
}
