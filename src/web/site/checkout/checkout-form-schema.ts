import { z } from "zod";
import { checkoutClienteSchema, demoCardSchema } from "@/shared/schemas/checkout";

/**
 * The page's form: the billing details always, the card fields only in demo mode (in Stripe mode
 * the card lives in Stripe's own iframe and never touches our form or server). Without a card
 * (Stripe mode, or Personalizado) the hidden card fields' empty values are dropped, not validated:
 * they would block the submission with errors the page does not show.
 */
export const checkoutFormSchema = z.object({ cliente: checkoutClienteSchema });
export const demoCheckoutFormSchema = z.object({ cliente: checkoutClienteSchema, cartao: demoCardSchema });

export type CheckoutFormValues = z.input<typeof demoCheckoutFormSchema>;

export const EMPTY_CHECKOUT_FORM: CheckoutFormValues = {
  cliente: {
    nome: "",
    email: "",
    telefone: "",
    empresa: "",
    cnpj: "",
    cep: "",
    rua: "",
    numero: "",
    complemento: "",
    bairro: "",
    cidade: "",
    estado: "",
  },
  cartao: { numero: "", validade: "", cvc: "" },
};
