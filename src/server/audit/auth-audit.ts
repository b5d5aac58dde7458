/**
 * Sign-ins, sign-outs and failed sign-ins in the audit trail of the tenant the account belongs to
 * (docs/product.md, "Auditoria"). A failed attempt on an address that is no member of any tenant is recorded nowhere:
 * there is no customer to show it to, and the sign-in throttle already counts it.
 */
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { member, user } from "../db/schema";
import { recordAudit } from "./audit";

async function membershipOf(db: Executor, userId: string): Promise<string | null> {
  const [m] = await db
    .select({ organizationId: member.organizationId })
    .from(member)
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt))
    .limit(1);
  return m?.organizationId ?? null;
}

export async function auditSignIn(db: Executor, userId: string, ip: string | null) {
  const [u] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  const org = await membershipOf(db, userId);
  if (!org || !u) return;
  await recordAudit(
    db,
    org,
    { tipo: "usuario", id: userId, nome: u.name, ip },
    {
      acao: "entrar",
      entidade: "sessao",
      entidadeId: userId,
      resumo: `${u.name} entrou no sistema`,
    },
  );
}

export async function auditFailedSignIn(db: Executor, email: string, ip: string | null) {
  const [u] = await db.select({ id: user.id, name: user.name }).from(user).where(eq(user.email, email.toLowerCase()));
  if (!u) return;
  const org = await membershipOf(db, u.id);
  if (!org) return;
  await recordAudit(
    db,
    org,
    { tipo: "anonimo", id: null, nome: null, ip },
    {
      acao: "falha_login",
      entidade: "sessao",
      entidadeId: u.id,
      resumo: `Senha incorreta ao entrar como ${u.name}`,
    },
  );
}

/** A sign-out, named by the session it ends (read before better-auth deletes it). */
export async function auditSignOut(db: Executor, userId: string, organizationId: string | null, ip: string | null) {
  const [u] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  const org = organizationId ?? (await membershipOf(db, userId));
  if (!org || !u) return;
  await recordAudit(
    db,
    org,
    { tipo: "usuario", id: userId, nome: u.name, ip },
    {
      acao: "sair",
      entidade: "sessao",
      entidadeId: userId,
      resumo: `${u.name} saiu do sistema`,
    },
  );
}
