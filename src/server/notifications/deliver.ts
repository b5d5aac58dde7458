/**
 * Sending the residents' messages (docs/product.md, "Resident link"): the `notificacoes` outbox, sent like e-mail and
 * webhooks (a lease per claimed row, FOR UPDATE SKIP LOCKED across instances, the outcome written
 * only while the lease is ours). The link's token is made here, at send time, and only its hash is
 * stored before the message leaves, so the link works the moment it arrives and exists nowhere
 * but in the message (the demo channel keeps the text for the demo panel: link included on the
 * demo tenant only, cut elsewhere).
 *
 * A channel that is off for the tenant (no keys, and not a demo: channels/index.ts) sends nothing
 * and makes no link: the message is marked "WhatsApp não configurado" and the resident is reached
 * on a channel that works; with none, the outreach moves on to the next resident at once.
 *
 * A request decided before its message went out sends nothing. A failed send is retried with
 * backoff while the provider may accept it later; escalation to the next resident goes on by its
 * own clock meanwhile.
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { CanalNotificacao, CanalPreferido, SolicitacaoStatus, SolicitacaoTipo } from "../../shared/domain";
import { CANAL_LABELS } from "../../shared/schemas/pessoas";
import { unidadeLabel } from "../../shared/schemas/unidades";
import type { Database } from "../db/client";
import { condominios, notificacoes, organization, pessoas, solicitacoesAcesso, unidades } from "../db/schema";
import { DEMO_TENANT_SLUG, isPublicDeployment } from "../demo-guard";
import { registerPlacedCall } from "../modules/chamadas/chamadas.service";
import { latestFotoOf } from "../modules/fotos/fotos.service";
import { recordEvent } from "../realtime/events";
import { ChannelError, type ResidentMessage } from "./channels/channel";
import type { Channels } from "./channels/index";
import { callScript, demoWhatsAppText, smsText } from "./channels/message-text";
import { cutLinkTokens, linkExpiry, newLinkToken, RESIDENT_LINK_PATH } from "./links";
import { moveOnWhenStepIsOver, NOTIFICACOES_CHANNEL } from "./outreach";
import { contactOf } from "./residents";

export const MAX_TENTATIVAS = 5;
const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000];
const LEASE_MS = 120_000;
const SEND_TIMEOUT_MS = 30_000;
const PARALLEL = 8;
const ms = (n: number) => sql`make_interval(secs => ${n / 1000})`;

export type { Channels } from "./channels/index";

export interface NotificationDeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
  skipped: number;
  /** Messages on a channel that is off for their tenant (not sent, "WhatsApp não configurado"). */
  off: number;
  /** Requests whose next resident is due now, because nobody of the current step could be reached. */
  movedOn: number;
}

/** What a message on a channel without keys (and no demo) says on the request's detail. */
export function notConfiguredError(canal: CanalNotificacao): string {
  return `${CANAL_LABELS[canal]} não configurado`;
}

/**
 * What the demo panel shows: the message as the resident would read it. Its link is kept whole on
 * the demo tenant only (its panel is how the demo user opens it); elsewhere (GUARITA_DEMO=true) it
 * is stored cut, so no stored message holds a live token.
 */
function demoMessage(
  canal: CanalNotificacao,
  message: ResidentMessage,
  unit: { codigo: string; torre: string | null },
  demoTenant: boolean,
): string | null {
  const text =
    canal === "whatsapp"
      ? demoWhatsAppText(message)
      : canal === "sms"
        ? smsText(message)
        : canal === "ligacao"
          ? callScript({ ...message, unit })
          : null;
  return text === null || demoTenant ? text : cutLinkTokens(text);
}

type Claimed = typeof notificacoes.$inferSelect;

/**
 * The address the provider fetches the visitor's photo from (docs/product.md, "Fotos"): the link's
 * own `/foto`, which its token authorises while the request waits for a decision. Null unless the
 * provider can reach it (a public https PUBLIC_URL) and the request has a stored photo now: the
 * first message leaves as the request is created, usually before the camera's or the porteiro's
 * photo, and is not held back for it; a later resident's message carries the photo that came since.
 */
async function photoUrlOf(db: Database, row: Claimed, link: string, logger: Logger): Promise<string | null> {
  try {
    const foto = await latestFotoOf(db, row.organizationId, row.solicitacaoId);
    return foto?.chave ? `${link}/foto` : null;
  } catch (error) {
    // The photo adds to the message; failing to look it up never keeps the message from leaving.
    logger.warn({ err: error, id: row.id }, "foto do visitante não consultada; mensagem enviada sem foto");
    return null;
  }
}

/**
 * A message whose channel is off for its tenant: marked failed with "WhatsApp não configurado" (no
 * token made, nothing stored as sent); the same resident is reached on a channel that works, or,
 * when none does and nobody else of this step is being reached, the next resident is due now.
 * In one transaction that locks the request first, so two messages of one request found off at
 * the same time (every resident reached at once) see each other's outcome.
 */
