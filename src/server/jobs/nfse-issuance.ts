/**
 * Issues the NFS-e of paid invoices through the configured provider (docs/decisions/045-plans-and-billing.md).
 * `faturas` is the nota's outbox: a paid invoice gets nfse_status 'pendente' (with a provider configured)
 * and this job takes it from there, on every instance at once:
 *
 * - due rows (pendente, nfse_em null or past) are claimed with FOR UPDATE SKIP LOCKED and leased by
 *   moving nfse_em LEASE_MS ahead, in a short transaction; the provider is called outside it, so a
 *   slow city hall holds no lock, and a process that dies mid-call leaves a lease that simply expires;
 * - the nota is sent once under ref "guarita-fatura-<numero>"; once the provider has taken it
 *   (nfse_ref set) the job only asks about it, a minute apart, until it is issued or refused;
 * - a network failure, a 5xx or a timeout is retried with growing waits up to MAX_TENTATIVAS, then the
 *   invoice says the nota failed and how to get one; a refusal (the city hall rejects the data) records
 *   the provider's message at once.
 *
 * Each outcome records "faturamento.atualizado" so the owner's "Plano e faturamento" refreshes.
 */
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { CheckoutCliente } from "../../shared/schemas/checkout";
import type { Database } from "../db/client";
import { formatarData, numeroFatura } from "../modules/faturamento/faturamento.service";
import type { NfseProvider, NfseRequest, NfseResult } from "../nfse/nfse-provider";
import { recordEvent } from "../realtime/events";

/** How long a claimed invoice is ours before another instance may take it. */
export const LEASE_MS = 5 * 60_000;
/** A nota the provider is still processing is asked about again after this. */
export const CONSULTA_MS = 60_000;
/** Failures (network, 5xx) before giving up on the automatic nota. */
export const MAX_TENTATIVAS = 8;
/** Waits after the 1st, 2nd… failure: about a day in all, like the e-mail outbox. */
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];
const BATCH = 20;

export const NFSE_FALHOU_MENSAGEM =
  "Não foi possível emitir a nota fiscal automaticamente: o emissor não respondeu depois de várias tentativas. Peça a sua ao suporte, pelo e-mail de cobrança.";

export function nfseRef(numero: number): string {
  return `guarita-fatura-${numero}`;
}

export interface NfseIssuanceResult {
  emitidas: number;
  processando: number;
  recusadas: number;
  /** Failures that will be tried again. */
  adiadas: number;
  /** Gave up after MAX_TENTATIVAS. */
  falharam: number;
}

