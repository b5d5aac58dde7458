/**
 * The seeded demo tenant: flagged in /api/me, so the console can label its data as demonstration,
 * with a login per role, the morador's scoped to their own unit.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { organization } from "@/server/db/schema";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "@/server/db/seed/demo";
import { expireOverdue } from "@/server/jobs/expire-solicitacoes";
import { createTenantWithMember, signIn } from "../support/factories";
import { client } from "../support/http";
import { setupTestSystem } from "../support/system";

const system = setupTestSystem();

describe("demo tenant", () => {
  it("is flagged as demo in /api/me, and no other tenant is", async () => {
    await seedDemo(system().handle.db, system().auth);
    const cookie = await signIn(system(), DEMO_LOGINS[0].email, DEMO_PASSWORD);
    const demo = await client(system(), { cookie }).get("/api/me");
    expect(demo.status).toBe(200);
    expect(demo.body.organization).toMatchObject({ name: "Administradora Demo Guarita", demo: true });

    const { api } = await createTenantWithMember(system(), { name: "Administradora Demo Guarita" });
    const other = await api.get("/api/me");
    expect(other.body.organization).toMatchObject({ name: "Administradora Demo Guarita", demo: false });
  });

  it("has a login per role; the morador's sees only their own unit", async () => {
    // The database lives for the whole file: start from a fresh demo tenant (the logins are reused).
    const db = system().handle.db;
    await db.delete(organization).where(eq(organization.slug, "demo-guarita"));
    await seedDemo(db, system().auth);
    expect(DEMO_LOGINS.map((l) => [l.email, l.role])).toEqual([
      ["sindico@demo.guarita.app", "sindico"],
      ["porteiro@demo.guarita.app", "porteiro"],
      ["morador@demo.guarita.app", "morador"],
    ]);
    const as = async (email: string) => client(system(), { cookie: await signIn(system(), email, DEMO_PASSWORD) });
    const sindico = await as("sindico@demo.guarita.app");
    const morador = await as("morador@demo.guarita.app");

    const me = await morador.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: "morador", organization: { demo: true } });
    expect(me.body.permissions).not.toContain("pessoas:ler");

    // One unit, Torre A - Unidade 101, in one condominium.
    const unidades = await morador.get("/api/unidades");
    expect(unidades.body.items.map((u: any) => [u.torre, u.codigo])).toEqual([["Torre A", "101"]]);
    const unidadeId: string = unidades.body.items[0].id;
    const condominios = await morador.get("/api/condominios");
    expect(condominios.body.items.map((c: any) => c.nome)).toEqual(["Residencial Jardim das Acácias"]);

    // Only that unit's requests and calls: some, and fewer than the síndico sees.
    const page = "?page_size=200";
    const mine = await morador.get(`/api/solicitacoes${page}`);
    const all = await sindico.get(`/api/solicitacoes${page}`);
    expect(mine.body.total).toBeGreaterThan(0);
    expect(mine.body.total).toBeLessThan(all.body.total);
    expect(new Set(mine.body.items.map((s: any) => s.unidade_id))).toEqual(new Set([unidadeId]));
    const expected = all.body.items.filter((s: any) => s.unidade_id === unidadeId).map((s: any) => s.id);
    expect(mine.body.items.map((s: any) => s.id)).toEqual(expected);

    const myCalls = await morador.get(`/api/chamadas${page}`);
    const allCalls = await sindico.get(`/api/chamadas${page}`);
    expect(myCalls.body.total).toBeLessThan(allCalls.body.total);
    for (const c of myCalls.body.items) expect(expected).toContain(c.solicitacao_id);

    // No people registry.
    expect((await morador.get("/api/pessoas")).status).toBe(403);
  });

  it("has no pending request older than its condominium's wait: each expires on time, none has yet", async () => {
    const db = system().handle.db;
    await db.delete(organization).where(eq(organization.slug, "demo-guarita"));
    const now = new Date();
    await seedDemo(db, system().auth, now);
    const sindico = client(system(), { cookie: await signIn(system(), DEMO_LOGINS[0].email, DEMO_PASSWORD) });
    const waits = new Map<string, number>(
      (await sindico.get("/api/condominios")).body.items.map((c: any) => [c.id, c.expiracao_solicitacao_minutos]),
    );
    const all = (await sindico.get("/api/solicitacoes?page_size=200")).body.items;
    const pending = all.filter((s: any) => s.status === "pendente");
    expect(pending.length).toBeGreaterThan(0);
    for (const s of all) {
      // Every request got its condominium's wait when it was created.
      const wait = waits.get(s.condominio_id)!;
      expect(new Date(s.expiracao_em).getTime() - new Date(s.created_at).getTime()).toBe(wait * 60_000);
    }
    for (const s of pending) expect(new Date(s.expiracao_em).getTime()).toBeGreaterThan(now.getTime());
    // The expiry job finds nothing to do now, and every pending one at the end of its wait.
    expect(await expireOverdue(db, { now })).toBe(0);
    const latest = Math.max(...pending.map((s: any) => new Date(s.expiracao_em).getTime()));
    expect(await expireOverdue(db, { now: new Date(latest) })).toBe(pending.length);
    const after = (await sindico.get("/api/solicitacoes?status=pendente")).body.total;
    expect(after).toBe(0);
  });

  it("a demo tenant seeded before the demo slug existed gets it from migration 0006", async () => {
    const db = system().handle.db;
    await db.delete(organization).where(eq(organization.slug, "demo-guarita"));
    await seedDemo(db, system().auth);
    await db.update(organization).set({ slug: "demo-antigo-1a2b" }).where(eq(organization.slug, "demo-guarita"));
    const cookie = await signIn(system(), DEMO_LOGINS[0].email, DEMO_PASSWORD);
    expect((await client(system(), { cookie }).get("/api/me")).body.organization.demo).toBe(false);

    const migration = path.resolve("src/server/db/migrations/0006_demo_tenant_slug.sql");
    await db.execute(sql.raw(fs.readFileSync(migration, "utf8")));
    // A change made outside the app reaches the instances' remembered sessions by NOTIFY, a moment
    // after the commit (decision 027): on PostgreSQL the next request may come first.
    await expect
      .poll(async () => (await client(system(), { cookie }).get("/api/me")).body.organization.demo, { timeout: 1_000 })
      .toBe(true);
  });
});
