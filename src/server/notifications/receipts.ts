/**
 * Delivery receipts ("delivered where the provider says so", docs/decisions/022-resident-link.md): WhatsApp's
 * and Twilio's status callbacks, each verified with the provider's own signature, move a message to
 * `entregue` (or record its failure). The message is a resident's message about a visitor (`notificacoes`),
 * a resident's package notice (`encomenda_avisos`, docs/decisions/043-deliveries.md) or booking notice
 * (`reserva_avisos`, docs/decisions/044-common-area-bookings.md): the provider's id names one of them.
 * Unknown message ids are ignored: the provider retries nothing for them, and another tenant's rows
 * are never named by a callback.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { EncomendaStatus, ReservaStatus } from "../../shared/domain";
import type { Database, Executor } from "../db/client";
import {
  encomendaAvisos,
  encomendaLotes,
  encomendas,
  notificacoes,
  reservaAvisos,
  reservas,
  solicitacoesAcesso,
} from "../db/schema";
import { recordEvent } from "../realtime/events";

export type Receipt = { providerMessageId: string; outcome: "entregue" | "falhou"; error?: string };

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Meta's subscription check (`hub.verify_token`): compared in constant time, as hashes, so neither
 * the token's length nor its first differing character shows in the answer's timing.
 */
export function verifyTokenMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/** Meta signs the raw body: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 with the app secret>`. */
export function verifyWhatsAppSignature(appSecret: string, rawBody: string, header: string | undefined): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest("hex");
  return safeEqual(header.slice("sha256=".length), expected);
}

/** The statuses of a WhatsApp webhook payload (entry[].changes[].value.statuses[]). */
export function whatsAppReceipts(payload: unknown): Receipt[] {
  const receipts: Receipt[] = [];
  const entries = (payload as { entry?: unknown[] })?.entry;
  if (!Array.isArray(entries)) return receipts;
  for (const entry of entries) {
    for (const change of (entry as { changes?: unknown[] }).changes ?? []) {
      const statuses = (change as { value?: { statuses?: unknown[] } }).value?.statuses ?? [];
      for (const s of statuses as { id?: unknown; status?: unknown; errors?: { title?: string }[] }[]) {
        if (typeof s.id !== "string") continue;
        if (s.status === "delivered" || s.status === "read")
          receipts.push({ providerMessageId: s.id, outcome: "entregue" });
        if (s.status === "failed")
          receipts.push({
            providerMessageId: s.id,
            outcome: "falhou",
            error: s.errors?.[0]?.title ?? "Falha informada pelo WhatsApp",
          });
      }
    }
  }
  return receipts;
}

/** Twilio's status callback: MessageSid and MessageStatus (delivered, undelivered, failed…). */
export function twilioReceipt(params: Record<string, string>): Receipt | null {
  const id = params.MessageSid;
  if (!id) return null;
  if (params.MessageStatus === "delivered") return { providerMessageId: id, outcome: "entregue" };
  if (params.MessageStatus === "undelivered" || params.MessageStatus === "failed") {
    return { providerMessageId: id, outcome: "falhou", error: `SMS não entregue (código ${params.ErrorCode ?? "?"})` };
  }
  return null;
}

/** The statuses a receipt moves a message from: delivered once sent; failed even after a "delivered". */
const fromStatuses = (r: Receipt) => (r.outcome === "entregue" ? ["enviada"] : ["enviada", "entregue"]);

/** A resident's message about a visitor: the request's timeline follows (`notificacao.atualizada`). */
async function applyToNotificacao(tx: Executor, r: Receipt): Promise<boolean> {
  const [row] = await tx
    .update(notificacoes)
    .set(
      r.outcome === "entregue"
        ? { status: "entregue", entregueEm: sql`coalesce(${notificacoes.entregueEm}, now())` }
        : { status: "falhou", ultimoErro: r.error ?? null },
    )
    .where(and(eq(notificacoes.provedorMensagemId, r.providerMessageId), inArray(notificacoes.status, fromStatuses(r))))
    .returning({ organizationId: notificacoes.organizationId, solicitacaoId: notificacoes.solicitacaoId });
  if (!row) return false;
  const [s] = await tx
    .select({
      id: solicitacoesAcesso.id,
      nome: solicitacoesAcesso.nomeVisitante,
      status: solicitacoesAcesso.status,
      unidadeId: solicitacoesAcesso.unidadeId,
    })
    .from(solicitacoesAcesso)
    .where(eq(solicitacoesAcesso.id, row.solicitacaoId));
  if (s) {
    await recordEvent(tx, row.organizationId, {
      type: "notificacao.atualizada",
      solicitacao: { id: s.id, nome_visitante: s.nome, status: s.status as "pendente", unidade_id: s.unidadeId },
    });
  }
  return true;
}

