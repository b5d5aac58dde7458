/**
 * Sending the residents' messages (issue 13): the `notificacoes` outbox, sent like e-mail and
 * webhooks (a lease per claimed row, FOR UPDATE SKIP LOCKED across instances, the outcome written
 * only while the lease is ours). The link's token is made here, at send time, and only its hash is
 * stored before the message leaves, so the link works the moment it arrives and exists nowhere
 * but in the message (the demo channel keeps the text, link included, for the demo panel).
 *
 * A request decided before its message went out sends nothing. A failed send is retried with
 * backoff while the provider may accept it later; escalation to the next resident goes on by its
 * own clock meanwhile.
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { CanalNotificacao } from "../../shared/domain";
import { unidadeLabel } from "../../shared/schemas/unidades";
import type { Database } from "../db/client";
import { condominios, notificacoes, solicitacoesAcesso, unidades } from "../db/schema";
import { recordEvent } from "../realtime/events";
import { ChannelError, type NotificationChannel, type ResidentMessage } from "./channels/channel";
import { demoWhatsAppText, smsText } from "./channels/message-text";
import { linkExpiry, newLinkToken, RESIDENT_LINK_PATH } from "./links";

export const MAX_TENTATIVAS = 5;
const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000];
const LEASE_MS = 120_000;
const SEND_TIMEOUT_MS = 30_000;
const PARALLEL = 8;
const ms = (n: number) => sql`make_interval(secs => ${n / 1000})`;

export type Channels = Record<CanalNotificacao, NotificationChannel>;

export interface NotificationDeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
  skipped: number;
}

/** What the demo panel shows: the message as the resident would read it. */
function demoText(canal: CanalNotificacao, message: ResidentMessage): string | null {
  if (canal === "whatsapp") return demoWhatsAppText(message);
  if (canal === "sms") return smsText(message);
  return null;
}

export async function deliverDueNotifications(deps: {
  db: Database;
  channels: Channels;
  /** Origin of the links (PUBLIC_URL). */
  linkBase: string;
  logger: Logger;
  limit?: number;
}): Promise<NotificationDeliveryResult> {
  const { db, logger } = deps;
  const result: NotificationDeliveryResult = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
  const limit = deps.limit ?? 200;
  let handled = 0;
  while (handled < limit) {
    const due = db
      .select({ id: notificacoes.id })
      .from(notificacoes)
      .where(and(eq(notificacoes.status, "pendente"), lte(notificacoes.proximaTentativaEm, sql`now()`)))
      .orderBy(notificacoes.proximaTentativaEm)
      .limit(Math.min(PARALLEL, limit - handled))
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(notificacoes)
      .set({ proximaTentativaEm: sql`date_trunc('milliseconds', now() + ${ms(LEASE_MS)})` })
      .where(inArray(notificacoes.id, due))
      .returning();
    if (claimed.length === 0) break;
    handled += claimed.length;

    const contexts = await db
      .select({
        id: solicitacoesAcesso.id,
        status: solicitacoesAcesso.status,
        expiracaoEm: solicitacoesAcesso.expiracaoEm,
        nomeVisitante: solicitacoesAcesso.nomeVisitante,
        tipo: solicitacoesAcesso.tipo,
        unidadeId: solicitacoesAcesso.unidadeId,
        codigo: unidades.codigo,
        torre: unidades.torre,
        condominio: condominios.nome,
      })
      .from(solicitacoesAcesso)
      .innerJoin(unidades, eq(unidades.id, solicitacoesAcesso.unidadeId))
      .innerJoin(condominios, eq(condominios.id, solicitacoesAcesso.condominioId))
      .where(inArray(solicitacoesAcesso.id, [...new Set(claimed.map((r) => r.solicitacaoId))]));
    const contextOf = new Map(contexts.map((c) => [c.id, c]));

    await Promise.all(
      claimed.map(async (row) => {
        const ours = and(
          eq(notificacoes.id, row.id),
          eq(notificacoes.status, "pendente"),
          eq(notificacoes.proximaTentativaEm, row.proximaTentativaEm),
        );
        const ctx = contextOf.get(row.solicitacaoId);
        if (ctx?.status !== "pendente") {
          await db
            .update(notificacoes)
            .set({ status: "falhou", ultimoErro: "Não enviada: a solicitação já foi decidida ou expirou" })
            .where(ours);
          result.skipped++;
          return;
        }
        const { token, hash } = newLinkToken();
        const armed = await db
          .update(notificacoes)
          .set({ tokenHash: hash, tokenExpiraEm: linkExpiry(ctx.expiracaoEm) })
          .where(ours)
          .returning({ id: notificacoes.id });
        if (armed.length === 0) return; // lease lost
        const message: ResidentMessage = {
          to: row.destino,
          residentName: row.pessoaNome,
          visitorName: ctx.nomeVisitante,
          visitorType: ctx.tipo === "prestador" ? "prestador" : "visitante",
          unitLabel: unidadeLabel(ctx),
          condominiumName: ctx.condominio,
          link: `${deps.linkBase.replace(/\/$/, "")}${RESIDENT_LINK_PATH}${token}`,
        };
        const channel = deps.channels[row.canal as CanalNotificacao];
        let error: unknown = null;
        let providerMessageId: string | null = null;
        try {
          ({ providerMessageId } = await channel.send(message, AbortSignal.timeout(SEND_TIMEOUT_MS)));
        } catch (e) {
          error = e;
        }
        const tentativas = row.tentativas + 1;
        if (!error) {
          await db.transaction(async (tx) => {
            await tx
              .update(notificacoes)
              .set({
                status: "enviada",
                tentativas,
                enviadaEm: sql`now()`,
                provedorMensagemId: providerMessageId,
                demo: channel.demo,
                mensagem: channel.demo ? demoText(channel.canal, message) : null,
                ultimoErro: null,
              })
              .where(eq(notificacoes.id, row.id));
            await recordEvent(tx, row.organizationId, {
              type: "notificacao.atualizada",
              solicitacao: {
                id: ctx.id,
                nome_visitante: ctx.nomeVisitante,
                status: "pendente",
                unidade_id: ctx.unidadeId,
              },
            });
          });
          result.sent++;
          return;
        }
        const retryable = !(error instanceof ChannelError) || error.retryable;
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const giveUp = !retryable || tentativas >= MAX_TENTATIVAS;
        await db
          .update(notificacoes)
          .set({
            tentativas,
            ultimoErro: reason,
            // The token of a message that did not go out is dropped: nobody holds it.
            tokenHash: null,
            ...(giveUp
              ? { status: "falhou" }
              : {
                  proximaTentativaEm: sql`now() + ${ms(RETRY_DELAYS_MS[Math.min(tentativas, RETRY_DELAYS_MS.length) - 1]!)}`,
                }),
          })
          .where(eq(notificacoes.id, row.id));
        const log = { id: row.id, canal: row.canal, tentativas, erro: reason };
        if (giveUp) {
          result.failed++;
          logger.warn(log, "mensagem ao morador não enviada");
        } else {
          result.retrying++;
          logger.info(log, "mensagem ao morador não enviada; nova tentativa agendada");
        }
      }),
    );
  }
  return result;
}
