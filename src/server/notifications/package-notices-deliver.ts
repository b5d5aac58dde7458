/**
 * Sending the residents' package notices (docs/decisions/043-deliveries.md): the `encomenda_avisos`
 * outbox, sent like the residents' messages about visitors (deliver.ts): a lease per claimed row
 * (FOR UPDATE SKIP LOCKED across instances), the outcome written only while the lease is ours,
 * retries with backoff while the provider may accept later.
 *
 * A notice carries the batch's pickup code. The demo channel keeps the text for the package's
 * detail: with the code on the demo tenant (its panel is how the demo resident reads it), with the
 * code masked elsewhere (GUARITA_DEMO=true), as deliver.ts cuts the links.
 *
 * A channel that cannot carry a package notice for the tenant (no keys and no demo; WhatsApp
 * without its package template; a call never does) sends nothing: the notice is marked "WhatsApp
 * não configurado" and the same resident is told on a channel that works. A notice whose packages
 * all left before it went out sends nothing. Each outcome is an `encomenda.atualizada` event, so
 * the package's detail shows the notice's status live.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type {
  AvisoEncomendaMotivo,
  CanalNotificacao,
  CanalPreferido,
  EncomendaStatus,
  Transportadora,
} from "../../shared/domain";
import { TRANSPORTADORA_LABELS } from "../../shared/schemas/encomendas";
import { unidadeLabel } from "../../shared/schemas/unidades";
import type { Database, DatabaseHandle, Executor, Unlisten } from "../db/client";
import {
  condominios,
  encomendaAvisos,
  encomendaLotes,
  encomendas,
  organization,
  pessoas,
  unidades,
} from "../db/schema";
import { DEMO_TENANT_SLUG } from "../demo-guard";
import { coalescedRunner } from "../jobs/coalesced-run";
import { recordEvent } from "../realtime/events";
import { ChannelError, type NotificationChannel, type PackageNotice } from "./channels/channel";
import type { Channels } from "./channels/index";
import { demoPackageWhatsAppText, MASKED_PICKUP_CODE, packageSmsText } from "./channels/message-text";
import { MAX_TENTATIVAS, notConfiguredError } from "./deliver";
import { AVISOS_CHANNEL } from "./package-notices";
import { contactOf } from "./residents";

const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000];
const LEASE_MS = 120_000;
const SEND_TIMEOUT_MS = 30_000;
const PARALLEL = 8;
const ms = (n: number) => sql`make_interval(secs => ${n / 1000})`;

/** Where a notice sends the resident: their packages in the console. */
export const ENCOMENDAS_CONSOLE_PATH = "/app/encomendas";

export interface PackageNoticeDeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
  /** Notices not sent because their packages left (or, for a perishable's, a resident acknowledged). */
  skipped: number;
  /** Notices on a channel that cannot carry them for their tenant (not sent, "WhatsApp não configurado"). */
  off: number;
}

type Claimed = typeof encomendaAvisos.$inferSelect;

interface BatchContext {
  id: string;
  organizationId: string;
  codigo: string;
  cienteEm: Date | null;
  unidadeId: string;
  condominioId: string;
  unidadeCodigo: string;
  torre: string | null;
  condominio: string;
  tenantSlug: string;
  packages: {
    id: string;
    status: string;
    transportadora: string;
    transportadoraOutra: string | null;
    local: string | null;
    perecivel: boolean;
  }[];
}

/** The channel that sends a package notice for the tenant, or null when it is off for packages. */
function noticeChannel(channels: Channels, canal: CanalNotificacao, demoTenant: boolean): NotificationChannel | null {
  const channel = channels.for(canal, { demo: demoTenant });
  return channel?.sendNotice ? channel : null;
}

/** Why a notice's channel is off: no keys at all, or a provider that carries no package notice. */
function offReason(channels: Channels, canal: CanalNotificacao, demoTenant: boolean): string {
  if (canal === "ligacao") return "Ligação não é usada para avisos de encomenda";
  return channels.for(canal, { demo: demoTenant })
    ? `${notConfiguredError(canal)} para encomendas`
    : notConfiguredError(canal);
}

