/**
 * The residents' notices outboxes: package notices (`encomenda_avisos`, docs/decisions/043-deliveries.md)
 * and booking notices (`reserva_avisos`, docs/decisions/044-common-area-bookings.md) leave the same
 * way, sent like the residents' messages about visitors (deliver.ts): a lease per claimed row
 * (FOR UPDATE SKIP LOCKED across instances), the outcome written only while the lease is ours,
 * retries with backoff while the provider may accept later.
 *
 * A channel that cannot carry the kind of notice for the tenant (no keys and no demo; WhatsApp
 * without that kind's template; a call never does) sends nothing: the notice is marked "WhatsApp
 * não configurado" and the same resident is told on a channel that works, in one transaction. On
 * the demo channel the text the resident would read is kept for the screens. Each outcome refreshes
 * the screens that show the notice (an event the kind records).
 *
 * What differs between the kinds (the subject a notice is about, what it says, when it is moot,
 * what staff may read of a provider's error, the event) is the `NoticeOutbox` each kind describes;
 * the two tables have the same columns but for the subject's.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { CanalNotificacao, CanalPreferido } from "../../shared/domain";
import type { Database, DatabaseHandle, Executor, Unlisten } from "../db/client";
import { pessoas } from "../db/schema";
import { DEMO_TENANT_SLUG } from "../demo-guard";
import { coalescedRunner } from "../jobs/coalesced-run";
import { ChannelError, carriesNotice, type NotificationChannel, type ResidentNotice } from "./channels/channel";
import type { Channels } from "./channels/index";
import { MAX_TENTATIVAS, notConfiguredError } from "./deliver";
import { contactOf } from "./residents";

const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000];
const LEASE_MS = 120_000;
const SEND_TIMEOUT_MS = 30_000;
const PARALLEL = 8;
const ms = (n: number) => sql`make_interval(secs => ${n / 1000})`;

/** One claimed notice, whatever its kind. */
export interface OutboxRow {
  id: string;
  organizationId: string;
  /** The batch (lote_id) or the booking (reserva_id) the notice is about. */
  subjectId: string;
  pessoaId: string | null;
  pessoaNome: string;
  motivo: string;
  canal: CanalNotificacao;
  destino: string;
  tentativas: number;
  /** The lease's end as the database wrote it: an outcome is written only while it is unchanged. */
  lease: string;
}

export interface NoticeDeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
  /** Notices not sent because what they said no longer holds (the packages left, the booking was cancelled…). */
  skipped: number;
  /** Notices on a channel that cannot carry them for their tenant (not sent, "WhatsApp não configurado"). */
  off: number;
}

