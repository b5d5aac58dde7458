/**
 * Webhook subscriptions of a tenant and their deliveries (docs/decisions/020-webhooks.md). Every
 * read and write is filtered by the caller's tenant: another tenant's id is "not found".
 */

import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { WebhookEntregaStatus, WebhookEvento } from "../../../shared/domain";
import type {
  Webhook,
  WebhookComSegredo,
  WebhookEntrega,
  WebhookInput,
  WebhookUpdate,
} from "../../../shared/schemas/webhooks";
import { actorOf, changes, recordAudit } from "../../audit/audit";
import type { Database, Executor } from "../../db/client";
import { cappedCount, toPage } from "../../db/pagination";
import { webhookEntregas as e, webhookTentativas as t, webhookAssinaturas as w } from "../../db/schema";
import type { TenantContext } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { webhookUrlProblem } from "../../webhooks/address-guard";
import { RETRY_WINDOW_MS, WEBHOOKS_CHANNEL } from "../../webhooks/outbox";
import { newWebhookSecret, secretPrefix } from "../../webhooks/signature";

export const WEBHOOK_NOT_FOUND = "Webhook não encontrado";
export const ENTREGA_NOT_FOUND = "Entrega não encontrada";
export const MAX_WEBHOOKS = 20;

type Caller = Pick<TenantContext, "organizationId" | "userId" | "user" | "ip">;

/** A tenant's webhook that was not deleted (deleted ones stay for the timelines' history). */
const own = (organizationId: string, id?: string) =>
  and(eq(w.organizationId, organizationId), isNull(w.excluidoEm), id ? eq(w.id, id) : undefined);
type Row = typeof w.$inferSelect;

async function toWebhooks(db: Executor, rows: Row[]): Promise<Webhook[]> {
  if (rows.length === 0) return [];
  // The latest delivery of each subscription, in one statement.
  const latest = await db
    .selectDistinctOn([e.assinaturaId], {
      assinaturaId: e.assinaturaId,
      status: e.status,
      statusHttp: e.ultimoStatusHttp,
      createdAt: e.createdAt,
    })
    .from(e)
    .where(
      inArray(
        e.assinaturaId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(e.assinaturaId, desc(e.createdAt), desc(e.id));
  const latestOf = new Map(latest.map((l) => [l.assinaturaId, l]));
  return rows.map((r) => {
    const last = latestOf.get(r.id);
    return {
      id: r.id,
      url: r.url,
      descricao: r.descricao,
      eventos: r.eventos as WebhookEvento[],
      ativa: r.ativa,
      segredo_prefixo: secretPrefix(r.segredo),
      created_at: iso(r.createdAt),
      ultima_entrega: last
        ? { status: last.status as WebhookEntregaStatus, status_http: last.statusHttp, em: iso(last.createdAt) }
        : null,
    };
  });
}

function checkUrl(url: string, allowPrivate: boolean) {
  const problem = webhookUrlProblem(url, allowPrivate);
  if (problem) throw badRequest(problem, [{ path: "url", message: problem }]);
}

async function findOwn(db: Executor, organizationId: string, id: string) {
  const [row] = await db.select().from(w).where(own(organizationId, id));
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

export async function listWebhooks(db: Database, caller: Pick<Caller, "organizationId">) {
  const rows = await db
    .select()
    .from(w)
    .where(own(caller.organizationId))
    .orderBy(desc(w.createdAt), desc(w.id))
    .limit(MAX_WEBHOOKS);
  return { items: await toWebhooks(db, rows) };
}

export async function createWebhook(
  db: Database,
  caller: Caller,
  input: WebhookInput & { eventos: WebhookEvento[] },
  allowPrivate: boolean,
): Promise<WebhookComSegredo> {
  checkUrl(input.url, allowPrivate);
  const segredo = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    // Counted under the tenant's lock, so two parallel creations cannot both pass the limit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${caller.organizationId}`}))`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(w)
      .where(own(caller.organizationId));
    if (n >= MAX_WEBHOOKS) throw conflict(`Limite de ${MAX_WEBHOOKS} webhooks por cliente atingido.`);
    const [created] = await tx
      .insert(w)
      .values({
        organizationId: caller.organizationId,
        url: input.url,
        descricao: input.descricao ?? null,
        eventos: input.eventos,
        segredo,
        criadoPorUserId: caller.userId,
      })
      .returning();
    await recordAudit(tx, caller.organizationId, actorOf(caller), {
      acao: "criar",
      entidade: "webhook",
      entidadeId: created!.id,
      resumo: `Criou o webhook ${input.url}`,
      depois: { url: input.url, descricao: input.descricao ?? null, eventos: input.eventos },
    });
    return created!;
  });
  const [webhook] = await toWebhooks(db, [row]);
  return { ...webhook!, segredo };
}

export async function updateWebhook(
  db: Database,
  caller: Caller,
  id: string,
  patch: WebhookUpdate & { eventos?: WebhookEvento[] },
  allowPrivate: boolean,
): Promise<Webhook> {
  if (patch.url !== undefined) checkUrl(patch.url, allowPrivate);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(w).where(own(caller.organizationId, id)).for("update");
    if (!before) throw notFound(WEBHOOK_NOT_FOUND);
    const next = {
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.descricao !== undefined ? { descricao: patch.descricao } : {}),
      ...(patch.eventos !== undefined ? { eventos: patch.eventos } : {}),
      ...(patch.ativa !== undefined ? { ativa: patch.ativa } : {}),
    };
    const [updated] = await tx
      .update(w)
      .set({ ...next, updatedAt: sql`now()` })
      .where(own(caller.organizationId, id))
      .returning();
    const diff = changes(before, next, ["url", "descricao", "eventos", "ativa"]);
    if (diff) {
      await recordAudit(tx, caller.organizationId, actorOf(caller), {
        acao: "alterar",
        entidade: "webhook",
        entidadeId: id,
        resumo: `Alterou o webhook ${updated!.url}`,
        ...diff,
      });
    }
    return updated!;
  });
  const [webhook] = await toWebhooks(db, [row]);
  return webhook!;
}

