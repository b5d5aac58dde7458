/**
 * Brazilian input masks and checks for the checkout form. CNPJ and CEP come from
 * @brazilian-utils (check digits, formats); the phone and card masks are ours because the library's
 * phone formatter does not produce the "(11) 99999-9999" shape the form's placeholder promises.
 */
import { formatCEP, formatCNPJ, getStates, isValidCNPJ, isValidPhone } from "@brazilian-utils/brazilian-utils";

export const onlyDigits = (value: string) => value.replace(/\D/g, "");

/** "11999998888" → "(11) 99999-8888"; "1140028922" → "(11) 4002-8922"; partial input is masked as typed. */
export function maskPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  const area = d.slice(0, 2);
  const rest = d.slice(2);
  const split = rest.length > 8 ? 5 : 4;
  return rest.length <= split ? `(${area}) ${rest}` : `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

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

export const isValidBrazilianPhone = (value: string) => isValidPhone(onlyDigits(value));
export const isValidCnpjNumber = (value: string) => isValidCNPJ(onlyDigits(value));

/** The 27 federative units, for the "Estado" field (2 letters, docs/product.md, "Checkout"). */
export const UF_CODES: readonly string[] = getStates().map((state) => state.code);
