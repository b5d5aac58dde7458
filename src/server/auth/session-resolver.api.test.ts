/**
 * The remembered sessions (auth/session-resolver.ts, decision 027) must never outlive a change:
 * every path that alters who a session is or what it reaches — the app's, better-auth's, or a
 * statement typed into psql — is seen on the next request, on this instance and on the others.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSystem, type System } from "@/server/bootstrap";
import { member, organization, session, unidadeMoradores } from "@/server/db/schema";
import {
  addSignedInMember,
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../tests/support/factories";
import { client } from "../../../tests/support/http";
import { describeOnPostgres } from "../../../tests/support/postgres-only";
import { setupTestSystem, testSystemOptions } from "../../../tests/support/system";
import type { DatabaseHandle } from "../db/client";
import { createSessionResolver } from "./session-resolver";

const system = setupTestSystem();

/** Polls until `check` holds; returns how long it took, or throws after `timeoutMs`. */
async function within(timeoutMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`não aconteceu em ${timeoutMs} ms`);
}

describe("a remembered session follows every change at once", () => {
  it("a session deleted straight in the database is refused on the next request", async () => {
    const { cookie, user, api } = await createTenantWithMember(system());
    for (let i = 0; i < 3; i++) expect((await api.get("/api/me")).status).toBe(200);
    await system().handle.db.delete(session).where(eq(session.userId, user.id));
    await within(1_000, async () => (await client(system(), { cookie }).get("/api/me")).status === 401);
  });

  it("a role changed in the database is the role of the next request", async () => {
    const { org, user, api } = await createTenantWithMember(system(), { role: "sindico" });
    expect((await api.get("/api/me")).body.role).toBe("sindico");
    await system().handle.db.update(member).set({ role: "porteiro" }).where(eq(member.userId, user.id));
    await within(1_000, async () => (await api.get("/api/me")).body.role === "porteiro");
    // A porteiro may not read the team: the permission follows the new role too.
    expect((await api.get("/api/equipe/membros")).status).toBe(403);
    expect(org.id).toBeTruthy();
  });

  it("the organization's new name is on the next /api/me", async () => {
    const { org, api } = await createTenantWithMember(system());
    expect((await api.get("/api/me")).body.organization.name).toBe(org.name);
    await system().handle.db.update(organization).set({ name: "Nome Novo Ltda" }).where(eq(organization.id, org.id));
    await within(1_000, async () => (await api.get("/api/me")).body.organization.name === "Nome Novo Ltda");
  });

  it("a morador who moves out stops seeing the unit's data on the next request", async () => {
    const owner = await createTenantWithMember(system(), { role: "owner" });
    const { unidade } = await createCondominioWithUnidade(system(), owner.org.id);
    const morador = await addSignedInMorador(system(), owner.org.id, unidade);
    expect((await morador.api.get(`/api/unidades/${unidade.id}`)).status).toBe(200);
    await system()
      .handle.db.update(unidadeMoradores)
      .set({ ativo: false })
      .where(eq(unidadeMoradores.pessoaId, morador.pessoa.id));
    await within(1_000, async () => (await morador.api.get(`/api/unidades/${unidade.id}`)).status === 404);
  });

  it("emptying the sessions table (TRUNCATE fires no row trigger) is seen too", async () => {
    const { cookie, api } = await createTenantWithMember(system());
    expect((await api.get("/api/me")).status).toBe(200);
    await system().handle.db.execute(sql`TRUNCATE "session"`);
    await within(1_000, async () => (await client(system(), { cookie }).get("/api/me")).status === 401);
  });

  it("a forged or re-signed cookie is a 401, whatever is remembered", async () => {
    const { cookie, api } = await createTenantWithMember(system());
    expect((await api.get("/api/me")).status).toBe(200);
    const [name, value] = cookie.split(";")[0]!.split("=") as [string, string];
    const token = decodeURIComponent(value).split(".")[0]!;
    for (const forged of [
      token,
      `${token}.${"A".repeat(43)}=`,
      `${token}x.${decodeURIComponent(value).split(".")[1]}`,
    ]) {
      const res = await client(system(), { cookie: `${name}=${encodeURIComponent(forged)}` }).get("/api/me");
      expect(res.status).toBe(401);
    }
  });
});

describe("without the notifications, nothing is served from memory", () => {
  /** The shared database, but this resolver never hears a NOTIFY: as if the LISTEN connection dropped. */
  function deafHandle(handle: DatabaseHandle, connected: boolean): DatabaseHandle {
    return {
      ...handle,
      listen: async () => async () => {},
      listening: () => connected,
    };
  }

  async function staleAfterDelete(connected: boolean) {
    const { cookie, user } = await createTenantWithMember(system());
    const headers = new Headers({ cookie });
    const resolver = createSessionResolver({
      auth: system().auth,
      handle: deafHandle(system().handle, connected),
      logger: testSystemOptions().logger,
      ttlMs: 60_000,
    });
    await resolver.start();
    try {
      expect(await resolver.resolve(headers)).not.toBeNull();
      await system().handle.db.delete(session).where(eq(session.userId, user.id));
      return (await resolver.resolve(headers)) !== null;
    } finally {
      await resolver.close();
    }
  }

  it("a listener that is down means every request reads the database", async () => {
    expect(await staleAfterDelete(false)).toBe(false);
  });

  it("(the control: a listener that claims to be up but hears nothing would serve the stale session)", async () => {
    // Shows the test above can fail: memory is what the notifications keep honest.
    expect(await staleAfterDelete(true)).toBe(true);
  });
});

describeOnPostgres("two instances", () => {
  let other: System;
  beforeAll(async () => {
    // A second instance: its own pool and its own LISTEN connection on the same database.
    other = await createSystem(testSystemOptions());
  });
  afterAll(async () => {
    await other?.close();
  });

  it("a sign-out on instance A makes the same cookie fail on instance B within one second", async () => {
    const { cookie } = await createTenantWithMember(system());
    const onB = client(other, { cookie });
    // B has the session in memory (several requests, so it is remembered, not just read).
    for (let i = 0; i < 5; i++) expect((await onB.get("/api/me")).status).toBe(200);
    expect((await client(system(), { cookie }).post("/api/auth/sign-out", { json: {} })).status).toBe(200);
    const took = await within(1_000, async () => (await onB.get("/api/me")).status === 401);
    expect(took).toBeLessThan(1_000);
  });

  it("a member removed on A is refused on B within one second", async () => {
    const owner = await createTenantWithMember(system(), { role: "owner" });
    const porteiro = await addSignedInMember(system(), owner.org.id, "porteiro");
    const onB = client(other, { cookie: porteiro.cookie });
    for (let i = 0; i < 5; i++) expect((await onB.get("/api/me")).body.role).toBe("porteiro");
    const [row] = await system().handle.db.select().from(member).where(eq(member.userId, porteiro.user.id));
    expect((await owner.api.delete(`/api/equipe/membros/${row!.id}`)).status).toBe(204);
    await within(1_000, async () => (await onB.get("/api/me")).status === 401);
  });
});
