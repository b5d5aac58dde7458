import { and, desc, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { ApiKeyScope } from "../../../shared/domain";
import type { Chave, ChaveCriada } from "../../../shared/schemas/integracoes";
import { actorOf, recordAudit } from "../../audit/audit";
import { newApiKeySecret } from "../../auth/api-key";
import type { Database, Executor } from "../../db/client";
import { cappedCount, toPage } from "../../db/pagination";
import { apiKeys, user } from "../../db/schema";
import type { TenantContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { iso } from "../../http/serialize";

export const CHAVE_NOT_FOUND = "Chave de API não encontrada";

type Row = typeof apiKeys.$inferSelect;

async function toChaves(db: Executor, rows: Row[]): Promise<Chave[]> {
  const creatorIds = [...new Set(rows.map((r) => r.criadoPorUserId).filter((id): id is string => !!id))];
  const creators = creatorIds.length
    ? await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, creatorIds))
    : [];
  const nameOf = new Map(creators.map((u) => [u.id, u.name]));
  return rows.map((r) => ({
    id: r.id,
    nome: r.nome,
    prefixo: r.prefixo,
    escopos: r.escopos as ApiKeyScope[],
    criado_por: r.criadoPorUserId ? (nameOf.get(r.criadoPorUserId) ?? null) : null,
    created_at: iso(r.createdAt),
    ultimo_uso_em: iso(r.ultimoUsoEm),
    revogado_em: iso(r.revogadoEm),
  }));
}

export async function listChaves(
  db: Database,
  tenant: Pick<TenantContext, "organizationId">,
  q: { status?: "ativa" | "revogada"; page: number; page_size: number },
) {
  const conditions: (SQL | undefined)[] = [eq(apiKeys.organizationId, tenant.organizationId)];
  if (q.status === "ativa") conditions.push(isNull(apiKeys.revogadoEm));
  if (q.status === "revogada") conditions.push(isNotNull(apiKeys.revogadoEm));
  const where = and(...conditions)!;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(apiKeys)
      .where(where)
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    cappedCount(db, apiKeys, where),
  ]);
  return toPage(await toChaves(db, rows), counted, q.page, q.page_size);
}

/** Creates a key; its secret is in this answer and nowhere else, ever. */
/** Who changes keys, as the audit trail names them. */
type AuditedCaller = Pick<TenantContext, "organizationId" | "userId" | "user" | "ip">;

export async function createChave(
  db: Database,
  tenant: AuditedCaller,
  input: { nome: string; escopos: ApiKeyScope[] },
): Promise<ChaveCriada> {
  const { secret, prefix, hash } = newApiKeySecret();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({
        organizationId: tenant.organizationId,
        nome: input.nome,
        prefixo: prefix,
        hash,
        escopos: input.escopos,
        criadoPorUserId: tenant.userId,
      })
      .returning();
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "criar",
      entidade: "chave_api",
      entidadeId: created!.id,
      resumo: `Criou a chave de API "${input.nome}"`,
      depois: { nome: input.nome, escopos: input.escopos, prefixo: prefix },
    });
    return created;
  });
  const [chave] = await toChaves(db, [row!]);
  return { ...chave!, segredo: secret };
}

/** Revokes at once: the next request with the key is a 401 on every instance. */
export async function revokeChave(db: Database, tenant: AuditedCaller, id: string): Promise<Chave> {
  const row = await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revogadoEm: new Date(), revogadoPorUserId: tenant.userId })
      .where(and(eq(apiKeys.organizationId, tenant.organizationId), eq(apiKeys.id, id), isNull(apiKeys.revogadoEm)))
      .returning();
    if (!revoked) throw notFound(CHAVE_NOT_FOUND);
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "revogar",
      entidade: "chave_api",
      entidadeId: id,
      resumo: `Revogou a chave de API "${revoked.nome}"`,
    });
    return revoked;
  });
  const [chave] = await toChaves(db, [row]);
  return chave!;
}
