/**
 * A condominium's gates (docs/product.md, "Portões"; docs/decisions/034-gates.md): kept by staff on
 * the condominium's screen, named by requests, pass readings and the gate command. A gate is never
 * deleted (requests keep naming it); one out of use is made inactive, and new requests refuse it.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { PortaoTipo } from "../../../shared/domain";
import { type Portao, type portaoInputSchema, WHATSAPP_NUMERO_EM_USO } from "../../../shared/schemas/portoes";
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
const WHATSAPP_UNICO = "portoes_whatsapp_numero_uq";

type Row = typeof p.$inferSelect;
type Input = z.output<typeof portaoInputSchema>;

export function toPortao(r: Row): Portao {
  return { id: r.id, condominio_id: r.condominioId, nome: r.nome, tipo: r.tipo as PortaoTipo, ativo: r.ativo };
}

/**
 * Where the gate's phone line reaches Guarita: the "A call comes in" webhook (HTTP POST) of its
 * Twilio number (docs/product.md, "Portões"), on `base` (the public URL).
 */
export const vozUrlOf = (base: string, portaoId: string) =>
  `${base.replace(/\/+$/, "")}/api/webhooks/twilio/voz?portao=${encodeURIComponent(portaoId)}`;

/**
 * How a caller sees the gates: those who manage them (`linhaBase`: the public URL) also get the
 * WhatsApp number and the phone line's webhook; everyone else (null) the gate alone.
 */
export type Linha = string | null;

function present(r: Row, linhaBase: Linha): Portao {
  if (linhaBase === null) return toPortao(r);
  return { ...toPortao(r), whatsapp_numero_id: r.whatsappNumeroId, voz_url: vozUrlOf(linhaBase, r.id) };
}

function conflictOf(error: unknown): unknown {
  if (isUniqueViolation(error, NOME_UNICO)) return conflict(NOME_EM_USO);
  // Another gate's number, perhaps of another tenant: the message names neither.
  if (isUniqueViolation(error, WHATSAPP_UNICO)) return conflict(WHATSAPP_NUMERO_EM_USO);
  return error;
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
export async function list(
  db: Database,
  tenant: TenantContext,
  condominioId: string,
  linhaBase: Linha = null,
): Promise<Portao[]> {
  await assertCondominio(db, tenant, condominioId);
  const rows = await rowsOfCondominio(db, tenant.organizationId, condominioId);
  return rows.map((r) => present(r, linhaBase));
}

function rowsOfCondominio(db: Executor, organizationId: string, condominioId: string) {
  return db
    .select()
    .from(p)
    .where(and(eq(p.organizationId, organizationId), eq(p.condominioId, condominioId)))
    .orderBy(desc(p.ativo), asc(sql`lower(${p.nome})`), asc(p.id));
}

/** The same, for a caller already scoped (an API key, the attendant): the gates alone. */
export async function listOfCondominio(db: Executor, organizationId: string, condominioId: string) {
  return (await rowsOfCondominio(db, organizationId, condominioId)).map(toPortao);
}

export async function create(
  db: Database,
  tenant: TenantContext,
  condominioId: string,
  input: Input,
  linhaBase: Linha = null,
) {
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
          whatsappNumeroId: input.whatsapp_numero_id ?? null,
        })
        .returning();
      await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
        acao: "criar",
        entidade: "portao",
        entidadeId: row!.id,
        resumo: `Criou o portão ${row!.nome}`,
        depois: pick(row!),
      });
      return present(row!, linhaBase);
    });
  } catch (error) {
    throw conflictOf(error);
  }
}

const AUDIT_FIELDS = ["nome", "tipo", "ativo", "whatsappNumeroId"] as const;
const pick = (r: Row) => ({ nome: r.nome, tipo: r.tipo, ativo: r.ativo, whatsappNumeroId: r.whatsappNumeroId });

/** PUT: name, kind and status as given; a WhatsApp number the body omits stays as it is. */
export async function update(db: Database, tenant: TenantContext, id: string, input: Input, linhaBase: Linha = null) {
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
        .set({
          nome: input.nome,
          tipo: input.tipo,
          ativo: input.ativo,
          ...(input.whatsapp_numero_id !== undefined && { whatsappNumeroId: input.whatsapp_numero_id }),
          updatedAt: new Date(),
        })
        .where(where)
        .returning();
      const diff = changes(pick(before), pick(after!), AUDIT_FIELDS);
      if (diff) {
        await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
          acao: "alterar",
          entidade: "portao",
          entidadeId: id,
          resumo: `Alterou o portão ${after!.nome}`,
          ...diff,
        });
      }
      return present(after!, linhaBase);
    });
  } catch (error) {
    throw conflictOf(error);
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
