/**
 * Sending the residents' package notices (docs/decisions/043-deliveries.md): the `encomenda_avisos`
 * outbox, sent by the mechanics every residents' notice shares (notice-outbox.ts: a lease per
 * claimed row, the outcome written only while the lease is ours, retries with backoff, a channel
 * that is off for packages falling back to another channel of the same resident).
 *
 * A notice carries the batch's pickup code. The demo channel keeps the text for the package's
 * detail: with the code on the demo tenant (its panel is how the demo resident reads it), with the
 * code masked elsewhere (GUARITA_DEMO=true), as deliver.ts cuts the links.
 *
 * WhatsApp carries package notices only with its package template; a call never does. A notice
 * whose packages all left before it went out sends nothing. Each outcome is an
 * `encomenda.atualizada` event, so the package's detail shows the notice's status live.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import type { AvisoEncomendaMotivo, CanalNotificacao, EncomendaStatus, Transportadora } from "../../shared/domain";
import { TRANSPORTADORA_LABELS } from "../../shared/schemas/encomendas";
import { unidadeLabel } from "../../shared/schemas/unidades";
import type { Database, DatabaseHandle, Executor } from "../db/client";
import { condominios, encomendaLotes, encomendas, organization, unidades } from "../db/schema";
import { recordEvent } from "../realtime/events";
import type { PackageNotice } from "./channels/channel";
import type { Channels } from "./channels/index";
import { demoPackageWhatsAppText, MASKED_PICKUP_CODE, packageSmsText } from "./channels/message-text";
import {
  createNoticeSender,
  deliverDueNotices,
  type NoticeDeliveryResult,
  type NoticeOutbox,
  type NoticeSender,
  type OutboxRow,
} from "./notice-outbox";
import { AVISOS_CHANNEL } from "./package-notices";

/** Where a notice sends the resident: their packages in the console. */
export const ENCOMENDAS_CONSOLE_PATH = "/app/encomendas";

export type PackageNoticeDeliveryResult = NoticeDeliveryResult;

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
function noticeOf(row: OutboxRow, ctx: BatchContext, consoleUrl: string): PackageNotice | null {
  const waiting = ctx.packages.filter((p) => p.status === "aguardando");
  if (waiting.length === 0) return null;
  const carriers = waiting.map((p) =>
    p.transportadora === "outra"
      ? p.transportadoraOutra || TRANSPORTADORA_LABELS.outra
      : TRANSPORTADORA_LABELS[p.transportadora as Transportadora],
  );
  const places = [...new Set(waiting.map((p) => p.local?.trim()).filter((p): p is string => !!p))];
  return {
    kind: "encomenda",
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

/** The package notices' part of the shared outbox mechanics. */
const packageOutbox: NoticeOutbox<BatchContext, PackageNotice> = {
  kind: "encomenda",
  table: "encomenda_avisos",
  subjectColumn: "lote_id",
  notifyChannel: AVISOS_CHANNEL,
  offNoun: "encomendas",
  callNoun: "encomenda",
  logLabel: "aviso de encomenda ao morador",
  contexts: batchContexts,
  tenantSlug: (ctx) => ctx.tenantSlug,
  notice(row, ctx, linkBase) {
    // A perishable's repeat is moot once a resident said "Ciente".
    if (row.motivo === "perecivel" && ctx?.cienteEm != null) {
      return { skip: "Não enviado: um morador já confirmou que está ciente" };
    }
    const notice = ctx ? noticeOf(row, ctx, `${linkBase}${ENCOMENDAS_CONSOLE_PATH}`) : null;
    return notice ? { notice } : { skip: "Não enviado: as encomendas já foram retiradas ou devolvidas" };
  },
  demoText,
  // The code never reaches a stored error (staff read it on the detail, and they never see the code).
  redactError: (message, ctx) => message.split(ctx.codigo).join(MASKED_PICKUP_CODE),
  recordEvent: recordNoticeEvent,
};

export function deliverDuePackageNotices(deps: {
  db: Database;
  channels: Channels;
  /** Origin of the console's link (PUBLIC_URL). */
  linkBase: string;
  logger: Logger;
  limit?: number;
}): Promise<PackageNoticeDeliveryResult> {
  return deliverDueNotices(packageOutbox, deps);
}

export type PackageNoticeSender = NoticeSender;

/** One run at a time per process (instances coordinate in the database), kicked by NOTIFY and a timer. */
export function createPackageNoticeSender(options: {
  db: Database;
  channels: Channels;
  linkBase: string;
  logger: Logger;
  listen?: DatabaseHandle["listen"];
}): PackageNoticeSender {
  return createNoticeSender(packageOutbox, {
    ...options,
    component: "encomenda-avisos",
    failure: "falha ao enviar avisos de encomenda aos moradores",
  });
}