async function channelOff(
  db: Database,
  channels: Channels,
  row: Claimed,
  ctx: { id: string; nomeVisitante: string; unidadeId: string },
  demoTenant: boolean,
): Promise<"lost" | "fallback" | "moved-on" | "waiting"> {
  const canal = row.canal as CanalNotificacao;
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({ status: solicitacoesAcesso.status, escalonamentoEm: solicitacoesAcesso.escalonamentoEm })
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.id, row.solicitacaoId))
      .for("update");
    const marked = await tx
      .update(notificacoes)
      .set({ status: "falhou", ultimoErro: notConfiguredError(canal), tokenHash: null })
      .where(
        and(
          eq(notificacoes.id, row.id),
          eq(notificacoes.status, "pendente"),
          eq(notificacoes.proximaTentativaEm, row.proximaTentativaEm),
        ),
      )
      .returning({ id: notificacoes.id });
    if (marked.length === 0) return "lost";
    let outcome: "fallback" | "moved-on" | "waiting" = "waiting";
    const [person] = row.pessoaId
      ? await tx
          .select({ telefoneE164: pessoas.telefoneE164, email: pessoas.email, canalPreferido: pessoas.canalPreferido })
          .from(pessoas)
          .where(and(eq(pessoas.id, row.pessoaId), eq(pessoas.organizationId, row.organizationId)))
      : [];
    const other = person
      ? contactOf(
          { ...person, canalPreferido: person.canalPreferido as CanalPreferido | null },
          (c) => c !== canal && channels.for(c, { demo: demoTenant }) !== null,
        )
      : null;
    if (other && request?.status === "pendente") {
      await tx.insert(notificacoes).values({
        organizationId: row.organizationId,
        solicitacaoId: row.solicitacaoId,
        pessoaId: row.pessoaId,
        pessoaNome: row.pessoaNome,
        ordem: row.ordem,
        canal: other.canal,
        destino: other.destino,
      });
      await tx.execute(sql`SELECT pg_notify(${NOTIFICACOES_CHANNEL}, ${row.organizationId})`);
      outcome = "fallback";
    } else if (request?.status === "pendente" && request.escalonamentoEm) {
      if (await moveOnWhenStepIsOver(tx, row)) outcome = "moved-on";
    }
    await recordEvent(tx, row.organizationId, {
      type: "notificacao.atualizada",
      solicitacao: {
        id: ctx.id,
        nome_visitante: ctx.nomeVisitante,
        status: (request?.status ?? "pendente") as SolicitacaoStatus,
        unidade_id: ctx.unidadeId,
      },
    });
    return outcome;
  });
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
  const result: NotificationDeliveryResult = { sent: 0, retrying: 0, failed: 0, skipped: 0, off: 0, movedOn: 0 };
  const limit = deps.limit ?? 200;
  // The provider downloads a photo from the internet: never from http or from this machine's address.
  const photosReachable = isPublicDeployment(deps.linkBase, true);
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
        tenantSlug: organization.slug,
      })
      .from(solicitacoesAcesso)
      .innerJoin(unidades, eq(unidades.id, solicitacoesAcesso.unidadeId))
      .innerJoin(condominios, eq(condominios.id, solicitacoesAcesso.condominioId))
      .innerJoin(organization, eq(organization.id, solicitacoesAcesso.organizationId))
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
        const demoTenant = ctx.tenantSlug === DEMO_TENANT_SLUG;
        const channel = deps.channels.for(row.canal as CanalNotificacao, { demo: demoTenant });
        if (!channel) {
          const outcome = await channelOff(db, deps.channels, row, ctx, demoTenant);
          if (outcome !== "lost") result.off++;
          if (outcome === "moved-on") result.movedOn++;
          return;
        }
        const { token, hash } = newLinkToken();
        const armed = await db
          .update(notificacoes)
          .set({ tokenHash: hash, tokenExpiraEm: linkExpiry(ctx.expiracaoEm) })
          .where(ours)
          .returning({ id: notificacoes.id });
        if (armed.length === 0) return; // lease lost
        const link = `${deps.linkBase.replace(/\/$/, "")}${RESIDENT_LINK_PATH}${token}`;
        const message: ResidentMessage = {
          to: row.destino,
          residentName: row.pessoaNome,
          visitorName: ctx.nomeVisitante,
          visitorType: ctx.tipo as SolicitacaoTipo,
          unitLabel: unidadeLabel(ctx),
          condominiumName: ctx.condominio,
          link,
          photoUrl: channel.carriesPhoto && photosReachable ? await photoUrlOf(db, row, link, logger) : null,
        };
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
                mensagem: channel.demo ? demoMessage(channel.canal, message, ctx, demoTenant) : null,
                ultimoErro: null,
              })
              .where(eq(notificacoes.id, row.id));
            // A call is also a row of the Chamadas screen, moved by Twilio's status callbacks.
            if (channel.canal === "ligacao") {
              await registerPlacedCall(tx, {
                organizationId: row.organizationId,
                solicitacaoId: row.solicitacaoId,
                pessoaId: row.pessoaId,
                pessoaNome: row.pessoaNome,
                visitante: ctx.nomeVisitante,
                notificacaoId: row.id,
                provedorChamadaId: providerMessageId,
                demo: channel.demo,
              });
            }
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
