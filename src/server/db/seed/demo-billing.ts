/**
 * The demo tenant's subscription (docs/decisions/045-plans-and-billing.md): Personalizado at an agreed
 * price, in the labelled demo mode, with the last three months paid, so "Plano e faturamento" shows a
 * plan, a next charge, a card and receipts. Refs follow the demo provider's, so its simulations (renew,
 * fail, the period's end) act on this subscription like on any other.
 */
import type { CheckoutCliente } from "../../../shared/schemas/checkout";
import type { Transaction } from "../client";
import { assinaturas, faturas } from "../schema";

/** R$ 2.490,00 a month, the price agreed with sales. */
export const DEMO_VALOR_CENTAVOS = 249_000;
const DESCRICAO = "Guarita — plano Personalizado (mensal)";
const DIA_MS = 24 * 60 * 60 * 1000;

const CLIENTE: CheckoutCliente = {
  nome: "Marina Duarte",
  email: "sindico@demo.guarita.app",
  telefone: "+5511987654321",
  empresa: "Administradora Demo Guarita",
  cnpj: "11222333000181",
  cep: "01310100",
  rua: "Avenida Paulista",
  numero: "1000",
  complemento: "Conjunto 101",
  bairro: "Bela Vista",
  cidade: "São Paulo",
  estado: "SP",
};

function monthsBefore(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

export async function seedDemoBilling(tx: Transaction, { organizationId, now }: { organizationId: string; now: Date }) {
  // The current period started ten days ago; the two before it were paid too.
  const inicio = new Date(now.getTime() - 10 * DIA_MS);
  const starts = [monthsBefore(inicio, 2), monthsBefore(inicio, 1), inicio];
  const subscriptionRef = `demo_sub_${organizationId}`;
  const [assinatura] = await tx
    .insert(assinaturas)
    .values({
      organizationId,
      provider: "demo",
      customerRef: `demo_cus_${organizationId}`,
      subscriptionRef,
      plano: "personalizado",
      ciclo: "monthly",
      status: "ativa",
      valorCentavos: DEMO_VALOR_CENTAVOS,
      periodoInicio: inicio,
      periodoFim: monthsBefore(inicio, -1),
      cartaoBandeira: "Visa",
      cartaoFinal: "4242",
      cartaoValidade: "12/30",
      emailCobranca: CLIENTE.email,
      cliente: CLIENTE,
      createdAt: starts[0],
    })
    .returning({ id: assinaturas.id });
  await tx.insert(faturas).values(
    starts.map((start) => ({
      assinaturaId: assinatura!.id,
      invoiceRef: `demo_in_${subscriptionRef}_${start.getTime()}`,
      status: "paga",
      descricao: DESCRICAO,
      valorCentavos: DEMO_VALOR_CENTAVOS,
      itens: [{ descricao: "Plano Personalizado (mensal), 1 mês", valor_centavos: DEMO_VALOR_CENTAVOS }],
      periodoInicio: start,
      periodoFim: monthsBefore(start, -1),
      pagaEm: start,
      createdAt: start,
    })),
  );
}