/** The text the demo panel keeps: the code whole on the demo tenant only. */
function demoText(canal: CanalNotificacao, notice: PackageNotice, demoTenant: boolean): string | null {
  const shown = demoTenant ? notice : { ...notice, pickupCode: MASKED_PICKUP_CODE };
  if (canal === "whatsapp") return demoPackageWhatsAppText(shown);
  if (canal === "sms") return packageSmsText(shown);
  return null;
}

/** One package of the batch for the event that refreshes the screens showing it. */
async function recordNoticeEvent(tx: Executor, ctx: BatchContext) {
  const pkg = ctx.packages.find((p) => p.status === "aguardando") ?? ctx.packages[0];
  if (!pkg) return;
  await recordEvent(tx, ctx.organizationId, {
    type: "encomenda.atualizada",
    visita: { unidade_id: ctx.unidadeId, nome_visitante: "" },
    condominioId: ctx.condominioId,
    encomenda: { id: pkg.id, lote_id: ctx.id, status: pkg.status as EncomendaStatus, acao: "atualizada" },
  });
}

async function batchContexts(db: Database, loteIds: string[]): Promise<Map<string, BatchContext>> {
  const [lotes, items] = await Promise.all([
    db
      .select({
        id: encomendaLotes.id,
        organizationId: encomendaLotes.organizationId,
        codigo: encomendaLotes.codigoRetirada,
        cienteEm: encomendaLotes.cienteEm,
        unidadeId: encomendaLotes.unidadeId,
        condominioId: encomendaLotes.condominioId,
        unidadeCodigo: unidades.codigo,
        torre: unidades.torre,
        condominio: condominios.nome,
        tenantSlug: organization.slug,
      })
      .from(encomendaLotes)
      .innerJoin(unidades, eq(unidades.id, encomendaLotes.unidadeId))
      .innerJoin(condominios, eq(condominios.id, encomendaLotes.condominioId))
      .innerJoin(organization, eq(organization.id, encomendaLotes.organizationId))
      .where(inArray(encomendaLotes.id, loteIds)),
    db
      .select({
        id: encomendas.id,
        loteId: encomendas.loteId,
        status: encomendas.status,
        transportadora: encomendas.transportadora,
        transportadoraOutra: encomendas.transportadoraOutra,
        local: encomendas.local,
        perecivel: encomendas.perecivel,
      })
      .from(encomendas)
      .where(inArray(encomendas.loteId, loteIds))
      .orderBy(asc(encomendas.createdAt), asc(encomendas.id)),
  ]);
  const contexts = new Map<string, BatchContext>(
    lotes.map((l) => [l.id, { ...l, tenantSlug: l.tenantSlug ?? "", packages: [] }]),
  );
  for (const item of items) contexts.get(item.loteId)?.packages.push(item);
  return contexts;
}

/** What the notice says: the packages still waiting, their carriers and place, the code. */
function noticeOf(row: Claimed, ctx: BatchContext, consoleUrl: string): PackageNotice | null {
  const waiting = ctx.packages.filter((p) => p.status === "aguardando");
  if (waiting.length === 0) return null;
  const carriers = waiting.map((p) =>
    p.transportadora === "outra"
      ? p.transportadoraOutra || TRANSPORTADORA_LABELS.outra
      : TRANSPORTADORA_LABELS[p.transportadora as Transportadora],
  );
  const places = [...new Set(waiting.map((p) => p.local?.trim()).filter((p): p is string => !!p))];
  return {
    to: row.destino,
    residentName: row.pessoaNome,
    unitLabel: unidadeLabel({ codigo: ctx.unidadeCodigo, torre: ctx.torre }),
    condominiumName: ctx.condominio,
    motivo: row.motivo as AvisoEncomendaMotivo,
    count: waiting.length,
    // Packages of one batch share their arrival time: carriers in a stable order, by name.
    carriers: [...new Set(carriers)].sort((a, b) => a.localeCompare(b, "pt-BR")),
    perishable: waiting.some((p) => p.perecivel),
    pickupCode: ctx.codigo,
    place: places.length > 0 ? places.join(", ") : null,
    consoleUrl,
  };
}

/**
 * A notice whose channel is off for packages: marked failed (nothing sent, nothing stored as
 * sent), and the same resident told on a channel that works, in one transaction.
 */
