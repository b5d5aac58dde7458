/** The create-account page's calls: this browser's checkout and POST /api/cadastro. */
import type { CadastroInput, CadastroResult } from "@/shared/schemas/cadastro";
import type { CheckoutSession } from "@/shared/schemas/checkout";
import { apiFetch } from "@/web/lib/api";

/** The checkout this browser started (the server reads its signed cookie); 404 when there is none. */
export const fetchCurrentCheckout = () => apiFetch<CheckoutSession>("/api/checkout/atual");

/** POST /api/cadastro: creates the account from this browser's paid checkout and signs in. */
export const createAccount = (input: CadastroInput) =>
  apiFetch<CadastroResult>("/api/cadastro", { method: "POST", json: input });
