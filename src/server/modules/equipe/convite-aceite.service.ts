/**
 * Opening and accepting an invitation from its link (public: the token is the credential).
 *
 * - Without an account for the invited e-mail: the page asks for a name and a password; one
 *   transaction creates the login (its e-mail counts as verified: the link reached that mailbox),
 *   the membership with the invited role, links a morador's person record, and uses the invitation.
 * - With an account: the invited person signs in to it first, then accepts; the membership is added
 *   and the session moves into the tenant. A password is never set on an existing account from here.
 *
 * Every "this link does not work" case (unknown, used, revoked, expired) answers the same 404, so the
 * page cannot be used to learn which invitations exist.
 */

import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { AceitarConviteInput } from "../../../shared/schemas/convite-aceite";
import type { ConviteAberto } from "../../../shared/schemas/equipe";
import { recordAudit } from "../../audit/audit";
import type { Auth } from "../../auth/auth";
import type { Database, Transaction } from "../../db/client";
import { account, convites, member, organization, pessoas, session, user } from "../../db/schema";
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { hashInvitationToken, PESSOA_JA_VINCULADA } from "./equipe.service";

export const CONVITE_INVALIDO =
  "Este convite não é válido: ele pode ter expirado, sido revogado ou já ter sido usado. Peça um novo convite a quem o enviou.";
export const CONTA_EXISTENTE =
  "Já existe uma conta com este e-mail. Entre com ela e abra o link do convite de novo para aceitá-lo.";

const openInvitation = (token: string) =>
  and(
    eq(convites.tokenHash, hashInvitationToken(token)),
    eq(convites.status, "pendente"),
    gt(convites.expiraEm, sql`now()`),
  );

export async function openConvite(db: Database, token: string): Promise<ConviteAberto> {
  const [row] = await db
    .select({
      email: convites.email,
      papel: convites.papel,
      expiraEm: convites.expiraEm,
      organizacao: organization.name,
      convidadoPor: user.name,
    })
    .from(convites)
    .innerJoin(organization, eq(organization.id, convites.organizationId))
    .leftJoin(user, eq(user.id, convites.convidadoPorUserId))
    .where(openInvitation(token));
  if (!row) throw notFound(CONVITE_INVALIDO);
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, row.email));
  return {
    email: row.email,
    papel: row.papel as ConviteAberto["papel"],
    organizacao: row.organizacao,
    convidado_por: row.convidadoPor ?? null,
    expira_em: iso(row.expiraEm),
    conta_existente: !!existing,
  };
}

export type Signed = { userId: string; sessionId: string } | null;

export interface AcceptResult {
  email: string;
  /** Set when a new account was created: the route signs it in with this password. */
  newAccountPassword: string | null;
}

export async function acceptConvite(
  deps: { db: Database; auth: Auth },
  token: string,
  input: AceitarConviteInput,
  signed: Signed,
): Promise<AcceptResult> {
  const { db, auth } = deps;
  // Hashing is slow on purpose; do it before the transaction holds any lock.
  const passwordHash = input.senha ? await (await auth.$context).password.hash(input.senha) : null;
  try {
    return await db.transaction(async (tx) => {
      const [invite] = await tx.select().from(convites).where(openInvitation(token)).for("update");
      if (!invite) throw notFound(CONVITE_INVALIDO);
      const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, invite.email));

      let userId: string;
      let newAccountPassword: string | null = null;
      if (existing) {
        if (!signed || signed.userId !== existing.id) throw new AppError(409, "ACCOUNT_EXISTS", CONTA_EXISTENTE);
        userId = existing.id;
      } else {
        if (!input.nome || !input.senha || !passwordHash) {
          throw badRequest("Informe seu nome e uma senha para criar o seu acesso.", [
            ...(input.nome ? [] : [{ path: "nome", message: "Informe seu nome" }]),
            ...(input.senha ? [] : [{ path: "senha", message: "Crie uma senha" }]),
          ]);
        }
        userId = await createInvitedUser(tx, { email: invite.email, nome: input.nome, passwordHash });
        newAccountPassword = input.senha;
      }

      await tx
        .insert(member)
        .values({ id: randomUUID(), organizationId: invite.organizationId, userId, role: invite.papel })
        .onConflictDoNothing();
      if (invite.pessoaId) await linkInvitedPerson(tx, invite.organizationId, invite.pessoaId, userId);
      await tx
        .update(convites)
        .set({ status: "aceito", aceitoEm: new Date(), aceitoPorUserId: userId })
        .where(eq(convites.id, invite.id));
      // Following the link proved the mailbox.
      await tx.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, userId));
      const [joined] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId));
      await recordAudit(
        tx,
        invite.organizationId,
        { tipo: "usuario", id: userId, nome: joined?.name ?? null, ip: null },
        {
          acao: "criar",
          entidade: "membro",
          entidadeId: userId,
          resumo: `${joined?.name ?? invite.email} aceitou o convite e entrou na equipe`,
          depois: { email: invite.email, papel: invite.papel },
        },
      );
      // An existing account's session moves into the tenant it just joined.
      if (signed && existing) {
        await tx
          .update(session)
          .set({ activeOrganizationId: invite.organizationId, updatedAt: new Date() })
          .where(eq(session.id, signed.sessionId));
      }
      return { email: invite.email, newAccountPassword };
    });
  } catch (error) {
    // Two tabs accepting the same new-account invitation at once: one creates the user.
    if (isUniqueViolation(error, "user_email_unique")) throw notFound(CONVITE_INVALIDO);
    throw error;
  }
}

async function createInvitedUser(
  tx: Transaction,
  input: { email: string; nome: string; passwordHash: string },
): Promise<string> {
  const userId = randomUUID();
  await tx.insert(user).values({ id: userId, name: input.nome, email: input.email, emailVerified: true });
  await tx.insert(account).values({
    id: randomUUID(),
    userId,
    accountId: userId,
    providerId: "credential",
    password: input.passwordHash,
  });
  return userId;
}

async function linkInvitedPerson(tx: Transaction, organizationId: string, pessoaId: string, userId: string) {
  const [linked] = await tx
    .update(pessoas)
    .set({ userId, updatedAt: new Date() })
    .where(and(eq(pessoas.organizationId, organizationId), eq(pessoas.id, pessoaId), isNull(pessoas.userId)))
    .returning({ id: pessoas.id });
  if (!linked) throw conflict(PESSOA_JA_VINCULADA);
}