/** What one kind of notice brings to the shared outbox mechanics. */
export interface NoticeOutbox<Ctx, N extends ResidentNotice> {
  kind: N["kind"];
  table: "encomenda_avisos" | "reserva_avisos";
  subjectColumn: "lote_id" | "reserva_id";
  /** The NOTIFY channel an enqueue signals (and a fallback notice). */
  notifyChannel: string;
  /** "encomendas": "WhatsApp não configurado para encomendas" when WhatsApp has keys but not the kind's template. */
  offNoun: string;
  /** "encomenda": "Ligação não é usada para avisos de encomenda". */
  callNoun: string;
  /** "aviso de encomenda ao morador", for the log. */
  logLabel: string;
  /** The subjects of the claimed notices (batches, bookings) with what their notices say. */
  contexts(db: Database, subjectIds: string[]): Promise<Map<string, Ctx>>;
  tenantSlug(ctx: Ctx): string;
  /** The notice to send, or why it is no longer sent (the subject is gone when `ctx` is undefined). */
  notice(row: OutboxRow, ctx: Ctx | undefined, linkBase: string): { notice: N } | { skip: string };
  /** The text the demo channel keeps (null: none, as for e-mail, whose demo is the .eml folder). */
  demoText(canal: CanalNotificacao, notice: N, demoTenant: boolean): string | null;
  /** A provider's error as staff may read it (a pickup code never is). */
  redactError?(message: string, ctx: Ctx): string;
  /** Refreshes the screens that show the notice, in the outcome's transaction. */
  recordEvent(tx: Executor, ctx: Ctx): Promise<void>;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

interface RawRow {
  id: string;
  organization_id: string;
  subject_id: string;
  pessoa_id: string | null;
  pessoa_nome: string;
  motivo: string;
  canal: string;
  destino: string;
  tentativas: number | string;
  lease: string;
}

/** The channel that sends this kind of notice for the tenant, or null when it is off for them. */
function noticeChannel(
  channels: Channels,
  canal: CanalNotificacao,
  demoTenant: boolean,
  kind: ResidentNotice["kind"],
): NotificationChannel | null {
  const channel = channels.for(canal, { demo: demoTenant });
  return carriesNotice(channel, kind) ? channel : null;
}

/** Why a notice's channel is off: no keys at all, or a provider that carries no notice of this kind. */
function offReason<Ctx, N extends ResidentNotice>(
  outbox: NoticeOutbox<Ctx, N>,
  channels: Channels,
  canal: CanalNotificacao,
  demoTenant: boolean,
): string {
  if (canal === "ligacao") return `Ligação não é usada para avisos de ${outbox.callNoun}`;
  return channels.for(canal, { demo: demoTenant })
    ? `${notConfiguredError(canal)} para ${outbox.offNoun}`
    : notConfiguredError(canal);
}

/** Only while the claim's lease is ours (another instance may have taken the row after it ran out). */
function ours<Ctx, N extends ResidentNotice>(outbox: NoticeOutbox<Ctx, N>, row: OutboxRow): SQL {
  return sql`${sql.identifier(outbox.table)}.id = ${row.id} AND status = 'pendente' AND proxima_tentativa_em = ${row.lease}::timestamptz`;
}

/** Writes an outcome while the lease is ours; true when it was written. */
async function settle<Ctx, N extends ResidentNotice>(
  tx: Executor,
  outbox: NoticeOutbox<Ctx, N>,
  row: OutboxRow,
  set: SQL,
): Promise<boolean> {
  const marked = rowsOf<{ id: string }>(
    await tx.execute(sql`UPDATE ${sql.identifier(outbox.table)} SET ${set} WHERE ${ours(outbox, row)} RETURNING id`),
  );
  return marked.length > 0;
}

/** Claims up to `limit` due notices under a lease (rows another instance holds are skipped). */
async function claim<Ctx, N extends ResidentNotice>(
  db: Database,
  outbox: NoticeOutbox<Ctx, N>,
  limit: number,
): Promise<OutboxRow[]> {
  const table = sql.identifier(outbox.table);
  const rows = rowsOf<RawRow>(
    await db.execute(sql`
      UPDATE ${table}
      SET proxima_tentativa_em = date_trunc('milliseconds', now() + ${ms(LEASE_MS)})
      WHERE id IN (
        SELECT id FROM ${table}
        WHERE status = 'pendente' AND proxima_tentativa_em <= now()
        ORDER BY proxima_tentativa_em
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, organization_id, ${sql.identifier(outbox.subjectColumn)} AS subject_id, pessoa_id, pessoa_nome,
        motivo, canal, destino, tentativas, proxima_tentativa_em::text AS lease`),
  );
  return rows.map((r) => ({
    id: r.id,
    organizationId: r.organization_id,
    subjectId: r.subject_id,
    pessoaId: r.pessoa_id,
    pessoaNome: r.pessoa_nome,
    motivo: r.motivo,
    canal: r.canal as CanalNotificacao,
    destino: r.destino,
    tentativas: Number(r.tentativas),
    lease: r.lease,
  }));
}

/**
 * A notice whose channel is off for its kind: marked failed (nothing sent, nothing stored as
 * sent), and the same resident told on a channel that works, in one transaction.
 */
async function channelOff<Ctx, N extends ResidentNotice>(
  db: Database,
  outbox: NoticeOutbox<Ctx, N>,
  channels: Channels,
  row: OutboxRow,
  ctx: Ctx,
  demoTenant: boolean,
): Promise<"lost" | "fallback" | "none"> {
  return db.transaction(async (tx) => {
    const reason = offReason(outbox, channels, row.canal, demoTenant);
    if (!(await settle(tx, outbox, row, sql`status = 'falhou', ultimo_erro = ${reason}`))) return "lost";
    const [person] = row.pessoaId
      ? await tx
          .select({ telefoneE164: pessoas.telefoneE164, email: pessoas.email, canalPreferido: pessoas.canalPreferido })
          .from(pessoas)
          .where(and(eq(pessoas.id, row.pessoaId), eq(pessoas.organizationId, row.organizationId)))
      : [];
    const other = person
      ? contactOf(
          { ...person, canalPreferido: person.canalPreferido as CanalPreferido | null },
          (c) => c !== row.canal && noticeChannel(channels, c, demoTenant, outbox.kind) !== null,
        )
      : null;
    if (other) {
      await tx.execute(sql`
        INSERT INTO ${sql.identifier(outbox.table)}
          (organization_id, ${sql.identifier(outbox.subjectColumn)}, pessoa_id, pessoa_nome, motivo, canal, destino)
        VALUES (${row.organizationId}, ${row.subjectId}, ${row.pessoaId}, ${row.pessoaNome}, ${row.motivo},
          ${other.canal}, ${other.destino})`);
      await tx.execute(sql`SELECT pg_notify(${outbox.notifyChannel}, ${row.organizationId})`);
    }
    await outbox.recordEvent(tx, ctx);
    return other ? "fallback" : "none";
  });
}

/** Sends the outbox's due notices (up to `limit` claims in a run). */
export async function deliverDueNotices<Ctx, N extends ResidentNotice>(
  outbox: NoticeOutbox<Ctx, N>,
  deps: {
    db: Database;
    channels: Channels;
    /** Origin of the console's links (PUBLIC_URL). */
    linkBase: string;
    logger: Logger;
    limit?: number;
  },
): Promise<NoticeDeliveryResult> {
  const { db, logger } = deps;
  const result: NoticeDeliveryResult = { sent: 0, retrying: 0, failed: 0, skipped: 0, off: 0 };
  const limit = deps.limit ?? 200;
  const linkBase = deps.linkBase.replace(/\/$/, "");
  let handled = 0;
  while (handled < limit) {
    const claimed = await claim(db, outbox, Math.min(PARALLEL, limit - handled));
    if (claimed.length === 0) break;
    handled += claimed.length;
    const contexts = await outbox.contexts(db, [...new Set(claimed.map((r) => r.subjectId))]);

    await Promise.all(
      claimed.map(async (row) => {
        const ctx = contexts.get(row.subjectId);
        const built = outbox.notice(row, ctx, linkBase);
        if (!ctx || "skip" in built) {
          const why = "skip" in built ? built.skip : "Não enviado";
          await db.transaction(async (tx) => {
            const marked = await settle(tx, outbox, row, sql`status = 'falhou', ultimo_erro = ${why}`);
            if (marked && ctx) await outbox.recordEvent(tx, ctx);
          });
          result.skipped++;
          return;
        }
        const { notice } = built;
        const demoTenant = outbox.tenantSlug(ctx) === DEMO_TENANT_SLUG;
        const channel = noticeChannel(deps.channels, row.canal, demoTenant, outbox.kind);
        if (!channel?.sendNotice) {
          const outcome = await channelOff(db, outbox, deps.channels, row, ctx, demoTenant);
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
          const mensagem = channel.demo ? outbox.demoText(channel.canal, notice, demoTenant) : null;
          await db.transaction(async (tx) => {
            const marked = await settle(
              tx,
              outbox,
              row,
              sql`status = 'enviada', tentativas = ${tentativas}, enviada_em = now(),
                provedor_mensagem_id = ${providerMessageId}, demo = ${channel.demo}, mensagem = ${mensagem},
                ultimo_erro = NULL`,
            );
            if (marked) await outbox.recordEvent(tx, ctx);
          });
          result.sent++;
          return;
        }
        const retryable = !(error instanceof ChannelError) || error.retryable;
        const message = error instanceof Error ? error.message : String(error);
        const reason = (outbox.redactError ? outbox.redactError(message, ctx) : message).slice(0, 500);
        const giveUp = !retryable || tentativas >= MAX_TENTATIVAS;
        const next = RETRY_DELAYS_MS[Math.min(tentativas, RETRY_DELAYS_MS.length) - 1]!;
        await db.transaction(async (tx) => {
          const marked = await settle(
            tx,
            outbox,
            row,
            giveUp
              ? sql`tentativas = ${tentativas}, ultimo_erro = ${reason}, status = 'falhou'`
              : sql`tentativas = ${tentativas}, ultimo_erro = ${reason}, proxima_tentativa_em = now() + ${ms(next)}`,
          );
          if (marked && giveUp) await outbox.recordEvent(tx, ctx);
        });
        const log = { id: row.id, canal: row.canal, tentativas, erro: reason };
        if (giveUp) {
          result.failed++;
          logger.warn(log, `${outbox.logLabel} não enviado`);
        } else {
          result.retrying++;
          logger.info(log, `${outbox.logLabel} não enviado; nova tentativa agendada`);
        }
      }),
    );
  }
  return result;
}

export interface NoticeSender {
  /** Sends what is due; resolves after a run that started after the call. */
  deliverDue(): Promise<NoticeDeliveryResult>;
  kick(): void;
  /** LISTEN on the outbox's channel: a notice enqueued anywhere is sent at once. */
  watch(): Promise<Unlisten>;
  close(): Promise<void>;
}

/** One run at a time per process (instances coordinate in the database), kicked by NOTIFY and a timer. */
export function createNoticeSender<Ctx, N extends ResidentNotice>(
  outbox: NoticeOutbox<Ctx, N>,
  options: {
    db: Database;
    channels: Channels;
    linkBase: string;
    logger: Logger;
    listen?: DatabaseHandle["listen"];
    /** The log's component ("encomenda-avisos") and what its errors say went wrong. */
    component: string;
    failure: string;
  },
): NoticeSender {
  const log = options.logger.child({ component: options.component });
  let closed = false;
  const sender = coalescedRunner(() =>
    deliverDueNotices(outbox, { db: options.db, channels: options.channels, linkBase: options.linkBase, logger: log }),
  );
  const deliverDue = () =>
    closed ? Promise.resolve({ sent: 0, retrying: 0, failed: 0, skipped: 0, off: 0 }) : sender.runNow();
  const kick = () => {
    if (closed) return;
    deliverDue().catch((error) => log.error({ err: error }, options.failure));
  };
  return {
    deliverDue,
    kick,
    async watch() {
      if (!options.listen) throw new Error(`${options.component}: watch() precisa de listen`);
      return options.listen(outbox.notifyChannel, kick, kick);
    },
    async close() {
      closed = true;
      await sender.settled();
    },
  };
}