async function channelOff(
  db: Database,
  channels: Channels,
  row: Claimed,
  ctx: BatchContext,
  demoTenant: boolean,
): Promise<"lost" | "fallback" | "none"> {
  const canal = row.canal as CanalNotificacao;
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(encomendaAvisos)
      .set({ status: "falhou", ultimoErro: offReason(channels, canal, demoTenant) })
      .where(
        and(
          eq(encomendaAvisos.id, row.id),
          eq(encomendaAvisos.status, "pendente"),
          eq(encomendaAvisos.proximaTentativaEm, row.proximaTentativaEm),
        ),
      )
      .returning({ id: encomendaAvisos.id });
    if (marked.length === 0) return "lost";
    const [person] = row.pessoaId
      ? await tx
          .select({ telefoneE164: pessoas.telefoneE164, email: pessoas.email, canalPreferido: pessoas.canalPreferido })
          .from(pessoas)
          .where(and(eq(pessoas.id, row.pessoaId), eq(pessoas.organizationId, row.organizationId)))
      : [];
    const other = person
      ? contactOf(
          { ...person, canalPreferido: person.canalPreferido as CanalPreferido | null },
          (c) => c !== canal && noticeChannel(channels, c, demoTenant) !== null,
        )
      : null;
    if (other) {
      await tx.insert(encomendaAvisos).values({
        organizationId: row.organizationId,
        loteId: row.loteId,
        pessoaId: row.pessoaId,
        pessoaNome: row.pessoaNome,
        motivo: row.motivo,
        canal: other.canal,
        destino: other.destino,
      });
      await tx.execute(sql`SELECT pg_notify(${AVISOS_CHANNEL}, ${row.organizationId})`);
    }
    await recordNoticeEvent(tx, ctx);
    return other ? "fallback" : "none";
  });
}

