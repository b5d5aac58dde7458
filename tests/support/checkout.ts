/** Checkout and account creation through the public API, as the checkout page does it. */
import { randomUUID } from "node:crypto";
import type { System } from "@/server/bootstrap";
import type { BillingCycle, PlanId } from "@/shared/plans";
import type { CheckoutClienteInput } from "@/shared/schemas/checkout";
import { client, cookieFrom } from "./http";

export const TEST_CARD = { numero: "4242 4242 4242 4242", validade: "12/39", cvc: "123" };
export const DECLINED_CARD = { numero: "4000 0000 0000 0002", validade: "12/39", cvc: "123" };

export function cliente(overrides: Partial<CheckoutClienteInput> = {}): CheckoutClienteInput {
  return {
    nome: "Marina Souza",
    email: `marina-${randomUUID().slice(0, 8)}@cliente.guarita.app`,
    telefone: "(11) 99876-5432",
    empresa: "Condomínio Jardim das Flores",
    cnpj: "11.222.333/0001-81",
    cep: "01310-100",
    rua: "Avenida Paulista",
    numero: "1000",
    complemento: "",
    bairro: "Bela Vista",
    cidade: "São Paulo",
    estado: "SP",
    ...overrides,
  };
}

/** Starts a checkout; `cookie` is the browser's checkout cookie from then on. */
export async function startCheckout(
  system: System,
  opts: { plan?: PlanId; billing?: BillingCycle; cliente?: Partial<CheckoutClienteInput> } = {},
) {
  const res = await client(system).post("/api/checkout", {
    json: { plan: opts.plan ?? "essencial", billing: opts.billing ?? "yearly", cliente: cliente(opts.cliente) },
  });
  if (res.status !== 201) throw new Error(`checkout falhou (${res.status}): ${JSON.stringify(res.body)}`);
  return { session: res.body, cookie: cookieFrom(res.headers) };
}

/** A checkout paid with the demo test card. */
export async function paidCheckout(system: System, opts: Parameters<typeof startCheckout>[1] = {}) {
  const started = await startCheckout(system, opts);
  if (started.session.status === "sem_cobranca") return started;
  const res = await client(system, { cookie: started.cookie }).post(`/api/checkout/${started.session.id}/confirmar`, {
    json: { cartao: TEST_CARD },
  });
  if (res.status !== 200) throw new Error(`pagamento falhou (${res.status}): ${JSON.stringify(res.body)}`);
  return { session: res.body, cookie: started.cookie };
}
