import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { describeOnPostgres, onPostgres } from "../../../tests/support/postgres-only";
import { getSystem } from "../../../tests/support/system";
import { type DatabaseHandle, openDatabase } from "./client";
import { applyMigrations, MIGRATIONS_FOLDER } from "./migrate";

const migrationFiles = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith(".sql")).length;

async function appliedCount(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** A brand-new, empty PostgreSQL database next to the test one; dropped afterwards. */
async function withFreshPostgres(url: string, fn: (freshUrl: string) => Promise<void>) {
  const name = `guarita_migrate_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const fresh = new URL(url);
    fresh.pathname = `/${name}`;
    await fn(fresh.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** An empty database of the kind under test: in-memory PGlite, or a fresh PostgreSQL database. */
async function withFreshDatabase(fn: (fresh: DatabaseHandle) => Promise<void>) {
  const run = async (fresh: DatabaseHandle) => {
    try {
      await fn(fresh);
    } finally {
      await fresh.close();
    }
  };
  if (!onPostgres) return run(await openDatabase({ dataDir: null }));
  await withFreshPostgres(process.env.TEST_DATABASE_URL!, async (url) => run(await openDatabase({ url, poolMax: 2 })));
}

describe("migrations", () => {
  it("are idempotent: applying them again changes nothing", async () => {
    const system = await getSystem();
    await applyMigrations(system.handle);
    await applyMigrations(system.handle);
    expect(await appliedCount(system.handle)).toBe(migrationFiles);
  });

  it("serialise concurrent callers in one process", async () => {
    // Embedded PGlite lives in one process, and so does one pool: its callers must queue too.
    await withFreshDatabase(async (fresh) => {
      await Promise.all([applyMigrations(fresh), applyMigrations(fresh), applyMigrations(fresh)]);
      expect(await appliedCount(fresh)).toBe(migrationFiles);
    });
  });
});

/** The migrations up to (not including) the one tagged `before`, in a folder of their own. */
function migrationsBefore(before: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), "guarita-migrations-"));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === before);
  if (cut < 0) throw new Error(`migração ${before} não encontrada`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

describe("the gates migration (docs/decisions/034-gates.md)", () => {
  it("turns each condominium's free-text gate names into its gates, whatever their case, and points each request at its own", async () => {
    const earlier = migrationsBefore("0018_gates");
    try {
      await withFreshDatabase(async (fresh) => {
        await applyMigrations(fresh, earlier.folder);
        const run = (q: ReturnType<typeof sql>) => fresh.db.execute(q);
        await run(sql`INSERT INTO organization (id, name, slug) VALUES ('org-m', 'Cliente', 'cliente-m')`);
        const [one, two] = ["Um", "Dois"];
        for (const nome of [one, two])
          await run(sql`INSERT INTO condominios (organization_id, nome) VALUES ('org-m', ${nome})`);
        await run(sql`INSERT INTO unidades (organization_id, condominio_id, codigo)
          SELECT 'org-m', id, '101' FROM condominios WHERE organization_id = 'org-m'`);
        // Condominium "Um": one gate spelt three ways, another gate, and a request with no gate.
        for (const [nome, portao] of [
          [one, "Portão social"],
          [one, " portão SOCIAL "],
          [one, "Garagem"],
          [one, null],
          [two, "Portão social"],
        ] as const)
          await run(sql`INSERT INTO solicitacoes_acesso (organization_id, condominio_id, unidade_id, nome_visitante, portao)
            SELECT 'org-m', c.id, u.id, 'Visita', ${portao} FROM condominios c JOIN unidades u ON u.condominio_id = c.id
            WHERE c.nome = ${nome}`);

        await applyMigrations(fresh);
        const rows = (
          (await run(sql`SELECT c.nome AS condominio, p.nome AS portao FROM solicitacoes_acesso s
            JOIN condominios c ON c.id = s.condominio_id LEFT JOIN portoes p ON p.id = s.portao_id
            ORDER BY c.nome, p.nome NULLS LAST`)) as unknown as {
            rows: { condominio: string; portao: string | null }[];
          }
        ).rows;
        expect(rows.map((r) => [r.condominio, r.portao])).toEqual([
          ["Dois", "Portão social"],
          ["Um", "Garagem"],
          ["Um", "Portão social"],
          ["Um", "Portão social"],
          ["Um", null],
        ]);
        const gates = ((await run(sql`SELECT count(*)::int AS n FROM portoes`)) as unknown as { rows: { n: number }[] })
          .rows[0]!.n;
        expect(gates).toBe(3);
      });
    } finally {
      earlier.remove();
    }
  });
});

describeOnPostgres("migrations across instances", () => {
  it("do not race when several instances start together on one database", async () => {
    await withFreshPostgres(process.env.TEST_DATABASE_URL!, async (freshUrl) => {
      // Four pools, as four app instances would have, all migrating an empty database at once.
      const handles = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ url: freshUrl, poolMax: 2 })));
      try {
        await Promise.all(handles.map((h) => applyMigrations(h)));
        expect(await appliedCount(handles[0]!)).toBe(migrationFiles);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    });
  });
});
