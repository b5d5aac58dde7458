/**
 * Brazilian input masks and checks for the checkout form. CNPJ and CEP come from
 * @brazilian-utils (check digits, formats); the card masks are ours. Phones have their own module,
 * src/shared/phone.ts (docs/product.md, "Telefones").
 */
import { formatCEP, formatCNPJ, getStates, isValidCNPJ } from "@brazilian-utils/brazilian-utils";

export const onlyDigits = (value: string) => value.replace(/\D/g, "");

export function maskCnpj(value: string): string {
  return formatCNPJ(onlyDigits(value).slice(0, 14));
}

export function maskCep(value: string): string {
  return formatCEP(onlyDigits(value).slice(0, 8));
}

/** "4242424242424242" → "4242 4242 4242 4242". */
export function maskCardNumber(value: string): string {
  return onlyDigits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1230" → "12/30". */
export function maskCardExpiry(value: string): string {
  const d = onlyDigits(value).slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)}/${d.slice(2)}`;
}

export const isValidCnpjNumber = (value: string) => isValidCNPJ(onlyDigits(value));

/** The 27 federative units, for the "Estado" field (2 letters, docs/product.md, "Checkout"). */
export const UF_CODES: readonly string[] = getStates().map((state) => state.code);
