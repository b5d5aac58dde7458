/**
 * Person links are tenant-scoped in the schema itself (docs/decisions/004): a call or a decision can
 * only point at a person of its own tenant, whatever a query forgets. Migration 0005 brought
 * chamadas.pessoa_id and solicitacoes_acesso.decidido_por_pessoa_id in line; it must apply on a
 * database that already holds data.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../tests/support/factories";
import { setupTestSystem } from "../../../tests/support/system";
import { type Database, type DatabaseHandle, openDatabase } from "./client";
import { applyMigrations, MIGRATIONS_FOLDER } from "./migrate";
import { chamadas, pessoas, solicitacoesAcesso } from "./schema";

const system = setupTestSystem();

/** The PostgreSQL error code a failed statement carries (drizzle wraps it in `cause`). */
async function pgErrorCode(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
  return undefined;
}

const FOREIGN_KEY_VIOLATION = "23503";

async function tenantWithPerson(db: Database, label: string) {
  // Only the columns every migration has: this runs on a database migrated to 0005, before 0008 added more.
  const id = `org-${label}-${Date.now()}`;
  await db.execute(
    sql`INSERT INTO organization (id, name, slug) VALUES (${id}, ${`Cliente ${label}`}, ${`cliente-${label}-${Date.now()}`})`,
  );
  const org = { id };
  const { condominio, unidade } = await createCondominioWithUnidadeOn(db, org!.id);
  const pessoaRows = await db.execute<{ id: string; nome: string }>(
    sql`INSERT INTO pessoas (organization_id, condominio_id, nome) VALUES (${org.id}, ${condominio.id}, ${`Pessoa ${label}`}) RETURNING id, nome`,
  );
  const pessoa = (pessoaRows as unknown as { rows: { id: string; nome: string }[] }).rows[0]!;
  // Raw SQL: Drizzle's insert names every column of today's schema, which an old database lacks.
  const inserted = await db.execute<{ id: string }>(
    sql`INSERT INTO solicitacoes_acesso (organization_id, condominio_id, unidade_id, nome_visitante)
        VALUES (${org.id}, ${condominio.id}, ${unidade.id}, 'Visita') RETURNING id`,
  );
  const solicitacao = (inserted as unknown as { rows: { id: string }[] }).rows[0]!;
  return { org: org!, pessoa, solicitacao };
}

/** Raw SQL, with only the columns every migration has (the test also runs on a database at 0005). */
async function createCondominioWithUnidadeOn(db: Database, organizationId: string) {
  const rowsOf = (r: unknown) => (r as { rows: { id: string }[] }).rows;
  const condominio = rowsOf(
    await db.execute(
      sql`INSERT INTO condominios (organization_id, nome) VALUES (${organizationId}, 'Residencial') RETURNING id`,
    ),
  )[0]!;
  const unidade = rowsOf(
    await db.execute(
      sql`INSERT INTO unidades (organization_id, condominio_id, codigo) VALUES (${organizationId}, ${condominio.id}, '101') RETURNING id`,
    ),
  )[0]!;
  return { condominio, unidade };
}

