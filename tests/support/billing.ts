/**
 * Billing state for tests: an organization's subscription written straight into `assinaturas`
 * (docs/decisions/045-plans-and-billing.md), without going through checkout or a provider, and the
 * failed payment's clock set back so a test can stand inside or past the grace period.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { System } from "@/server/bootstrap";
import { assinaturas } from "@/server/db/schema";
import { type BillingCycle, type PlanId, planAmountCents } from "@/shared/plans";
import type { CheckoutCliente } from "@/shared/schemas/checkout";

const DIA_MS = 24 * 60 * 60 * 1000;

export type AssinaturaTeste = typeof assinaturas.$inferSelect;
export type AssinaturaOverrides = Partial<typeof assinaturas.$inferInsert>;

/** A valid billing form as stored (digits, phone in E.164), the NFS-e's tomador. */
export function clienteCobranca(overrides: Partial<CheckoutCliente> = {}): CheckoutCliente {
  return {
    nome: "Marina Souza",
    email: `marina-${randomUUID().slice(0, 8)}@cliente.guarita.app`,
    telefone: "+5511998765432",
    empresa: "Condomínio Jardim das Flores",
    cnpj: "11222333000181",
    cep: "01310100",
    rua: "Avenida Paulista",
    numero: "1000",
    complemento: null,
    bairro: "Bela Vista",
    cidade: "São Paulo",
    estado: "SP",
    ...overrides,
  };
}

/**
 * Gives the organization a subscription: demo provider, unique refs, Essencial yearly (unless
 * overridden), active, its period running from now for a month.
 */
export async function darAssinatura(
  system: System,
  organizationId: string,
  overrides: AssinaturaOverrides = {},
): Promise<AssinaturaTeste> {
  const id = randomUUID().slice(0, 12);
  const plano = (overrides.plano ?? "essencial") as PlanId;
  const ciclo = (overrides.ciclo ?? "yearly") as BillingCycle;
  const now = new Date();
  const fim = new Date(now);
  fim.setMonth(fim.getMonth() + 1);
  const cliente = overrides.cliente ?? clienteCobranca();
  const [row] = await system.handle.db
    .insert(assinaturas)
    .values({
      organizationId,
      provider: "demo",
      customerRef: `demo_cus_${id}`,
      subscriptionRef: `demo_sub_${id}`,
      plano,
      ciclo,
      status: "ativa",
      valorCentavos: planAmountCents(plano, ciclo),
      periodoInicio: now,
      periodoFim: fim,
      emailCobranca: cliente.email,
      cliente,
      ...overrides,
    })
    .returning();
  return row!;
}

/** The organization's payment failed `diasDesdeFalha` days ago and is still unpaid. */
export async function emAtraso(system: System, organizationId: string, diasDesdeFalha: number): Promise<Date> {
  const falhaEm = new Date(Date.now() - diasDesdeFalha * DIA_MS);
  await system.handle.db
    .update(assinaturas)
    .set({ status: "inadimplente", falhaEm, updatedAt: new Date() })
    .where(eq(assinaturas.organizationId, organizationId));
  return falhaEm;
}
