/** The seeded demo tenant is flagged in /api/me, so the console can label its data as demonstration. */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { organization } from "@/server/db/schema";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "@/server/db/seed/demo";
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

  it("a demo tenant seeded before the demo slug existed gets it from migration 0006", async () => {
    const db = system().handle.db;
    await db.delete(organization).where(eq(organization.slug, "demo-guarita"));
    await seedDemo(db, system().auth);
    await db.update(organization).set({ slug: "demo-antigo-1a2b" }).where(eq(organization.slug, "demo-guarita"));
    const cookie = await signIn(system(), DEMO_LOGINS[0].email, DEMO_PASSWORD);
    expect((await client(system(), { cookie }).get("/api/me")).body.organization.demo).toBe(false);

    const migration = path.resolve("src/server/db/migrations/0006_demo_tenant_slug.sql");
    await db.execute(sql.raw(fs.readFileSync(migration, "utf8")));
    expect((await client(system(), { cookie }).get("/api/me")).body.organization.demo).toBe(true);
  });
});