describe("person links stay inside the tenant", () => {
  it("the database refuses a call or a decision pointing at another tenant's person", async () => {
    const db = system().handle.db;
    const a = await createTenantWithMember(system());
    const b = await createTenantWithMember(system());
    const condoA = await createCondominioWithUnidade(system(), a.org.id);
    const condoB = await createCondominioWithUnidade(system(), b.org.id);
    const [pessoaB] = await db
      .insert(pessoas)
      .values({ organizationId: b.org.id, condominioId: condoB.condominio.id, nome: "Pessoa de B" })
      .returning();
    const [pedidoA] = await db
      .insert(solicitacoesAcesso)
      .values({
        organizationId: a.org.id,
        condominioId: condoA.condominio.id,
        unidadeId: condoA.unidade.id,
        nomeVisitante: "Visita de A",
      })
      .returning();

    expect(
      await pgErrorCode(
        db.insert(chamadas).values({ organizationId: a.org.id, solicitacaoId: pedidoA!.id, pessoaId: pessoaB!.id }),
      ),
    ).toBe(FOREIGN_KEY_VIOLATION);
    expect(
      await pgErrorCode(
        db
          .update(solicitacoesAcesso)
          .set({ status: "autorizado", decididoPorPessoaId: pessoaB!.id })
          .where(eq(solicitacoesAcesso.id, pedidoA!.id)),
      ),
    ).toBe(FOREIGN_KEY_VIOLATION);

    const [pedido] = await db.select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, pedidoA!.id));
    expect(pedido!.decididoPorPessoaId).toBeNull();
    expect(await db.select().from(chamadas).where(eq(chamadas.solicitacaoId, pedidoA!.id))).toEqual([]);
  });

  it("deleting a person clears only the links and keeps the calls and decisions", async () => {
    const db = system().handle.db;
    const { org, pessoa, solicitacao } = await tenantWithPerson(db, "apaga");
    await db
      .update(solicitacoesAcesso)
      .set({ status: "autorizado", decididoPorPessoaId: pessoa.id, decididoPorNome: pessoa.nome })
      .where(eq(solicitacoesAcesso.id, solicitacao.id));
    const [chamada] = await db
      .insert(chamadas)
      .values({ organizationId: org.id, solicitacaoId: solicitacao.id, pessoaId: pessoa.id })
      .returning();

    await db.delete(pessoas).where(eq(pessoas.id, pessoa.id));

    const [call] = await db.select().from(chamadas).where(eq(chamadas.id, chamada!.id));
    expect(call).toMatchObject({ pessoaId: null, organizationId: org.id });
    const [pedido] = await db.select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, solicitacao.id));
    expect(pedido).toMatchObject({ decididoPorPessoaId: null, decididoPorNome: pessoa.nome, organizationId: org.id });
  });
});

describe("migration 0005 on a database that already has data", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A brand-new database: in-memory PGlite, or a scratch database next to TEST_DATABASE_URL. */
  async function freshDatabase(): Promise<DatabaseHandle> {
    const url = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
    if (!url) {
      const handle = await openDatabase({ dataDir: null });
      cleanups.push(() => handle.close());
      return handle;
    }
    const name = `guarita_links_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const fresh = new URL(url);
    fresh.pathname = `/${name}`;
    const handle = await openDatabase({ url: fresh.toString(), poolMax: 2 });
    cleanups.push(async () => {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    return handle;
  }

  /** A copy of the migrations folder whose journal stops before `tag`. */
  function migrationsBefore(tag: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), "guarita-migrations-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
    const journalPath = path.join(dir, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === tag);
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalPath, JSON.stringify(journal));
    return dir;
  }

  it("keeps every existing link and then refuses a cross-tenant one", async () => {
    const handle = await freshDatabase();
    await applyMigrations(handle, migrationsBefore("0005_tenant_person_links"));
    const db = handle.db;
    const a = await tenantWithPerson(db, "a");
    const b = await tenantWithPerson(db, "b");
    await db.execute(
      sql`UPDATE solicitacoes_acesso SET status = 'autorizado', decidido_por_pessoa_id = ${a.pessoa.id} WHERE id = ${a.solicitacao.id}`,
    );
    await db.execute(
      sql`INSERT INTO chamadas (organization_id, solicitacao_id, pessoa_id) VALUES (${a.org.id}, ${a.solicitacao.id}, ${a.pessoa.id})`,
    );

    await applyMigrations(handle);

    const [pedido] = await db.select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, a.solicitacao.id));
    expect(pedido!.decididoPorPessoaId).toBe(a.pessoa.id);
    const calls = await db.select().from(chamadas).where(eq(chamadas.solicitacaoId, a.solicitacao.id));
    expect(calls.map((c) => c.pessoaId)).toEqual([a.pessoa.id]);
    expect(
      await pgErrorCode(
        db
          .insert(chamadas)
          .values({ organizationId: a.org.id, solicitacaoId: a.solicitacao.id, pessoaId: b.pessoa.id }),
      ),
    ).toBe(FOREIGN_KEY_VIOLATION);
  });
});