interface DueFatura {
  id: string;
  numero: number;
  descricao: string;
  valor_centavos: number;
  periodo_inicio: Date | string | null;
  periodo_fim: Date | string | null;
  paga_em: Date | string | null;
  nfse_ref: string | null;
  nfse_tentativas: number;
  organization_id: string | null;
  email_cobranca: string;
  cliente: CheckoutCliente;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const asDate = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/** What the nota says the service was: the invoice's description, the period and our invoice number. */
export function discriminacaoDe(f: Pick<DueFatura, "numero" | "descricao" | "periodo_inicio" | "periodo_fim">): string {
  const inicio = asDate(f.periodo_inicio);
  const fim = asDate(f.periodo_fim);
  const periodo = inicio && fim ? ` Período: ${formatarData(inicio)} a ${formatarData(fim)}.` : "";
  return `Guarita, sistema de portaria inteligente: ${f.descricao}.${periodo} Fatura nº ${numeroFatura(f.numero)}.`;
}

function requestOf(f: DueFatura, now: Date): NfseRequest {
  const c = f.cliente;
  return {
    ref: nfseRef(f.numero),
    valorCentavos: f.valor_centavos,
    discriminacao: discriminacaoDe(f),
    tomador: {
      cnpj: c.cnpj,
      razaoSocial: c.empresa,
      email: f.email_cobranca,
      endereco: {
        logradouro: c.rua,
        numero: c.numero,
        complemento: c.complemento,
        bairro: c.bairro,
        cidade: c.cidade,
        uf: c.estado,
        cep: c.cep,
      },
    },
    emitidaEm: now,
  };
}

/** Claims up to BATCH due invoices: locked, skipped by the others, and leased until LEASE_MS from now. */
async function claim(db: Database, now: Date): Promise<DueFatura[]> {
  return db.transaction(async (tx) => {
    const due = rowsOf<DueFatura>(
      await tx.execute(sql`
        SELECT f.id, f.numero, f.descricao, f.valor_centavos, f.periodo_inicio, f.periodo_fim, f.paga_em,
               f.nfse_ref, f.nfse_tentativas, a.organization_id, a.email_cobranca, a.cliente
        FROM faturas f
        JOIN assinaturas a ON a.id = f.assinatura_id
        WHERE f.nfse_status = 'pendente'
          AND (f.nfse_em IS NULL OR f.nfse_em <= ${now.toISOString()}::timestamptz)
        ORDER BY f.nfse_em NULLS FIRST
        LIMIT ${BATCH}
        FOR UPDATE OF f SKIP LOCKED`),
    );
    if (due.length > 0) {
      const ids = sql.join(
        due.map((f) => sql`${f.id}::uuid`),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE faturas SET nfse_em = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
        WHERE id IN (${ids})`);
    }
    return due;
  });
}

type Outcome = NfseResult | { status: "erro"; error: unknown };

/** Writes an outcome, only while the invoice is still pending (nothing else decided it meanwhile). */
async function record(db: Database, f: DueFatura, outcome: Outcome, now: Date): Promise<keyof NfseIssuanceResult> {
  let kind: keyof NfseIssuanceResult;
  let set: ReturnType<typeof sql>;
  const at = (ms: number) => sql`${new Date(now.getTime() + ms).toISOString()}::timestamptz`;
  switch (outcome.status) {
    case "emitida":
      kind = "emitidas";
      set = sql`nfse_status = 'emitida', nfse_ref = ${nfseRef(f.numero)}, nfse_numero = ${outcome.numero},
        nfse_url = ${outcome.url}, nfse_mensagem = NULL, nfse_em = NULL`;
      break;
    case "processando":
      kind = "processando";
      set = sql`nfse_ref = ${nfseRef(f.numero)}, nfse_em = ${at(CONSULTA_MS)}`;
      break;
    case "recusada":
      kind = "recusadas";
      set = sql`nfse_status = 'falhou', nfse_mensagem = ${outcome.mensagem}, nfse_em = NULL`;
      break;
    case "erro": {
      const tentativas = f.nfse_tentativas + 1;
      if (tentativas >= MAX_TENTATIVAS) {
        kind = "falharam";
        set = sql`nfse_status = 'falhou', nfse_tentativas = ${tentativas}, nfse_mensagem = ${NFSE_FALHOU_MENSAGEM}, nfse_em = NULL`;
      } else {
        kind = "adiadas";
        const wait = BACKOFF_MS[Math.min(tentativas - 1, BACKOFF_MS.length - 1)]!;
        set = sql`nfse_tentativas = ${tentativas}, nfse_em = ${at(wait)}`;
      }
      break;
    }
  }
  await db.transaction(async (tx) => {
    const updated = rowsOf<{ id: string }>(
      await tx.execute(sql`
        UPDATE faturas SET ${set}, updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${f.id} AND nfse_status = 'pendente'
        RETURNING id`),
    );
    // A retry scheduled in the background changes nothing the owner sees; the rest does.
    if (updated.length > 0 && f.organization_id && kind !== "adiadas" && kind !== "processando") {
      await recordEvent(tx, f.organization_id, { type: "faturamento.atualizado" });
    }
  });
  return kind;
}

export interface NfseIssuanceDeps {
  db: Database;
  /** Null: no provider configured; invoices are then 'nao_configurada' and never pending. */
  nfse: NfseProvider | null;
  now?: Date;
  logger?: Logger;
}

/** One run: every due invoice, batch after batch, until none is left for now. */
export async function runNfseIssuance(deps: NfseIssuanceDeps): Promise<NfseIssuanceResult> {
  const result: NfseIssuanceResult = { emitidas: 0, processando: 0, recusadas: 0, adiadas: 0, falharam: 0 };
  const provider = deps.nfse;
  if (!provider) return result;
  const now = deps.now ?? new Date();
  for (;;) {
    const due = await claim(deps.db, now);
    for (const f of due) {
      let outcome: Outcome;
      try {
        outcome = f.nfse_ref ? await provider.consultar(f.nfse_ref) : await provider.emitir(requestOf(f, now));
      } catch (error) {
        outcome = { status: "erro", error };
        deps.logger?.warn(
          { err: error, faturaId: f.id, tentativa: f.nfse_tentativas + 1 },
          "nfse: falha ao falar com o emissor",
        );
      }
      const kind = await record(deps.db, f, outcome, now);
      result[kind] += 1;
      if (kind === "falharam") deps.logger?.error({ faturaId: f.id }, "nfse: nota não emitida após as tentativas");
      if (kind === "recusadas") deps.logger?.warn({ faturaId: f.id }, "nfse: nota recusada");
    }
    if (due.length < BATCH) break;
  }
  return result;
}
