/**
 * Account creation after checkout (docs/product.md, "Account creation"): one transaction creates the user with
 * its sign-up metadata, its password login, the tenant with the user as owner, and consumes the
 * checkout session, so a failure leaves nothing behind. It also releases the e-mail of a stale provisional
 * account holding the e-mail (checkout/email-hold.ts). The customer record is written inside a
 * savepoint: if it fails, that is logged and the account still opens (docs/product.md, "Error messages"). So is the
 * e-mail confirmation message: it is only a row in the outbox, delivered later by the mail job, so
 * a slow or failing mail server never delays or breaks the account's creation.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import { type CadastroResult, PAYMENT_REQUIRED_MESSAGE } from "../../../shared/schemas/cadastro";
import { type Auth, enqueueVerificationMail } from "../../auth/auth";
import type { Database } from "../../db/client";
import { account, checkoutSessions, customers, user } from "../../db/schema";
import { AppError, conflict, isUniqueViolation } from "../../http/errors";
import { EMAIL_TAKEN_MESSAGE, findCheckout } from "../checkout/checkout.service";
import { isEmailTaken, releaseStaleAccount } from "../checkout/email-hold";
import { vincularAssinatura } from "../faturamento/faturamento.service";
import { createTenant } from "../tenants/tenants.service";

export interface CadastroDeps {
  db: Database;
  auth: Auth;
  logger: Logger;
}

const paymentRequired = () => new AppError(402, "PAYMENT_REQUIRED", PAYMENT_REQUIRED_MESSAGE);

export async function createAccount(
  deps: CadastroDeps,
  checkoutId: string | null,
  senha: string,
): Promise<CadastroResult> {
  const { db, auth, logger } = deps;
  const checkout = checkoutId ? await findCheckout(db, checkoutId) : null;
  if (!checkout) throw paymentRequired();
  if (checkout.status === "concluido") {
    throw conflict("Esta compra já foi usada para criar uma conta. Entre com o seu e-mail e senha.");
  }
  if (checkout.status !== "pago" && checkout.status !== "sem_cobranca") throw paymentRequired();
  if (await isEmailTaken(db, checkout.email)) throw conflict(EMAIL_TAKEN_MESSAGE);

  const ctx = await auth.$context;
  const passwordHash = await ctx.password.hash(senha);
  const cliente = checkout.cliente;

  try {
    return await db.transaction(async (tx) => {
      // Claims the checkout first: of two concurrent attempts, only one gets the row.
      const [claimed] = await tx
        .update(checkoutSessions)
        .set({ status: "concluido", completedAt: new Date() })
        .where(and(eq(checkoutSessions.id, checkout.id), inArray(checkoutSessions.status, ["pago", "sem_cobranca"])))
        .returning({ id: checkoutSessions.id });
      if (!claimed) throw conflict("Esta compra já foi usada para criar uma conta. Entre com o seu e-mail e senha.");
      // An unverified Personalizado account older than a day gives its e-mail up to this one.
      await releaseStaleAccount(tx, checkout.email, logger);

      const userId = randomUUID();
      const [created] = await tx
        .insert(user)
        .values({
          id: userId,
          name: checkout.nome,
          email: checkout.email,
          emailVerified: false,
          userMetadata: { full_name: checkout.nome, plan: checkout.planType, billing: checkout.billingCycle },
        })
        .returning({ id: user.id, email: user.email, name: user.name });
      await tx.insert(account).values({
        id: randomUUID(),
        userId,
        accountId: userId,
        providerId: "credential",
        password: passwordHash,
      });
      const org = await createTenant(tx, { name: cliente.empresa, ownerUserId: userId });
      await tx.update(checkoutSessions).set({ userId }).where(eq(checkoutSessions.id, checkout.id));
      // The subscription paid at checkout is this organization's from now on (plan, limits, invoices).
      await vincularAssinatura(tx, checkout.id, org.id);

      try {
        await tx.transaction(async (sp) => {
          await sp.insert(customers).values({
            userId,
            organizationId: org.id,
            checkoutSessionId: checkout.id,
            email: checkout.email,
            nome: checkout.nome,
            planType: checkout.planType,
            billingCycle: checkout.billingCycle,
          });
        });
      } catch (error) {
        logger.error(
          { err: error, userId, checkoutId: checkout.id },
          "customer record insert failed; sign-up continues",
        );
      }

      // Committed with the account, or not at all; a failure to enqueue only costs the e-mail,
      // which the signed-in user can ask for again (POST /api/auth/send-verification-email).
      try {
        await tx.transaction(async (sp) => enqueueVerificationMail(sp, auth, created!));
      } catch (error) {
        logger.error({ err: error, userId }, "e-mail confirmation could not be enqueued; sign-up continues");
      }

      return { user: created!, organization: { id: org.id, name: org.name } };
    });
  } catch (error) {
    if (isUniqueViolation(error, "user_email_unique")) throw conflict(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

/** Signs the new user in through better-auth, so the session cookie is its own. */
export async function signIn(auth: Auth, email: string, password: string, requestHeaders: Headers): Promise<Headers> {
  const { headers } = await auth.api.signInEmail({
    body: { email, password },
    headers: requestHeaders,
    returnHeaders: true,
  });
  return headers;
}
