/**
 * An organization's subscription as the rest of the server reads it (docs/decisions/045-plans-and-billing.md):
 * which plan's limits apply and whether staff's console is read-only. An organization without a
 * subscription is under a contract agreed with sales (the demo tenant, accounts opened by support):
 * Personalizado, never read-only for billing.
 */
import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import { type AssinaturaStatus, carenciaAte, planoEfetivo, somenteLeitura } from "../../../shared/faturamento";
import type { PlanId } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { assinaturas } from "../../db/schema";

export type AssinaturaRow = typeof assinaturas.$inferSelect;

/** Monthly usage is counted in Brazil's calendar month, whatever the server's zone. */
export const USO_TIMEZONE = "America/Sao_Paulo";

export async function assinaturaDaOrganizacao(db: Executor, organizationId: string): Promise<AssinaturaRow | null> {
  const [row] = await db.select().from(assinaturas).where(eq(assinaturas.organizationId, organizationId)).limit(1);
  return row ?? null;
}

export interface EstadoCobranca {
  /** The plan whose limits apply now. */
  plano: PlanId;
  status: AssinaturaStatus;
  somenteLeitura: boolean;
  /** While a failed payment's grace period runs (or ran): its end. */
  carenciaAte: Date | null;
  assinatura: AssinaturaRow | null;
}

export function estadoDe(row: AssinaturaRow | null, now: Date): EstadoCobranca {
  if (!row)
    return { plano: "personalizado", status: "ativa", somenteLeitura: false, carenciaAte: null, assinatura: null };
  const estado = {
    plano: row.plano as PlanId,
    status: row.status as AssinaturaStatus,
    falhaEm: row.falhaEm,
    planoProximo: row.planoProximo as PlanId | null,
    proximoEm: row.proximoEm,
  };
  return {
    plano: planoEfetivo(estado, now),
    status: estado.status,
    somenteLeitura: somenteLeitura(estado, now),
    carenciaAte: row.status === "inadimplente" && row.falhaEm ? carenciaAte(row.falhaEm) : null,
    assinatura: row,
  };
}

export async function estadoCobranca(db: Executor, organizationId: string, now = new Date()): Promise<EstadoCobranca> {
  return estadoDe(await assinaturaDaOrganizacao(db, organizationId), now);
}

/** "2026-11-01": the first day of `now`'s month in São Paulo, the key of `uso_mensal`. */
export function mesDeUso(now: Date): string {
  const local = new TZDate(now.getTime(), USO_TIMEZONE);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, "0")}-01`;
}
