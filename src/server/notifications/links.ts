/**
 * The resident's decision link `/r/<token>` (docs/decisions/022-resident-link.md): 32 random bytes
 * (256 bits) in base64url, bound to one notification (one request, one person); only its SHA-256
 * is stored. It works until the request is decided or expires (15 minutes when it has no expiry),
 * and stops deciding the moment anyone decides.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { notificacoes } from "../db/schema";

export const RESIDENT_LINK_PATH = "/r/";
/** A link's life when its request has no expiry. */
export const LINK_TTL_WITHOUT_EXPIRY_MS = 15 * 60_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Cheap shape check before any database work: a malformed token is simply invalid. */
export function isLinkTokenShaped(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

export function linkExpiry(requestExpiry: Date | null, now = new Date()): Date {
  return requestExpiry ?? new Date(now.getTime() + LINK_TTL_WITHOUT_EXPIRY_MS);
}

/** Someone decided (or the requests expired): every link of these requests stops deciding. */
export async function revokeLinks(tx: Executor, solicitacaoIds: string[]) {
  if (solicitacaoIds.length === 0) return;
  await tx
    .update(notificacoes)
    .set({ revogadoEm: sql`now()` })
    .where(and(inArray(notificacoes.solicitacaoId, solicitacaoIds), isNull(notificacoes.revogadoEm)));
}