export async function deliverDuePackageNotices(deps: {
  db: Database;
  channels: Channels;
  /** Origin of the console's link (PUBLIC_URL). */
  linkBase: string;
  logger: Logger;
  limit?: number;
}): Promise<PackageNoticeDeliveryResult> {
  const { db, logger } = deps;
  const result: PackageNoticeDeliveryResult = { sent: 0, retrying: 0, failed: 0, skipped: 0, off: 0 };
  const limit = deps.limit ?? 200;
  const consoleUrl = `${deps.linkBase.replace(/\/$/, "")}${ENCOMENDAS_CONSOLE_PATH}`;
  let handled = 0;
  while (handled < limit) {
    const due = db
      .select({ id: encomendaAvisos.id })
      .from(encomendaAvisos)
      .where(and(eq(encomendaAvisos.status, "pendente"), lte(encomendaAvisos.proximaTentativaEm, sql`now()`)))
      .orderBy(encomendaAvisos.proximaTentativaEm)
      .limit(Math.min(PARALLEL, limit - handled))
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(encomendaAvisos)
      .set({ proximaTentativaEm: sql`date_trunc('milliseconds', now() + ${ms(LEASE_MS)})` })
      .where(inArray(encomendaAvisos.id, due))
      .returning();
    if (claimed.length === 0) break;
    handled += claimed.length;
    const contexts = await batchContexts(db, [...new Set(claimed.map((r) => r.loteId))]);

    await Promise.all(
      claimed.map(async (row) => {
        const ours = and(
          eq(encomendaAvisos.id, row.id),
          eq(encomendaAvisos.status, "pendente"),
          eq(encomendaAvisos.proximaTentativaEm, row.proximaTentativaEm),
        );
        const ctx = contexts.get(row.loteId);
        const notice = ctx ? noticeOf(row, ctx, consoleUrl) : null;
        // A perishable's repeat is moot once a resident said "Ciente".
        const moot = row.motivo === "perecivel" && ctx?.cienteEm != null;
        if (!ctx || !notice || moot) {
          await db.transaction(async (tx) => {
            const marked = await tx
              .update(encomendaAvisos)
              .set({
                status: "falhou",
                ultimoErro: moot
                  ? "Não enviado: um morador já confirmou que está ciente"
                  : "Não enviado: as encomendas já foram retiradas ou devolvidas",
              })
              .where(ours)
              .returning({ id: encomendaAvisos.id });
            if (marked.length > 0 && ctx) await recordNoticeEvent(tx, ctx);
          });
          result.skipped++;
          return;
        }
        const demoTenant = ctx.tenantSlug === DEMO_TENANT_SLUG;
        const canal = row.canal as CanalNotificacao;
        const channel = noticeChannel(deps.channels, canal, demoTenant);
        if (!channel?.sendNotice) {
          const outcome = await channelOff(db, deps.channels, row, ctx, demoTenant);
          if (outcome !== "lost") result.off++;
          return;
        }
        let error: unknown = null;
        let providerMessageId: string | null = null;
        try {
          ({ providerMessageId } = await channel.sendNotice(notice, AbortSignal.timeout(SEND_TIMEOUT_MS)));
        } catch (e) {
          error = e;
        }
        const tentativas = row.tentativas + 1;
        if (!error) {
          await db.transaction(async (tx) => {
            const marked = await tx
              .update(encomendaAvisos)
              .set({
                status: "enviada",
                tentativas,
                enviadaEm: sql`now()`,
                provedorMensagemId: providerMessageId,
                demo: channel.demo,
                mensagem: channel.demo ? demoText(channel.canal, notice, demoTenant) : null,
                ultimoErro: null,
              })
              .where(ours)
              .returning({ id: encomendaAvisos.id });
            if (marked.length > 0) await recordNoticeEvent(tx, ctx);
          });
          result.sent++;
          return;
        }
        const retryable = !(error instanceof ChannelError) || error.retryable;
        // The code never reaches a stored error (staff read it on the detail, and they never see the code).
        const reason = (error instanceof Error ? error.message : String(error))
          .split(ctx.codigo)
          .join(MASKED_PICKUP_CODE)
          .slice(0, 500);
        const giveUp = !retryable || tentativas >= MAX_TENTATIVAS;
        await db.transaction(async (tx) => {
          const marked = await tx
            .update(encomendaAvisos)
            .set({
              tentativas,
              ultimoErro: reason,
              ...(giveUp
                ? { status: "falhou" }
                : {
                    proximaTentativaEm: sql`now() + ${ms(RETRY_DELAYS_MS[Math.min(tentativas, RETRY_DELAYS_MS.length) - 1]!)}`,
                  }),
            })
            .where(ours)
            .returning({ id: encomendaAvisos.id });
          if (marked.length > 0 && giveUp) await recordNoticeEvent(tx, ctx);
        });
        const log = { id: row.id, canal: row.canal, tentativas, erro: reason };
        if (giveUp) {
          result.failed++;
          logger.warn(log, "aviso de encomenda ao morador não enviado");
        } else {
          result.retrying++;
          logger.info(log, "aviso de encomenda ao morador não enviado; nova tentativa agendada");
        }
      }),
    );
  }
  return result;
}

export interface PackageNoticeSender {
  /** Sends what is due; resolves after a run that started after the call. */
  deliverDue(): Promise<PackageNoticeDeliveryResult>;
  kick(): void;
  /** LISTEN on the outbox's channel: a notice enqueued anywhere is sent at once. */
  watch(): Promise<Unlisten>;
  close(): Promise<void>;
}

/** One run at a time per process (instances coordinate in the database), kicked by NOTIFY and a timer. */
export function createPackageNoticeSender(options: {
  db: Database;
  channels: Channels;
  linkBase: string;
  logger: Logger;
  listen?: DatabaseHandle["listen"];
}): PackageNoticeSender {
  const log = options.logger.child({ component: "encomenda-avisos" });
  let closed = false;
  const sender = coalescedRunner(() =>
    deliverDuePackageNotices({ db: options.db, channels: options.channels, linkBase: options.linkBase, logger: log }),
  );
  const deliverDue = () =>
    closed ? Promise.resolve({ sent: 0, retrying: 0, failed: 0, skipped: 0, off: 0 }) : sender.runNow();
  const kick = () => {
    if (closed) return;
    deliverDue().catch((error) => log.error({ err: error }, "falha ao enviar avisos de encomenda aos moradores"));
  };
  return {
    deliverDue,
    kick,
    async watch() {
      if (!options.listen) throw new Error("createPackageNoticeSender: watch() precisa de listen");
      return options.listen(AVISOS_CHANNEL, kick, kick);
    },
    async close() {
      closed = true;
      await sender.settled();
    },
  };
}
