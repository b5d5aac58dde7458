/**
 * Phones (docs/product.md, "Telefones"): every phone field takes a number the way Brazilians type it
 * ("(11) 98765-4321", "11987654321", with or without +55) or an international number with "+", shows
 * it masked, and stores it in E.164 ("+5511987654321"). One parser, one mask and one display format
 * for the console, the public pages, the API and the server.
 *
 * libphonenumber-js's "min" metadata keeps the browser's share small; it checks lengths but not which
 * area codes exist, so Brazilian numbers also pass the area-code and first-digit rule below.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";

/** The message every phone field gives for what is not a phone. */
export const PHONE_INVALID = "Telefone inválido. Ex.: (11) 98765-4321";
/** The placeholder every Brazilian phone field shows. */
export const PHONE_PLACEHOLDER = "(11) 98765-4321";
/** Long enough for an international number typed with spaces and punctuation. */
const MAX_TYPED = 30;

/**
 * A Brazilian national number: an area code (DDD) in use, then a mobile (9 and 8 digits) or a landline
 * (2 to 5 and 7 digits). Service numbers (0800, 4004) are not a person's phone.
 */
const BR_NATIONAL = /^(?:[14689][1-9]|2[12478]|3[1-578]|5[13-5]|7[13-579])(?:9\d{8}|[2-5]\d{7})$/;
/** Digits with the usual separators, and a "+" only at the start; letters ("ramal 2") are not a phone. */
const TYPED_PHONE = /^\+?[\d\s().\-/]+$/;

function parsed(input: string) {
  const text = input.trim();
  if (!text || text.length > MAX_TYPED || !TYPED_PHONE.test(text)) return undefined;
  const phone = parsePhoneNumberFromString(text, { defaultCountry: "BR", extract: false });
  if (!phone?.isValid()) return undefined;
  if (phone.countryCallingCode === "55" && !BR_NATIONAL.test(phone.nationalNumber)) return undefined;
  return phone;
}

/**
 * A typed phone → E.164, or null when it is empty or not a phone. Without "+" the number is Brazilian:
 * "(11) 98765-4321", "11 98765 4321", "011 98765-4321" and "55 11 98765-4321" all give
 * "+5511987654321"; "+351 912 345 678" gives "+351912345678".
 */
export function parsePhone(input: string | null | undefined): string | null {
  return input ? (parsed(input)?.number ?? null) : null;
}

/**
 * A stored phone as the API answers it: E.164. Visitor phones on passes and requests, and the
 * organização's phone, were stored as typed (or as digits) before phones were checked; such a value is
 * read as E.164 when it is a phone, and otherwise answered as it was stored.
 */
export function storedPhone(value: string | null): string | null {
  return value === null ? null : (parsePhone(value) ?? value);
}

/**
 * A stored phone as lists, details and e-mails show it: "(11) 98765-4321" for a Brazilian number, the
 * international format ("+351 912 345 678") for another country. Text that is not a phone (a value
 * typed before phones were checked) is shown as it was stored.
 */
export function formatPhone(value: string | null | undefined): string | null {
  if (!value) return null;
  const phone = parsed(value);
  if (!phone) return value.trim();
  return phone.countryCallingCode === "55" ? phone.formatNational() : phone.formatInternational();
}

/** "11987654321" → "(11) 98765-4321", "1140028922" → "(11) 4002-8922", partial input as typed. */
function maskNational(digits: string): string {
  const d = digits.slice(0, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  const rest = d.slice(2);
  const split = rest.length > 8 ? 5 : 4;
  return rest.length <= split
    ? `(${d.slice(0, 2)}) ${rest}`
    : `(${d.slice(0, 2)}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/**
 * The mask a phone input applies as the user types: "(11) 98765-4321" for a Brazilian number (a
 * leading trunk 0 dropped); "+55 (11) 98765-4321" when it starts with +55 (or 55 and more than 11
 * digits); "+" and the digits for another country. More than 11 digits that are not Brazilian are
 * left unmasked, so the field's error is seen rather than digits silently cut.
 */
export function maskPhone(value: string): string {
  const international = value.trimStart().startsWith("+");
  const digits = international ? value.replace(/\D/g, "") : value.replace(/\D/g, "").replace(/^0+/, "");
  if (international || (digits.length > 11 && digits.startsWith("55"))) {
    if (digits.startsWith("55") && digits.length > 2) return `+55 ${maskNational(digits.slice(2))}`;
    return `+${digits.slice(0, 15)}`;
  }
  return digits.length > 11 ? digits.slice(0, 15) : maskNational(digits);
}

/**
 * What a phone input shows for its value: a stored number (an edit form's starting value: E.164, or
 * digits stored before phones were E.164) in the display format, anything else (already masked as
 * typed) as it is.
 */
export function phoneInputText(value: string | null | undefined): string {
  if (!value) return "";
  return /^\+?\d+$/.test(value) ? (formatPhone(value) ?? value) : value;
}

const typedPhone = (message: string) => z.string({ error: message }).trim().max(MAX_TYPED, PHONE_INVALID);

function toE164(value: string, ctx: z.RefinementCtx): string {
  const e164 = parsePhone(value);
  if (e164) return e164;
  ctx.addIssue({ code: "custom", message: PHONE_INVALID });
  return z.NEVER;
}

const DESCRIPTION =
  "Telefone: aceita como se digita no Brasil ((11) 98765-4321, 11987654321, com ou sem +55) ou um número " +
  "internacional com +; guardado e devolvido em E.164 (+5511987654321).";

/** A required phone field: typed as Brazilians type it, out as E.164. */
export const phoneField = (missing = "Informe o telefone") =>
  typedPhone(missing).min(1, missing).transform(toE164).describe(DESCRIPTION);

/** An optional phone field: empty (or absent) is null; anything else must be a phone, out as E.164. */
export const optionalPhone = () =>
  typedPhone(PHONE_INVALID)
    .nullish()
    .transform((v, ctx) => (v ? toE164(v, ctx) : null))
    .describe(DESCRIPTION);
