/**
 * The rule of auth/access-check.ts, asked for many grants (of several tenants, users and sessions)
 * at once: each one answered as if asked alone. The event streams' end-to-end behaviour (a stream
 * that ends on sign-out, removal, role change; a morador's units) is in realtime/events.api.test.ts.
 */
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildSearchText } from "@/server/db/search";
import type { MemberRole } from "@/shared/domain";
import {
  addSignedInMember,
  addSignedInMorador,
  addUnidade,
  createCondominioWithUnidade,
  createTenantWithMember,
  signIn,
} from "../../../tests/support/factories";
import { setupTestSystem } from "../../../tests/support/system";
import { member, pessoas, session, unidadeMoradores } from "../db/schema";
import { type AccessGrant, grantsStillAllowed } from "./access-check";
import { resolveScope } from "./scope";

const system = setupTestSystem();

/** The grant of the user's latest session in the tenant, as the stream route would have taken it. */
async function grantOf(organizationId: string, userId: string, role: MemberRole): Promise<AccessGrant> {
  const [row] = await system()
    .handle.db.select({ id: session.id })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(desc(session.createdAt))
    .limit(1);
  return { organizationId, userId, sessionId: row!.id, role };
}

const check = (grants: AccessGrant[], permission: "solicitacoes:ler" | "equipe:gerenciar" = "solicitacoes:ler") =>
  grantsStillAllowed(system().handle.db, grants, permission);

describe("grantsStillAllowed", () => {
  it("answers nothing for no grants", async () => {
    expect((await check([])).size).toBe(0);
  });

  it("keeps what still holds, with each caller's current scope, across tenants in one call", async () => {
    const a = await createTenantWithMember(system(), { role: "porteiro" });
    const b = await createTenantWithMember(system(), { role: "sindico" });
    const condoA = await createCondominioWithUnidade(system(), a.org.id);
    const condoB = await createCondominioWithUnidade(system(), b.org.id);
    const outraA = await addUnidade(system(), a.org.id, condoA.condominio.id, "202");
    const moradorA = await addSignedInMorador(system(), a.org.id, {
      id: condoA.unidade.id,
      condominioId: condoA.condominio.id,
    });
    await system().handle.db.insert(unidadeMoradores).values({
      organizationId: a.org.id,
      condominioId: condoA.condominio.id,
      unidadeId: outraA.id,
      pessoaId: moradorA.pessoa.id,
    });
    const moradorB = await addSignedInMorador(system(), b.org.id, {
      id: condoB.unidade.id,
      condominioId: condoB.condominio.id,
    });
    // moradorA's login also lives in a unit of tenant B (a person record there, no membership): the
    // one statement reads both tenants' units for both users, and must not mix them.
    const [pessoaB] = await system()
      .handle.db.insert(pessoas)
      .values({
        organizationId: b.org.id,
        condominioId: condoB.condominio.id,
        nome: "Mesma pessoa em B",
        userId: moradorA.user.id,
        busca: buildSearchText(["Mesma pessoa em B"]),
      })
      .returning();
    await system().handle.db.insert(unidadeMoradores).values({
      organizationId: b.org.id,
      condominioId: condoB.condominio.id,
      unidadeId: condoB.unidade.id,
      pessoaId: pessoaB!.id,
    });
    // A morador with no unit any more sees nothing, rather than everything.
    const semUnidade = await addSignedInMorador(system(), a.org.id, {
      id: condoA.unidade.id,
      condominioId: condoA.condominio.id,
    });
    await system()
      .handle.db.update(unidadeMoradores)
      .set({ ativo: false })
      .where(eq(unidadeMoradores.pessoaId, semUnidade.pessoa.id));

    const grants = [
      await grantOf(a.org.id, a.user.id, "porteiro"),
      await grantOf(b.org.id, b.user.id, "sindico"),
      await grantOf(a.org.id, moradorA.user.id, "morador"),
      await grantOf(b.org.id, moradorB.user.id, "morador"),
      await grantOf(a.org.id, semUnidade.user.id, "morador"),
    ];
    const answers = await check(grants);
    expect(grants.map((g) => answers.get(g))).toEqual([
      { scope: null },
      { scope: null },
      {
        scope: {
          unidadeIds: [condoA.unidade.id, outraA.id].sort(),
          condominioIds: [condoA.condominio.id],
        },
      },
      { scope: { unidadeIds: [condoB.unidade.id], condominioIds: [condoB.condominio.id] } },
      { scope: { unidadeIds: [], condominioIds: [] } },
    ]);
    // The same scopes a request resolves (auth/scope.ts).
    for (const g of grants) {
      expect(answers.get(g)).toEqual({
        scope: await resolveScope(system().handle.db, g.organizationId, g.userId, g.role),
      });
    }
  });

  it("ends a grant whose session signed out or expired, or is not its user's, and only that one", async () => {
    const t = await createTenantWithMember(system(), { role: "porteiro" });
    const stays = await grantOf(t.org.id, t.user.id, "porteiro");
    await signIn(system(), t.email, t.password);
    const signedOut = await grantOf(t.org.id, t.user.id, "porteiro");
    await signIn(system(), t.email, t.password);
    const expired = await grantOf(t.org.id, t.user.id, "porteiro");
    const other = await addSignedInMember(system(), t.org.id, "porteiro");
    const someoneElses = { ...(await grantOf(t.org.id, other.user.id, "porteiro")), userId: t.user.id };

    await system().handle.db.delete(session).where(eq(session.id, signedOut.sessionId));
    await system()
      .handle.db.update(session)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(session.id, expired.sessionId));

    const answers = await check([stays, signedOut, expired, someoneElses]);
    expect([stays, signedOut, expired, someoneElses].map((g) => answers.get(g))).toEqual([
      { scope: null },
      false,
      false,
      false,
    ]);
  });

  it("ends a grant whose user left the tenant, changed role, or whose role lacks the permission", async () => {
    const t = await createTenantWithMember(system(), { role: "sindico" });
    const other = await createTenantWithMember(system(), { role: "sindico" });
    const removed = await addSignedInMember(system(), t.org.id, "porteiro");
    const demoted = await addSignedInMember(system(), t.org.id, "sindico");
    const porteiro = await addSignedInMember(system(), t.org.id, "porteiro");

    const sindico = await grantOf(t.org.id, t.user.id, "sindico");
    const removedGrant = await grantOf(t.org.id, removed.user.id, "porteiro");
    const demotedGrant = await grantOf(t.org.id, demoted.user.id, "sindico");
    const porteiroGrant = await grantOf(t.org.id, porteiro.user.id, "porteiro");
    // A member of another tenant, with a grant naming this one.
    const elsewhere = await grantOf(t.org.id, other.user.id, "sindico");

    await system()
      .handle.db.delete(member)
      .where(and(eq(member.userId, removed.user.id), eq(member.organizationId, t.org.id)));
    await system()
      .handle.db.update(member)
      .set({ role: "porteiro" })
      .where(and(eq(member.userId, demoted.user.id), eq(member.organizationId, t.org.id)));

    const grants = [sindico, removedGrant, demotedGrant, porteiroGrant, elsewhere];
    const reading = await check(grants);
    expect(grants.map((g) => reading.get(g))).toEqual([{ scope: null }, false, false, { scope: null }, false]);
    // equipe:gerenciar is for owner and síndicos only.
    const managing = await check(grants, "equipe:gerenciar");
    expect(grants.map((g) => managing.get(g))).toEqual([{ scope: null }, false, false, false, false]);
  });
});
