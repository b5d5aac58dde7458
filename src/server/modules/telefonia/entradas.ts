/**
 * What a provider already delivered and what Guarita answered (`atendente_entradas`): Twilio
 * retries a webhook it got no answer to, Meta delivers a message more than once. The first
 * delivery claims its key in one INSERT … ON CONFLICT DO NOTHING; a repeat gets the stored answer
 * and changes nothing (docs/decisions/037-phone-line-and-whatsapp.md).
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { atendenteEntradas as e } from "../../db/schema";

export type Claim = { claimed: true } | { claimed: false; resposta: string | null };

export async function claimEntrada(
  db: Executor,
  entrada: { chave: string; organizationId: string; conversaId: string },
): Promise<Claim> {
  const inserted = await db.insert(e).values(entrada).onConflictDoNothing().returning({ chave: e.chave });
  if (inserted.length > 0) return { claimed: true };
  const [existing] = await db.select({ resposta: e.resposta }).from(e).where(eq(e.chave, entrada.chave));
  return { claimed: false, resposta: existing?.resposta ?? null };
}

/** The answer stored for a delivery, if it was answered. */
export async function readResposta(db: Executor, chave: string): Promise<string | null> {
  const [row] = await db.select({ resposta: e.resposta }).from(e).where(eq(e.chave, chave));
  return row?.resposta ?? null;
}

export async function saveResposta(db: Executor, chave: string, resposta: string): Promise<void> {
  await db
    .update(e)
    .set({ resposta })
    .where(and(eq(e.chave, chave), isNull(e.resposta)));
}

/** A delivery whose answer failed is forgotten, so the provider's retry is answered afresh. */
export async function dropEntrada(db: Executor, chave: string): Promise<void> {
  await db.delete(e).where(and(eq(e.chave, chave), isNull(e.resposta)));
}

/** The latest answer given in a conversation (the console's simulation continues from it). */
export async function lastResposta(db: Executor, conversaId: string): Promise<string | null> {
  const [row] = await db
    .select({ resposta: e.resposta })
    .from(e)
    .where(eq(e.conversaId, conversaId))
    .orderBy(desc(e.createdAt))
    .limit(1);
  return row?.resposta ?? null;
}
