/**
 * Checkout (docs/product.md, "Checkout"): the billing form, the demo card and the API's answers.
 * The web forms and the server validate with these. Account creation's form is in cadastro.ts.
 */
import { z } from "zod";
import { isValidCnpjNumber, maskCardExpiry, maskCep, maskCnpj, onlyDigits, UF_CODES } from "../br-format";
import { CHECKOUT_STATUSES, PAYMENT_MODES } from "../domain";
import { formatPhone, phoneField } from "../phone";
import { BILLING_CYCLES, PLAN_IDS } from "../plans";

const required = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Máximo de ${max} caracteres`);

/** Billing form (docs/product.md, "Checkout"): masked on screen, stored as digits (the phone in E.164). */
export const checkoutClienteSchema = z
  .object({
    nome: required("Informe o nome completo").pipe(z.string().min(2, "Nome deve ter pelo menos 2 caracteres")),
    email: z.string({ error: "E-mail inválido" }).trim().toLowerCase().max(254).pipe(z.email("E-mail inválido")),
    telefone: phoneField("Informe o telefone"),
    empresa: required("Informe o nome da empresa ou do condomínio"),
    cnpj: z
      .string()
      .trim()
      .max(20, "CNPJ inválido")
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || isValidCnpjNumber(v), "CNPJ inválido")
      .transform((v) => (v === null ? null : onlyDigits(v))),
    cep: required("Informe o CEP", 10)
      .refine((v) => /^\d{5}-?\d{3}$/.test(v), "CEP deve ter 8 dígitos")
      .transform(onlyDigits),
    rua: required("Informe a rua"),
    numero: required("Informe o número", 20),
    complemento: z
      .string()
      .trim()
      .max(120, "Máximo de 120 caracteres")
      .nullish()
      .transform((v) => (v ? v : null)),
    bairro: required("Informe o bairro"),
    cidade: required("Informe a cidade"),
    estado: z
      .string({ error: "Informe o estado" })
      .trim()
      .toUpperCase()
      .min(1, "Informe o estado")
      .max(2, "Use a sigla do estado, com 2 letras")
      .refine((v) => UF_CODES.includes(v), "Estado inválido: use a sigla, como SP"),
  })
  .strict();
export type CheckoutClienteInput = z.input<typeof checkoutClienteSchema>;
export type CheckoutCliente = z.output<typeof checkoutClienteSchema>;

/** What the form shows for stored values (digits back to masks). */
export function maskCliente(cliente: CheckoutCliente): CheckoutClienteInput {
  return {
    ...cliente,
    telefone: formatPhone(cliente.telefone) ?? "",
    cnpj: cliente.cnpj ? maskCnpj(cliente.cnpj) : "",
    cep: maskCep(cliente.cep),
    complemento: cliente.complemento ?? "",
  };
}

/** POST /api/checkout. No amount: the server takes it from the plan catalogue. */
export const checkoutCreateSchema = z
  .object({
    plan: z.enum(PLAN_IDS, { error: "Plano inválido" }),
    billing: z.enum(BILLING_CYCLES, { error: "Ciclo de cobrança inválido" }),
    cliente: checkoutClienteSchema,
  })
  .strict();
export type CheckoutCreateInput = z.input<typeof checkoutCreateSchema>;
export type CheckoutCreate = z.output<typeof checkoutCreateSchema>;

/** The demo provider's card fields (demo mode, docs/product.md, "Checkout"). */
export const demoCardSchema = z
  .object({
    numero: z
      .string({ error: "Informe o número do cartão" })
      .transform(onlyDigits)
      .pipe(
        z
          .string()
          .min(1, "Informe o número do cartão")
          .regex(/^\d{13,19}$/, "Número do cartão inválido"),
      ),
    validade: z
      .string({ error: "Informe a validade" })
      .trim()
      .transform(maskCardExpiry)
      .pipe(
        z
          .string()
          .min(1, "Informe a validade")
          .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, "Validade inválida: use MM/AA"),
      ),
    cvc: z
      .string({ error: "Informe o CVC" })
      .trim()
      .min(1, "Informe o CVC")
      .regex(/^\d{3}$/, "O CVC tem 3 dígitos"),
  })
  .strict();
export type DemoCardInput = z.input<typeof demoCardSchema>;
export type DemoCard = z.output<typeof demoCardSchema>;

/** POST /api/checkout/{id}/confirmar: the demo card in demo mode; nothing in Stripe mode. */
export const checkoutConfirmSchema = z.object({ cartao: demoCardSchema.optional() }).strict();

export const checkoutConfigSchema = z.object({
  mode: z.enum(PAYMENT_MODES),
  /** Stripe's publishable key; null in demo mode. */
  publishable_key: z.string().nullable(),
});
export type CheckoutConfig = z.infer<typeof checkoutConfigSchema>;

export const checkoutSessionSchema = z.object({
  id: z.uuid(),
  plan: z.enum(PLAN_IDS),
  billing: z.enum(BILLING_CYCLES),
  amount_cents: z.number().int(),
  currency: z.string(),
  email: z.string(),
  nome: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  mode: z.enum(PAYMENT_MODES),
  /** Stripe's PaymentIntent client secret, for confirming the card in the browser; null otherwise. */
  client_secret: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;
