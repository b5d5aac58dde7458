/**
 * Which account holds an e-mail against a new checkout (docs/decisions/009, addendum).
 *
 * Every account does, except a provisional one: opened through checkout (anyone can type any
 * address there), its e-mail never verified, and older than 24 hours. After that day it no longer
 * keeps the address's owner from buying; the account creation that takes the address releases it
 * from the old account, in its own transaction (`releaseStaleAccount`), deleting nothing.
 *
 * "Opened through checkout" is read from the account's own sign-up metadata (`user_metadata.plan`,
 * written in the same insert as the user), so it cannot be lost with a checkout record. Accounts
 * made otherwise (demo, invited members) are verified at creation and never provisional.
 *
 * An address is verified by the confirmation link sent when the account is created, or by a
 * password reset (the reset link reached that mailbox): a day is the time its owner has to claim it
 * (docs/decisions/016-password-reset-and-verification.md).
 */
import { and, eq, exists, like, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import type { Executor, Transaction } from "../../db/client";
import { member, session, user, verification } from "../../db/schema";

/** How long an unverified account opened through checkout keeps its e-mail from another checkout. */
export const UNVERIFIED_HOLD_HOURS = 24;

const normalise = (email: string) => email.trim().toLowerCase();

/** Measured by the database's clock, the same for every instance. */
const isStaleProvisional = sql`(
  ${user.emailVerified} = false
  AND ${user.userMetadata} ? 'plan'
  AND ${user.createdAt} < now() - ${sql.raw(`interval '${UNVERIFIED_HOLD_HOURS} hours'`)}
)`;

/** True when an account holds this e-mail (a stale provisional one does not). */
export async function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(user)
    .where(and(eq(user.email, normalise(email)), sql`NOT ${isStaleProvisional}`))
    .limit(1);
  return !!row;
}

/**
 * Inside account creation's transaction, before the new user is inserted: releases the e-mail of
 * the stale provisional account holding it, if any. Nothing is deleted: whoever pays for the
 * address must not be able to wipe another customer's data, and that account's tenant, its data
 * and its checkout record stay for support to hand back. The account loses the address (renamed to
 * an `.invalid` one nobody can receive mail at), its sessions and pending password-reset links end,
 * and it leaves the tenants that have other members. (Its confirmation links are bound to its user
 * id, so better-auth refuses them for the new account.) Row-locked, so of two creations racing for one address only one releases it
 * and the other gets the e-mail's unique violation.
 */
export async function releaseStaleAccount(tx: Transaction, email: string, logger: Logger): Promise<void> {
  const [stale] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, normalise(email)), isStaleProvisional))
    .for("update");
  if (!stale) return;

  const others = alias(member, "other_member");
  await tx.delete(member).where(
    and(
      eq(member.userId, stale.id),
      exists(
        tx
          .select({ one: sql`1` })
          .from(others)
          .where(and(eq(others.organizationId, member.organizationId), ne(others.userId, stale.id))),
      ),
    ),
  );
  await tx.delete(session).where(eq(session.userId, stale.id));
  // A reset link mailed to the address before must not open the account that no longer has it.
  await tx
    .delete(verification)
    .where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, stale.id)));
  await tx
    .update(user)
    .set({ email: releasedEmail(stale.id), updatedAt: new Date() })
    .where(eq(user.id, stale.id));
  logger.warn(
    { releasedUserId: stale.id },
    "unverified account older than the hold released its e-mail to a new sign-up",
  );
}

/** Where a released account's address goes: unique, and undeliverable by definition (RFC 2606). */
export const releasedEmail = (userId: string) => `liberado-${userId}@conta-liberada.invalid`;
