import type { CadastroInput, CadastroResult } from "@/shared/schemas/checkout";
import { apiFetch } from "@/web/lib/api";

/** POST /api/cadastro: creates the account from this browser's paid checkout and signs in. */
export const createAccount = (input: CadastroInput) =>
  apiFetch<CadastroResult>("/api/cadastro", { method: "POST", json: input });
