/**
 * The plan's limits, enforced (docs/decisions/045-plans-and-billing.md): condominiums and units are
 * counted when one is created or reactivated, the attendant's conversations when one starts. The
 * numbers come from the plan catalogue (src/shared/plans.ts), the same table the site's plan cards
 * read. Nothing is ever deleted or disabled when a plan shrinks: only new creations and reactivations
 * are refused, and existing rows keep working.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { limiteAtingidoMensagem, PLANO_PATH } from "../../../shared/faturamento";
import { limitOf, PLANS } from "../../../shared/plans";
import type { Executor, Transaction } from "../../db/client";
import { condominios, unidades, usoMensal } from "../../db/schema";
import { planLimit } from "../../http/errors";
import { estadoCobranca, mesDeUso } from "./assinatura.service";

export interface UsoDaOrganizacao {
  /** Active (enabled) condominiums. */
  condominios: number;
  /** Active (enabled) units, in any condominium of the organization. */
  unidades: number;
  /** The attendant's conversations started in `now`'s São Paulo month. */
  atendimentos: number;
}

async function contarCondominios(db: Executor, organizationId: string): Promise<number> {
  // condominios_org_nome_idx leads with organization_id; a tenant has few condominiums.
  const [row] = await db
    .select({ n: count() })
    .from(condominios)
    .where(and(eq(condominios.organizationId, organizationId), eq(condominios.enabled, true)));
  return row?.n ?? 0;
}

async function contarUnidades(db: Executor, organizationId: string): Promise<number> {
  // unidades_org_torre_codigo_idx leads with organization_id.
  const [row] = await db
    .select({ n: count() })
    .from(unidades)
    .where(and(eq(unidades.organizationId, organizationId), eq(unidades.enabled, true)));
  return row?.n ?? 0;
}

async function atendimentosDoMes(db: Executor, organizationId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: usoMensal.atendimentos })
    .from(usoMensal)
    .where(and(eq(usoMensal.organizationId, organizationId), eq(usoMensal.mes, mesDeUso(now))));
  return row?.n ?? 0;
}

/** What the organization uses of its plan's limits now: the plan page shows it, a downgrade checks it. */
export async function usoDaOrganizacao(db: Executor, organizationId: string, now: Date): Promise<UsoDaOrganizacao> {
  // One after the other: the executor may be a transaction, which runs one statement at a time.
  const condominios = await contarCondominios(db, organizationId);
  const unidades = await contarUnidades(db, organizationId);
  const atendimentos = await atendimentosDoMes(db, organizationId, now);
  return { condominios, unidades, atendimentos };
}

export type RecursoCadastro = "condominios" | "unidades";

/**
 * Refuses (403 PLAN_LIMIT, naming the limit, linking to the plan page) `novos` more active rows of
 * `recurso` beyond the effective plan's limit. Call it inside the transaction that then inserts (or
 * re-enables) them: the transaction-scoped advisory lock per (organization, resource) makes parallel
 * creations count one after another, so the count and the insert cannot be overtaken.
 */
export async function garantirLimite(
  tx: Transaction,
  organizationId: string,
  recurso: RecursoCadastro,
  novos = 1,
  now = new Date(),
): Promise<void> {
  if (novos <= 0) return;
  const { plano } = await estadoCobranca(tx, organizationId, now);
  const limite = limitOf(PLANS[plano].limites, recurso);
  if (limite === null) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`guarita.limite:${organizationId}:${recurso}`}))`);
  const usados =
    recurso === "condominios" ? await contarCondominios(tx, organizationId) : await contarUnidades(tx, organizationId);
  if (usados + novos > limite) throw planLimit(limiteAtingidoMensagem(recurso, plano), PLANO_PATH);
}

/**
 * Counts one attendant's conversation in `now`'s month and says whether the plan allows it. Limited
 * plans count and check in one statement (the row's lock serialises parallel starts, and the
 * `WHERE` refuses the one past the limit); unlimited ones only count, for the plan page's usage.
 */
export async function registrarAtendimento(tx: Executor, organizationId: string, now = new Date()): Promise<boolean> {
  const { plano } = await estadoCobranca(tx, organizationId, now);
  const limite = limitOf(PLANS[plano].limites, "atendimentos");
  const mes = mesDeUso(now);
  if (limite === null) {
    await tx
      .insert(usoMensal)
      .values({ organizationId, mes, atendimentos: 1 })
      .onConflictDoUpdate({
        target: [usoMensal.organizationId, usoMensal.mes],
        set: { atendimentos: sql`${usoMensal.atendimentos} + 1` },
      });
    return true;
  }
  if (limite <= 0) return false;
  const rows = await tx
    .insert(usoMensal)
    .values({ organizationId, mes, atendimentos: 1 })
    .onConflictDoUpdate({
      target: [usoMensal.organizationId, usoMensal.mes],
      set: { atendimentos: sql`${usoMensal.atendimentos} + 1` },
      setWhere: sql`${usoMensal.atendimentos} < ${limite}`,
    })
    .returning({ atendimentos: usoMensal.atendimentos });
  return rows.length > 0;
}