/**
 * A resident's package notice: the package's detail lists its notices, so one package of the batch
 * (a waiting one, else the first) gets an `encomenda.atualizada` event, once per batch per callback.
 */
async function applyToPackageNotice(tx: Executor, r: Receipt, evented: Set<string>): Promise<boolean> {
  const [row] = await tx
    .update(encomendaAvisos)
    .set(r.outcome === "entregue" ? { status: "entregue" } : { status: "falhou", ultimoErro: r.error ?? null })
    .where(
      and(
        eq(encomendaAvisos.provedorMensagemId, r.providerMessageId),
        inArray(encomendaAvisos.status, fromStatuses(r)),
      ),
    )
    .returning({ organizationId: encomendaAvisos.organizationId, loteId: encomendaAvisos.loteId });
  if (!row) return false;
  if (evented.has(row.loteId)) return true;
  evented.add(row.loteId);
  const [lote] = await tx
    .select({ unidadeId: encomendaLotes.unidadeId, condominioId: encomendaLotes.condominioId })
    .from(encomendaLotes)
    .where(and(eq(encomendaLotes.id, row.loteId), eq(encomendaLotes.organizationId, row.organizationId)));
  const packages = await tx
    .select({ id: encomendas.id, status: encomendas.status })
    .from(encomendas)
    .where(and(eq(encomendas.loteId, row.loteId), eq(encomendas.organizationId, row.organizationId)))
    .orderBy(asc(encomendas.createdAt), asc(encomendas.id));
  const pkg = packages.find((p) => p.status === "aguardando") ?? packages[0];
  if (lote && pkg) {
    await recordEvent(tx, row.organizationId, {
      type: "encomenda.atualizada",
      visita: { unidade_id: lote.unidadeId, nome_visitante: "" },
      condominioId: lote.condominioId,
      encomenda: { id: pkg.id, lote_id: row.loteId, status: pkg.status as EncomendaStatus, acao: "atualizada" },
    });
  }
  return true;
}

/** A resident's booking notice: the booking's screens follow (`reserva.atualizada`), once per booking per callback. */
async function applyToBookingNotice(tx: Executor, r: Receipt, evented: Set<string>): Promise<boolean> {
  const [row] = await tx
    .update(reservaAvisos)
    .set(r.outcome === "entregue" ? { status: "entregue" } : { status: "falhou", ultimoErro: r.error ?? null })
    .where(
      and(eq(reservaAvisos.provedorMensagemId, r.providerMessageId), inArray(reservaAvisos.status, fromStatuses(r))),
    )
    .returning({ organizationId: reservaAvisos.organizationId, reservaId: reservaAvisos.reservaId });
  if (!row) return false;
  if (evented.has(row.reservaId)) return true;
  evented.add(row.reservaId);
  const [reserva] = await tx
    .select({
      areaId: reservas.areaId,
      condominioId: reservas.condominioId,
      unidadeId: reservas.unidadeId,
      status: reservas.status,
    })
    .from(reservas)
    .where(and(eq(reservas.id, row.reservaId), eq(reservas.organizationId, row.organizationId)));
  if (reserva) {
    await recordEvent(tx, row.organizationId, {
      type: "reserva.atualizada",
      visita: { unidade_id: reserva.unidadeId, nome_visitante: "" },
      condominioId: reserva.condominioId,
      reserva: {
        id: row.reservaId,
        area_id: reserva.areaId,
        condominio_id: reserva.condominioId,
        status: reserva.status as ReservaStatus,
        acao: "atualizada",
      },
    });
  }
  return true;
}

/** Applies receipts; each changed message writes an event so the screens showing it follow. */
export async function recordReceipts(db: Database, receipts: Receipt[]): Promise<number> {
  if (receipts.length === 0) return 0;
  return db.transaction(async (tx) => {
    let changed = 0;
    const evented = new Set<string>();
    for (const r of receipts) {
      if (
        (await applyToNotificacao(tx, r)) ||
        (await applyToPackageNotice(tx, r, evented)) ||
        (await applyToBookingNotice(tx, r, evented))
      )
        changed++;
    }
    return changed;
  });
}
