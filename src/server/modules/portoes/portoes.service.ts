/**
 * A condominium's gates (docs/product.md, "Portões"; docs/decisions/034-gates.md): kept by staff on
 * the condominium's screen, named by requests, pass readings and the gate command. A gate is never
 * deleted (requests keep naming it); one out of use is made inactive, and new requests refuse it.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { PortaoTipo } from "../../../shared/domain";
import type { Portao, portaoInputSchema } from "../../../shared/schemas/portoes";
import { actorOf, changes, recordAudit } from "../../audit/audit";
import { condominioCondition } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import { condominios, portoes as p } from "../../db/schema";
import type { TenantContext } from "../../http/context";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../http/errors";

export const PORTAO_NOT_FOUND = "Portão não encontrado";
const CONDOMINIO_NOT_FOUND = "Condomínio não encontrado";
const NOME_EM_USO = "Já existe um portão com este nome neste condomínio";
const NOME_UNICO = "portoes_condominio_nome_uq";

type Row = typeof p.$inferSelect;
type Input = z.output<typeof portaoInputSchema>;

export function toPortao(r: Row): Portao {
  return { id: r.id, condominio_id: r.condominioId, nome: r.nome, tipo: r.tipo as PortaoTipo, ativo: r.ativo };
}

async function assertCondominio(db: Executor, tenant: TenantContext, condominioId: string) {
  const [row] = await db
    .select({ id: condominios.id })
    .from(condominios)
    .where(
      and(
        eq(condominios.organizationId, tenant.organizationId),
        condominioCondition(tenant, condominios.id),
        eq(condominios.id, condominioId),
      ),
    );
  if (!row) throw notFound(CONDOMINIO_NOT_FOUND);
}

/** A condominium's gates, active first, then by name. */
export async function list(db: Database, tenant: TenantContext, condominioId: string): Promise<Portao[]> {
  await assertCondominio(db, tenant, condominioId);
  return listOfCondominio(db, tenant.organizationId, condominioId);
}

/** The same, for a caller already scoped (an API key, the attendant). */
export async function listOfCondominio(db: Executor, organizationId: string, condominioId: string) {
  const rows = await db
    .select()
    .from(p)
    .where(and(eq(p.organizationId, organizationId), eq(p.condominioId, condominioId)))
    .orderBy(desc(p.ativo), asc(sql`lower(${p.nome})`), asc(p.id));
  return rows.map(toPortao);
}

export async function create(db: Database, tenant: TenantContext, condominioId: string, input: Input) {
  try {
    return await db.transaction(async (tx) => {
      await assertCondominio(tx, tenant, condominioId);
      const [row] = await tx
        .insert(p)
        .values({
          organizationId: tenant.organizationId,
          condominioId,
          nome: input.nome,
          tipo: input.tipo,
          ativo: input.ativo,
        })
        .returning();
      await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
        acao: "criar",
        entidade: "portao",
        entidadeId: row!.id,
        resumo: `Criou o portão ${row!.nome}`,
        depois: { nome: row!.nome, tipo: row!.tipo, ativo: row!.ativo },
      });
      return toPortao(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error, NOME_UNICO)) throw conflict(NOME_EM_USO);
    throw error;
  }
}

export async function update(db: Database, tenant: TenantContext, id: string, input: Input) {
  try {
    return await db.transaction(async (tx) => {
      // Staff of other condominiums (an assigned porteiro's scope) do not reach this one's gates.
      const where = and(
        eq(p.organizationId, tenant.organizationId),
        condominioCondition(tenant, p.condominioId),
        eq(p.id, id),
      );
      const [before] = await tx.select().from(p).where(where).for("update");
      if (!before) throw notFound(PORTAO_NOT_FOUND);
      const [after] = await tx
        .update(p)
        .set({ nome: input.nome, tipo: input.tipo, ativo: input.ativo, updatedAt: new Date() })
        .where(where)
        .returning();
      const fields = ["nome", "tipo", "ativo"] as const;
      const pick = (r: Row) => ({ nome: r.nome, tipo: r.tipo, ativo: r.ativo });
      const diff = changes(pick(before), pick(after!), fields);
      if (diff) {
        await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
          acao: "alterar",
          entidade: "portao",
          entidadeId: id,
          resumo: `Alterou o portão ${after!.nome}`,
          ...diff,
        });
      }
      return toPortao(after!);
    });
  } catch (error) {
    if (isUniqueViolation(error, NOME_UNICO)) throw conflict(NOME_EM_USO);
    throw error;
  }
}

/** A gate as a call names it: by id, or by its name (any case), as integrations did before gates existed. */
export interface PortaoRef {
  portao_id?: string;
  portao?: string;
}

/**
 * The active gate of this condominium a call names, or null when it names none. A gate of another
 * condominium, an inactive one or an unknown name is refused (400, naming the field), so no request
 * or reading points at a gate the condominium does not have.
 */
export async function resolvePortao(
  db: Executor,
  organizationId: string,
  condominioId: string,
  ref: PortaoRef,
): Promise<{ id: string; nome: string } | null> {
  if (!ref.portao_id && !ref.portao) return null;
  const [row] = await db
    .select({ id: p.id, nome: p.nome })
    .from(p)
    .where(
      and(
        eq(p.organizationId, organizationId),
        eq(p.condominioId, condominioId),
        eq(p.ativo, true),
        ref.portao_id ? eq(p.id, ref.portao_id) : sql`lower(${p.nome}) = lower(${ref.portao})`,
      ),
    );
  if (row) return row;
  const field = ref.portao_id ? "portao_id" : "portao";
  const message = ref.portao_id
    ? "Portão não encontrado entre os portões ativos deste condomínio"
    : `Não há portão ativo chamado “${ref.portao}” neste condomínio (veja GET /api/v1/portoes)`;
  throw badRequest(message, [{ path: field, message }]);
}
