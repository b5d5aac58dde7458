/**
 * The resident's decision link `/r/<token>` (docs/decisions/022-resident-link.md): 32 random bytes
 * (256 bits) in base64url, bound to one notification (one request, one person); only its SHA-256
 * is stored. It works until the request is decided or expires, for 24 hours at most (15 minutes
 * when the request has no expiry), and stops deciding the moment anyone decides.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { notificacoes } from "../db/schema";

export const RESIDENT_LINK_PATH = "/r/";
/** A link's life when its request has no expiry. */
export const LINK_TTL_WITHOUT_EXPIRY_MS = 15 * 60_000;
/**
 * A link's longest life, whatever the request's expiry: `expiracao_em` has no upper bound, and a
 * link that decides for weeks is a key left under the mat (docs/decisions/022-resident-link.md).
 */
export const LINK_MAX_TTL_MS = 24 * 3_600_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** A link in a text: `/r/` and a token (a whole one or already cut). */
const LINK_IN_TEXT = /\/r\/([A-Za-z0-9_-]{3})[A-Za-z0-9_-]*…?/g;

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

/** The request's expiry, capped at 24 hours from now; 15 minutes when the request has none. */
export function linkExpiry(requestExpiry: Date | null, now = new Date()): Date {
  if (!requestExpiry) return new Date(now.getTime() + LINK_TTL_WITHOUT_EXPIRY_MS);
  return new Date(Math.min(requestExpiry.getTime(), now.getTime() + LINK_MAX_TTL_MS));
}

/**
 * A text with every link token cut to its first three characters (`…/r/abc…`): what the console
 * shows of a message outside the demo tenant's demo panel, and what is stored of a demo message
 * outside the demo tenant. A cut link opens nothing.
 */
export function cutLinkTokens(text: string): string {
  return text.replace(LINK_IN_TEXT, (_, head: string) => `${RESIDENT_LINK_PATH}${head}…`);
}

/** Someone decided (or the requests expired): every link of these requests stops deciding. */
export async function revokeLinks(tx: Executor, solicitacaoIds: string[]) {
  if (solicitacaoIds.length === 0) return;
  await tx
    .update(notificacoes)
    .set({ revogadoEm: sql`now()` })
    .where(and(inArray(notificacoes.solicitacaoId, solicitacaoIds), isNull(notificacoes.revogadoEm)));
}
