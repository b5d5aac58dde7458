/**
 * Sender and recipient addresses. Kept free of nodemailer and React so env.ts can validate
 * MAIL_FROM with it at start.
 */
import { z } from "zod";

export const DEFAULT_MAIL_FROM = "Guarita <nao-responda@guarita.app>";

const email = z.email();

/** `Nome <endereco@dominio>` or a bare address; null when it is neither. */
export function parseMailbox(value: string): { name: string | null; address: string } | null {
  const trimmed = value.trim();
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(trimmed);
  const name = named ? named[1]!.replace(/^"(.*)"$/, "$1").trim() || null : null;
  const address = named ? named[2]!.trim() : trimmed;
  return email.safeParse(address).success ? { name, address } : null;
}

/** A single recipient address: no display name, no list, nothing a header could be bent with. */
export function isRecipientAddress(value: string): boolean {
  return email.safeParse(value).success;
}
