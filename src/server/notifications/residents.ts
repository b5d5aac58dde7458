/**
 * A unit's active residents in calling order (the PBX's directory and the residents' messages use
 * the same order): the responsável first, then by when they moved in, then by name.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { CanalNotificacao, CanalPreferido } from "../../shared/domain";
import type { Executor } from "../db/client";
import { pessoas, unidadeMoradores } from "../db/schema";

export interface ResidentInOrder {
  unidadeId: string;
  pessoaId: string;
  nome: string;
  pbxRamal: string | null;
  telefoneE164: string | null;
  email: string | null;
  canalPreferido: CanalPreferido | null;
  userId: string | null;
  isResponsavel: boolean;
}

export async function activeResidentsInCallingOrder(
  db: Executor,
  organizationId: string,
  unidadeIds: string[],
): Promise<ResidentInOrder[]> {
  if (unidadeIds.length === 0) return [];
  const rows = await db
    .select({
      unidadeId: unidadeMoradores.unidadeId,
      pessoaId: pessoas.id,
      nome: pessoas.nome,
      pbxRamal: pessoas.pbxRamal,
      telefoneE164: pessoas.telefoneE164,
      email: pessoas.email,
      canalPreferido: pessoas.canalPreferido,
      userId: pessoas.userId,
      isResponsavel: unidadeMoradores.isResponsavel,
    })
    .from(unidadeMoradores)
    .innerJoin(pessoas, eq(pessoas.id, unidadeMoradores.pessoaId))
    .where(
      and(
        eq(unidadeMoradores.organizationId, organizationId),
        inArray(unidadeMoradores.unidadeId, unidadeIds),
        eq(unidadeMoradores.ativo, true),
        eq(pessoas.ativo, true),
      ),
    )
    .orderBy(desc(unidadeMoradores.isResponsavel), asc(unidadeMoradores.createdAt), asc(pessoas.nome));
  return rows.map((r) => ({ ...r, canalPreferido: r.canalPreferido as CanalPreferido | null }));
}

/**
 * Where a resident's message goes: the preferred channel when its address is known, else WhatsApp
 * with a phone, else SMS with a phone, else e-mail; null when the record has neither (the resident
 * is skipped). `works` leaves out channels that cannot send (off, or already tried).
 */
export function contactOf(
  r: Pick<ResidentInOrder, "telefoneE164" | "email" | "canalPreferido">,
  works: (canal: CanalNotificacao) => boolean = () => true,
): {
  canal: CanalNotificacao;
  destino: string;
} | null {
  const phone = r.telefoneE164?.trim() || null;
  const email = r.email?.trim() || null;
  const addressOf = (canal: CanalNotificacao) => (canal === "email" ? email : phone);
  const order: CanalNotificacao[] = [
    ...(r.canalPreferido ? [r.canalPreferido] : []),
    ...(phone ? (["whatsapp", "sms"] as const) : []),
    "email",
  ];
  for (const canal of order) {
    const destino = addressOf(canal);
    if (destino && works(canal)) return { canal, destino };
  }
  return null;
}