/**
 * Hides the webhook and stops its deliveries (pending ones end as `falhou`). The rows stay, so a
 * request's timeline still shows where its gate command went.
 */
export async function deleteWebhook(db: Database, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .update(w)
      .set({ excluidoEm: sql`now()`, ativa: false, updatedAt: sql`now()` })
      .where(own(caller.organizationId, id))
      .returning({ id: w.id });
    if (deleted.length === 0) throw notFound(WEBHOOK_NOT_FOUND);
    await recordAudit(tx, caller.organizationId, actorOf(caller), {
      acao: "excluir",
      entidade: "webhook",
      entidadeId: id,
      resumo: "Excluiu um webhook",
    });
    await tx
      .update(e)
      .set({ status: "falhou", ultimoErro: "Webhook excluído antes da entrega" })
      .where(and(eq(e.assinaturaId, id), eq(e.status, "pendente")));
  });
}

/** A new secret; deliveries from now on are signed with it (pending ones included). */
export async function rotateSecret(db: Database, caller: Caller, id: string): Promise<WebhookComSegredo> {
  const segredo = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const [rotated] = await tx
      .update(w)
      .set({ segredo, updatedAt: sql`now()` })
      .where(own(caller.organizationId, id))
      .returning();
    if (!rotated) throw notFound(WEBHOOK_NOT_FOUND);
    await recordAudit(tx, caller.organizationId, actorOf(caller), {
      acao: "alterar",
      entidade: "webhook",
      entidadeId: id,
      resumo: `Gerou um novo segredo para o webhook ${rotated.url}`,
    });
    return rotated;
  });
  const [webhook] = await toWebhooks(db, [row]);
  return { ...webhook!, segredo };
}

async function toEntregas(db: Executor, rows: (typeof e.$inferSelect)[]): Promise<WebhookEntrega[]> {
  const attempts = rows.length
    ? await db
        .select()
        .from(t)
        .where(
          inArray(
            t.entregaId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(t.entregaId, t.createdAt)
    : [];
  const byDelivery = new Map<string, typeof attempts>();
  for (const a of attempts) byDelivery.set(a.entregaId, [...(byDelivery.get(a.entregaId) ?? []), a]);
  return rows.map((r) => ({
    id: r.id,
    evento_id: r.eventoId,
    tipo: r.tipo as WebhookEvento,
    status: r.status as WebhookEntregaStatus,
    tentativas: r.tentativas,
    ultimo_status_http: r.ultimoStatusHttp,
    ultimo_erro: r.ultimoErro,
    proxima_tentativa_em: r.status === "pendente" ? iso(r.proximaTentativaEm) : null,
    created_at: iso(r.createdAt),
    entregue_em: iso(r.entregueEm),
    historico: (byDelivery.get(r.id) ?? []).map((a) => ({
      status_http: a.statusHttp,
      erro: a.erro,
      duracao_ms: a.duracaoMs,
      created_at: iso(a.createdAt),
    })),
    corpo: r.corpo,
  }));
}

export async function listEntregas(
  db: Database,
  caller: Pick<Caller, "organizationId">,
  assinaturaId: string,
  q: { status?: WebhookEntregaStatus; page: number; page_size: number },
) {
  await findOwn(db, caller.organizationId, assinaturaId);
  const conditions: (SQL | undefined)[] = [
    eq(e.organizationId, caller.organizationId),
    eq(e.assinaturaId, assinaturaId),
    q.status ? eq(e.status, q.status) : undefined,
  ];
  const where = and(...conditions)!;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(e)
      .where(where)
      .orderBy(desc(e.createdAt), desc(e.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    cappedCount(db, e, where),
  ]);
  return toPage(await toEntregas(db, rows), counted, q.page, q.page_size);
}

/** Sends a delivery again now, whatever its status; retries go on for another 24 hours. */
export async function redeliver(
  db: Database,
  caller: Pick<Caller, "organizationId">,
  assinaturaId: string,
  entregaId: string,
): Promise<WebhookEntrega> {
  await findOwn(db, caller.organizationId, assinaturaId);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(e)
      .set({
        status: "pendente",
        proximaTentativaEm: sql`now()`,
        tentarAte: sql`now() + make_interval(secs => ${RETRY_WINDOW_MS / 1000})`,
        entregueEm: null,
      })
      .where(and(eq(e.organizationId, caller.organizationId), eq(e.assinaturaId, assinaturaId), eq(e.id, entregaId)))
      .returning();
    if (!updated) throw notFound(ENTREGA_NOT_FOUND);
    await tx.execute(sql`SELECT pg_notify(${WEBHOOKS_CHANNEL}, ${caller.organizationId})`);
    return updated;
  });
  const [entrega] = await toEntregas(db, [row]);
  return entrega!;
}
